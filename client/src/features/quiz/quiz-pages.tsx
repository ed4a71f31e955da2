import { useCallback, useEffect, useState } from "react";
import {
  AI_SAMPLE_DELAY_MS,
  CONCEPT_REVIEW_REDIRECT_KEY,
  isConceptSlug,
  isQuizLevel,
} from "../../../../shared/quiz-catalog.ts";
import { useT } from "../../lib/i18n.tsx";
import { useLocation, useNavigate, useParams, useSearchParams } from "../../lib/router.tsx";
import { scoreLocalQuiz } from "./local-scoring.ts";
import { Preparing, QuizMessage } from "./quiz-message.tsx";
import { CONCEPT_REVIEW_PATH, GENERAL_RESULTS_PATH, QUIZ_HOME } from "./quiz-paths.ts";
import { QuizRunner, type RunnerAnswers } from "./quiz-runner.tsx";
import type { LocalQuiz } from "./quiz-types.ts";
import { SAMPLE_AI_QUIZ } from "./sample-quiz.ts";
import { ServerQuizPage } from "./server-quiz-page.tsx";

/** /quiz/{testType}?concept= : a level test, whole or on one concept. */
export function LevelTestPage() {
  const { testType = "" } = useParams();
  const [params] = useSearchParams();
  const concept = params.get("concept") ?? "mixed";
  const level = testType.toUpperCase();
  if (!isQuizLevel(level)) return <InvalidLevel />;
  if (concept !== "mixed" && !isConceptSlug(concept)) return <InvalidConcept />;
  return (
    <ServerQuizPage
      key={`${testType}-${concept}`}
      input={{ kind: "level", level: testType, concept }}
      resultsPath={GENERAL_RESULTS_PATH}
      retryPath={`/student/quizzes/quiz/${testType.toLowerCase()}?concept=${concept}`}
    />
  );
}

/** /concept/{concept}?level= : 15 random questions of one concept. */
export function ConceptTestPage() {
  const { concept = "" } = useParams();
  const [params] = useSearchParams();
  const level = (params.get("level") ?? "mixed").toLowerCase();
  if (!isConceptSlug(concept)) return <InvalidConcept />;
  if (level !== "mixed" && !isQuizLevel(level.toUpperCase())) return <InvalidLevel />;
  return (
    <ServerQuizPage
      key={`${concept}-${level}`}
      input={{ kind: "concept", concept, level }}
      resultsPath={() => localStorage.getItem(CONCEPT_REVIEW_REDIRECT_KEY) || CONCEPT_REVIEW_PATH}
      retryPath={`/quizzes/concept/${concept}?level=${level}`}
    />
  );
}

/** /general?type=quick|comprehensive (default comprehensive). */
export function GeneralAssessmentPage() {
  const t = useT();
  const [params] = useSearchParams();
  const type = params.get("type") ?? "comprehensive";
  if (type !== "quick" && type !== "comprehensive")
    return <QuizMessage title={t("quiz.message.quizNotFoundTitle")} message={t("quiz.message.quizNotFound")} />;
  return (
    <ServerQuizPage
      key={type}
      input={{ kind: "general", type }}
      resultsPath="/student/quizzes/review"
      retryPath={`/student/quizzes/general?type=${type}`}
      withExit
    />
  );
}

/** /ai-quiz: a test the server builds from the student's results (with the AI endpoint when configured). */
export function AiQuizPage() {
  return (
    <ServerQuizPage input={{ kind: "ai" }} resultsPath={GENERAL_RESULTS_PATH} retryPath="/student/quizzes/ai-quiz" />
  );
}

function isLocalQuiz(value: unknown): value is LocalQuiz {
  const q = value as LocalQuiz | null;
  return (
    !!q &&
    typeof q.title === "string" &&
    Array.isArray(q.questions) &&
    q.questions.length > 0 &&
    q.questions.every(
      (x) =>
        typeof x.question === "string" &&
        Array.isArray(x.options) &&
        x.options.length === 4 &&
        Number.isInteger(x.correctAnswer),
    )
  );
}

/** The AI quiz's quizId route form: a quiz passed in navigation state, else the 3-question sample after 1.5 s. */
export function AiStateQuizPage() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const passed = (location.state as { quiz?: unknown } | null)?.quiz;
  const [quiz, setQuiz] = useState<LocalQuiz | null>(isLocalQuiz(passed) ? passed : null);
  useEffect(() => {
    if (quiz) return;
    const timer = setTimeout(() => setQuiz(SAMPLE_AI_QUIZ), AI_SAMPLE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [quiz]);

  const onSubmit = useCallback(
    async (answers: RunnerAnswers, elapsed: number) => {
      if (!quiz) return;
      const state = scoreLocalQuiz(quiz, answers, elapsed, location.pathname);
      navigate(GENERAL_RESULTS_PATH, { state });
    },
    [quiz, navigate, location.pathname],
  );

  if (!quiz) return <Preparing />;
  return (
    <QuizRunner
      title={quiz.title}
      questions={quiz.questions}
      timeLimitSeconds={900}
      backTo={QUIZ_HOME}
      onSubmit={onSubmit}
      subtitle={t("quiz.ai.practiceSubtitle")}
    />
  );
}

function InvalidLevel() {
  const t = useT();
  return <QuizMessage title={t("quiz.message.levelNotFoundTitle")} message={t("quiz.message.invalidLevel")} />;
}

function InvalidConcept() {
  const t = useT();
  return <QuizMessage title={t("quiz.message.conceptNotFoundTitle")} message={t("quiz.message.invalidConcept")} />;
}

import { useCallback, useEffect, useState } from "react";
import {
  AI_SAMPLE_DELAY_MS,
  CONCEPT_CATALOG,
  CONCEPT_REVIEW_REDIRECT_KEY,
  isConceptSlug,
  isQuizLevel,
  QUIZ_MESSAGES,
} from "../../../../shared/quiz-catalog.ts";
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
  if (!isQuizLevel(level)) return <QuizMessage title="Level Not Found" message={QUIZ_MESSAGES.invalidLevel} />;
  if (concept !== "mixed" && !isConceptSlug(concept))
    return <QuizMessage title="Concept Not Found" message={QUIZ_MESSAGES.invalidConcept} />;
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
  if (!isConceptSlug(concept)) return <QuizMessage title="Concept Not Found" message={QUIZ_MESSAGES.invalidConcept} />;
  if (level !== "mixed" && !isQuizLevel(level.toUpperCase()))
    return <QuizMessage title="Level Not Found" message={QUIZ_MESSAGES.invalidLevel} />;
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
  const [params] = useSearchParams();
  const type = params.get("type") ?? "comprehensive";
  if (type !== "quick" && type !== "comprehensive")
    return <QuizMessage title="Quiz Not Found" message={QUIZ_MESSAGES.quizNotFound} />;
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
      subtitle="Practice quiz: scored in your browser, no certificate."
    />
  );
}

export const conceptName = (slug: string | null | undefined) =>
  slug && isConceptSlug(slug) ? CONCEPT_CATALOG[slug].name : (slug ?? "");

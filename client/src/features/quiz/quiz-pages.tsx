import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  AI_SAMPLE_DELAY_MS,
  CONCEPT_CATALOG,
  CONCEPT_REVIEW_REDIRECT_KEY,
  isConceptSlug,
  isQuizLevel,
  QUIZ_MESSAGES,
} from "../../../../shared/quiz-catalog.ts";
import type { StartQuizInput } from "../../../../shared/quiz-schemas.ts";
import { ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useLocation, useNavigate, useParams, useSearchParams } from "../../lib/router.tsx";
import { trpc } from "../../trpc.ts";
import { useSessionExpiry } from "../portal/portal-api.ts";
import { AiUnreviewedBadge } from "./ai-unreviewed.tsx";
import { scoreLocalQuiz } from "./local-scoring.ts";
import { QuizRunner, type RunnerAnswers } from "./quiz-runner.tsx";
import type { LocalQuiz, ResultsState, StartedQuiz } from "./quiz-types.ts";
import { SAMPLE_AI_QUIZ } from "./sample-quiz.ts";

export const QUIZ_HOME = "/student/quizzes";
export const GENERAL_RESULTS_PATH = "/quizzes/results";
export const CONCEPT_REVIEW_PATH = "/student/quizzes/concept-review";

/** A full-card message with the way back: not found, invalid choices, load failures. */
export function QuizMessage({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: React.ReactNode;
}) {
  return (
    <Card className="mx-auto max-w-xl p-8 text-center">
      <div
        className="mx-auto mb-4 grid h-12 w-12 place-items-center rounded-full bg-amber-50 text-amber-700"
        aria-hidden="true"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path
            d="M12 8v5m0 3h.01M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h1 className="text-xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600" role="alert">
        {message}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {children}
        <ButtonLink to={QUIZ_HOME} variant="outline">
          Back to Activities
        </ButtonLink>
      </div>
    </Card>
  );
}

function Preparing({ label = "Preparing your quiz..." }: { label?: string }) {
  return (
    <Card className="mx-auto max-w-xl p-8 text-center">
      <Spinner label="Loading" />
      <p className="font-semibold text-slate-900">{label}</p>
    </Card>
  );
}

/** Starts one server attempt per page visit (StrictMode's double effect does not start two). */
function useStartedQuiz(input: StartQuizInput | null) {
  const start = useMutation(trpc.quiz.start.mutationOptions());
  const key = input ? JSON.stringify(input) : "";
  const startedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!input || startedFor.current === key) return;
    startedFor.current = key;
    start.mutate(input);
  }, [key, input, start]);
  return start;
}

type ServerQuizPageProps = {
  input: StartQuizInput | null;
  resultsPath: string | (() => string);
  retryPath: string;
  withExit?: boolean;
};

/** Loads a server attempt, runs it, submits it, and opens the results page with the review. */
function ServerQuizPage({ input, resultsPath, retryPath, withExit }: ServerQuizPageProps) {
  const navigate = useNavigate();
  const start = useStartedQuiz(input);
  const recordAnswer = useMutation(trpc.quiz.recordAnswer.mutationOptions());
  const submit = useMutation(trpc.quiz.submit.mutationOptions());
  const quiz = start.data;
  // A session that ended meanwhile: 'Session Expired' and the sign-in card (the portal's guard),
  // which returns here afterwards and resumes the attempt.
  const onExpired = useSessionExpiry();
  useEffect(() => {
    const error = start.error ?? submit.error;
    if (error) onExpired(error);
  }, [start.error, submit.error, onExpired]);

  const onSubmit = useCallback(
    async (answers: RunnerAnswers) => {
      if (!quiz) return;
      const { result, review } = await submit.mutateAsync({ attemptId: quiz.attemptId, answers });
      const state: ResultsState = { result, review, retryPath };
      navigate(typeof resultsPath === "function" ? resultsPath() : resultsPath, { state });
    },
    [quiz, submit, navigate, resultsPath, retryPath],
  );

  if (start.error) {
    const code = start.error.data?.code;
    // The server's own messages (the spec's not-enough and invalid texts, 'Failed to load
    // questions...', rate limits) are shown as they are; anything unexpected gets §8's text.
    const isUnexpected = !code || code === "INTERNAL_SERVER_ERROR";
    return (
      <QuizMessage
        title={code === "NOT_FOUND" ? "Quiz Not Found" : "This quiz is not available"}
        message={
          code === "NOT_FOUND"
            ? QUIZ_MESSAGES.quizNotFound
            : isUnexpected
              ? QUIZ_MESSAGES.failedToLoadQuiz
              : start.error.message
        }
      />
    );
  }
  if (!quiz) return <Preparing />;
  return (
    <QuizRunner
      key={quiz.attemptId}
      title={quiz.title}
      subtitle={<QuizSubtitle quiz={quiz} />}
      questions={quiz.questions}
      timeLimitSeconds={quiz.timeLimitSeconds}
      startedAt={localStart(quiz)}
      initialAnswers={quiz.answers}
      onExit={withExit ? () => navigate(QUIZ_HOME) : undefined}
      backTo={QUIZ_HOME}
      onAnswerConfirmed={(questionId, answer) =>
        recordAnswer.mutate(
          { attemptId: quiz.attemptId, questionId, answer },
          {
            onError: (e) => {
              if (!onExpired(e)) console.error("Failed to record answer", e);
            },
          },
        )
      }
      onSubmit={onSubmit}
    />
  );
}

/**
 * The attempt's start in this browser's clock: the time the server says has passed, counted back
 * from now (the runner reads it once, as it mounts), so a skewed device clock changes nothing.
 */
function localStart(quiz: StartedQuiz) {
  const elapsed = Date.parse(quiz.serverTime) - Date.parse(quiz.startedAt);
  return Date.now() - Math.max(0, elapsed);
}

function QuizSubtitle({ quiz }: { quiz: StartedQuiz }) {
  if (!quiz.focus) return null;
  return (
    <span>
      {quiz.focus.source !== "bank" && <AiUnreviewedBadge />}
      Built for you at {quiz.focus.levels.join(", ")}
      {quiz.focus.weakAreas.length ? `, focusing on ${quiz.focus.weakAreas.slice(0, 3).join(", ")}` : ""}.
    </span>
  );
}

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

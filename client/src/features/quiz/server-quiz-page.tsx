import { keepPreviousData, skipToken, useMutation, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { StartQuizInput } from "../../../../server/features/quiz/quiz.schemas.ts";
import { useT } from "../../lib/i18n.tsx";
import { useNavigate } from "../../lib/router.tsx";
import { trpc } from "../../trpc.ts";
import { useSessionExpiry } from "../portal/portal-api.ts";
import { AiUnreviewedBadge } from "./ai-unreviewed.tsx";
import { CertificationNotice } from "./certification-notice.tsx";
import { Preparing, QuizMessage } from "./quiz-message.tsx";
import { QUIZ_HOME } from "./quiz-paths.ts";
import { QuizRunner, type RunnerAnswers } from "./quiz-runner.tsx";
import { QuizStartScreen } from "./quiz-start-screen.tsx";
import { QuizTakerChoice, useQuizTaker } from "./quiz-taker.tsx";
import { identityOfInput, localTitle } from "./quiz-titles.ts";
import type { ResultsState, StartedQuiz } from "./quiz-types.ts";

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

/** The set being answered: the whole test, or a placement test's current block. */
type CurrentSet = Pick<StartedQuiz, "questions" | "block" | "answers">;

/**
 * Opens on the test's start screen (questions, time limit, certificate or practice), then loads a
 * server attempt, runs it, submits it, and opens the results page with the review. An attempt in
 * progress (a refresh, coming back) resumes at once: its clock is already running. A placement
 * test runs set by set: Next on a set's last question sends it and shows the set the server chose
 * from the answers so far; the last set (or the timer at zero) submits the test.
 */
export function ServerQuizPage({ input: test, resultsPath, retryPath, withExit }: ServerQuizPageProps) {
  const t = useT();
  const navigate = useNavigate();
  // Issue 31: who of the family takes it, asked on the start screen when the family has several.
  const taker = useQuizTaker(test ? JSON.stringify(test) : "");
  const input = useMemo(
    () => (test && taker.ready ? { ...test, learnerId: taker.learnerId } : null),
    [test, taker.ready, taker.learnerId],
  );
  const preview = useQuery(
    trpc.quiz.preview.queryOptions(input ?? skipToken, {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 0,
      // Another learner chosen: the start screen stays while their preview loads.
      placeholderData: keepPreviousData,
    }),
  );
  const [started, setStarted] = useState(false);
  // An attempt in progress resumes at once, unless its learner was just chosen here: then Start does.
  const begin = started || (preview.data?.inProgress != null && !taker.touched);
  const start = useStartedQuiz(begin ? input : null);
  const recordAnswer = useMutation(trpc.quiz.recordAnswer.mutationOptions());
  const answerBlock = useMutation(trpc.quiz.answerBlock.mutationOptions());
  const submit = useMutation(trpc.quiz.submit.mutationOptions());
  const quiz = start.data;
  const [sent, setSent] = useState<CurrentSet | null>(null);
  const current: CurrentSet | undefined = sent ?? quiz;
  // Read once per attempt: each set's runner counts down from the same start.
  const startedAt = useMemo(() => (quiz ? localStart(quiz) : undefined), [quiz]);
  // A session that ended meanwhile: 'Session Expired' and the sign-in card (the portal's guard),
  // which returns here afterwards and resumes the attempt.
  const onExpired = useSessionExpiry();
  useEffect(() => {
    const error = preview.error ?? start.error ?? answerBlock.error ?? submit.error;
    if (error) onExpired(error);
  }, [preview.error, start.error, answerBlock.error, submit.error, onExpired]);

  const onSubmit = useCallback(
    async (answers: RunnerAnswers, _elapsed: number, { timedOut }: { timedOut: boolean }) => {
      if (!quiz) return;
      const attemptId = quiz.attemptId;
      const outcome =
        current?.block && !timedOut
          ? await answerBlock.mutateAsync({ attemptId, answers })
          : { done: true as const, ...(await submit.mutateAsync({ attemptId, answers })) };
      if (!outcome.done) {
        setSent({ questions: outcome.questions, block: outcome.block, answers: outcome.answers });
        return;
      }
      taker.forget();
      const state: ResultsState = { result: outcome.result, review: outcome.review, retryPath };
      navigate(typeof resultsPath === "function" ? resultsPath() : resultsPath, { state });
    },
    [quiz, current, answerBlock, submit, navigate, resultsPath, retryPath, taker.forget],
  );

  const failure = preview.error ?? start.error;
  if (failure) {
    const code = failure.data?.code;
    // The server's own messages (the spec's not-enough and invalid texts, 'Failed to load
    // questions...', rate limits) are shown as they are, in the page's language; anything
    // unexpected gets §8's text.
    const isUnexpected = !code || code === "INTERNAL_SERVER_ERROR";
    return (
      <QuizMessage
        title={t(code === "NOT_FOUND" ? "quiz.message.quizNotFoundTitle" : "quiz.message.notAvailableTitle")}
        message={
          code === "NOT_FOUND"
            ? t("quiz.message.quizNotFound")
            : isUnexpected
              ? t("quiz.message.failedToLoadQuiz")
              : failure.message
        }
      />
    );
  }
  if (!begin)
    return preview.data && input ? (
      <QuizStartScreen
        preview={preview.data}
        identity={identityOfInput(input)}
        onStart={() => setStarted(true)}
        taker={
          taker.asks && taker.learner ? (
            <QuizTakerChoice learners={taker.learners} chosen={taker.learner.id} onChoose={taker.choose} />
          ) : undefined
        }
      />
    ) : (
      <Preparing />
    );
  if (!quiz || !current) return <Preparing />;
  return (
    <QuizRunner
      key={`${quiz.attemptId}-${current.block?.index ?? 0}`}
      title={input ? localTitle(t, identityOfInput(input), quiz.title) : quiz.title}
      subtitle={<QuizSubtitle quiz={quiz} />}
      notice={
        quiz.certification && <CertificationNotice certification={quiz.certification} adaptive={quiz.block !== null} />
      }
      questions={current.questions}
      block={current.block}
      timeLimitSeconds={quiz.timeLimitSeconds}
      startedAt={startedAt}
      initialAnswers={current.answers}
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
 * from now (read once, when the attempt arrives), so a skewed device clock changes nothing.
 */
function localStart(quiz: StartedQuiz) {
  const elapsed = Date.parse(quiz.serverTime) - Date.parse(quiz.startedAt);
  return Date.now() - Math.max(0, elapsed);
}

function QuizSubtitle({ quiz }: { quiz: StartedQuiz }) {
  const t = useT();
  if (!quiz.focus) return null;
  const levels = quiz.focus.levels.join(", ");
  return (
    <span>
      {quiz.focus.source !== "bank" && <AiUnreviewedBadge />}
      {quiz.focus.weakAreas.length
        ? t("quiz.runner.builtForFocus", { levels, areas: quiz.focus.weakAreas.slice(0, 3).join(", ") })
        : t("quiz.runner.builtFor", { levels })}
    </span>
  );
}

import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useT } from "../../lib/i18n.tsx";
import { AnswerOptions, ReadingPassage, RunnerHeader, SendingCard } from "./quiz-runner-parts.tsx";
import type { PublicQuestion, QuizBlock } from "./quiz-types.ts";

export type RunnerAnswers = Record<string, number>;

type RunnerProps = {
  title: string;
  subtitle?: ReactNode;
  /** A full-width line under the header's title row (a level test's certified or practice notice). */
  notice?: ReactNode;
  /** The questions to answer now: the whole test, or the current set of a placement test. */
  questions: PublicQuestion[];
  /** A placement test's current set and where it stands in the test (absent: a fixed form). */
  block?: QuizBlock | null;
  timeLimitSeconds: number;
  /** When the attempt started, in this browser's clock (a resumed attempt counts from there). */
  startedAt?: number;
  /** Answers saved before (a resumed attempt): shown as chosen, the runner opening at the first unanswered. */
  initialAnswers?: RunnerAnswers;
  /** The general assessment's Exit Test button. */
  onExit?: () => void;
  /** Otherwise a link back (to Activities): a running test is resumed on return. */
  backTo?: string;
  /** Called on Next with the answer just confirmed (the server records it in time). */
  onAnswerConfirmed?: (questionId: string, answer: number) => void;
  /**
   * Submit Test, Next on the last question of a set, or the timer reaching zero (`timedOut`).
   * Rejects to show a retry.
   */
  onSubmit: (answers: RunnerAnswers, elapsedSeconds: number, how: { timedOut: boolean }) => Promise<void>;
};

/** The runner every quiz type shares: one question at a time, a countdown, auto-submit at zero. */
export function QuizRunner({
  title,
  subtitle,
  notice,
  questions,
  block,
  timeLimitSeconds,
  startedAt: startedAtProp,
  initialAnswers,
  onExit,
  backTo,
  onAnswerConfirmed,
  onSubmit,
}: RunnerProps) {
  const t = useT();
  const [answers, setAnswers] = useState<RunnerAnswers>(() => {
    const known = new Set(questions.map((q) => q.id));
    return Object.fromEntries(Object.entries(initialAnswers ?? {}).filter(([id]) => known.has(id)));
  });
  const [index, setIndex] = useState(() => {
    const firstOpen = questions.findIndex((q) => answers[q.id] === undefined);
    return firstOpen === -1 ? Math.max(0, questions.length - 1) : firstOpen;
  });
  const answersRef = useRef(answers);
  answersRef.current = answers;
  // Measured against the wall clock, so a throttled background tab cannot stretch the time; a
  // resumed attempt counts from its start, so a refresh does not reset the clock.
  const startedAt = useRef(startedAtProp ?? Date.now());
  const [remaining, setRemaining] = useState(() =>
    Math.max(0, timeLimitSeconds - (Date.now() - startedAt.current) / 1000),
  );
  const [phase, setPhase] = useState<"answering" | "submitting" | "failed">("answering");
  const [timedOut, setTimedOut] = useState(false);
  const submittedRef = useRef(false);
  const legendId = useId();

  const question = questions[index];
  const isLast = index === questions.length - 1;
  const isFinalSet = !block || block.index === block.count - 1;
  const selected = question ? answers[question.id] : undefined;
  const offset = block?.offset ?? 0;

  // The latest onSubmit, read at submit time, so the timer effect does not restart on every render.
  const onSubmitRef = useRef(onSubmit);
  onSubmitRef.current = onSubmit;

  const submit = useCallback(
    async (timedOut: boolean) => {
      if (submittedRef.current) return;
      submittedRef.current = true;
      setPhase("submitting");
      const elapsed = Math.min(timeLimitSeconds, Math.round((Date.now() - startedAt.current) / 1000));
      try {
        await onSubmitRef.current(answersRef.current, elapsed, { timedOut });
      } catch (error) {
        console.error("Quiz submission failed", error);
        submittedRef.current = false;
        setPhase("failed");
      }
    },
    [timeLimitSeconds],
  );

  useEffect(() => {
    const tick = () => {
      const left = timeLimitSeconds - (Date.now() - startedAt.current) / 1000;
      setRemaining(Math.max(0, left));
      if (left <= 0 && !submittedRef.current) {
        setTimedOut(true);
        void submit(true);
      }
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [timeLimitSeconds, submit]);

  if (!question) return null;

  const choose = (option: number) => setAnswers((prev) => ({ ...prev, [question.id]: option }));
  const next = () => {
    if (selected === undefined) return;
    onAnswerConfirmed?.(question.id, selected);
    if (isLast) void submit(false);
    else setIndex((i) => i + 1);
  };

  if (phase !== "answering") {
    const label = t(
      timedOut ? "quiz.runner.timeUp" : isFinalSet ? "quiz.runner.submitting" : "quiz.runner.choosingNext",
    );
    return <SendingCard phase={phase} label={label} onRetry={() => void submit(timedOut)} />;
  }

  return (
    <Card className="mx-auto max-w-3xl overflow-hidden">
      <RunnerHeader
        title={title}
        subtitle={subtitle}
        notice={notice}
        number={offset + index + 1}
        total={block?.total ?? questions.length}
        answered={offset + Object.keys(answers).length}
        block={block}
        remaining={remaining}
        onExit={onExit}
        backTo={backTo}
      />

      <form
        className="p-4 sm:p-6"
        onSubmit={(e) => {
          e.preventDefault();
          next();
        }}
      >
        {question.passage && (
          <ReadingPassage
            key={question.passage.id}
            passage={question.passage}
            number={questions.filter((q, i) => i <= index && q.passage?.id === question.passage?.id).length}
            count={questions.filter((q) => q.passage?.id === question.passage?.id).length}
          />
        )}
        <fieldset aria-labelledby={legendId}>
          <legend id={legendId} className="text-lg font-semibold leading-snug text-slate-900 sm:text-xl">
            {question.question}
          </legend>
          <AnswerOptions question={question} selected={selected} labelledBy={legendId} onChoose={choose} />
        </fieldset>

        {isLast && !isFinalSet && (
          <p className="mt-5 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            {t("quiz.runner.lastInSet", { number: (block?.index ?? 0) + 2 })}
          </p>
        )}
        <div className="mt-6 flex items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <Button variant="outline" onClick={() => setIndex((i) => Math.max(0, i - 1))} disabled={index === 0}>
            {t("quiz.runner.previous")}
          </Button>
          <Button type="submit" variant={isLast && isFinalSet ? "accent" : "primary"} disabled={selected === undefined}>
            {t(isLast && isFinalSet ? "quiz.runner.submit" : "quiz.runner.next")}
          </Button>
        </div>
      </form>
    </Card>
  );
}

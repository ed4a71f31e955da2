import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { TIMER_WARNING_SECONDS } from "../../../../shared/quiz-catalog.ts";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import type { PublicQuestion } from "./quiz-types.ts";

export type RunnerAnswers = Record<string, number>;

type RunnerProps = {
  title: string;
  subtitle?: ReactNode;
  /** A full-width line under the header's title row (a level test's certified or practice notice). */
  notice?: ReactNode;
  questions: PublicQuestion[];
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
  /** Submit Test, or the timer reaching zero. Rejects to show a retry. */
  onSubmit: (answers: RunnerAnswers, elapsedSeconds: number) => Promise<void>;
};

export function formatClock(seconds: number) {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

const LETTERS = ["A", "B", "C", "D"];

/** The runner every quiz type shares: one question at a time, a countdown, auto-submit at zero. */
export function QuizRunner({
  title,
  subtitle,
  notice,
  questions,
  timeLimitSeconds,
  startedAt: startedAtProp,
  initialAnswers,
  onExit,
  backTo,
  onAnswerConfirmed,
  onSubmit,
}: RunnerProps) {
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
  const selected = question ? answers[question.id] : undefined;
  const answeredCount = Object.keys(answers).length;
  const percent = Math.round(((index + 1) / questions.length) * 100);

  // The latest onSubmit, read at submit time, so the timer effect does not restart on every render.
  const onSubmitRef = useRef(onSubmit);
  onSubmitRef.current = onSubmit;

  const submit = useCallback(async () => {
    if (submittedRef.current) return;
    submittedRef.current = true;
    setPhase("submitting");
    const elapsed = Math.min(timeLimitSeconds, Math.round((Date.now() - startedAt.current) / 1000));
    try {
      await onSubmitRef.current(answersRef.current, elapsed);
    } catch (error) {
      console.error("Quiz submission failed", error);
      submittedRef.current = false;
      setPhase("failed");
    }
  }, [timeLimitSeconds]);

  useEffect(() => {
    const tick = () => {
      const left = timeLimitSeconds - (Date.now() - startedAt.current) / 1000;
      setRemaining(Math.max(0, left));
      if (left <= 0 && !submittedRef.current) {
        setTimedOut(true);
        void submit();
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
    if (isLast) void submit();
    else setIndex((i) => i + 1);
  };

  const isWarning = remaining < TIMER_WARNING_SECONDS;

  if (phase !== "answering") {
    return (
      <Card className="mx-auto max-w-3xl p-8 text-center">
        {phase === "submitting" ? (
          <>
            <Spinner label="Loading" />
            <p className="font-semibold text-slate-900">
              {timedOut ? "Time's up! Submitting your answers..." : "Submitting your answers..."}
            </p>
          </>
        ) : (
          <>
            <p role="alert" className="font-semibold text-red-700">
              We could not submit your answers. Please check your connection and try again.
            </p>
            <Button className="mt-4" onClick={() => void submit()}>
              Try again
            </Button>
          </>
        )}
      </Card>
    );
  }

  return (
    <Card className="mx-auto max-w-3xl overflow-hidden">
      <div className="border-b border-slate-200 bg-slate-50/70 p-4 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm font-medium text-blue-900">{title}</p>
            <h1 className="mt-0.5 text-xl font-bold text-slate-900 sm:text-2xl">
              Question {index + 1} of {questions.length}
            </h1>
            {subtitle && <div className="mt-1 text-sm text-slate-600">{subtitle}</div>}
          </div>
          <div className="flex shrink-0 flex-col items-end gap-2">
            <div
              role="timer"
              aria-label={`Time remaining ${formatClock(remaining)}`}
              data-warning={isWarning || undefined}
              className={`flex items-center gap-1.5 rounded-full px-3 py-1 font-mono text-base font-semibold tabular-nums ring-1 ring-inset ${
                isWarning ? "bg-red-50 text-red-700 ring-red-200" : "bg-white text-slate-800 ring-slate-200"
              }`}
            >
              <ClockIcon />
              {formatClock(remaining)}
            </div>
            {onExit ? (
              <Button variant="ghost" size="sm" onClick={onExit}>
                Exit Test
              </Button>
            ) : (
              backTo && (
                <ButtonLink to={backTo} variant="ghost" size="sm">
                  Back to Activities
                </ButtonLink>
              )
            )}
          </div>
        </div>
        {notice && <div className="mt-3">{notice}</div>}
        <div className="mt-4">
          <div className="flex justify-between text-xs font-medium text-slate-500">
            <span>{percent}% complete</span>
            <span>
              {answeredCount} of {questions.length} answered
            </span>
          </div>
          <div
            className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-200"
            role="progressbar"
            aria-label="Progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className="h-full rounded-full bg-blue-900 transition-all" style={{ width: `${percent}%` }} />
          </div>
        </div>
      </div>

      <form
        className="p-4 sm:p-6"
        onSubmit={(e) => {
          e.preventDefault();
          next();
        }}
      >
        <fieldset aria-labelledby={legendId}>
          <legend id={legendId} className="text-lg font-semibold leading-snug text-slate-900 sm:text-xl">
            {question.question}
          </legend>
          <div className="mt-5 grid gap-3" role="radiogroup" aria-labelledby={legendId}>
            {question.options.map((option, i) => {
              const isChosen = selected === i;
              return (
                <label
                  key={`${question.id}-${option}`}
                  className={`flex cursor-pointer items-center gap-3 rounded-xl border-2 p-3 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700 sm:p-4 ${
                    isChosen
                      ? "border-blue-900 bg-blue-50"
                      : "border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50"
                  }`}
                >
                  <input
                    type="radio"
                    name={`answer-${question.id}`}
                    value={i}
                    checked={isChosen}
                    onChange={() => choose(i)}
                    className="sr-only"
                  />
                  <span
                    aria-hidden="true"
                    className={`grid h-8 w-8 shrink-0 place-items-center rounded-lg text-sm font-bold ${
                      isChosen ? "bg-blue-900 text-white" : "bg-slate-100 text-slate-600"
                    }`}
                  >
                    {LETTERS[i]}
                  </span>
                  <span className="text-base text-slate-900">{option}</span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <div className="mt-6 flex items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <Button variant="outline" onClick={() => setIndex((i) => Math.max(0, i - 1))} disabled={index === 0}>
            Previous
          </Button>
          <Button type="submit" variant={isLast ? "accent" : "primary"} disabled={selected === undefined}>
            {isLast ? "Submit Test" : "Next"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ClockIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className="h-4 w-4" aria-hidden="true">
      <circle cx="10" cy="10" r="7.5" />
      <path d="M10 6v4l2.5 2" strokeLinecap="round" />
    </svg>
  );
}

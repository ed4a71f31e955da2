import type { ReactNode } from "react";
import { formatPercent } from "../../../../shared/i18n/format.ts";
import { TIMER_WARNING_SECONDS } from "../../../../shared/quiz-catalog.ts";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import type { PublicQuestion, QuizBlock } from "./quiz-types.ts";

export function formatClock(seconds: number) {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

const LETTERS = ["A", "B", "C", "D"];

type HeaderProps = {
  title: string;
  subtitle?: ReactNode;
  /** 1-based number of the question shown, over the whole test. */
  number: number;
  total: number;
  answered: number;
  block?: QuizBlock | null;
  notice?: ReactNode;
  remaining: number;
  onExit?: () => void;
  backTo?: string;
};

/** The runner's head: where the student is, the countdown, the way out, the progress bar. */
export function RunnerHeader({
  title,
  subtitle,
  number,
  total,
  answered,
  block,
  notice,
  remaining,
  onExit,
  backTo,
}: HeaderProps) {
  const t = useT();
  const locale = useLocale();
  const percent = Math.round((number / total) * 100);
  const isWarning = remaining < TIMER_WARNING_SECONDS;
  return (
    <div className="border-b border-slate-200 bg-slate-50/70 p-4 sm:p-6">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-blue-900">{title}</p>
          <h1 className="mt-0.5 text-xl font-bold text-slate-900 sm:text-2xl">
            <span className="whitespace-nowrap">{t("quiz.runner.questionOf", { number, total })}</span>
            {block && (
              <>
                {/* The space outside the spans: a narrow screen breaks the line there. */}{" "}
                <span className="whitespace-nowrap text-slate-600">
                  · {t("quiz.runner.setOf", { number: block.index + 1, count: block.count })}
                </span>
              </>
            )}
          </h1>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-2">
          <div
            role="timer"
            aria-label={t("quiz.runner.timeRemaining", { time: formatClock(remaining) })}
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
              {t("quiz.runner.exit")}
            </Button>
          ) : (
            backTo && (
              <ButtonLink to={backTo} variant="ghost" size="sm">
                {t("quiz.backToActivities")}
              </ButtonLink>
            )
          )}
        </div>
      </div>
      {/* The whole width under the timer's column: on a phone that column leaves the heading little room. */}
      {block && <p className="mt-1 text-sm text-slate-600">{t("quiz.runner.adaptive")}</p>}
      {subtitle && <div className="mt-1 text-sm text-slate-600">{subtitle}</div>}
      {notice && <div className="mt-3">{notice}</div>}
      <div className="mt-4">
        <div className="flex justify-between text-xs font-medium text-slate-500">
          <span>{t("quiz.runner.complete", { percent: formatPercent(locale, percent) })}</span>
          <span>{t("quiz.runner.answered", { answered, total })}</span>
        </div>
        <div
          className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label={t("quiz.runner.progress")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="h-full rounded-full bg-blue-900 transition-all" style={{ width: `${percent}%` }} />
        </div>
      </div>
    </div>
  );
}

/** The options of one question as a radio group, lettered A to D. */
export function AnswerOptions({
  question,
  selected,
  labelledBy,
  onChoose,
}: {
  question: PublicQuestion;
  selected: number | undefined;
  labelledBy: string;
  onChoose: (option: number) => void;
}) {
  return (
    <div className="mt-5 grid gap-3" role="radiogroup" aria-labelledby={labelledBy}>
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
              onChange={() => onChoose(i)}
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
  );
}

/**
 * A reading text above each of its questions (issue 34, item 2): open at first and collapsible, so
 * on a phone the student can fold it away to reach the options at once (folded, it stays folded
 * for the text's next question). The text stays English in both languages, as the questions do.
 */
export function ReadingPassage({
  passage,
  number,
  count,
}: {
  passage: NonNullable<PublicQuestion["passage"]>;
  number: number;
  count: number;
}) {
  const t = useT();
  return (
    <details open className="group mb-5 rounded-xl border border-slate-200 bg-slate-50">
      <summary className="cursor-pointer select-none rounded-xl px-4 py-3 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
        {t("quiz.runner.readingText", { title: passage.title })}
      </summary>
      <div className="px-4 pb-4">
        <p className="text-sm text-slate-600">{t("quiz.runner.readingHint", { number, count })}</p>
        <section
          aria-label={t("quiz.runner.readingRegion")}
          className="mt-3 rounded-lg bg-white p-3 text-base leading-relaxed text-slate-800 ring-1 ring-slate-200 sm:p-4"
        >
          {passage.text.split(/\n\s*\n/).map((paragraph, i) => (
            <p key={paragraph} className={`whitespace-pre-line ${i > 0 ? "mt-3" : ""}`}>
              {paragraph}
            </p>
          ))}
        </section>
      </div>
    </details>
  );
}

/** While answers are on their way (a whole test, or one set of a placement test), or after that failed. */
export function SendingCard({
  phase,
  label,
  onRetry,
}: {
  phase: "submitting" | "failed";
  label: string;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <Card className="mx-auto max-w-3xl p-8 text-center">
      {phase === "submitting" ? (
        <>
          <Spinner />
          <p className="font-semibold text-slate-900">{label}</p>
        </>
      ) : (
        <>
          <p role="alert" className="font-semibold text-red-700">
            {t("quiz.runner.sendFailed")}
          </p>
          <Button className="mt-4" onClick={onRetry}>
            {t("quiz.runner.tryAgain")}
          </Button>
        </>
      )}
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

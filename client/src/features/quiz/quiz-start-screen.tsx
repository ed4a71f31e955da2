import { type ReactNode, useId } from "react";
import type { Translate } from "../../../../shared/i18n/messages.ts";
import type { QuizIdentity } from "../../../../shared/quiz-texts.ts";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useT } from "../../lib/i18n.tsx";
import { CertificationNotice } from "./certification-notice.tsx";
import { QUIZ_HOME } from "./quiz-paths.ts";
import { localTitle, localTopic } from "./quiz-titles.ts";
import type { QuizPreview } from "./quiz-types.ts";

/** "45 minutes", "1 minute", "40 seconds": a time limit as a student reads it. */
export function formatDuration(t: Translate, seconds: number): string {
  if (seconds < 60) return t("quiz.duration.seconds", { count: seconds });
  return t("quiz.duration.minutes", { count: Math.round(seconds / 60) });
}

/**
 * What a test is before it starts: how many questions, the time limit, what leaving the page does,
 * whether it can earn a certificate. The clock starts with the Start button.
 */
export function QuizStartScreen({
  preview,
  identity,
  onStart,
  taker,
}: {
  preview: QuizPreview;
  /** Issue 31: who of the family is taking it, when the family has several learners. */
  taker?: ReactNode;
  /** What the test is, to name it in the page's language. */
  identity: QuizIdentity;
  onStart: () => void;
}) {
  const t = useT();
  const titleId = useId();
  const facts: [string, string][] = [
    [
      t("quiz.start.questions"),
      preview.adaptive
        ? t("quiz.start.questionsAdaptive", { count: preview.questionCount })
        : String(preview.questionCount),
    ],
    [t("quiz.start.timeLimit"), formatDuration(t, preview.timeLimitSeconds)],
    [t("quiz.start.leaving"), t("quiz.start.leavingText")],
  ];
  if (preview.adaptive) facts.push([t("quiz.start.goingBack"), t("quiz.start.goingBackText")]);
  return (
    <Card className="mx-auto max-w-2xl p-6 sm:p-8" role="region" aria-labelledby={titleId}>
      <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">{t("quiz.start.eyebrow")}</p>
      <h1 id={titleId} className="mt-1 text-2xl font-bold text-slate-900">
        {localTitle(t, identity, preview.title)}
      </h1>
      {preview.topic && <p className="mt-1 text-slate-600">{localTopic(t, identity, preview.topic)}</p>}
      {taker}
      <dl className="mt-6 divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
        {facts.map(([term, detail]) => (
          <div key={term} className="grid gap-1 px-4 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
            <dt className="text-sm font-semibold text-slate-900">{term}</dt>
            <dd className="text-sm text-slate-700">{detail}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4">
        {preview.certification ? (
          <CertificationNotice certification={preview.certification} adaptive={preview.adaptive} />
        ) : (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-inset ring-slate-200">
            {t("quiz.start.practice")}
          </p>
        )}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <ButtonLink to={QUIZ_HOME} variant="outline">
          {t("quiz.backToActivities")}
        </ButtonLink>
        <Button onClick={onStart}>{t("quiz.start.start")}</Button>
      </div>
    </Card>
  );
}

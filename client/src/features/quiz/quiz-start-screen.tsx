import { useId } from "react";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { CertificationNotice } from "./certification-notice.tsx";
import { QUIZ_HOME } from "./quiz-paths.ts";
import type { QuizPreview } from "./quiz-types.ts";

/** "45 minutes", "1 minute", "40 seconds": a time limit as a student reads it. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/**
 * What a test is before it starts: how many questions, the time limit, what leaving the page does,
 * whether it can earn a certificate. The clock starts with the Start button.
 */
export function QuizStartScreen({ preview, onStart }: { preview: QuizPreview; onStart: () => void }) {
  const titleId = useId();
  const facts: [string, string][] = [
    [
      "Questions",
      preview.adaptive
        ? `Up to ${preview.questionCount}, in sets of 5 chosen from your answers so far`
        : String(preview.questionCount),
    ],
    ["Time limit", formatDuration(preview.timeLimitSeconds)],
    [
      "Leaving the page",
      "There is no pause: the clock keeps running. Come back before the time is up to resume where you were, your answers kept.",
    ],
  ];
  if (preview.adaptive)
    facts.push(["Going back", "Within a set you can go back and change an answer; once a set is sent it is final."]);
  return (
    <Card className="mx-auto max-w-2xl p-6 sm:p-8" role="region" aria-labelledby={titleId}>
      <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">Before you start</p>
      <h1 id={titleId} className="mt-1 text-2xl font-bold text-slate-900">
        {preview.title}
      </h1>
      {preview.topic && <p className="mt-1 text-slate-600">{preview.topic}</p>}
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
            Practice test: it does not earn a certificate.
          </p>
        )}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <ButtonLink to={QUIZ_HOME} variant="outline">
          Back to Activities
        </ButtonLink>
        <Button onClick={onStart}>Start</Button>
      </div>
    </Card>
  );
}

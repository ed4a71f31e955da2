// Issue 31, item 5: the termly report in the learner's profile. The range starts on the current
// school term (the one the progress glance counts in: September–January, February–June, the
// summer); "Preview PDF" opens GET /api/admin/students/{id}/report.pdf in a new tab, and "Send to
// the family" emails it after a confirmation, once per confirmation (an idempotency key each).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { schoolTermOf, TERMLY_COMMENT_LIMIT } from "../../../../shared/termly-report.ts";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/dialog.tsx";
import { TextAreaField, TextField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { newIdempotencyKey, useSingleFlight } from "../../lib/single-flight.ts";
import { trpc } from "../../trpc.ts";
import { useAdminFailure } from "./admin-api.ts";
import { type AdminPrefs, formatAdminDate } from "./admin-format.ts";

type Whom = { studentId: string; learnerId: string | null; name: string };

/** Today in the teacher's zone, YYYY-MM-DD. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());

export function TermlyReportCard({ whom, prefs }: { whom: Whom; prefs: AdminPrefs }) {
  const t = useT();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const [range, setRange] = useState(() => schoolTermOf(todayIn(prefs.timezone)));
  const [comment, setComment] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [attempt, setAttempt] = useState(newIdempotencyKey);
  const flight = useSingleFlight();
  const learner = whom.learnerId ?? undefined;
  const statusOptions = trpc.admin.termlyReport.status.queryOptions({
    student_id: whom.studentId,
    learner_id: learner,
  });
  const status = useQuery(statusOptions);
  const send = useMutation(
    trpc.admin.termlyReport.send.mutationOptions({
      onSuccess: (result) => {
        setConfirming(false);
        setAttempt(newIdempotencyKey());
        toast({ title: t("admin.termly.sent", { email: result.sent_to.join(", ") }), variant: "success" });
        void queryClient.invalidateQueries({ queryKey: statusOptions.queryKey });
      },
      onError: (error) => {
        setConfirming(false);
        setAttempt(newIdempotencyKey());
        fail(error, t("admin.termly.sendFailed"));
      },
    }),
  );

  const valid = Boolean(range.from && range.to && range.from <= range.to);
  const query = new URLSearchParams({ from: range.from, to: range.to });
  if (learner) query.set("learner_id", learner);
  if (comment.trim()) query.set("comment", comment.trim());
  const previewUrl = `/api/admin/students/${whom.studentId}/report.pdf?${query}`;
  const email = status.data?.family_email ?? null;
  const last = status.data?.last_sent_at;
  const day = (d: string) => formatAdminDate(`${d}T12:00:00Z`, { ...prefs, timezone: "UTC" });

  return (
    <section aria-labelledby="termly-report" className="mt-5 rounded-xl border border-slate-200 p-4">
      <h3 id="termly-report" className="text-sm font-semibold text-slate-900">
        {t("admin.termly.title")}
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        {t("admin.termly.intro", { name: whom.name, language: status.data?.locale ?? "en" })}
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <TextField
          label={t("admin.termly.from")}
          type="date"
          value={range.from}
          max={range.to || undefined}
          onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
        />
        <TextField
          label={t("admin.termly.to")}
          type="date"
          value={range.to}
          min={range.from || undefined}
          onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
          error={range.from && range.to && !valid ? t("admin.termly.badRange") : undefined}
        />
      </div>
      <TextAreaField
        className="mt-3"
        label={t("admin.termly.comment")}
        hint={t("admin.termly.commentHint", { limit: TERMLY_COMMENT_LIMIT })}
        rows={4}
        maxLength={TERMLY_COMMENT_LIMIT}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        {valid ? (
          <a
            href={previewUrl}
            target="_blank"
            rel="noreferrer"
            className={buttonClasses({ variant: "outline", size: "sm" })}
          >
            {t("admin.termly.preview")}
          </a>
        ) : (
          <Button variant="outline" size="sm" disabled>
            {t("admin.termly.preview")}
          </Button>
        )}
        <Button size="sm" disabled={!valid || !email || send.isPending} onClick={() => setConfirming(true)}>
          {send.isPending ? t("admin.termly.sending") : t("admin.termly.send")}
        </Button>
      </div>
      {status.data && (
        <p className="mt-2 text-xs text-slate-500">
          {!email
            ? t("admin.termly.noEmail")
            : last
              ? t("admin.termly.lastSent", {
                  date: formatAdminDate(last, prefs),
                  email: status.data.last_sent_to ?? email,
                })
              : t("admin.termly.neverSent")}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("admin.termly.confirmTitle")}
        message={t("admin.termly.confirmText", { from: day(range.from), to: day(range.to), email: email ?? "" })}
        confirmLabel={t("admin.termly.confirm")}
        cancelLabel={t("admin.termly.cancel")}
        busy={send.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void flight.run(() =>
            send.mutateAsync({
              id: whom.studentId,
              data: {
                from: range.from,
                to: range.to,
                learner_id: learner,
                comment: comment.trim() || undefined,
                idempotency_key: attempt,
              },
            }),
          )
        }
      />
    </section>
  );
}

// Email: the outbox as the teacher sees it. Sent mail, mail waiting for its next attempt, mail
// that failed (with the server's last answer, and Retry), and mail held because no SMTP server
// is configured, with the full text of what would have gone.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Pager, usePage } from "../../components/ui/pager.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useRichT, useT } from "../../lib/i18n.tsx";
import { type RouterOutputs, trpc } from "../../trpc.ts";
import { ADMIN_PAGE_SIZE, useAdminFailure, useLoadFailure } from "./admin-api.ts";
import { type AdminPrefs, formatAdminDateTime, useAdminPrefs } from "./admin-format.ts";

type OutboxEmail = RouterOutputs["admin"]["emails"]["list"]["emails"][number];
type EmailStatus = OutboxEmail["status"];

const FILTERS: { value: "all" | EmailStatus; label: MessageKey }[] = [
  { value: "all", label: "admin.emails.filter.all" },
  { value: "pending", label: "admin.emails.filter.pending" },
  { value: "sent", label: "admin.emails.filter.sent" },
  { value: "failed", label: "admin.emails.filter.failed" },
  { value: "held", label: "admin.emails.filter.held" },
];
const STATUS: Record<EmailStatus, { label: MessageKey; tone: BadgeTone }> = {
  sent: { label: "admin.emails.status.sent", tone: "green" },
  pending: { label: "admin.emails.status.pending", tone: "blue" },
  failed: { label: "admin.emails.status.failed", tone: "red" },
  held: { label: "admin.emails.status.held", tone: "amber" },
};
/** Each kind of email as the outbox stores it, named for the teacher. */
const KIND_LABELS: Record<string, MessageKey> = {
  booking_created: "admin.emails.kind.booking_created",
  booking_confirmed: "admin.emails.kind.booking_confirmed",
  booking_changed: "admin.emails.kind.booking_changed",
  booking_cancelled: "admin.emails.kind.booking_cancelled",
  booking_moved: "admin.emails.kind.booking_moved",
  order_confirmed: "admin.emails.kind.order_confirmed",
  order_cancelled: "admin.emails.kind.order_cancelled",
  lesson_reminder: "admin.emails.kind.lesson_reminder",
  document_issued: "admin.emails.kind.document_issued",
  teacher_new_booking: "admin.emails.kind.teacher_new_booking",
  teacher_availability_request: "admin.emails.kind.teacher_availability_request",
  teacher_group_signup: "admin.emails.kind.teacher_group_signup",
  teacher_cancellation: "admin.emails.kind.teacher_cancellation",
  teacher_lesson_moved: "admin.emails.kind.teacher_lesson_moved",
};

export function EmailsPanel() {
  const prefs = useAdminPrefs();
  const t = useT();
  const rich = useRichT();
  const fail = useAdminFailure();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<"all" | EmailStatus>("all");
  const { params, pager } = usePage({ status: filter }, ADMIN_PAGE_SIZE);
  const list = useQuery({ ...trpc.admin.emails.list.queryOptions(params), placeholderData: keepPreviousData });
  useLoadFailure(list.error, t("admin.emails.loadFailed"));
  const retry = useMutation(
    trpc.admin.emails.retry.mutationOptions({
      onSuccess: () => {
        toast({ title: t("admin.emails.success"), description: t("admin.emails.requeued"), variant: "success" });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.emails.pathKey() });
      },
      onError: (e) => fail(e, t("admin.emails.retryFailed")),
    }),
  );

  const data = list.data;
  const counts = data?.counts;
  const allCount = counts ? counts.pending + counts.sent + counts.failed + counts.held : undefined;
  return (
    <div className="space-y-4">
      {data && !data.smtp_configured && (
        <div className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950" role="note">
          <p className="font-semibold">{t("admin.emails.noSmtp")}</p>
          <p className="mt-1">
            {rich("admin.emails.noSmtpText", {
              smtp: <code className="rounded bg-amber-100 px-1">{"SMTP_URL"}</code>,
              from: <code className="rounded bg-amber-100 px-1">{"MAIL_FROM"}</code>,
            })}
          </p>
        </div>
      )}

      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">{t("admin.emails.filterBy")}</legend>
        {FILTERS.map((f) => {
          const n = f.value === "all" ? allCount : counts?.[f.value];
          const current = filter === f.value;
          return (
            <button
              key={f.value}
              type="button"
              aria-pressed={current}
              onClick={() => {
                setFilter(f.value);
              }}
              className={`rounded-full border px-3.5 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
                current
                  ? "border-blue-900 bg-blue-900 text-white"
                  : "border-slate-300 bg-white text-slate-700 hover:border-blue-300 hover:bg-blue-50"
              }`}
            >
              {t(f.label)}
              {n !== undefined && (
                <span className={current ? "ml-1.5 text-blue-100" : "ml-1.5 text-slate-500"}>{n}</span>
              )}
            </button>
          );
        })}
      </fieldset>

      {list.isPending ? (
        <Spinner label={t("admin.emails.loading")} />
      ) : !data || data.emails.length === 0 ? (
        <Card className="p-6">
          <EmptyState
            title={filter === "all" ? t("admin.emails.none") : t("admin.emails.noneOf", { status: filter })}
            message={t("admin.emails.noneText")}
          />
        </Card>
      ) : (
        <>
          <ul className="space-y-3" aria-label={t("admin.emails.list")}>
            {data.emails.map((email) => (
              <EmailRow
                key={email.id}
                email={email}
                prefs={prefs}
                retrying={retry.isPending && retry.variables?.id === email.id}
                onRetry={() => retry.mutate({ id: email.id })}
              />
            ))}
          </ul>
          <Pager label={t("admin.emails.pages")} {...pager} total={data.total} />
        </>
      )}
    </div>
  );
}

function EmailRow(props: { email: OutboxEmail; prefs: AdminPrefs; retrying: boolean; onRetry: () => void }) {
  const { email, prefs } = props;
  const status = STATUS[email.status];
  const t = useT();
  const kind = KIND_LABELS[email.kind];
  const when = (iso: string) => formatAdminDateTime(iso, prefs);
  return (
    <li>
      <Card className="p-4 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={status.tone}>{t(status.label)}</Badge>
              <span className="text-xs font-medium uppercase tracking-wide text-slate-500">
                {kind ? t(kind) : email.kind}
              </span>
            </div>
            <h3 className="mt-2 break-words font-semibold text-slate-900">{email.subject}</h3>
            <p className="mt-0.5 break-all text-sm text-slate-600">{t("admin.emails.to", { to: email.to })}</p>
            <p className="mt-1 text-sm text-slate-700">
              {email.status === "sent" && email.sent_at && t("admin.emails.sentAt", { date: when(email.sent_at) })}
              {email.status === "pending" &&
                email.next_attempt_at &&
                (email.attempts > 0
                  ? t("admin.emails.attemptFailed", { count: email.attempts, date: when(email.next_attempt_at) })
                  : t("admin.emails.queuedSending", { date: when(email.next_attempt_at) }))}
              {email.status === "failed" && t("admin.emails.failedAfter", { count: email.attempts })}
              {email.status === "held" && t("admin.emails.queued", { date: when(email.created_at) })}
            </p>
            {email.last_error && (
              <p
                className={`mt-2 rounded-lg px-3 py-2 text-sm ${
                  email.status === "held" ? "bg-amber-50 text-amber-950" : "bg-red-50 text-red-900"
                }`}
              >
                {email.status === "held"
                  ? t("admin.emails.heldNote")
                  : t("admin.emails.lastError", { error: email.last_error })}
              </p>
            )}
          </div>
          {email.status === "failed" && (
            <Button
              size="sm"
              onClick={props.onRetry}
              disabled={props.retrying}
              aria-label={t("admin.emails.retryOf", { subject: email.subject, to: email.to })}
            >
              {t(props.retrying ? "admin.emails.retrying" : "admin.emails.retry")}
            </Button>
          )}
        </div>
        <details className="group mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-blue-800 hover:underline">
            {t(email.status === "held" ? "admin.emails.showHeld" : "admin.emails.show")}
          </summary>
          <pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 font-sans text-sm text-slate-800">
            {email.text}
          </pre>
          {email.attachments.length > 0 && (
            <p className="mt-2 text-xs text-slate-500">
              {t("admin.emails.attached", { files: email.attachments.join(", ") })}
            </p>
          )}
        </details>
      </Card>
    </li>
  );
}

// Email: the outbox as the teacher sees it. Sent mail, mail waiting for its next attempt, mail
// that failed (with the server's last answer, and Retry), and mail held because no SMTP server
// is configured, with the full text of what would have gone.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Pager, usePage } from "../../components/ui/pager.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { type RouterOutputs, trpc } from "../../trpc.ts";
import { ADMIN_PAGE_SIZE, useAdminFailure, useLoadFailure } from "./admin-api.ts";
import { type AdminPrefs, formatAdminDateTime, useAdminPrefs } from "./admin-format.ts";

type OutboxEmail = RouterOutputs["admin"]["emails"]["list"]["emails"][number];
type EmailStatus = OutboxEmail["status"];

const FILTERS: { value: "all" | EmailStatus; label: string }[] = [
  { value: "all", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "sent", label: "Sent" },
  { value: "failed", label: "Failed" },
  { value: "held", label: "Held" },
];
const STATUS: Record<EmailStatus, { label: string; tone: BadgeTone }> = {
  sent: { label: "Sent", tone: "green" },
  pending: { label: "Pending", tone: "blue" },
  failed: { label: "Failed", tone: "red" },
  held: { label: "Not sent", tone: "amber" },
};
const KIND_LABELS: Record<string, string> = {
  booking_created: "Booking made",
  booking_confirmed: "Booking confirmed",
  booking_changed: "Booking changed",
  booking_cancelled: "Booking cancelled",
  booking_moved: "Lesson moved",
  order_confirmed: "Order confirmed",
  order_cancelled: "Order declined",
  lesson_reminder: "24-hour reminder",
  teacher_new_booking: "To you: new booking",
  teacher_availability_request: "To you: availability request",
  teacher_group_signup: "To you: group sign-up",
  teacher_cancellation: "To you: cancellation request",
  teacher_lesson_moved: "To you: lesson moved",
};

export function EmailsPanel() {
  const prefs = useAdminPrefs();
  const fail = useAdminFailure();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<"all" | EmailStatus>("all");
  const { params, pager } = usePage({ status: filter }, ADMIN_PAGE_SIZE);
  const list = useQuery({ ...trpc.admin.emails.list.queryOptions(params), placeholderData: keepPreviousData });
  useLoadFailure(list.error, "Failed to load data.");
  const retry = useMutation(
    trpc.admin.emails.retry.mutationOptions({
      onSuccess: (r) => {
        toast({ title: "Success", description: r.message, variant: "success" });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.emails.pathKey() });
      },
      onError: (e) => fail(e, "Failed to retry the email."),
    }),
  );

  const data = list.data;
  const counts = data?.counts;
  const allCount = counts ? counts.pending + counts.sent + counts.failed + counts.held : undefined;
  return (
    <div className="space-y-4">
      {data && !data.smtp_configured && (
        <div className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950" role="note">
          <p className="font-semibold">No SMTP server is configured, so no email is sent.</p>
          <p className="mt-1">
            Set <code className="rounded bg-amber-100 px-1">SMTP_URL</code> and{" "}
            <code className="rounded bg-amber-100 px-1">MAIL_FROM</code> on the server to send email. Until then each
            message is kept here as "Not sent" with the full text of what would have gone.
          </p>
        </div>
      )}

      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Filter by status</legend>
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
              {f.label}
              {n !== undefined && (
                <span className={current ? "ml-1.5 text-blue-100" : "ml-1.5 text-slate-500"}>{n}</span>
              )}
            </button>
          );
        })}
      </fieldset>

      {list.isPending ? (
        <Spinner label="Loading emails" />
      ) : !data || data.emails.length === 0 ? (
        <Card className="p-6">
          <EmptyState
            title={
              filter === "all"
                ? "No emails yet"
                : `No ${FILTERS.find((f) => f.value === filter)?.label.toLowerCase()} emails`
            }
            message="Emails to students and to you appear here when bookings are made, changed or cancelled."
          />
        </Card>
      ) : (
        <>
          <ul className="space-y-3" aria-label="Emails">
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
          <Pager label="Email pages" {...pager} total={data.total} />
        </>
      )}
    </div>
  );
}

function EmailRow(props: { email: OutboxEmail; prefs: AdminPrefs; retrying: boolean; onRetry: () => void }) {
  const { email, prefs } = props;
  const status = STATUS[email.status];
  const when = (iso: string) => formatAdminDateTime(iso, prefs);
  return (
    <li>
      <Card className="p-4 sm:p-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={status.tone}>{status.label}</Badge>
              <span className="text-xs font-medium uppercase tracking-wide text-slate-500">
                {KIND_LABELS[email.kind] ?? email.kind}
              </span>
            </div>
            <h3 className="mt-2 break-words font-semibold text-slate-900">{email.subject}</h3>
            <p className="mt-0.5 break-all text-sm text-slate-600">To {email.to}</p>
            <p className="mt-1 text-sm text-slate-700">
              {email.status === "sent" && email.sent_at && <>Sent {when(email.sent_at)}</>}
              {email.status === "pending" && email.next_attempt_at && (
                <>
                  {email.attempts > 0 ? `Attempt ${email.attempts} failed; next attempt` : "Queued; sending"}{" "}
                  {when(email.next_attempt_at)}
                </>
              )}
              {email.status === "failed" && <>Failed after {email.attempts} attempts</>}
              {email.status === "held" && <>Queued {when(email.created_at)}</>}
            </p>
            {email.last_error && (
              <p
                className={`mt-2 rounded-lg px-3 py-2 text-sm ${
                  email.status === "held" ? "bg-amber-50 text-amber-950" : "bg-red-50 text-red-900"
                }`}
              >
                {email.status === "held" ? email.last_error : `Last error: ${email.last_error}`}
              </p>
            )}
          </div>
          {email.status === "failed" && (
            <Button
              size="sm"
              onClick={props.onRetry}
              disabled={props.retrying}
              aria-label={`Retry: ${email.subject} to ${email.to}`}
            >
              {props.retrying ? "Retrying…" : "Retry"}
            </Button>
          )}
        </div>
        <details className="group mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-blue-800 hover:underline">
            {email.status === "held" ? "Show what would have been sent" : "Show message"}
          </summary>
          <pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 font-sans text-sm text-slate-800">
            {email.text}
          </pre>
          {email.attachments.length > 0 && (
            <p className="mt-2 text-xs text-slate-500">Attached: {email.attachments.join(", ")}</p>
          )}
        </details>
      </Card>
    </li>
  );
}

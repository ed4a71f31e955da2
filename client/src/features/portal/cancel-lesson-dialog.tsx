import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { TextAreaField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { isSessionExpired } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { trpc } from "../../trpc.ts";
import { PolicyVerdict } from "./policy-verdict.tsx";
import { type Lesson, usePortalQuery, useRequestCancellation, useSessionExpiry, useTeacherZone } from "./portal-api.ts";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Shows what the policy leaves before the student confirms, then cancels (or shows the refusal). */
export function CancelLessonDialog({ lesson, onClose }: { lesson: Lesson | null; onClose: () => void }) {
  const timeZone = useTeacherZone();
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const toast = useToast();
  const onExpired = useSessionExpiry();
  const cancel = useRequestCancellation();
  // Read afresh each time the dialog opens (nothing kept once it closes), never retried, and not
  // re-read by the portal's refresh after the cancellation (the lesson is gone by then).
  const checked = usePortalQuery({
    ...trpc.portal.cancellationCheck.queryOptions({ bookingId: lesson?.id ?? "" }),
    enabled: lesson !== null && !cancel.isPending,
    gcTime: 0,
    retry: false,
  });
  const check = checked.data ?? null;
  const loadError = checked.error && !isSessionExpired(checked.error) ? checked.error.message : null;

  useEffect(() => {
    if (!lesson) return;
    setReason("");
    setReasonError(null);
  }, [lesson]);

  const submit = async () => {
    if (!lesson) return;
    if (!reason.trim()) {
      setReasonError("Please give a reason for the cancellation.");
      return;
    }
    try {
      const result = await cancel.mutateAsync({ booking_id: lesson.id, reason: reason.trim() });
      toast({ title: "Lesson Cancelled", description: result.message, variant: "success" });
      onClose();
    } catch (error) {
      if (onExpired(error)) return;
      toast({ title: "Cancellation Refused", description: (error as Error).message, variant: "destructive" });
      onClose();
    }
  };

  const allowed = check?.can_cancel ?? false;
  return (
    <Modal
      open={lesson !== null}
      onClose={onClose}
      title="Cancel this lesson?"
      description={lesson ? formatDateTime(lesson.lesson_date, { timeZone }) : undefined}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {allowed ? "Keep lesson" : "Close"}
          </Button>
          {allowed && (
            <Button variant="danger" onClick={submit} disabled={cancel.isPending}>
              {cancel.isPending ? "Cancelling..." : "Cancel lesson"}
            </Button>
          )}
        </>
      }
    >
      <PolicyVerdict
        check={check}
        allowed={allowed}
        loadError={loadError}
        policy={(check) => (
          <>
            <dl className="grid grid-cols-3 gap-2 text-center">
              <div className="rounded-xl bg-slate-50 p-3">
                <dt className="text-xs text-slate-500">Free cancellations</dt>
                <dd className="text-xl font-bold text-slate-900">{check.allowance}</dd>
              </div>
              <div className="rounded-xl bg-slate-50 p-3">
                <dt className="text-xs text-slate-500">Used</dt>
                <dd className="text-xl font-bold text-slate-900">{check.used}</dd>
              </div>
              <div className={`rounded-xl p-3 ${allowed ? "bg-amber-50" : "bg-slate-50"}`}>
                <dt className="text-xs text-slate-500">Left after this</dt>
                <dd className="text-xl font-bold text-slate-900">{check.remaining_after}</dd>
              </div>
            </dl>
            <p>
              Packages include one free cancellation or move per 6 lessons, with at least {check.notice} notice. Single
              lessons cannot be cancelled.
            </p>
          </>
        )}
        granted={(check) => (
          <>
            <p className="rounded-xl bg-emerald-50 px-3 py-2 text-emerald-900">
              This lesson can be cancelled until {formatDateTime(check.deadline, { timeZone })}. Its time slot is
              released at once and you get a credit to rebook {plural(1, "lesson")} at no extra charge.
            </p>
            <TextAreaField
              label="Reason"
              required
              rows={3}
              value={reason}
              error={reasonError}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(null);
              }}
              placeholder="e.g. a work trip"
            />
          </>
        )}
      />
    </Modal>
  );
}

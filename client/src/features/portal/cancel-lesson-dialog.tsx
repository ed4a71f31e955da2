import { useEffect, useState } from "react";
import { formatDateTime } from "../../../../shared/i18n/format.ts";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { TextAreaField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { isSessionExpired } from "../../lib/api.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import { noticeText, PolicyVerdict } from "./policy-verdict.tsx";
import {
  type Lesson,
  usePortalQuery,
  useRequestCancellation,
  useSessionExpiry,
  useTeacherZone,
  useTellTeacherCantCome,
} from "./portal-api.ts";

/**
 * Shows what the policy leaves before the student confirms, then cancels. Past the free changes
 * the dialog still has a path (issue 31, item 6): it states the policy and tells the teacher, the
 * lesson forfeited unless she waives it. Each button says what it will do.
 */
export function CancelLessonDialog({ lesson, onClose }: { lesson: Lesson | null; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const timeZone = useTeacherZone();
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const toast = useToast();
  const onExpired = useSessionExpiry();
  const cancel = useRequestCancellation();
  const tell = useTellTeacherCantCome();
  // Read afresh each time the dialog opens (nothing kept once it closes), never retried, and not
  // re-read by the portal's refresh after the cancellation (the lesson is gone by then).
  const checked = usePortalQuery({
    ...trpc.portal.cancellationCheck.queryOptions({ bookingId: lesson?.id ?? "" }),
    enabled: lesson !== null && !cancel.isPending && !tell.isPending,
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

  const allowed = check?.can_cancel ?? false;
  const canTell = check?.can_tell_teacher ?? false;
  const pending = cancel.isPending || tell.isPending;

  const submit = async () => {
    if (!lesson) return;
    if (!reason.trim()) {
      setReasonError(t("portal.cancel.reasonRequired"));
      return;
    }
    try {
      const input = { booking_id: lesson.id, reason: reason.trim() };
      const result = allowed ? await cancel.mutateAsync(input) : await tell.mutateAsync(input);
      toast({
        title: t(allowed ? "portal.cancel.done" : "portal.cantCome.done"),
        description: result.message,
        variant: "success",
      });
      onClose();
    } catch (error) {
      if (onExpired(error)) return;
      toast({ title: t("portal.cancel.refused"), description: (error as Error).message, variant: "destructive" });
      onClose();
    }
  };

  const reasonField = (placeholder: string) => (
    <TextAreaField
      label={t("portal.cancel.reason")}
      required
      rows={3}
      value={reason}
      error={reasonError}
      onChange={(e) => {
        setReason(e.target.value);
        setReasonError(null);
      }}
      placeholder={placeholder}
    />
  );
  const mayAct = allowed || canTell;
  let action = t("portal.cancel.confirmFree");
  if (!allowed) action = t("portal.cantCome.tell");
  if (cancel.isPending) action = t("portal.cancel.cancelling");
  if (tell.isPending) action = t("portal.cantCome.telling");
  return (
    <Modal
      open={lesson !== null}
      onClose={onClose}
      title={t("portal.cancel.title")}
      description={lesson ? formatDateTime(locale, lesson.lesson_date, { timeZone }) : undefined}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {mayAct ? t("portal.cancel.keep") : t("common.close")}
          </Button>
          {mayAct && (
            <Button variant="danger" onClick={submit} disabled={pending}>
              {action}
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
                <dt className="text-xs text-slate-500">{t("portal.cancel.allowance")}</dt>
                <dd className="text-xl font-bold text-slate-900">{check.allowance}</dd>
              </div>
              <div className="rounded-xl bg-slate-50 p-3">
                <dt className="text-xs text-slate-500">{t("portal.cancel.used")}</dt>
                <dd className="text-xl font-bold text-slate-900">{check.used}</dd>
              </div>
              <div className={`rounded-xl p-3 ${allowed ? "bg-amber-50" : "bg-slate-50"}`}>
                <dt className="text-xs text-slate-500">{t("portal.cancel.leftAfter")}</dt>
                <dd className="text-xl font-bold text-slate-900">{check.remaining_after}</dd>
              </div>
            </dl>
            <p>{t("portal.cancel.policy", { notice: noticeText(t, check.notice_hours) })}</p>
          </>
        )}
        granted={(check) => (
          <>
            <p className="rounded-xl bg-emerald-50 px-3 py-2 text-emerald-900">
              {t("portal.cancel.granted", { deadline: formatDateTime(locale, check.deadline, { timeZone }) })}
            </p>
            {reasonField(t("portal.cancel.reasonPlaceholder"))}
          </>
        )}
        refused={(check) => (
          <>
            <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-red-900">
              {check.reason}
            </p>
            {check.can_tell_teacher && (
              <>
                <p className="rounded-xl bg-amber-50 px-3 py-2 text-amber-950">{t("portal.cantCome.policy")}</p>
                {reasonField(t("portal.cantCome.reasonPlaceholder"))}
              </>
            )}
            {check.told_teacher_at && (
              <p role="status" className="rounded-xl bg-sky-50 px-3 py-2 text-sky-950">
                {t("portal.cantCome.told", { date: formatDateTime(locale, check.told_teacher_at, { timeZone }) })}
              </p>
            )}
          </>
        )}
      />
    </Modal>
  );
}

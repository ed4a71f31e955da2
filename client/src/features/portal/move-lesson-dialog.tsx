// The student moves a lesson in one step: the policy first (notice, the package's free
// cancellations or moves left), then a free time from the booking flow's offer. The old time is
// released and the new one taken together; the teacher gets one email with both times.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { formatDate, formatDateTime, formatTime } from "../../../../shared/i18n/format.ts";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { isSessionExpired } from "../../lib/api.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { newIdempotencyKey, useSingleFlight } from "../../lib/single-flight.ts";
import { trpc } from "../../trpc.ts";
import { noticeText, PolicyVerdict } from "./policy-verdict.tsx";
import { useInvalidatePortal, usePortalQuery, useSessionExpiry, useTeacherZone } from "./portal-api.ts";
import { SlotPicker } from "./slot-picker.tsx";

export function MoveLessonDialog({ lessonId, onClose }: { lessonId: string | null; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const timeZone = useTeacherZone();
  const [selected, setSelected] = useState<string | null>(null);
  // One key per chosen time: a double tap, or a repeat after a lost answer, is one move.
  const [attempt, setAttempt] = useState(newIdempotencyKey);
  const flight = useSingleFlight();
  const select = (time: string | null) => {
    setSelected(time);
    setAttempt(newIdempotencyKey());
  };
  const toast = useToast();
  const onExpired = useSessionExpiry();
  const invalidate = useInvalidatePortal();
  const queryClient = useQueryClient();
  const move = useMutation(trpc.portal.moveLesson.mutationOptions());
  // Read afresh each time the dialog opens, never retried, not re-read once the lesson has moved.
  const checked = usePortalQuery({
    ...trpc.portal.moveCheck.queryOptions({ bookingId: lessonId ?? "" }),
    enabled: lessonId !== null && !move.isPending && !move.isSuccess,
    gcTime: 0,
    retry: false,
  });
  const check = checked.data ?? null;
  const loadError = checked.error && !isSessionExpired(checked.error) ? checked.error.message : null;

  useEffect(() => {
    if (lessonId) setSelected(null);
    move.reset();
  }, [lessonId, move.reset]);

  const confirm = () => flight.run(moveLesson);
  const moveLesson = async () => {
    if (!lessonId || !selected) return;
    try {
      const result = await move.mutateAsync({ booking_id: lessonId, lesson_date: selected, idempotency_key: attempt });
      toast({
        title: t("portal.move.done"),
        description: t("portal.move.doneText", {
          message: result.message,
          time: formatDateTime(locale, result.booking.lesson_date, { timeZone }),
        }),
        variant: "success",
      });
      await invalidate();
      onClose();
    } catch (error) {
      if (onExpired(error)) return;
      toast({ title: t("portal.move.failed"), description: (error as Error).message, variant: "destructive" });
      select(null);
      void queryClient.invalidateQueries({ queryKey: trpc.booking.availability.pathKey() });
      void checked.refetch();
    }
  };

  const allowed = check?.can_move ?? false;
  const zone = { timeZone };
  return (
    <Modal
      open={lessonId !== null}
      onClose={onClose}
      size="lg"
      title={t("portal.move.title")}
      description={check ? t("portal.move.now", { time: formatDateTime(locale, check.lesson_date, zone) }) : undefined}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {allowed ? t("portal.move.keep") : t("common.close")}
          </Button>
          {allowed && (
            <Button onClick={confirm} disabled={!selected || flight.busy}>
              {flight.busy
                ? t("portal.move.moving")
                : selected
                  ? t("portal.move.to", {
                      date: formatDate(locale, selected, { style: "short", ...zone }),
                      time: formatTime(locale, selected, zone),
                    })
                  : t("portal.move.choose")}
            </Button>
          )}
        </>
      }
    >
      <PolicyVerdict
        check={check}
        allowed={allowed}
        loadError={loadError}
        policy={(check) => <p>{t("portal.move.policy", { notice: noticeText(t, check.notice_hours) })}</p>}
        granted={(check) => (
          <>
            <p className="rounded-xl bg-emerald-50 px-3 py-2 text-emerald-900">
              {t("portal.move.granted", {
                deadline: formatDateTime(locale, check.deadline, zone),
                count: check.remaining_after,
              })}
            </p>
            <SlotPicker teacherId={check.teacher_id} selected={selected} onSelect={select} />
          </>
        )}
      />
    </Modal>
  );
}

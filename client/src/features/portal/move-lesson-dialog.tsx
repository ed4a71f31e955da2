// The student moves a lesson in one step: the policy first (notice, the package's free
// cancellations or moves left), then a free time from the booking flow's offer. The old time is
// released and the new one taken together; the teacher gets one email with both times.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { isSessionExpired } from "../../lib/api.ts";
import { formatDate, formatDateTime, formatTime } from "../../lib/format.ts";
import { trpc } from "../../trpc.ts";
import { PolicyVerdict } from "./policy-verdict.tsx";
import { useInvalidatePortal, usePortalQuery, useSessionExpiry, useTeacherZone } from "./portal-api.ts";
import { SlotPicker } from "./slot-picker.tsx";

export function MoveLessonDialog({ lessonId, onClose }: { lessonId: string | null; onClose: () => void }) {
  const timeZone = useTeacherZone();
  const [selected, setSelected] = useState<string | null>(null);
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

  const confirm = async () => {
    if (!lessonId || !selected) return;
    try {
      const result = await move.mutateAsync({ booking_id: lessonId, lesson_date: selected });
      toast({
        title: "Lesson Moved",
        description: `${result.message} New time: ${formatDateTime(result.booking.lesson_date, { timeZone })}.`,
        variant: "success",
      });
      await invalidate();
      onClose();
    } catch (error) {
      if (onExpired(error)) return;
      toast({ title: "Move Failed", description: (error as Error).message, variant: "destructive" });
      setSelected(null);
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
      title="Move this lesson"
      description={check ? `Now: ${formatDateTime(check.lesson_date, zone)} (Milano time)` : undefined}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {allowed ? "Keep this time" : "Close"}
          </Button>
          {allowed && (
            <Button onClick={confirm} disabled={!selected || move.isPending}>
              {move.isPending
                ? "Moving..."
                : selected
                  ? `Move to ${formatDate(selected, { style: "short", ...zone })}, ${formatTime(selected, zone)}`
                  : "Choose a new time"}
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
          <p>
            A move counts as one of your package's free cancellations or moves (one per 6 lessons), and needs at least{" "}
            {check.notice} notice. Single lessons cannot be moved.
          </p>
        )}
        granted={(check) => (
          <>
            <p className="rounded-xl bg-emerald-50 px-3 py-2 text-emerald-900">
              You can move this lesson until {formatDateTime(check.deadline, zone)}.{" "}
              {check.remaining_after === 0
                ? "After this move, no free cancellations or moves are left in this package."
                : `After this move, ${check.remaining_after} free cancellation${check.remaining_after === 1 ? "" : "s"} or move${check.remaining_after === 1 ? "" : "s"} will be left.`}
            </p>
            <SlotPicker teacherId={check.teacher_id} selected={selected} onSelect={setSelected} />
          </>
        )}
      />
    </Modal>
  );
}

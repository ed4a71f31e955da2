// The teacher moves a lesson to any free time of hers: a date and a start in her zone. Her buffers
// and the no-overlap rule apply on the server; the 48-hour notice does not. One step: the old time
// is released and the new one taken together, and the student gets one email with both times.
// Used by the booking dialog and open to any other view of a booking (the agenda).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Modal } from "../../components/ui/dialog.tsx";
import { FormActions } from "../../components/ui/form-actions.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { useSingleFlight } from "../../lib/single-flight.ts";
import { dateKeyInZone } from "../../lib/zoned-date.ts";
import { trpc } from "../../trpc.ts";
import { type AdminBooking, useAdminFailure } from "./admin-api.ts";
import { formatAdminDateTime, useAdminPrefs } from "./admin-format.ts";
import { TeacherWeekPicker } from "./teacher-week-picker.tsx";

/** What the move needs of a lesson: any list's row (the bookings, the agenda, days off) has it. */
type MovableLesson = Pick<AdminBooking, "id" | "lesson_date" | "status"> & { student: { name: string } };

export function MoveBookingDialog({
  booking,
  onClose,
  onMoved,
}: {
  booking: MovableLesson | null;
  onClose: () => void;
  onMoved?: (b: AdminBooking) => void;
}) {
  const prefs = useAdminPrefs();
  const tz = prefs.timezone;
  const t = useT();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const flight = useSingleFlight();

  useEffect(() => {
    if (!booking) return;
    setSelected(null);
    setError(null);
  }, [booking]);

  const move = useMutation(
    trpc.admin.bookings.update.mutationOptions({
      onSuccess: ({ booking: moved }) => {
        toast({
          title: t("admin.move.moved"),
          description: t("admin.move.movedText", { date: formatAdminDateTime(moved.lesson_date, prefs, true) }),
          variant: "success",
        });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.bookings.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.freeTimes.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.dashboardStats.queryKey() });
        onMoved?.(moved);
        onClose();
      },
      onError: (e) => {
        fail(e, t("admin.move.failed"));
        setSelected(null);
        void queryClient.invalidateQueries({ queryKey: trpc.admin.freeTimes.pathKey() });
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!booking) return;
    if (!selected) {
      setError(t("admin.move.chooseError"));
      return;
    }
    setError(null);
    const data = { status: booking.status, lesson_date: selected };
    void flight.run(() => move.mutateAsync({ id: booking.id, data }));
  };

  return (
    <Modal
      open={booking !== null}
      onClose={onClose}
      size="lg"
      title={t("admin.move.title")}
      description={
        booking
          ? t("admin.move.now", {
              name: booking.student.name,
              date: formatAdminDateTime(booking.lesson_date, prefs, true),
            })
          : undefined
      }
    >
      <form onSubmit={submit} noValidate aria-label={t("admin.move.formLabel")}>
        <p className="mb-4 text-sm text-slate-600">{t("admin.move.intro", { zone: tz })}</p>
        {booking && (
          <TeacherWeekPicker
            timeZone={tz}
            excludeBookingId={booking.id}
            initialDay={dateKeyInZone(booking.lesson_date, tz)}
            selected={selected}
            onSelect={(time) => {
              setSelected(time);
              setError(null);
            }}
          />
        )}
        {error && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {error}
          </p>
        )}
        <FormActions
          className="mt-5"
          onCancel={onClose}
          submitLabel={
            selected
              ? t("admin.move.submitTo", { date: formatAdminDateTime(selected, prefs, true) })
              : t("admin.move.submit")
          }
          pendingLabel={t("admin.move.pending")}
          isPending={flight.busy}
        />
      </form>
    </Modal>
  );
}

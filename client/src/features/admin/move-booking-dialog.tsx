// The teacher moves a lesson to any free time of hers: a date and a start in her zone. Her buffers
// and the no-overlap rule apply on the server; the 48-hour notice does not. One step: the old time
// is released and the new one taken together, and the student gets one email with both times.
// Used by the booking dialog and open to any other view of a booking (the agenda).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Modal } from "../../components/ui/dialog.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { FormActions } from "../../components/ui/form-actions.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { useSingleFlight } from "../../lib/single-flight.ts";
import { dateKeyInZone, timeKeyInZone, zonedInstant } from "../../lib/zoned-date.ts";
import { trpc } from "../../trpc.ts";
import { type AdminBooking, useAdminFailure } from "./admin-api.ts";
import { formatAdminDateTime, useAdminPrefs } from "./admin-format.ts";
import { CHOICES, TimeSelect } from "./availability-time.tsx";

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
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const [error, setError] = useState<string | null>(null);
  const flight = useSingleFlight();

  useEffect(() => {
    if (!booking) return;
    setDate(dateKeyInZone(booking.lesson_date, tz));
    setTime(timeKeyInZone(booking.lesson_date, tz));
    setError(null);
  }, [booking, tz]);

  const move = useMutation(
    trpc.admin.bookings.update.mutationOptions({
      onSuccess: ({ booking: moved }) => {
        toast({
          title: t("admin.move.moved"),
          description: t("admin.move.movedText", { date: formatAdminDateTime(moved.lesson_date, prefs, true) }),
          variant: "success",
        });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.bookings.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.dashboardStats.queryKey() });
        onMoved?.(moved);
        onClose();
      },
      onError: (e) => fail(e, t("admin.move.failed")),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!booking) return;
    if (!date || !time) {
      setError(t("admin.move.chooseError"));
      return;
    }
    const start = zonedInstant(date, time, tz);
    if (start.getTime() === new Date(booking.lesson_date).getTime()) {
      setError(t("admin.move.sameTime"));
      return;
    }
    if (start.getTime() <= Date.now()) {
      setError(t("admin.move.past"));
      return;
    }
    setError(null);
    const data = { status: booking.status, lesson_date: start.toISOString() };
    void flight.run(() => move.mutateAsync({ id: booking.id, data }));
  };

  const today = dateKeyInZone(new Date(), tz);
  return (
    <Modal
      open={booking !== null}
      onClose={onClose}
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
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t("admin.move.newDate")}
            type="date"
            required
            min={today}
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
          <TimeSelect label={t("admin.move.newTime")} value={time} onChange={setTime} choices={CHOICES} prefs={prefs} />
        </div>
        {error && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {error}
          </p>
        )}
        <FormActions
          className="mt-5"
          onCancel={onClose}
          submitLabel={t("admin.move.submit")}
          pendingLabel={t("admin.move.pending")}
          isPending={flight.busy}
        />
      </form>
    </Modal>
  );
}

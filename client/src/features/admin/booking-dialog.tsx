// The booking details dialog (panel 1): student info, lesson details, calendar file, notes and
// the update form (status required, notes, teacher, meeting link or location), and the move.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { BOOKING_STATUSES } from "../../../../shared/constants.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { bindValue } from "../../components/ui/bind-fields.ts";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { FormActions } from "../../components/ui/form-actions.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { useSingleFlight } from "../../lib/single-flight.ts";
import { trpc } from "../../trpc.ts";
import { type AdminBooking, useAdminFailure } from "./admin-api.ts";
import { formatAdminDateTime, useAdminPrefs } from "./admin-format.ts";
import { BookingDetails } from "./booking-details.tsx";
import { MoveBookingDialog } from "./move-booking-dialog.tsx";

const MEET_LINK_EXAMPLE = "https://meet.google.com/...";

const STATUS_LABELS: Record<(typeof BOOKING_STATUSES)[number], MessageKey> = {
  pending: "admin.status.pending",
  confirmed: "admin.status.confirmed",
  cancelled: "admin.status.cancelled",
  completed: "admin.status.completed",
};

export function BookingDialog({
  booking,
  mode = "details",
  onClose,
  onUpdated,
}: {
  booking: AdminBooking | null;
  mode?: "details" | "update";
  onClose: () => void;
  onUpdated?: (b: AdminBooking) => void;
}) {
  const prefs = useAdminPrefs();
  const t = useT();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const teachers = useQuery({ ...trpc.admin.teachers.queryOptions(), enabled: booking !== null });
  const [status, setStatus] = useState("");
  const [notes, setNotes] = useState("");
  const [teacherId, setTeacherId] = useState("");
  const [link, setLink] = useState("");
  const [location, setLocation] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);

  useEffect(() => {
    if (!booking) return;
    setMoving(false);
    setStatus(booking.status);
    setNotes(booking.notes ?? "");
    setTeacherId(booking.teacher_id ?? "");
    setLink(booking.google_meet_link ?? "");
    setLocation(booking.location ?? "");
    setError(null);
  }, [booking]);

  const flight = useSingleFlight();
  const update = useMutation(
    trpc.admin.bookings.update.mutationOptions({
      onSuccess: ({ booking: updated }) => {
        toast({
          title: t("admin.bookingDialog.success"),
          description: t("admin.bookingDialog.updated"),
          variant: "success",
        });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.bookings.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.dashboardStats.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.students.queryKey() });
        onUpdated?.(updated);
        onClose();
      },
      onError: (e) => fail(e, t("admin.bookingDialog.updateFailed")),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!status) {
      setError(t("admin.bookingDialog.selectStatusError"));
      return;
    }
    setError(null);
    if (!booking) return;
    void flight.run(() =>
      update.mutateAsync({
        id: booking.id,
        data: {
          status: status as AdminBooking["status"],
          notes: notes.trim() || null,
          teacher_id: teacherId || null,
          ...(booking.lesson_type === "online"
            ? { google_meet_link: link.trim() || null }
            : { location: location.trim() || null }),
        },
      }),
    );
  };

  if (!booking) return <Modal open={false} onClose={onClose} title="" />;
  const b = booking;
  return (
    <Modal
      open
      onClose={onClose}
      size={mode === "details" ? "xl" : "md"}
      title={t(mode === "update" ? "admin.bookingDialog.updateTitle" : "admin.bookingDialog.detailsTitle")}
      description={`${b.student.name} · ${formatAdminDateTime(b.lesson_date, prefs, true)}`}
    >
      {mode === "details" && <BookingDetails booking={b} prefs={prefs} />}
      {mode === "details" && (b.status === "pending" || b.status === "confirmed") && (
        <div className="mt-4">
          <Button variant="outline" size="sm" onClick={() => setMoving(true)}>
            {t("admin.bookingDialog.moveLesson")}
          </Button>
          <MoveBookingDialog
            booking={moving ? b : null}
            onClose={() => setMoving(false)}
            onMoved={(moved) => {
              onUpdated?.(moved);
              onClose();
            }}
          />
        </div>
      )}
      <form
        onSubmit={submit}
        noValidate
        className={mode === "details" ? "mt-6 border-t border-slate-100 pt-5" : ""}
        aria-label={t("admin.bookingDialog.formLabel")}
      >
        {mode === "details" && (
          <h3 className="mb-3 text-sm font-semibold text-slate-900">{t("admin.bookingDialog.updateTitle")}</h3>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("admin.bookingDialog.status")}
            required
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            options={BOOKING_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABELS[s]) }))}
            placeholder={t("admin.bookingDialog.selectStatus")}
            error={error}
          />
          <SelectField
            label={t("admin.bookingDialog.teacher")}
            value={teacherId}
            onChange={(e) => setTeacherId(e.target.value)}
            options={(teachers.data?.teachers ?? []).map((x) => ({ value: x.id, label: x.name }))}
            placeholder={t("admin.bookingDialog.unassigned")}
          />
          {b.lesson_type === "online" ? (
            <TextField
              className="sm:col-span-2"
              label={t("admin.bookingDialog.meetingLink")}
              type="url"
              inputMode="url"
              placeholder={MEET_LINK_EXAMPLE}
              {...bindValue(link, setLink)}
              hint={t("admin.bookingDialog.meetingHint")}
            />
          ) : (
            <TextField
              className="sm:col-span-2"
              label={t("admin.bookingDialog.location")}
              {...bindValue(location, setLocation)}
              placeholder={t("admin.bookingDialog.locationPlaceholder")}
            />
          )}
          <TextAreaField
            className="sm:col-span-2"
            label={t("admin.bookingDialog.notes")}
            rows={3}
            {...bindValue(notes, setNotes)}
          />
        </div>
        <FormActions
          className="mt-5"
          onCancel={onClose}
          submitLabel={t("admin.bookingDialog.updateTitle")}
          pendingLabel={t("admin.bookingDialog.saving")}
          isPending={flight.busy}
        />
      </form>
    </Modal>
  );
}

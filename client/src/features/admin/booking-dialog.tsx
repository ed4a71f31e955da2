// The booking details dialog (panel 1): student info, lesson details, calendar file, notes and
// the update form (status required, notes, teacher, meeting link or location), and the move.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { BOOKING_STATUSES } from "../../../../shared/constants.ts";
import { bindValue } from "../../components/ui/bind-fields.ts";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { FormActions } from "../../components/ui/form-actions.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { trpc } from "../../trpc.ts";
import { type AdminBooking, useAdminFailure } from "./admin-api.ts";
import { formatAdminDateTime, useAdminPrefs } from "./admin-format.ts";
import { BookingDetails } from "./booking-details.tsx";
import { MoveBookingDialog } from "./move-booking-dialog.tsx";

const statusOptions = BOOKING_STATUSES.map((s) => ({ value: s, label: s[0].toUpperCase() + s.slice(1) }));

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

  const update = useMutation(
    trpc.admin.bookings.update.mutationOptions({
      onSuccess: ({ booking: updated }) => {
        toast({ title: "Success", description: "Booking updated successfully!", variant: "success" });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.bookings.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.dashboardStats.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.students.queryKey() });
        onUpdated?.(updated);
        onClose();
      },
      onError: (e) => fail(e, "Failed to update booking."),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!status) {
      setError("Please select a status.");
      return;
    }
    setError(null);
    if (!booking) return;
    update.mutate({
      id: booking.id,
      data: {
        status: status as AdminBooking["status"],
        notes: notes.trim() || null,
        teacher_id: teacherId || null,
        ...(booking.lesson_type === "online"
          ? { google_meet_link: link.trim() || null }
          : { location: location.trim() || null }),
      },
    });
  };

  if (!booking) return <Modal open={false} onClose={onClose} title="" />;
  const b = booking;
  return (
    <Modal
      open
      onClose={onClose}
      size={mode === "details" ? "xl" : "md"}
      title={mode === "update" ? "Update Booking" : "Booking Details"}
      description={`${b.student.name} · ${formatAdminDateTime(b.lesson_date, prefs, true)}`}
    >
      {mode === "details" && <BookingDetails booking={b} prefs={prefs} />}
      {mode === "details" && (b.status === "pending" || b.status === "confirmed") && (
        <div className="mt-4">
          <Button variant="outline" size="sm" onClick={() => setMoving(true)}>
            Move lesson
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
        aria-label="Update booking"
      >
        {mode === "details" && <h3 className="mb-3 text-sm font-semibold text-slate-900">Update Booking</h3>}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Status"
            required
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            options={statusOptions}
            placeholder="Select status"
            error={error}
          />
          <SelectField
            label="Teacher"
            value={teacherId}
            onChange={(e) => setTeacherId(e.target.value)}
            options={(teachers.data?.teachers ?? []).map((t) => ({ value: t.id, label: t.name }))}
            placeholder="Unassigned"
          />
          {b.lesson_type === "online" ? (
            <TextField
              className="sm:col-span-2"
              label="Meeting link"
              type="url"
              inputMode="url"
              placeholder="https://meet.google.com/..."
              {...bindValue(link, setLink)}
              hint="Students see Join Meeting with this link."
            />
          ) : (
            <TextField
              className="sm:col-span-2"
              label="Location"
              {...bindValue(location, setLocation)}
              placeholder="Café, address or room"
            />
          )}
          <TextAreaField className="sm:col-span-2" label="Notes (optional)" rows={3} {...bindValue(notes, setNotes)} />
        </div>
        <FormActions
          className="mt-5"
          onCancel={onClose}
          submitLabel="Update Booking"
          pendingLabel="Saving..."
          isPending={update.isPending}
        />
      </form>
    </Modal>
  );
}

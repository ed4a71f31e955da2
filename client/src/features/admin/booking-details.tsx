// The read-only part of the booking details dialog: student and lesson, the cancellation, the
// notes and the calendar file.
import { StatusBadge } from "../../components/ui/badge.tsx";
import { DownloadIcon } from "../../components/ui/private-icons.tsx";
import { Link } from "../../lib/router.tsx";
import type { AdminBooking } from "./admin-api.ts";
import { type AdminPrefs, formatAdminDate, formatAdminDateTime, formatAdminTime, levelLabel } from "./admin-format.ts";
import { DetailRow } from "./admin-shell.tsx";

export function BookingDetails({ booking: b, prefs }: { booking: AdminBooking; prefs: AdminPrefs }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <section aria-labelledby="student-info" className="rounded-xl bg-slate-50 p-4">
        <h3 id="student-info" className="mb-2 text-sm font-semibold text-slate-900">
          Student Information
        </h3>
        <dl>
          <DetailRow label="Name">{b.student.name}</DetailRow>
          <DetailRow label="Booked by">
            {b.guardian ? `${b.guardian.name} (parent or guardian)` : "The student (18 or older)"}
          </DetailRow>
          <DetailRow label={b.guardian ? "Guardian's email" : "Email"}>
            <a className="text-blue-800 underline" href={`mailto:${b.student.email}`}>
              {b.student.email}
            </a>
          </DetailRow>
          <DetailRow label={b.guardian ? "Guardian's phone" : "Phone"}>{b.student.phone || "Not provided"}</DetailRow>
          <DetailRow label="English level">{levelLabel(b.student.english_level)}</DetailRow>
          <DetailRow label="Lesson focus">{b.student.lesson_focus || "Not specified"}</DetailRow>
        </dl>
      </section>
      <section aria-labelledby="lesson-info" className="rounded-xl bg-slate-50 p-4">
        <h3 id="lesson-info" className="mb-2 text-sm font-semibold text-slate-900">
          Lesson Details
        </h3>
        <dl>
          <DetailRow label="Date">{formatAdminDate(b.lesson_date, prefs, true)}</DetailRow>
          <DetailRow label="Time">
            {formatAdminTime(b.lesson_date, prefs)} – {formatAdminTime(b.lesson_end, prefs)}
          </DetailRow>
          <DetailRow label="Type">{b.lesson_type === "online" ? "Online" : "In-person"}</DetailRow>
          {b.lesson_type === "online" ? (
            <DetailRow label="Meeting link">
              {b.google_meet_link ? (
                <a className="text-blue-800 underline" href={b.google_meet_link} target="_blank" rel="noreferrer">
                  {b.google_meet_link}
                </a>
              ) : (
                "Not set yet"
              )}
            </DetailRow>
          ) : (
            <DetailRow label="Location">{b.location || "Not set yet"}</DetailRow>
          )}
          <DetailRow label="Status">
            <StatusBadge status={b.status} />
          </DetailRow>
          <DetailRow label="Teacher">{b.teacher?.name ?? "Unassigned"}</DetailRow>
          {b.order_id && (
            <DetailRow label="Order">
              <Link className="text-blue-800 underline" to={`/admin/orders?order=${b.order_id}`}>
                <code className="font-mono text-xs">{b.order_id.slice(0, 8)}</code>: all its lessons and payment
              </Link>
            </DetailRow>
          )}
          <DetailRow label="Created">{formatAdminDateTime(b.created_at, prefs)}</DetailRow>
        </dl>
      </section>
      {b.status === "cancelled" && (b.cancellation_reason || b.cancelled_by_student) && (
        <p className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900 sm:col-span-2">
          {b.cancelled_by_student ? "Cancelled by the student" : "Cancelled"}
          {b.cancellation_reason ? `: “${b.cancellation_reason}”` : "."}
        </p>
      )}
      <div className="sm:col-span-2">
        <h3 className="text-sm font-semibold text-slate-900">Current Notes</h3>
        <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{b.notes || "No notes yet."}</p>
        {b.student.notes && (
          <p className="mt-2 text-sm text-slate-600">
            <span className="font-medium">Student's message:</span> {b.student.notes}
          </p>
        )}
      </div>
      <div className="sm:col-span-2">
        <a
          href={`/api/calendar/booking/${b.id}/ics`}
          download
          className="inline-flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <DownloadIcon /> Download Calendar File
        </a>
      </div>
    </div>
  );
}

/** A booking's student as the lists show it: the learner, and the guardian who booked with their contact. */
export function BookingStudent({ booking: b, compact }: { booking: AdminBooking; compact?: boolean }) {
  return (
    <>
      <p className="font-semibold text-slate-900">{b.student.name}</p>
      {b.guardian && <p className="text-xs text-slate-700">Guardian: {b.guardian.name}</p>}
      <p className={`text-xs text-slate-500 ${compact ? "truncate" : ""}`}>{b.student.email}</p>
      {b.guardian?.phone && <p className="text-xs text-slate-500">{b.guardian.phone}</p>}
    </>
  );
}

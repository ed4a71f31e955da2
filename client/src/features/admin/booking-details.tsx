// The read-only part of the booking details dialog: student and lesson, the cancellation, the
// notes and the calendar file.
import { hasNoEmail } from "../../../../shared/no-email.ts";
import { StatusBadge } from "../../components/ui/badge.tsx";
import { DownloadIcon } from "../../components/ui/private-icons.tsx";
import { useT } from "../../lib/i18n.tsx";
import { Link } from "../../lib/router.tsx";
import type { AdminBooking } from "./admin-api.ts";
import { type AdminPrefs, formatAdminDate, formatAdminDateTime, formatAdminTime, levelLabel } from "./admin-format.ts";
import { cancellationReasonText } from "./admin-results.ts";
import { DetailRow } from "./admin-shell.tsx";

export function BookingDetails({ booking: b, prefs }: { booking: AdminBooking; prefs: AdminPrefs }) {
  const t = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <section aria-labelledby="student-info" className="rounded-xl bg-slate-50 p-4">
        <h3 id="student-info" className="mb-2 text-sm font-semibold text-slate-900">
          {t("admin.details.studentInfo")}
        </h3>
        <dl>
          <DetailRow label={t("admin.details.name")}>{b.student.name}</DetailRow>
          <DetailRow label={t("admin.details.bookedBy")}>
            {b.guardian
              ? t("admin.details.bookedByGuardian", { name: b.guardian.name })
              : t("admin.details.bookedBySelf")}
          </DetailRow>
          <DetailRow label={t(b.guardian ? "admin.details.guardianEmail" : "admin.details.email")}>
            {hasNoEmail(b.student.email) ? (
              t("admin.details.notProvided")
            ) : (
              <a className="text-blue-800 underline" href={`mailto:${b.student.email}`}>
                {b.student.email}
              </a>
            )}
          </DetailRow>
          <DetailRow label={t(b.guardian ? "admin.details.guardianPhone" : "admin.details.phone")}>
            {b.student.phone || t("admin.details.notProvided")}
          </DetailRow>
          <DetailRow label={t("admin.details.level")}>{levelLabel(b.student.english_level, t)}</DetailRow>
          <DetailRow label={t("admin.details.focus")}>
            {b.student.lesson_focus || t("admin.details.notSpecified")}
          </DetailRow>
        </dl>
      </section>
      <section aria-labelledby="lesson-info" className="rounded-xl bg-slate-50 p-4">
        <h3 id="lesson-info" className="mb-2 text-sm font-semibold text-slate-900">
          {t("admin.details.lessonDetails")}
        </h3>
        <dl>
          <DetailRow label={t("admin.details.date")}>{formatAdminDate(b.lesson_date, prefs, true)}</DetailRow>
          <DetailRow label={t("admin.details.time")}>
            {formatAdminTime(b.lesson_date, prefs)} – {formatAdminTime(b.lesson_end, prefs)}
          </DetailRow>
          <DetailRow label={t("admin.details.type")}>
            {t(b.lesson_type === "online" ? "admin.lessonType.online" : "admin.lessonType.inPerson")}
          </DetailRow>
          {b.lesson_type === "online" ? (
            <DetailRow label={t("admin.details.meetingLink")}>
              {b.google_meet_link ? (
                <a className="text-blue-800 underline" href={b.google_meet_link} target="_blank" rel="noreferrer">
                  {b.google_meet_link}
                </a>
              ) : (
                t("admin.details.notSetYet")
              )}
            </DetailRow>
          ) : (
            <DetailRow label={t("admin.details.location")}>{b.location || t("admin.details.notSetYet")}</DetailRow>
          )}
          <DetailRow label={t("admin.details.status")}>
            <StatusBadge status={b.status} />
          </DetailRow>
          <DetailRow label={t("admin.details.teacher")}>{b.teacher?.name ?? t("admin.bookings.unassigned")}</DetailRow>
          {b.order_id && (
            <DetailRow label={t("admin.details.order")}>
              <Link className="text-blue-800 underline" to={`/admin/orders?order=${b.order_id}`}>
                <code className="font-mono text-xs">{b.order_id.slice(0, 8)}</code>
                {t("admin.details.orderLink")}
              </Link>
            </DetailRow>
          )}
          <DetailRow label={t("admin.details.created")}>{formatAdminDateTime(b.created_at, prefs)}</DetailRow>
        </dl>
      </section>
      {b.status === "cancelled" && (b.cancellation_reason || b.cancelled_by_student) && (
        <p className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900 sm:col-span-2">
          {t(b.cancelled_by_student ? "admin.details.cancelledByStudent" : "admin.details.cancelled")}
          {b.cancellation_reason
            ? t("admin.bookings.quoted", { reason: cancellationReasonText(b.cancellation_reason, t) })
            : "."}
        </p>
      )}
      <div className="sm:col-span-2">
        <h3 className="text-sm font-semibold text-slate-900">{t("admin.details.currentNotes")}</h3>
        <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{b.notes || t("admin.details.noNotes")}</p>
        {b.student.notes && (
          <p className="mt-2 text-sm text-slate-600">
            <span className="font-medium">{t("admin.details.studentMessage")}</span> {b.student.notes}
          </p>
        )}
      </div>
      <div className="sm:col-span-2">
        <a
          href={`/api/calendar/booking/${b.id}/ics`}
          download
          className="inline-flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <DownloadIcon /> {t("admin.details.downloadIcs")}
        </a>
      </div>
    </div>
  );
}

/** A booking's student as the lists show it: the learner, and the guardian who booked with their contact. */
export function BookingStudent({ booking: b, compact }: { booking: AdminBooking; compact?: boolean }) {
  const t = useT();
  return (
    <>
      <p className="font-semibold text-slate-900">{b.student.name}</p>
      {b.guardian && <p className="text-xs text-slate-700">{t("admin.details.guardian", { name: b.guardian.name })}</p>}
      <p className={`text-xs text-slate-500 ${compact ? "truncate" : ""}`}>{b.student.email}</p>
      {b.guardian?.phone && <p className="text-xs text-slate-500">{b.guardian.phone}</p>}
    </>
  );
}

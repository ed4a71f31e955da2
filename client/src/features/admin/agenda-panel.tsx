// The teacher's agenda (issue 16, item 1): "Today" and "This week" in time order, laid over the
// open hours, each lesson with its student, type, place or meeting link and contact; the next
// lesson first, with Join, the address and call/WhatsApp, for a teacher on her phone.

import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { wasMissed } from "../../../../shared/constants.ts";
import { hasNoEmail } from "../../../../shared/no-email.ts";
import { Badge, StatusBadge } from "../../components/ui/badge.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { MailIcon, MapPinIcon, VideoIcon } from "../../components/ui/icons.tsx";
import { ChatIcon, PhoneIcon } from "../../components/ui/private-icons.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useT } from "../../lib/i18n.tsx";
import { addDays, type DateKey, dateKeyInZone, zonedInstant } from "../../lib/zoned-date.ts";
import { trpc } from "../../trpc.ts";
import type { AdminBooking } from "./admin-api.ts";
import { useLoadFailure } from "./admin-api.ts";
import { type AdminPrefs, formatAdminDate, formatAdminTime, useAdminPrefs } from "./admin-format.ts";
import { dayTimeline, whatsAppNumber } from "./agenda-timeline.ts";
import { AttendanceButtons, canMarkAttendance } from "./attendance-buttons.tsx";
import { BookLessonDialog } from "./book-lesson-dialog.tsx";
import { BookingDialog } from "./booking-dialog.tsx";
import { CalendarChangesCard } from "./calendar-changes-card.tsx";
import { CantComeAnswer } from "./cant-come-answer.tsx";
import { LessonReportDialog } from "./lesson-report-dialog.tsx";
import { MoveBookingDialog } from "./move-booking-dialog.tsx";

type View = "day" | "week";

const mapsLink = (place: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(place)}`;

function timeRange(b: AdminBooking, prefs: AdminPrefs) {
  return `${formatAdminTime(b.lesson_date, prefs)} – ${formatAdminTime(b.lesson_end, prefs)}`;
}

/** A day's heading: "Wed, 11/25/2026" in the teacher's format. */
const dayTitle = (day: DateKey, prefs: AdminPrefs) =>
  formatAdminDate(zonedInstant(day, "12:00", prefs.timezone), prefs, true);

/** Call, WhatsApp and email: what the student gave, as links a phone opens in the right app. */
function ContactLinks({ b, size = "sm" }: { b: AdminBooking; size?: "sm" | "md" }) {
  const { name, phone, email } = b.student;
  const t = useT();
  const cls = `${buttonClasses({ variant: "outline", size })} min-h-10`;
  return (
    <>
      {phone && (
        <>
          <a
            className={cls}
            href={`tel:${phone.replace(/[^\d+]/g, "")}`}
            aria-label={t("admin.agenda.callOf", { name })}
          >
            <PhoneIcon className="h-4 w-4 shrink-0" /> {t("admin.agenda.call")}
          </a>
          <a
            className={cls}
            href={`https://wa.me/${whatsAppNumber(phone)}`}
            target="_blank"
            rel="noreferrer"
            aria-label={t("admin.agenda.whatsAppOf", { name })}
          >
            <ChatIcon className="h-4 w-4 shrink-0" /> {t("admin.agenda.whatsApp")}
          </a>
        </>
      )}
      {!hasNoEmail(email) && (
        <a className={cls} href={`mailto:${email}`} aria-label={t("admin.agenda.emailOf", { name })}>
          <MailIcon className="h-4 w-4 shrink-0" /> {t("admin.agenda.email")}
        </a>
      )}
    </>
  );
}

/** Where the lesson happens: the meeting link or the address, or that it is not set yet. */
function Place({ b }: { b: AdminBooking }) {
  const t = useT();
  if (b.lesson_type === "online") {
    return (
      <p className="flex min-w-0 items-center gap-1.5 text-sm text-slate-700">
        <VideoIcon className="h-4 w-4 shrink-0 text-slate-500" />
        {b.google_meet_link ? (
          <a className="truncate text-blue-800 underline" href={b.google_meet_link} target="_blank" rel="noreferrer">
            {b.google_meet_link.replace(/^https:\/\//, "")}
          </a>
        ) : (
          <span className="text-slate-500">{t("admin.agenda.linkNotSet")}</span>
        )}
      </p>
    );
  }
  return (
    <p className="flex min-w-0 items-start gap-1.5 text-sm text-slate-700">
      <MapPinIcon className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
      {b.location ? (
        <a className="text-blue-800 underline" href={mapsLink(b.location)} target="_blank" rel="noreferrer">
          {b.location}
        </a>
      ) : (
        <span className="text-slate-500">{t("admin.agenda.placeNotSet")}</span>
      )}
    </p>
  );
}

type LessonActions = { onOpen: () => void; onMove: () => void; onMarked: () => void; onReport: () => void };

function LessonCard({
  b,
  prefs,
  onOpen,
  onMove,
  onMarked,
  onReport,
}: { b: AdminBooking; prefs: AdminPrefs } & LessonActions) {
  const t = useT();
  return (
    <article
      aria-label={`${timeRange(b, prefs)} ${b.student.name}`}
      className="rounded-xl border border-blue-200 bg-white p-3 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900 tabular-nums">{timeRange(b, prefs)}</p>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={b.lesson_type === "online" ? "blue" : "purple"}>
            {t(b.lesson_type === "online" ? "admin.lessonType.online" : "admin.agenda.inPerson")}
          </Badge>
          {/* A missed lesson: the pressed mark below says what happened, not "Completed". */}
          {!wasMissed(b.attendance) && <StatusBadge status={b.status} />}
        </div>
      </div>
      <p className="mt-1 font-medium text-slate-900">
        {b.student.name}
        {b.teacher === null && (
          <span className="ml-2 text-xs font-normal text-amber-800">{t("admin.agenda.unassigned")}</span>
        )}
      </p>
      {/* Issue 31: a child's lesson names the learner, and the guardian the contact buttons reach. */}
      {b.guardian && <p className="text-xs text-slate-600">{t("admin.details.guardian", { name: b.guardian.name })}</p>}
      <div className="mt-1">
        <Place b={b} />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <ContactLinks b={b} />
        {/* The lesson's own actions: Details opens the booking dialog; Move picks a new time. */}
        <Button
          size="sm"
          className="min-h-10"
          onClick={onOpen}
          aria-label={t("admin.agenda.detailsOf", { name: b.student.name })}
        >
          {t("admin.agenda.details")}
        </Button>
        {(b.status === "pending" || b.status === "confirmed") && (
          <Button
            size="sm"
            variant="outline"
            className="min-h-10"
            onClick={onMove}
            aria-label={t("admin.agenda.moveOf", { name: b.student.name })}
          >
            {t("admin.agenda.move")}
          </Button>
        )}
      </div>
      {b.cant_come?.status === "awaiting_teacher" && <CantComeAnswer b={b} onAnswered={onMarked} />}
      {canMarkAttendance(b) && <AttendanceButtons b={b} onMarked={onMarked} />}
      {canMarkAttendance(b) && (
        <Button
          size="sm"
          variant={b.has_report ? "outline" : "accent"}
          className="mt-2 min-h-11 w-full"
          onClick={onReport}
          aria-label={t(b.has_report ? "admin.report.editOf" : "admin.report.writeOf", { name: b.student.name })}
        >
          {t(b.has_report ? "admin.report.edit" : "admin.report.write")}
        </Button>
      )}
    </article>
  );
}

function NextLessonCard({ b, prefs, onOpen }: { b: AdminBooking; prefs: AdminPrefs; onOpen: () => void }) {
  const t = useT();
  const now = Date.now();
  const isNow = Date.parse(b.lesson_date) <= now && now < Date.parse(b.lesson_end);
  const day = dateKeyInZone(b.lesson_date, prefs.timezone);
  const today = dateKeyInZone(new Date(), prefs.timezone);
  const when =
    day === today
      ? t("admin.agenda.today")
      : day === addDays(today, 1)
        ? t("admin.agenda.tomorrow")
        : formatAdminDate(b.lesson_date, prefs, true);
  return (
    <section aria-labelledby="next-lesson" className="rounded-2xl bg-blue-900 p-4 text-white shadow-md sm:p-5">
      <h2 id="next-lesson" className="text-xs font-semibold tracking-wide text-amber-300 uppercase">
        {t(isNow ? "admin.agenda.lessonNow" : "admin.agenda.nextLesson")}
      </h2>
      <p className="mt-1 text-lg font-bold">
        {when}, {timeRange(b, prefs)}
      </p>
      <p className="text-blue-100">
        {b.student.name} · {t(b.lesson_type === "online" ? "admin.lessonType.online" : "admin.agenda.inPerson")}
      </p>
      <div className="mt-3 flex flex-col gap-2">
        {b.lesson_type === "online" ? (
          b.google_meet_link ? (
            <a
              href={b.google_meet_link}
              target="_blank"
              rel="noreferrer"
              className={`${buttonClasses({ variant: "accent", size: "lg" })} w-full`}
            >
              <VideoIcon className="h-5 w-5" /> {t("admin.agenda.join")}
            </a>
          ) : (
            <p className="rounded-lg bg-blue-800 px-3 py-2 text-sm">{t("admin.agenda.linkNotSetFull")}</p>
          )
        ) : b.location ? (
          <a
            href={mapsLink(b.location)}
            target="_blank"
            rel="noreferrer"
            className="flex items-start gap-2 rounded-lg bg-blue-800 px-3 py-2 text-sm underline-offset-2 hover:underline"
          >
            <MapPinIcon className="mt-0.5 h-4 w-4 shrink-0" /> {b.location}
          </a>
        ) : (
          <p className="rounded-lg bg-blue-800 px-3 py-2 text-sm">{t("admin.agenda.placeNotSetFull")}</p>
        )}
        <div className="flex flex-wrap gap-2 [&>a]:flex-1 [&>a]:bg-white [&>a]:text-slate-900">
          <ContactLinks b={b} size="md" />
        </div>
        <Button variant="ghost" className="text-white hover:bg-blue-800" onClick={onOpen}>
          {t("admin.agenda.details")}
        </Button>
      </div>
    </section>
  );
}

function DaySection({
  day,
  data,
  prefs,
  isToday,
  onOpen,
  onMove,
  onMarked,
  onReport,
}: {
  day: DateKey;
  data: {
    openHours: { start: string; end: string }[];
    lessons: AdminBooking[];
    busyTimes: { startTime: string; endTime: string; calendar: string }[];
  };
  prefs: AdminPrefs;
  isToday: boolean;
  onOpen: (b: AdminBooking) => void;
  onMove: (b: AdminBooking) => void;
  onMarked: () => void;
  onReport: (b: AdminBooking) => void;
}) {
  const t = useT();
  const entries = dayTimeline(day, data.openHours, data.lessons, prefs.timezone);
  // A busy time shows on every day it touches (an all-day event on its day).
  const busy = data.busyTimes.filter(
    (b) =>
      dateKeyInZone(b.startTime, prefs.timezone) <= day &&
      dateKeyInZone(new Date(Date.parse(b.endTime) - 1), prefs.timezone) >= day,
  );
  const count = entries.reduce((n, e) => n + (e.kind === "open" ? e.lessons.length : 1), 0);
  const hours = (e: { start: string; end: string }) =>
    `${formatAdminTime(e.start, prefs)} – ${formatAdminTime(e.end, prefs)}`;
  return (
    <section aria-labelledby={`day-${day}`} className="rounded-2xl border border-slate-200 bg-white p-3 sm:p-4">
      <h3 id={`day-${day}`} className="flex items-center justify-between gap-2 font-semibold text-slate-900">
        <span>
          {dayTitle(day, prefs)}
          {isToday && (
            <Badge tone="amber" className="ml-2">
              {t("admin.agenda.today")}
            </Badge>
          )}
        </span>
        <span className="text-xs font-normal text-slate-500">
          {count === 0 ? t("admin.agenda.noLessons") : t("admin.agenda.lessonCount", { count })}
        </span>
      </h3>
      {busy.length > 0 && (
        <ul className="mt-3 grid gap-1" aria-label={t("admin.calendars.title")}>
          {busy.map((b) => (
            <li
              key={`${b.startTime}-${b.endTime}-${b.calendar}`}
              className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700"
            >
              <span className="tabular-nums">
                {formatAdminTime(b.startTime, prefs)} – {formatAdminTime(b.endTime, prefs)}
              </span>{" "}
              {t("admin.calendars.busy", { calendar: b.calendar })}
            </li>
          ))}
        </ul>
      )}
      {entries.length === 0 && busy.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t("admin.agenda.nothing")}</p>
      ) : (
        entries.length > 0 && (
          <ol className="mt-3 space-y-3" aria-label={t("admin.agenda.dayList", { day: dayTitle(day, prefs) })}>
            {entries.map((e) =>
              e.kind === "open" ? (
                <li
                  key={`open-${e.start}`}
                  className="rounded-xl border border-dashed border-emerald-300 bg-emerald-50/60 p-2"
                >
                  <p className="px-1 text-xs font-semibold text-emerald-900">
                    {t("admin.agenda.openHours", { hours: hours(e) })}
                  </p>
                  {e.lessons.length === 0 ? (
                    <p className="px-1 pt-1 text-sm text-emerald-900/80">{t("admin.agenda.free")}</p>
                  ) : (
                    <ol className="mt-2 space-y-2">
                      {e.lessons.map((b) => (
                        <li key={b.id}>
                          <LessonCard
                            b={b}
                            prefs={prefs}
                            onOpen={() => onOpen(b)}
                            onMove={() => onMove(b)}
                            onMarked={onMarked}
                            onReport={() => onReport(b)}
                          />
                        </li>
                      ))}
                    </ol>
                  )}
                </li>
              ) : (
                <li key={e.lesson.id}>
                  <LessonCard
                    b={e.lesson}
                    prefs={prefs}
                    onOpen={() => onOpen(e.lesson)}
                    onMove={() => onMove(e.lesson)}
                    onMarked={onMarked}
                    onReport={() => onReport(e.lesson)}
                  />
                </li>
              ),
            )}
          </ol>
        )
      )}
    </section>
  );
}

function ToggleButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`min-h-10 rounded-lg px-4 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-blue-700 ${
        pressed ? "bg-white text-blue-900 shadow-sm" : "text-slate-600 hover:text-slate-900"
      }`}
    >
      {children}
    </button>
  );
}

export function AgendaPanel() {
  const prefs = useAdminPrefs();
  const t = useT();
  const today = dateKeyInZone(new Date(), prefs.timezone);
  const [view, setView] = useState<View>("day");
  const [date, setDate] = useState<DateKey | null>(null);
  const shown = date ?? today;
  const [open, setOpen] = useState<AdminBooking | null>(null);
  const [moving, setMoving] = useState<AdminBooking | null>(null);
  const [reporting, setReporting] = useState<AdminBooking | null>(null);
  const [booking, setBooking] = useState(false);
  const agenda = useQuery({
    ...trpc.admin.agenda.queryOptions({ view, date: shown }),
    // The next lesson moves on as lessons end.
    refetchInterval: 60_000,
  });
  useLoadFailure(agenda.error, t("admin.agenda.loadFailed"));
  const data = agenda.data;
  const step = view === "day" ? 1 : 7;
  const isCurrent = data ? data.days.includes(today) : true;
  const choose = (next: View) => {
    setView(next);
    setDate(null);
  };
  const lessonCount = data?.lessons.length ?? 0;

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="order-2 min-w-0 lg:order-1">
        <CalendarChangesCard className="mb-4" />
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <fieldset className="inline-flex min-w-0 rounded-xl border-0 bg-slate-100 p-1">
            <legend className="sr-only">{t("admin.agenda.view")}</legend>
            <ToggleButton pressed={view === "day" && isCurrent} onClick={() => choose("day")}>
              {t("admin.agenda.today")}
            </ToggleButton>
            <ToggleButton pressed={view === "week" && isCurrent} onClick={() => choose("week")}>
              {t("admin.agenda.thisWeek")}
            </ToggleButton>
          </fieldset>
          <Button size="sm" onClick={() => setBooking(true)}>
            {t("admin.book.open")}
          </Button>
          <div className="flex items-center gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => setDate(addDays(shown, -step))}
              aria-label={t(view === "day" ? "admin.agenda.previousDay" : "admin.agenda.previousWeek")}
            >
              ←
            </Button>
            <p className="min-w-32 text-center text-sm font-semibold text-slate-900" aria-live="polite">
              {data
                ? view === "day"
                  ? dayTitle(data.days[0], prefs)
                  : `${dayTitle(data.days[0], prefs)} – ${dayTitle(data.days[6], prefs)}`
                : ""}
            </p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setDate(addDays(shown, step))}
              aria-label={t(view === "day" ? "admin.agenda.nextDay" : "admin.agenda.nextWeek")}
            >
              →
            </Button>
          </div>
        </div>

        {agenda.isPending ? (
          <Spinner label={t("admin.agenda.loading")} />
        ) : !data ? (
          <EmptyState title={t("admin.agenda.loadFailed")} />
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-600">
              {lessonCount === 0
                ? t(view === "day" ? "admin.agenda.noneDay" : "admin.agenda.noneWeek")
                : t("admin.agenda.summary", { count: lessonCount })}
            </p>
            <div className="space-y-4">
              {data.days.map((day) => (
                <DaySection
                  key={day}
                  day={day}
                  data={data}
                  prefs={prefs}
                  isToday={day === today}
                  onOpen={setOpen}
                  onMove={setMoving}
                  onMarked={() => void agenda.refetch()}
                  onReport={setReporting}
                />
              ))}
            </div>
          </>
        )}
      </div>

      <aside className="order-1 lg:order-2 lg:sticky lg:top-20 lg:self-start">
        {data?.next ? (
          <NextLessonCard b={data.next} prefs={prefs} onOpen={() => setOpen(data.next)} />
        ) : data ? (
          <Card className="p-4 text-sm text-slate-600">{t("admin.agenda.noUpcoming")}</Card>
        ) : null}
      </aside>
      <BookingDialog booking={open} onClose={() => setOpen(null)} onUpdated={() => void agenda.refetch()} />
      <MoveBookingDialog booking={moving} onClose={() => setMoving(null)} onMoved={() => void agenda.refetch()} />
      <LessonReportDialog
        booking={reporting}
        onClose={() => setReporting(null)}
        onSaved={() => void agenda.refetch()}
      />
      <BookLessonDialog open={booking} onClose={() => setBooking(false)} onBooked={() => void agenda.refetch()} />
    </div>
  );
}

import { wasMissed } from "../../../../shared/constants.ts";
import { formatDate, formatTime } from "../../../../shared/i18n/format.ts";
import { INTL_TAGS } from "../../../../shared/i18n/locales.ts";
import { Badge, type BadgeTone, StatusBadge } from "../../components/ui/badge.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { CalendarIcon, MapPinIcon, VideoIcon } from "../../components/ui/icons.tsx";
import { ChatIcon } from "../../components/ui/private-icons.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { phoneDigits, whatsappLink } from "../../lib/whatsapp.ts";
import { lessonContactMessage } from "./contact-links.ts";
import { LessonReport } from "./lesson-report.tsx";
import { type Lesson, useTeacherZone } from "./portal-api.ts";

export const isOnline = (lesson: Lesson) => lesson.lesson_type === "online";
const isActive = (status: string) => status === "pending" || status === "confirmed";
/** Whether the lesson's time has come: it can no longer be cancelled (the server refuses too). */
export const isStarted = (lesson: Pick<Lesson, "lesson_date">) => new Date(lesson.lesson_date).getTime() <= Date.now();

const ATTENDANCE = {
  attended: { key: "portal.attendance.attended", tone: "green" },
  no_show: { key: "portal.attendance.no_show", tone: "red" },
  late_cancellation: { key: "portal.attendance.late_cancellation", tone: "amber" },
} as const satisfies Record<NonNullable<Lesson["attendance"]>, { key: string; tone: BadgeTone }>;

/**
 * The lesson's status and, once the teacher (or the job) marked it, what happened (issue 31); a
 * missed lesson shows only the mark ("No-show"), never "Completed" beside it.
 */
function LessonBadges({ lesson }: { lesson: Lesson }) {
  const t = useT();
  const mark = lesson.attendance ? ATTENDANCE[lesson.attendance] : null;
  return (
    <div className="flex flex-wrap gap-1.5">
      {!wasMissed(lesson.attendance) && <StatusBadge status={lesson.status} />}
      {mark && <Badge tone={mark.tone}>{t(mark.key)}</Badge>}
    </div>
  );
}

/** The date block on the left of a card: weekday, day and month. */
function DateBlock({ date, muted }: { date: string; muted?: boolean }) {
  const zone = { timeZone: useTeacherZone() };
  const locale = useLocale();
  const d = new Date(date);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(INTL_TAGS[locale], { ...options, ...zone }).format(d);
  return (
    <div
      className={`flex h-16 w-16 shrink-0 flex-col items-center justify-center rounded-xl ${muted ? "bg-slate-100 text-slate-600" : "bg-blue-50 text-blue-900"}`}
      aria-hidden="true"
    >
      <span className="text-[11px] font-semibold uppercase tracking-wide">{part({ month: "short" })}</span>
      <span className="text-2xl leading-none font-bold">{part({ day: "numeric" })}</span>
      <span className="text-[11px]">{part({ weekday: "short" })}</span>
    </div>
  );
}

function LessonWhere({ lesson }: { lesson: Lesson }) {
  const t = useT();
  return (
    <>
      {lesson.learner_name && (
        <p className="text-sm font-medium text-slate-800">{t("portal.lesson.for", { name: lesson.learner_name })}</p>
      )}
      <p className="flex items-center gap-1.5 text-sm text-slate-600">
        {isOnline(lesson) ? <VideoIcon className="h-4 w-4 shrink-0" /> : <MapPinIcon className="h-4 w-4 shrink-0" />}
        <span>
          {isOnline(lesson) ? t("portal.lesson.online") : t("portal.lesson.inPerson")}
          {lesson.location ? ` · ${lesson.location}` : ""}
        </span>
      </p>
    </>
  );
}

/** Dashboard row: date, time, type, status and the Contact button (pending or confirmed only). */
export function UpcomingLessonRow({ lesson, phone }: { lesson: Lesson; phone: string | null }) {
  const t = useT();
  const locale = useLocale();
  const zone = { timeZone: useTeacherZone() };
  const canContact = isActive(lesson.status);
  const hasPhone = phoneDigits(phone).length > 0;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <DateBlock date={lesson.lesson_date} />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {formatDate(locale, lesson.lesson_date, { style: "short", ...zone })} ·{" "}
            {formatTime(locale, lesson.lesson_date, zone)}
          </p>
          <LessonWhere lesson={lesson} />
        </div>
      </div>
      <div className="flex items-center gap-2 pl-20 sm:justify-end sm:pl-0">
        <StatusBadge status={lesson.status} />
        {canContact &&
          (hasPhone && phone ? (
            <a
              href={whatsappLink(phone, lessonContactMessage(t, locale, lesson.lesson_date, zone.timeZone))}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ variant: "outline", size: "sm" })}
            >
              <ChatIcon className="h-4 w-4" /> {t("portal.lesson.contact")}
            </a>
          ) : (
            <Button variant="outline" size="sm" disabled title={t("portal.lesson.noPhone")}>
              <ChatIcon className="h-4 w-4" /> {t("portal.lesson.contact")}
            </Button>
          ))}
      </div>
    </li>
  );
}

/** My Lessons card. */
export function LessonCard({
  lesson,
  onCancel,
  onMove,
}: {
  lesson: Lesson;
  onCancel?: (lesson: Lesson) => void;
  onMove?: (lesson: Lesson) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const zone = { timeZone: useTeacherZone() };
  const past = !isActive(lesson.status);
  const started = isStarted(lesson);
  const awaitingTeacher = lesson.status === "pending" && started;
  const canJoin = lesson.status === "confirmed" && Boolean(lesson.google_meet_link);
  return (
    <Card className="p-4 sm:p-5">
      <article
        aria-label={t("portal.lesson.label", {
          date: formatDate(locale, lesson.lesson_date, { style: "long", ...zone }),
        })}
        className="flex gap-4"
      >
        <DateBlock date={lesson.lesson_date} muted={past} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <p className="font-semibold text-slate-900">
                {t("portal.lesson.when", {
                  date: formatDate(locale, lesson.lesson_date, { style: "short", ...zone }),
                  time: formatTime(locale, lesson.lesson_date, zone),
                })}
              </p>
              <p className="text-sm text-slate-500">
                {formatDate(locale, lesson.lesson_date, { style: "long", ...zone })}
              </p>
            </div>
            <LessonBadges lesson={lesson} />
          </div>
          <div className="mt-2">
            <LessonWhere lesson={lesson} />
          </div>
          {awaitingTeacher && (
            <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {t("portal.lesson.awaitingTeacher")}
            </p>
          )}
          {wasMissed(lesson.attendance) && (
            <p className="mt-2 text-sm text-slate-600">{t("portal.attendance.spent")}</p>
          )}
          {lesson.notes && (
            <p className="mt-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">{lesson.notes}</p>
          )}
          {lesson.report && <LessonReport lessonId={lesson.id} report={lesson.report} />}
          <div className="mt-4 flex flex-wrap gap-2">
            {canJoin && lesson.google_meet_link && (
              <a
                href={lesson.google_meet_link}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses({ variant: "primary", size: "sm" })}
              >
                <VideoIcon className="h-4 w-4" /> {t("portal.lesson.join")}
              </a>
            )}
            <a
              href={`/api/calendar/booking/${lesson.id}/ics`}
              className={buttonClasses({ variant: "outline", size: "sm" })}
            >
              <CalendarIcon className="h-4 w-4" /> {t("portal.lesson.addToCalendar")}
            </a>
            {onMove && !past && !started && (
              <Button variant="outline" size="sm" onClick={() => onMove(lesson)}>
                {t("portal.lesson.move")}
              </Button>
            )}
            {onCancel && !past && !started && (
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700 hover:bg-red-50"
                onClick={() => onCancel(lesson)}
              >
                {t("portal.lesson.cancel")}
              </Button>
            )}
          </div>
        </div>
      </article>
    </Card>
  );
}

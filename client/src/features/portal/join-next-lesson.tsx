// The next online lesson's Join button wherever the student is in the portal: in the header on
// every page and on the dashboard, from a quarter of an hour before the lesson until it ends.
import { useEffect, useState } from "react";
import { UPCOMING_LESSONS_LIMIT } from "../../../../shared/constants.ts";
import { formatTime } from "../../../../shared/i18n/format.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { VideoIcon } from "../../components/ui/icons.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { type Lesson, useLessons, useTeacherZone } from "./portal-api.ts";

/** How long before its start a lesson's Join button appears outside My Lessons. */
export const JOIN_OPENS_MINUTES = 15;

/** The confirmed online lesson that can be joined at `now`, if any (the earliest). */
export function joinableLesson(lessons: readonly Lesson[], now: number): Lesson | null {
  const opensBefore = JOIN_OPENS_MINUTES * 60_000;
  return (
    lessons.find(
      (l) =>
        l.status === "confirmed" &&
        Boolean(l.google_meet_link) &&
        new Date(l.lesson_date).getTime() - opensBefore <= now &&
        now < new Date(l.end_date).getTime(),
    ) ?? null
  );
}

/** The time now, again every half minute, so a button appears and goes without a reload. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** The same query as the dashboard's upcoming list, so the header asks nothing more there. */
function useJoinableLesson(): Lesson | null {
  const lessons = useLessons({ upcoming: true, limit: UPCOMING_LESSONS_LIMIT });
  const now = useNow();
  return joinableLesson(lessons.data?.lessons ?? [], now);
}

function JoinLink({ lesson, label, className }: { lesson: Lesson; label: string; className: string }) {
  return (
    <a href={lesson.google_meet_link ?? undefined} target="_blank" rel="noopener noreferrer" className={className}>
      <VideoIcon className="h-4 w-4" /> {label}
    </a>
  );
}

/** The header's button: on a phone under the top bar, on a desktop in the sidebar (`className` places it). */
export function HeaderJoinButton({ className }: { className: string }) {
  const t = useT();
  const locale = useLocale();
  const timeZone = useTeacherZone();
  const lesson = useJoinableLesson();
  if (!lesson) return null;
  return (
    <div className={className}>
      <JoinLink
        lesson={lesson}
        label={t("portal.join.header", { time: formatTime(locale, lesson.lesson_date, { timeZone }) })}
        className={`${buttonClasses({ variant: "primary" })} w-full`}
      />
    </div>
  );
}

/** The dashboard's card: when the lesson is, and Join Meeting. */
export function DashboardJoinCard() {
  const t = useT();
  const locale = useLocale();
  const timeZone = useTeacherZone();
  const lesson = useJoinableLesson();
  if (!lesson) return null;
  const started = new Date(lesson.lesson_date).getTime() <= Date.now();
  return (
    <section
      aria-label={t("portal.join.region")}
      className="mb-6 flex flex-col gap-3 rounded-2xl bg-emerald-50 p-4 ring-1 ring-emerald-200 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <p className="font-semibold text-emerald-950">
        {t("portal.join.when", {
          started: started ? "yes" : "no",
          time: formatTime(locale, lesson.lesson_date, { timeZone }),
        })}
      </p>
      <JoinLink
        lesson={lesson}
        label={t("portal.lesson.join")}
        className={`${buttonClasses({ variant: "primary" })} shrink-0`}
      />
    </section>
  );
}

// Study time and streaks (§9). Weeks are ISO weeks (Monday to Sunday) in the teacher's zone, so
// a Sunday-evening lesson in Milano belongs to the same week wherever the server runs.
import { DateTime } from "luxon";
import { LESSON_MINUTES, TEACHER_TIMEZONE } from "../../../shared/constants.ts";

/** 60 minutes per completed lesson. */
export const studyMinutesFor = (completedLessons: number) => completedLessons * LESSON_MINUTES;

function weekStart(instant: Date, zone: string): DateTime {
  // startOf("week") is ISO: Monday 00:00 in the zone.
  return DateTime.fromJSDate(instant, { zone }).startOf("week");
}

/**
 * The longest run of consecutive ISO weeks with at least one completed lesson. Consecutive means
 * the next week's Monday is exactly one week later, so week 53 of 2026 runs on into week 1 of 2027.
 */
export function longestWeekStreak(lessonDates: Date[], zone = TEACHER_TIMEZONE): number {
  const mondays = [...new Set(lessonDates.map((d) => weekStart(d, zone).toISODate()))]
    .filter((d): d is string => d !== null)
    .sort();
  let longest = 0;
  let run = 0;
  let previous: DateTime | null = null;
  for (const iso of mondays) {
    const monday = DateTime.fromISO(iso, { zone });
    run = previous?.plus({ weeks: 1 }).hasSame(monday, "day") ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = monday;
  }
  return longest;
}

export type WeekCount = { weekStart: string; label: string; count: number };

/** Completed lessons per ISO week for the `weeks` weeks ending with the week of `now` (oldest first). */
export function lessonsPerWeek(lessonDates: Date[], now: Date, weeks = 12, zone = TEACHER_TIMEZONE): WeekCount[] {
  const counts = new Map<string, number>();
  for (const d of lessonDates) {
    const key = weekStart(d, zone).toISODate();
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const current = weekStart(now, zone);
  return Array.from({ length: weeks }, (_, i) => {
    const monday = current.minus({ weeks: weeks - 1 - i });
    const key = monday.toISODate() ?? "";
    return { weekStart: key, label: monday.setLocale("en-US").toFormat("MMM d"), count: counts.get(key) ?? 0 };
  });
}

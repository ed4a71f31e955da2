// Expands the weekly schedule template into concrete slots. Times are wall-clock times in the
// teacher's zone, so 09:00 stays 09:00 on both sides of a daylight-saving change.
import { DateTime } from "luxon";
import { findOverlappingPairs, minutesToTime, timeToMinutes } from "../../../shared/admin-rules.ts";

export type WeeklyEntry = { dayOfWeek: number; startTime: string; duration: number };
export type ExpandedSlot = { startsAt: Date; endsAt: Date };

export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** Problems of the template itself: slots past midnight and overlaps within a day. */
export function templateProblems(schedule: WeeklyEntry[]): string[] {
  const problems: string[] = [];
  for (const entry of schedule) {
    if (timeToMinutes(entry.startTime) + entry.duration > 24 * 60) {
      problems.push(`${DAY_NAMES[entry.dayOfWeek]} ${entry.startTime}: a slot must end by midnight.`);
    }
  }
  for (let day = 0; day < 7; day++) {
    const slots = schedule
      .filter((e) => e.dayOfWeek === day)
      .map((e) => ({
        startTime: e.startTime,
        endTime: minutesToTime(Math.min(timeToMinutes(e.startTime) + e.duration, 24 * 60 - 1)),
      }));
    for (const [i, j] of findOverlappingPairs(slots)) {
      problems.push(
        `${DAY_NAMES[day]}: ${slots[i].startTime}-${slots[i].endTime} overlaps ${slots[j].startTime}-${slots[j].endTime}.`,
      );
    }
  }
  return problems;
}

/**
 * Every occurrence in the next `weeksAhead` weeks, from today (in `zone`) on; occurrences that
 * have already started are skipped. A wall-clock time that does not exist on a spring-forward
 * day moves forward with the clock (luxon's rule).
 */
export function expandWeeklySchedule(
  schedule: WeeklyEntry[],
  opts: { weeksAhead: number; zone: string; now?: Date },
): ExpandedSlot[] {
  const now = DateTime.fromJSDate(opts.now ?? new Date()).setZone(opts.zone);
  const today = now.startOf("day");
  const out: ExpandedSlot[] = [];
  for (let d = 0; d < opts.weeksAhead * 7; d++) {
    const date = today.plus({ days: d });
    const dayOfWeek = date.weekday % 7; // luxon: Monday 1 ... Sunday 7; the spec: Sunday 0
    for (const entry of schedule) {
      if (entry.dayOfWeek !== dayOfWeek) continue;
      const minutes = timeToMinutes(entry.startTime);
      const start = DateTime.fromObject(
        { year: date.year, month: date.month, day: date.day, hour: Math.floor(minutes / 60), minute: minutes % 60 },
        { zone: opts.zone },
      );
      if (start <= now) continue;
      out.push({ startsAt: start.toJSDate(), endsAt: start.plus({ minutes: entry.duration }).toJSDate() });
    }
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** The same wall-clock time, weekly, `weeks` times from `first` on. */
export function weeklyRepeats(first: Date, durationMinutes: number, weeks: number, zone: string): ExpandedSlot[] {
  const start = DateTime.fromJSDate(first).setZone(zone);
  return Array.from({ length: weeks }, (_, w) => {
    const s = start.plus({ weeks: w });
    return { startsAt: s.toJSDate(), endsAt: s.plus({ minutes: durationMinutes }).toJSDate() };
  });
}

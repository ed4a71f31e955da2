// A weekly cap (issue 31, item 7): the teacher may allow a learner, or a whole family, at most N
// lessons a week. A week is Monday 00:00 to the next Monday 00:00 in the teacher's zone (Milano's
// week, whichever language the family reads): a lesson at 23:30 on Sunday and one at 00:30 on
// Monday fall in two weeks even though they are an hour apart.
import { DateTime } from "luxon";

export type WeekBounds = { start: Date; end: Date };

/** The teacher's week holding this instant: Monday 00:00 to the next Monday 00:00 in `zone`. */
export function weekOf(instant: Date, zone: string): WeekBounds {
  const monday = DateTime.fromJSDate(instant, { zone }).startOf("week");
  return { start: monday.toJSDate(), end: monday.plus({ weeks: 1 }).toJSDate() };
}

/** The new lessons' starts grouped by the teacher's week, earliest week first. */
export function groupByWeek(starts: readonly Date[], zone: string) {
  const weeks = new Map<number, WeekBounds & { adding: number }>();
  for (const start of starts) {
    const week = weekOf(start, zone);
    const key = week.start.getTime();
    const known = weeks.get(key);
    if (known) known.adding += 1;
    else weeks.set(key, { ...week, adding: 1 });
  }
  return [...weeks.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

export type WeekCount = WeekBounds & { adding: number; held: number };

/** The first week the new lessons would take past `cap`, or null when every week has room. */
export function firstWeekOverCap(weeks: readonly WeekCount[], cap: number | null): WeekCount | null {
  if (cap === null) return null;
  return weeks.find((week) => week.held + week.adding > cap) ?? null;
}

// "Same time every week" on the schedule step: from one picked lesson, the same weekday and
// wall-clock time (teacher's zone, so a DST change keeps 17:00 at 17:00) in the following weeks,
// as many as the package still needs. A week where that time is not offered is skipped and named.
import { DateTime } from "luxon";
import type { z } from "zod";
import { LESSON_MINUTES } from "../../../shared/constants.ts";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/i18n/locales.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import type { sameTimeEveryWeekSchema } from "./availability.schemas.ts";
import { type AvailableSlotDto, bookableLessonsInWindow, type SiteRules, slotId } from "./availability.service.ts";
import { namedDayOff } from "./days-off.ts";
import { daysOffAmong } from "./holidays.service.ts";

export type SameTimeEveryWeekDto = {
  timezone: string;
  slots: AvailableSlotDto[];
  /** The days (YYYY-MM-DD, teacher's zone) whose time was not free, in order. */
  skipped: string[];
  /** Those of the skipped days that are the teacher's days off, a holiday named in the page's language. */
  daysOff: { date: string; name: string | null }[];
  /** Fewer than `count` were found before the booking window ends. */
  isShort: boolean;
};

/** The same wall-clock time in each following week up to the booking window's end. */
function followingWeeks(first: DateTime, rules: SiteRules, now: Date): DateTime[] {
  const horizon = DateTime.fromJSDate(now, { zone: rules.zone }).plus({ days: rules.maxAdvanceDays });
  const weeks: DateTime[] = [];
  for (let k = 1; first.plus({ weeks: k }) <= horizon; k++) weeks.push(first.plus({ weeks: k }));
  return weeks;
}

export async function findSameTimeEveryWeek(
  db: Db,
  input: z.output<typeof sameTimeEveryWeekSchema>,
  now = new Date(),
  locale: Locale = DEFAULT_LOCALE,
): Promise<SameTimeEveryWeekDto> {
  if (!DateTime.fromISO(input.startTime).isValid) throw new AppError("BAD_REQUEST", "Invalid startTime.");
  const firstIn = (zone: string) => DateTime.fromISO(input.startTime, { zone });
  const { rules, teachers, byTeacher } = await bookableLessonsInWindow(
    db,
    input.teacherId,
    (rules) => {
      const weeks = followingWeeks(firstIn(rules.zone), rules, now);
      if (weeks.length === 0) return { start: now, end: now };
      return {
        start: weeks[0].startOf("day").toJSDate(),
        end: weeks[weeks.length - 1].plus({ days: 1 }).startOf("day").toJSDate(),
      };
    },
    now,
  );
  const excluded = new Set(input.exclude.map((e) => Date.parse(e)));
  const slots: AvailableSlotDto[] = [];
  const skipped: string[] = [];
  const skippedAt: { date: string; startsAt: Date; endsAt: Date }[] = [];
  for (const week of followingWeeks(firstIn(rules.zone), rules, now)) {
    if (slots.length === input.count) break;
    const at = week.toMillis();
    if (excluded.has(at)) continue;
    // As the week grid offers it: the first teacher free at that time.
    const teacher = teachers.find((t) => byTeacher.get(t.id)?.some((l) => l.start.getTime() === at));
    const lesson = teacher && byTeacher.get(teacher.id)?.find((l) => l.start.getTime() === at);
    if (teacher && lesson) {
      slots.push({
        id: slotId(teacher.id, lesson.start),
        startTime: lesson.start.toISOString(),
        endTime: lesson.end.toISOString(),
      });
    } else {
      const date = week.toISODate() ?? "";
      skipped.push(date);
      skippedAt.push({ date, startsAt: week.toJSDate(), endsAt: week.plus({ minutes: LESSON_MINUTES }).toJSDate() });
    }
  }
  const teacherIds = teachers.map((t) => t.id);
  const daysOff = (await daysOffAmong(db, teacherIds, skippedAt)).map((d) => namedDayOff(d, locale));
  return { timezone: rules.zone, slots, skipped, daysOff, isShort: slots.length < input.count };
}

// The standing weekly schedule: a rule of each teacher, not a batch of slots. The server keeps
// its slots through the booking horizon (max advance booking) by itself, hourly and whenever the
// schedule changes; `topUpStandingSchedules` is a plain function of `now` so a test can drive it
// with a moving clock. Every write runs under the teacher's advisory lock and inserts with
// ON CONFLICT DO NOTHING against the no-overlap constraint, so any number of processes may top
// up at once and no slot is ever doubled. Time the teacher took out (a removed occurrence, a day
// off) is remembered as an exception the top-up never fills again.
import { randomUUID } from "node:crypto";
import { DateTime } from "luxon";
import type { z } from "zod";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/i18n/locales.ts";
import type { Db, Tx } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { readSiteSettings } from "../admin/settings.data.ts";
import type { bulkAvailabilitySchema } from "./availability.schemas.ts";
import { type DayOff, dayOffCovering, namedDayOff } from "./days-off.ts";
import { holidayName } from "./italian-holidays.ts";
import {
  deleteSlotsById,
  deleteWeeklySchedule,
  findActiveLessonsOverlapping,
  findExceptionsOverlapping,
  findSeriesSlotsFrom,
  findSlotsOverlapping,
  findWeeklySchedule,
  insertSlotsSkippingConflicts,
  listScheduledTeacherIds,
  saveWeeklySchedule,
  setFilledThrough,
  type WeeklyScheduleRow,
  withTeacherScheduleLock,
} from "./standing-schedule.data.ts";
import {
  horizonEnd,
  occurrencesBetween,
  planTopUp,
  templateProblems,
  templateProblemsText,
  type WeeklyEntry,
} from "./weekly-template.ts";

type Range = { startsAt: Date; endsAt: Date };
type Rules = { zone: string; maxAdvanceDays: number };

/** The latest of some instants. */
const latest = (dates: Date[]) => new Date(Math.max(...dates.map((d) => d.getTime())));

/** How many skipped or kept slots an answer lists by date (the counts are always complete). */
const LISTED = 50;
/** How many days off a save names (the holidays of a year and a little more). */
const LISTED_DAYS_OFF = 20;

export type KeptLesson = { startsAt: Date; endsAt: Date; studentName: string };

type FillOutcome = {
  created: number;
  present: number;
  overlapping: Range[];
  excluded: number;
  /** The days off the excluded occurrences fall on, once each, in order. */
  daysOff: DayOff[];
  filledThrough: Date;
};

async function rulesOf(db: Db): Promise<Rules> {
  const settings = await readSiteSettings(db);
  return { zone: settings.timezone, maxAdvanceDays: settings.maxAdvanceBooking };
}

/** Creates the schedule's missing occurrences up to `through`, inside the caller's locked transaction. */
async function fillInTx(tx: Tx, schedule: WeeklyScheduleRow, zone: string, now: Date, through: Date) {
  const wanted = occurrencesBetween(schedule.entries, { zone, now, through });
  const outcome: FillOutcome = {
    created: 0,
    present: 0,
    overlapping: [],
    excluded: 0,
    daysOff: [],
    filledThrough: through,
  };
  if (wanted.length > 0) {
    const from = wanted[0].startsAt;
    const to = wanted[wanted.length - 1].endsAt;
    const existing = await findSlotsOverlapping(tx, schedule.teacherId, from, to);
    const exceptions = await findExceptionsOverlapping(tx, schedule.teacherId, from, to);
    const plan = planTopUp(wanted, existing, exceptions);
    const inserted = await insertSlotsSkippingConflicts(tx, schedule.teacherId, schedule.seriesId, plan.add);
    const insertedAt = new Set(inserted.map((s) => s.startsAt.getTime()));
    outcome.created = inserted.length;
    outcome.present = plan.present.length;
    // Refused by the database after all (a writer outside the lock): skipped like any overlap.
    outcome.overlapping = [...plan.overlapping, ...plan.add.filter((s) => !insertedAt.has(s.startsAt.getTime()))];
    outcome.excluded = plan.excluded.length;
    const days = new Map<string, DayOff>();
    for (const occurrence of plan.excluded) {
      const off = dayOffCovering(exceptions, occurrence, [undefined]);
      const date = DateTime.fromJSDate(occurrence.startsAt, { zone }).toISODate() ?? "";
      if (off && !days.has(date)) days.set(date, { date, holiday: off.holiday });
    }
    outcome.daysOff = [...days.values()];
  }
  await setFilledThrough(tx, schedule.teacherId, through);
  return outcome;
}

/**
 * Removes `slots` except those holding an active lesson, which stay and are returned.
 * Runs inside the caller's locked transaction.
 */
export async function removeKeepingBooked(
  tx: Tx,
  teacherId: string,
  slots: { id: string; startsAt: Date; endsAt: Date }[],
) {
  if (slots.length === 0) return { deleted: 0, kept: [] as KeptLesson[] };
  const lessons = await findActiveLessonsOverlapping(
    tx,
    teacherId,
    slots[0].startsAt,
    latest(slots.map((s) => s.endsAt)),
  );
  const kept: KeptLesson[] = [];
  const removable: string[] = [];
  for (const slot of slots) {
    const lesson = lessons.find((l) => l.startsAt < slot.endsAt && l.endsAt > slot.startsAt);
    if (lesson) kept.push({ startsAt: slot.startsAt, endsAt: slot.endsAt, studentName: lesson.studentName });
    else removable.push(slot.id);
  }
  return { deleted: await deleteSlotsById(tx, teacherId, removable), kept };
}

/** Tops up one teacher's standing schedule through the horizon at `now`. Idempotent. */
export async function topUpStandingSchedule(db: Db, teacherId: string, now: Date, rules?: Rules) {
  const { zone, maxAdvanceDays } = rules ?? (await rulesOf(db));
  const through = horizonEnd(now, maxAdvanceDays, zone);
  return withTeacherScheduleLock(db, teacherId, async (tx) => {
    const schedule = await findWeeklySchedule(tx, teacherId);
    if (!schedule || schedule.entries.length === 0) return null;
    // A schedule filled further (weeksAhead beyond the horizon) keeps that reach.
    const reach = schedule.filledThrough && schedule.filledThrough > through ? schedule.filledThrough : through;
    return fillInTx(tx, schedule, zone, now, reach);
  });
}

/** The periodic job: tops up every teacher's standing schedule. Returns the slots created. */
export async function topUpStandingSchedules(db: Db, now: Date) {
  const rules = await rulesOf(db);
  let created = 0;
  for (const teacherId of await listScheduledTeacherIds(db)) {
    created += (await topUpStandingSchedule(db, teacherId, now, rules))?.created ?? 0;
  }
  return { created };
}

function formatDay(date: Date, zone: string) {
  return DateTime.fromJSDate(date).setZone(zone).toFormat("ccc d LLL yyyy");
}

function listed(ranges: Range[]) {
  return ranges.slice(0, LISTED).map((r) => ({ startsAt: r.startsAt, endsAt: r.endsAt }));
}

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Sets the teacher's standing weekly schedule (POST /api/availability/bulk). Adds every missing
 * occurrence through the horizon (or `weeksAhead` weeks, if further), skips those that overlap
 * an existing slot or fall on a day off and says so, and takes out the future unbooked slots of
 * the previous schedule that the new one no longer has; booked ones stay and are listed.
 */
export async function applyWeeklySchedule(
  db: Db,
  teacherId: string,
  input: z.output<typeof bulkAvailabilitySchema>,
  now = new Date(),
  /** The language of the holidays' names in `daysOff` (the message stays English). */
  locale: Locale = DEFAULT_LOCALE,
) {
  const problems = templateProblems(input.schedule);
  if (problems.length > 0) throw new AppError("BAD_REQUEST", templateProblemsText(problems));
  const { zone, maxAdvanceDays } = await rulesOf(db);
  const horizon = horizonEnd(now, maxAdvanceDays, zone);
  const weeks = DateTime.fromJSDate(now).setZone(zone).startOf("day").plus({ weeks: input.weeksAhead }).toJSDate();
  const through = latest([weeks, horizon]);
  const entries: WeeklyEntry[] = input.schedule.map((e) => ({
    dayOfWeek: e.dayOfWeek,
    startTime: e.startTime,
    duration: e.duration,
  }));

  const result = await withTeacherScheduleLock(db, teacherId, async (tx) => {
    const schedule = await saveWeeklySchedule(tx, teacherId, entries, randomUUID());
    const future = await findSeriesSlotsFrom(tx, teacherId, schedule.seriesId, now);
    const last = future.length > 0 ? future[future.length - 1].endsAt : through;
    const stillWanted = new Set(
      occurrencesBetween(entries, { zone, now, through: latest([last, through]) }).map(
        (o) => `${o.startsAt.getTime()}-${o.endsAt.getTime()}`,
      ),
    );
    const obsolete = future.filter((s) => !stillWanted.has(`${s.startsAt.getTime()}-${s.endsAt.getTime()}`));
    const removal = await removeKeepingBooked(tx, teacherId, obsolete);
    const fill = await fillInTx(tx, schedule, zone, now, through);
    return { schedule, removal, fill };
  });

  const { fill, removal } = result;
  if (fill.created + fill.present === 0 && fill.overlapping.length === 0 && fill.excluded === 0) {
    throw new AppError("BAD_REQUEST", "The schedule produced no future slots.");
  }
  const parts = [
    `Weekly schedule saved: ${
      fill.created === 0 ? "no new slots were needed" : plural(fill.created, "new slot", "new slots")
    }; slots are open through ${formatDay(
      new Date(fill.filledThrough.getTime() - 1),
      zone,
    )}, and new weeks are added as time goes by.`,
  ];
  const firstOverlap = fill.overlapping[0];
  if (firstOverlap) {
    const at = `${formatDay(firstOverlap.startsAt, zone)}, ${DateTime.fromJSDate(firstOverlap.startsAt).setZone(zone).toFormat("HH:mm")}`;
    parts.push(
      fill.overlapping.length === 1
        ? `One slot was not added: it overlaps a time already open (${at}).`
        : `${fill.overlapping.length} slots were not added: they overlap times already open (the first: ${at}).`,
    );
  }
  if (fill.excluded > 0) parts.push(`${plural(fill.excluded, "slot falls", "slots fall")} on days off and stay free.`);
  const daysOff = fill.daysOff.slice(0, LISTED_DAYS_OFF);
  if (daysOff.length > 0) {
    const named = daysOff.map(
      (d) =>
        `${formatDay(DateTime.fromISO(d.date, { zone }).toJSDate(), zone)}${d.holiday ? ` (${holidayName(d.holiday, "en")})` : ""}`,
    );
    parts.push(`Days off: ${named.join(", ")}${fill.daysOff.length > daysOff.length ? ", …" : ""}.`);
  }
  if (removal.deleted > 0) parts.push(`${plural(removal.deleted, "slot", "slots")} of the previous schedule removed.`);
  if (removal.kept.length > 0)
    parts.push(`${plural(removal.kept.length, "booked lesson keeps its slot", "booked lessons keep their slots")}.`);
  return {
    success: true,
    created: fill.created,
    seriesId: result.schedule.seriesId,
    alreadyPresent: fill.present,
    skipped: fill.overlapping.length,
    skippedSlots: listed(fill.overlapping),
    skippedDaysOff: fill.excluded,
    // The days off they fall on, each named when it is a holiday ("Immacolata Concezione").
    daysOff: daysOff.map((d) => namedDayOff(d, locale)),
    daysOffCount: fill.daysOff.length,
    removed: removal.deleted,
    keptBooked: removal.kept.slice(0, LISTED),
    keptBookedCount: removal.kept.length,
    filledThrough: fill.filledThrough,
    message: parts.join(" "),
  };
}

/**
 * Removes a weekly series from `from` on: its unbooked slots go, booked ones stay and are listed.
 * When it is the standing schedule, the schedule ends too (the top-up stops).
 */
export async function removeSeriesFrom(db: Db, teacherId: string, seriesId: string, from: Date) {
  const result = await withTeacherScheduleLock(db, teacherId, async (tx) => {
    const schedule = await findWeeklySchedule(tx, teacherId);
    const isStanding = schedule?.seriesId === seriesId;
    const slots = await findSeriesSlotsFrom(tx, teacherId, seriesId, from);
    if (slots.length === 0 && !isStanding) return null;
    const removal = await removeKeepingBooked(tx, teacherId, slots);
    if (isStanding) await deleteWeeklySchedule(tx, teacherId);
    return { ...removal, isStanding };
  });
  if (!result) throw new AppError("NOT_FOUND", "No slots of this weekly series from that date on.");
  const kept = result.kept.length;
  return {
    success: true,
    // Which of the two the page names ("Weekly schedule removed", "Weekly series removed").
    scope: result.isStanding ? ("schedule" as const) : ("series" as const),
    deleted: result.deleted,
    keptBooked: result.kept.slice(0, LISTED),
    keptBookedCount: kept,
    message:
      `${result.isStanding ? "Weekly schedule removed" : "Weekly series removed"}: ${plural(
        result.deleted,
        "slot",
        "slots",
      )} deleted.` +
      (kept > 0 ? ` ${plural(kept, "booked lesson keeps its slot", "booked lessons keep their slots")}.` : ""),
  };
}

/** Ends the standing schedule from `from` (not before now) on; booked slots stay and are listed. */
export async function removeWeeklySchedule(db: Db, teacherId: string, from: Date, now = new Date()) {
  const schedule = await findWeeklySchedule(db, teacherId);
  if (!schedule) throw new AppError("NOT_FOUND", "There is no weekly schedule to remove.");
  return removeSeriesFrom(db, teacherId, schedule.seriesId, from > now ? from : now);
}

/** The standing schedule as the availability panel shows it. */
export async function getWeeklySchedule(db: Db, teacherId: string) {
  const [schedule, rules] = await Promise.all([findWeeklySchedule(db, teacherId), rulesOf(db)]);
  return {
    timezone: rules.zone,
    maxAdvanceBooking: rules.maxAdvanceDays,
    schedule: schedule
      ? {
          entries: [...schedule.entries].sort(
            (a, b) => (a.dayOfWeek || 7) - (b.dayOfWeek || 7) || a.startTime.localeCompare(b.startTime),
          ),
          seriesId: schedule.seriesId,
          // The last day that has slots (filledThrough is the exclusive end of that day).
          slotsThrough: schedule.filledThrough ? new Date(schedule.filledThrough.getTime() - 1) : null,
          updatedAt: schedule.updatedAt,
        }
      : null,
  };
}

/** The standing series of the teacher, if any (removals of its slots are remembered). */
export async function standingSeriesId(db: Db, teacherId: string) {
  return (await findWeeklySchedule(db, teacherId))?.seriesId ?? null;
}

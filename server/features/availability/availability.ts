// Pure slot computation: no database, no clock. Instants are UTC Dates; calendar arithmetic
// (the Sunday of a week, "14 days later") happens in the teacher's zone with luxon, so the weeks
// of the March and October clock changes keep their local times.

import { DateTime, IANAZone } from "luxon";
import {
  AVAILABILITY_WINDOW_DAYS,
  LESSON_MINUTES,
  MIN_NOTICE_HOURS,
  TEACHER_TIMEZONE,
} from "../../../shared/constants.ts";
import { DEFAULT_LOCALE, INTL_TAGS, type Locale } from "../../../shared/i18n/locales.ts";
import type { MessageValues } from "../../../shared/i18n/messages.ts";
import type { LocalisedText } from "../../errors.ts";

const MINUTE_MS = 60_000;
const LESSON_MS = LESSON_MINUTES * MINUTE_MS;

export type Interval = { start: Date; end: Date };

export type BookingRules = {
  /** The teacher's IANA zone (AdminSettings.timezone). */
  zone: string;
  /** Slots further ahead than this many days are not offered (AdminSettings.maxAdvanceBooking). */
  maxAdvanceDays: number;
  /** Busy time around each booked lesson (AdminSettings.bufferBetweenLessons). */
  bufferMinutes: number;
};

/** Zone names already checked: luxon's check builds an Intl.DateTimeFormat each time (0.1 ms). */
const checkedZones = new Map<string, boolean>();

export function safeZone(zone: string | null | undefined): string {
  if (!zone) return TEACHER_TIMEZONE;
  let valid = checkedZones.get(zone);
  if (valid === undefined) {
    valid = IANAZone.isValidZone(zone);
    if (checkedZones.size < 200) checkedZones.set(zone, valid);
  }
  return valid ? zone : TEACHER_TIMEZONE;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads `YYYY-MM-DD` as a calendar day in the teacher's zone, or an ISO instant as that instant.
 * Returns null when the text is neither.
 */
export function parseDateInZone(text: string, zone: string): DateTime | null {
  const value = text.trim();
  const parsed = DATE_ONLY.test(value)
    ? DateTime.fromISO(value, { zone })
    : DateTime.fromISO(value, { setZone: true }).setZone(zone);
  // Years far outside the business are refused here rather than as database range errors.
  return parsed.isValid && parsed.year >= 2000 && parsed.year <= 2200 ? parsed : null;
}

/** The viewing window: 14 days from the Sunday (in the teacher's zone) of the week of `day`. */
export function availabilityWindow(day: DateTime, zone: string, endDay?: DateTime | null): Interval {
  const local = day.setZone(zone).startOf("day");
  // luxon weekdays: 1 = Monday ... 7 = Sunday.
  const sunday = local.minus({ days: local.weekday % 7 });
  let end = sunday.plus({ days: AVAILABILITY_WINDOW_DAYS });
  if (endDay) {
    const requestedEnd = endDay.setZone(zone).startOf("day").plus({ days: 1 });
    if (requestedEnd > sunday && requestedEnd < end) end = requestedEnd;
  }
  return { start: sunday.toJSDate(), end: end.toJSDate() };
}

/** Each availability slot split into consecutive 60-minute lessons from its start. */
export function splitIntoLessons(slots: Interval[]): Interval[] {
  const lessons: Interval[] = [];
  for (const slot of slots) {
    for (let t = slot.start.getTime(); t + LESSON_MS <= slot.end.getTime(); t += LESSON_MS) {
      lessons.push({ start: new Date(t), end: new Date(t + LESSON_MS) });
    }
  }
  return lessons.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Why a lesson at this start is not bookable now, or null when it is. */
export type Unbookable = "not-in-availability" | "too-soon" | "too-far" | "taken";

/**
 * Whether `lesson` may be booked at `now`: it starts at least 48 hours ahead, no more than
 * maxAdvanceDays ahead, and keeps the buffer to every booked lesson (a slot is refused if it
 * starts less than the buffer after a booked lesson ends, or ends less than the buffer before
 * one starts). Being inside the availability is checked by the caller.
 */
export function lessonRefusal(lesson: Interval, busy: Interval[], rules: BookingRules, now: Date): Unbookable | null {
  return refusalWithin(lesson, busy, bookingHorizon(rules, now), rules.bufferMinutes);
}

type Horizon = { earliestMs: number; latestMs: number };

/** The first and last start bookable at `now` (calendar days in the teacher's zone for the latter). */
function bookingHorizon(rules: BookingRules, now: Date): Horizon {
  return {
    earliestMs: now.getTime() + MIN_NOTICE_HOURS * 60 * MINUTE_MS,
    latestMs: DateTime.fromJSDate(now, { zone: rules.zone }).plus({ days: rules.maxAdvanceDays }).toMillis(),
  };
}

function refusalWithin(lesson: Interval, busy: Interval[], horizon: Horizon, bufferMinutes: number): Unbookable | null {
  const start = lesson.start.getTime();
  if (start < horizon.earliestMs) return "too-soon";
  if (start > horizon.latestMs) return "too-far";
  return clashesWithLessons(lesson, busy, bufferMinutes) ? "taken" : null;
}

/** Whether the lesson overlaps one of `busy`, each widened by the buffer on both sides. */
export function clashesWithLessons(lesson: Interval, busy: Interval[], bufferMinutes: number): boolean {
  const buffer = Math.max(0, bufferMinutes) * MINUTE_MS;
  const start = lesson.start.getTime();
  const end = lesson.end.getTime();
  return busy.some((b) => start < b.end.getTime() + buffer && end > b.start.getTime() - buffer);
}

/**
 * The bookable lessons of one teacher whose start lies in [window.start, window.end): the
 * availability split into 60-minute lessons, minus taken, too-soon, too-far and buffer-blocked ones.
 */
export function computeBookableLessons(input: {
  slots: Interval[];
  busy: Interval[];
  window: Interval;
  rules: BookingRules;
  now: Date;
}): Interval[] {
  const { window, busy, rules } = input;
  const horizon = bookingHorizon(rules, input.now);
  const seen = new Set<number>();
  return splitIntoLessons(input.slots).filter((lesson) => {
    const start = lesson.start.getTime();
    if (start < window.start.getTime() || start >= window.end.getTime()) return false;
    if (seen.has(start)) return false;
    seen.add(start);
    return refusalWithin(lesson, busy, horizon, rules.bufferMinutes) === null;
  });
}

/**
 * The first moment after `now` at which the clock alone changes what `computeBookableLessons`
 * offers in `window` (no write in between): the earliest offered lesson falls inside the notice;
 * or, for a window reaching past the advance limit, within `shortMs`, as lessons there come into
 * reach as time passes; or, for the week of "today" (`followsToday`), the next midnight in the
 * teacher's zone. Lessons refused as too soon never come back, and taken ones change only by a
 * write. Lets a cache of the grid keep an answer exactly as long as it stays true.
 */
export function offerChangesAt(input: {
  offeredStarts: number[];
  window: Interval;
  rules: BookingRules;
  now: Date;
  followsToday: boolean;
  shortMs: number;
}): number {
  const { rules, now } = input;
  const horizon = bookingHorizon(rules, now);
  let at = Number.POSITIVE_INFINITY;
  for (const start of input.offeredStarts) at = Math.min(at, start - MIN_NOTICE_HOURS * 60 * MINUTE_MS);
  if (input.window.end.getTime() > horizon.latestMs) at = Math.min(at, now.getTime() + input.shortMs);
  if (input.followsToday) {
    at = Math.min(at, DateTime.fromJSDate(now, { zone: rules.zone }).startOf("day").plus({ days: 1 }).toMillis());
  }
  return Math.max(at, now.getTime());
}

/** Whether a lesson starting at `start` is one of the 60-minute lessons the availability offers. */
export function isOfferedByAvailability(start: Date, slots: Interval[]): boolean {
  const t = start.getTime();
  return slots.some(
    (slot) =>
      t >= slot.start.getTime() && t + LESSON_MS <= slot.end.getTime() && (t - slot.start.getTime()) % LESSON_MS === 0,
  );
}

export function lessonAt(start: Date): Interval {
  return { start, end: new Date(start.getTime() + LESSON_MS) };
}

/** "Tue, Mar 3 at 10:00 AM" in the teacher's zone: how every message names a slot. */
/** A lesson's start as a sentence names it: "Wed, Dec 9 at 4:00 PM", "mercoledì 9 dicembre alle 16:00". */
export function describeSlot(start: Date, zone: string, locale: Locale = DEFAULT_LOCALE): string {
  const local = DateTime.fromJSDate(start, { zone }).setLocale(INTL_TAGS[locale]);
  return locale === "it" ? local.toFormat("cccc d LLLL 'alle' HH:mm") : local.toFormat("ccc, LLL d 'at' h:mm a");
}

/** An error message naming a lesson's start (`{when}`), written in each reader's language. */
export function slotMessage(
  key: LocalisedText["key"],
  start: Date,
  zone: string,
  values: MessageValues = {},
): LocalisedText {
  return { key, values: (locale) => ({ ...values, when: describeSlot(start, zone, locale) }) };
}

/** From `from` on (an ISO instant), the zone is `minutes` ahead of UTC (negative: behind). */
export type ZoneOffset = { from: string; minutes: number };

const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The zone's UTC offsets through an interval: the offset at its start, then one entry per change
 * (a clock change), found to the minute. A browser given these writes the interval's times in the
 * zone without Intl, whose first use costs a phone tens of milliseconds (issue 15). Zones change
 * their offset at most twice a year, never twice within a day: one look a day finds every change.
 */
export function zoneOffsets(zone: string, interval: Interval): ZoneOffset[] {
  const iana = IANAZone.create(zone);
  const start = interval.start.getTime();
  const end = interval.end.getTime();
  const offsets: ZoneOffset[] = [{ from: interval.start.toISOString(), minutes: iana.offset(start) }];
  let before = start;
  while (before < end) {
    const after = Math.min(before + DAY_MS, end);
    if (iana.offset(after) !== iana.offset(before)) {
      // The first minute with the new offset.
      let low = before;
      let high = after;
      while (high - low > MINUTE_MS) {
        const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
        if (iana.offset(middle) === iana.offset(before)) low = middle;
        else high = middle;
      }
      offsets.push({ from: new Date(high).toISOString(), minutes: iana.offset(high) });
    }
    before = after;
  }
  return offsets;
}

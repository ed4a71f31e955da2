// The waitlist's rules (issue 31, item 3), free of the database: what an entry asks for, when a
// hold ends, and who is offered which freed time, in the order they asked.

import { DateTime } from "luxon";
import { LESSON_MINUTES } from "../../../shared/constants.ts";

/** One time, or any lesson on a weekday (1 Monday .. 7 Sunday) inside [from, to) minutes of the day. */
export type WaitlistWish =
  | { startsAt: Date; weekday?: null; fromMinute?: null; toMinute?: null }
  | { startsAt?: null; weekday: number; fromMinute: number; toMinute: number };

export type WaitingEntry = { id: string; studentId: string; createdAt: Date } & WaitlistWishRow;
export type WaitlistWishRow = {
  startsAt: Date | null;
  weekday: number | null;
  fromMinute: number | null;
  toMinute: number | null;
};

/** A lesson free to offer: its teacher and start. */
export type FreeLesson = { teacherId: string; start: Date };
export type PlannedOffer = { entryId: string; teacherId: string; start: Date };

/** The moment a hold made at `now` passes to the next person. */
export function holdExpiry(now: Date, hours: number): Date {
  return new Date(now.getTime() + hours * 3_600_000);
}

export const isHoldExpired = (hold: { expiresAt: Date }, now: Date) => hold.expiresAt.getTime() <= now.getTime();

/** "14:30" as minutes of the day; null when it is not a time of day ("24:00" is the day's end). */
export function minuteOfDay(text: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

export const timeOfDay = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/**
 * Whether a lesson starting at `start` is what the entry waits for: that very time, or a lesson
 * wholly inside the weekday's window, read on the teacher's clock (`zone`), so "Tuesdays 14:00–18:00"
 * means the same hours in winter and in summer.
 */
export function entryMatches(entry: WaitlistWishRow, start: Date, zone: string): boolean {
  if (entry.startsAt) return entry.startsAt.getTime() === start.getTime();
  if (entry.weekday === null || entry.fromMinute === null || entry.toMinute === null) return false;
  const local = DateTime.fromJSDate(start, { zone });
  const minute = local.hour * 60 + local.minute;
  return local.weekday === entry.weekday && minute >= entry.fromMinute && minute + LESSON_MINUTES <= entry.toMinute;
}

/**
 * Who is offered which free lesson: each lesson, earliest first, goes to the first entry in the
 * order they asked that wants it, is not holding another offer, and has not been offered that very
 * time before (an offer left unanswered passes on and does not come back). One offer per entry
 * at a time, one person per time.
 */
export function planOffers(input: {
  free: FreeLesson[];
  entries: WaitingEntry[];
  /** Entries holding an offer now. */
  holding: Set<string>;
  /** `${entryId}@${start ms}` of every offer made before. */
  offeredBefore: Set<string>;
  zone: string;
}): PlannedOffer[] {
  const entries = [...input.entries].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
  const free = [...input.free].sort((a, b) => a.start.getTime() - b.start.getTime());
  const busy = new Set(input.holding);
  const taken = new Set<number>();
  const offers: PlannedOffer[] = [];
  for (const lesson of free) {
    const at = lesson.start.getTime();
    if (taken.has(at)) continue;
    const entry = entries.find(
      (e) =>
        !busy.has(e.id) &&
        !input.offeredBefore.has(offerKey(e.id, lesson.start)) &&
        entryMatches(e, lesson.start, input.zone),
    );
    if (!entry) continue;
    busy.add(entry.id);
    taken.add(at);
    offers.push({ entryId: entry.id, teacherId: lesson.teacherId, start: lesson.start });
  }
  return offers;
}

export const offerKey = (entryId: string, start: Date) => `${entryId}@${start.getTime()}`;

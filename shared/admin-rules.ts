// Pure rules of the admin back office, shared by the server (authoritative) and the client
// (instant feedback): time-of-day ranges, their conflicts, and note tags.
import { TIME_STEP_MINUTES } from "./constants.ts";

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

export function isTimeOfDay(value: string): boolean {
  return HHMM.test(value);
}

/** "09:30" -> 570. Throws on anything that is not a 24-hour HH:MM time. */
export function timeToMinutes(value: string): number {
  const match = HHMM.exec(value);
  if (!match) throw new Error(`Not a time of day: ${value}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export function minutesToTime(total: number): string {
  const h = Math.floor(total / 60);
  const m = total % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** Every time of the day in 15-minute steps: 00:00, 00:15 ... 23:45. */
export function timeChoices(step = TIME_STEP_MINUTES): string[] {
  const out: string[] = [];
  for (let m = 0; m < 24 * 60; m += step) out.push(minutesToTime(m));
  return out;
}

export type MinuteRange = { start: number; end: number };

/** Half-open ranges: 10:00-11:00 and 11:00-12:00 touch but do not overlap. */
export function rangesOverlap(a: MinuteRange, b: MinuteRange): boolean {
  return a.start < b.end && b.start < a.end;
}

export type TimeSlotInput = { startTime: string; endTime: string };

/** 'End time must be after start time.' is the only thing that can be wrong with one slot. */
export function isValidSlot(slot: TimeSlotInput): boolean {
  return (
    isTimeOfDay(slot.startTime) &&
    isTimeOfDay(slot.endTime) &&
    timeToMinutes(slot.endTime) > timeToMinutes(slot.startTime)
  );
}

/** Index pairs of the slots (of one day) that overlap each other. Invalid slots are ignored. */
export function findOverlappingPairs(slots: TimeSlotInput[]): [number, number][] {
  const pairs: [number, number][] = [];
  const ranges = slots.map((s) =>
    isValidSlot(s) ? { start: timeToMinutes(s.startTime), end: timeToMinutes(s.endTime) } : null,
  );
  for (let i = 0; i < ranges.length; i++) {
    for (let j = i + 1; j < ranges.length; j++) {
      const a = ranges[i];
      const b = ranges[j];
      if (a && b && rangesOverlap(a, b)) pairs.push([i, j]);
    }
  }
  return pairs;
}

/** Whether a new range conflicts with any of the existing ones (instants or minutes alike). */
export function conflictsWithAny(candidate: MinuteRange, existing: MinuteRange[]): boolean {
  return existing.some((e) => rangesOverlap(candidate, e));
}

/** Tags typed comma separated: trimmed, empties dropped, duplicates (any case) kept once. */
export function parseTags(input: string | readonly string[] | null | undefined): string[] {
  const parts = typeof input === "string" ? input.split(",") : (input ?? []).flatMap((t) => t.split(","));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of parts) {
    const tag = raw.trim().replace(/\s+/g, " ").slice(0, 40);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out.slice(0, 20);
}

// A day of the teacher's agenda as one list in time order: each block of open hours (touching
// availability slots merged) with the lessons that start inside it, and lessons outside any
// block on their own (booked before the hours changed, or moved there by hand).
import { type DateKey, dateKeyInZone } from "../../lib/zoned-date.ts";

type Span = { start: string; end: string };
type Lesson = { lesson_date: string; lesson_end: string };

export type TimelineEntry<L> =
  | { kind: "open"; start: string; end: string; lessons: L[] }
  | { kind: "lesson"; start: string; lesson: L };

/** Touching or overlapping spans as one, in time order. */
export function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const merged: Span[] = [];
  for (const s of sorted) {
    const last = merged[merged.length - 1];
    if (last && Date.parse(s.start) <= Date.parse(last.end)) {
      if (Date.parse(s.end) > Date.parse(last.end)) last.end = s.end;
    } else merged.push({ start: s.start, end: s.end });
  }
  return merged;
}

export function dayTimeline<L extends Lesson>(
  day: DateKey,
  openHours: Span[],
  lessons: L[],
  zone: string,
): TimelineEntry<L>[] {
  const onDay = (iso: string) => dateKeyInZone(iso, zone) === day;
  const blocks: TimelineEntry<L>[] = mergeSpans(openHours.filter((h) => onDay(h.start))).map((h) => ({
    kind: "open",
    ...h,
    lessons: [],
  }));
  const entries: TimelineEntry<L>[] = [...blocks];
  for (const lesson of lessons.filter((l) => onDay(l.lesson_date))) {
    const at = Date.parse(lesson.lesson_date);
    const block = blocks.find(
      (b): b is Extract<TimelineEntry<L>, { kind: "open" }> =>
        b.kind === "open" && Date.parse(b.start) <= at && at < Date.parse(b.end),
    );
    if (block) block.lessons.push(lesson);
    else entries.push({ kind: "lesson", start: lesson.lesson_date, lesson });
  }
  return entries.sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** Digits of a phone number for a wa.me link ("+39 347 555 0202" -> "393475550202"). */
export function whatsAppNumber(phone: string): string {
  return phone.replace(/^\s*00/, "").replace(/\D/g, "");
}

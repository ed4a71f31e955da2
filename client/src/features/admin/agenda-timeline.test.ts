import { describe, expect, it } from "vitest";
import { dayTimeline, mergeSpans, whatsAppNumber } from "./agenda-timeline.ts";

const ZONE = "Europe/Rome";
// 2026-11-25 in Rome is UTC+1: 09:00 local = 08:00Z.
const at = (hhmm: string, day = "2026-11-25") => `${day}T${hhmm}:00.000Z`;
const lesson = (id: string, start: string, end: string) => ({ id, lesson_date: start, lesson_end: end });

describe("a day of the agenda", () => {
  it("merges touching open hours and keeps them in time order", () => {
    expect(
      mergeSpans([
        { start: at("14:00"), end: at("18:00") },
        { start: at("08:00"), end: at("10:00") },
        { start: at("10:00"), end: at("12:00") },
      ]),
    ).toEqual([
      { start: at("08:00"), end: at("12:00") },
      { start: at("14:00"), end: at("18:00") },
    ]);
  });

  it("puts each lesson in the open hours it starts in, the others on their own, all in time order", () => {
    const open = [
      { start: at("08:00"), end: at("12:00") },
      { start: at("14:00"), end: at("18:00") },
      { start: at("08:00", "2026-11-26"), end: at("12:00", "2026-11-26") },
    ];
    const lessons = [
      lesson("late", at("19:00"), at("20:00")),
      lesson("morning", at("09:00"), at("10:00")),
      lesson("noon", at("12:00"), at("13:00")),
      lesson("tomorrow", at("09:00", "2026-11-26"), at("10:00", "2026-11-26")),
      lesson("early", at("08:00"), at("09:00")),
    ];
    const day = dayTimeline("2026-11-25", open, lessons, ZONE);
    expect(day.map((e) => (e.kind === "open" ? `open ${e.lessons.map((l) => l.id).join(",")}` : e.lesson.id))).toEqual([
      "open morning,early",
      "noon",
      "open ",
      "late",
    ]);
  });

  it("a lesson late in the evening in Rome stays on its Rome day", () => {
    const late = lesson("late", "2026-11-25T22:30:00.000Z", "2026-11-25T23:30:00.000Z"); // 23:30 in Rome
    expect(dayTimeline("2026-11-25", [], [late], ZONE)).toHaveLength(1);
    expect(dayTimeline("2026-11-26", [], [late], ZONE)).toHaveLength(0);
  });

  it("writes a phone number as wa.me wants it", () => {
    expect(whatsAppNumber("+39 347 555 0202")).toBe("393475550202");
    expect(whatsAppNumber("0039 (347) 555-0202")).toBe("393475550202");
  });
});

import { describe, expect, it } from "vitest";
import { buildBookingIcs, buildOrderIcs, foldIcsLines, type IcsBooking } from "./booking-ics.ts";

const base: IcsBooking = {
  id: "4f7c2a10-0000-4000-8000-000000000001",
  // 9:00 in Rome on the Monday after the March clock change (UTC+2).
  startsAt: new Date("2026-03-30T07:00:00Z"),
  status: "confirmed",
  lessonType: "online",
  meetingLink: "https://meet.google.com/abc-defg-hij",
  location: null,
  icsSequence: 0,
  teacherName: "Giulia Rossi",
};
/** Unfolds RFC 5545 continuation lines so assertions see whole properties. */
const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, "");
const prop = (ics: string, name: string) =>
  unfold(ics)
    .split(/\r?\n/)
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    ?.replace(/^[^:]+:/, "");

describe("the calendar file of a booking", () => {
  it("is one VEVENT with a stable UID, the UTC start and a 60-minute duration", () => {
    const ics = buildBookingIcs(base, "englishwithgiulia.it");
    expect(ics.startsWith("BEGIN:VCALENDAR")).toBe(true);
    expect(unfold(ics).match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(prop(ics, "UID")).toBe(`${base.id}@englishwithgiulia.it`);
    expect(prop(ics, "DTSTART")).toBe("20260330T070000Z");
    expect(prop(ics, "DURATION")).toBe("PT60M");
    expect(prop(ics, "METHOD")).toBe("PUBLISH");
    expect(prop(ics, "STATUS")).toBe("CONFIRMED");
    expect(prop(ics, "SEQUENCE")).toBe("0");
    expect(buildBookingIcs(base, "englishwithgiulia.it")).toContain(`UID:${base.id}@englishwithgiulia.it`);
  });

  it("names the lesson in plain English and carries the meeting link", () => {
    const ics = buildBookingIcs(base, "h");
    expect(prop(ics, "SUMMARY")).toBe("English lesson with Giulia Rossi (online)");
    expect(prop(ics, "LOCATION")).toBe("https://meet.google.com/abc-defg-hij");
    expect(prop(ics, "URL")).toBe("https://meet.google.com/abc-defg-hij");
    expect(prop(ics, "DESCRIPTION")).toContain("Join online: https://meet.google.com/abc-defg-hij");
  });

  it("puts the place of an in-person lesson in LOCATION and marks a pending lesson tentative", () => {
    const ics = buildBookingIcs(
      {
        ...base,
        lessonType: "in-person",
        meetingLink: null,
        location: "Caffè letterario, Via Solferino 12, Milano",
        status: "pending",
      },
      "h",
    );
    // Commas are escaped in iCalendar text values.
    expect(prop(ics, "LOCATION")).toBe("Caffè letterario\\, Via Solferino 12\\, Milano");
    expect(prop(ics, "SUMMARY")).toBe("English lesson with Giulia Rossi (in person)");
    expect(prop(ics, "STATUS")).toBe("TENTATIVE");
    expect(prop(ics, "URL")).toBeUndefined();
  });

  it("keeps the UID and raises SEQUENCE after a change; STATUS:CANCELLED once cancelled", () => {
    const first = buildBookingIcs(base, "h");
    const cancelled = buildBookingIcs({ ...base, status: "cancelled", icsSequence: 2 }, "h");
    expect(prop(cancelled, "UID")).toBe(prop(first, "UID"));
    expect(prop(cancelled, "SEQUENCE")).toBe("2");
    expect(prop(cancelled, "STATUS")).toBe("CANCELLED");
    expect(prop(cancelled, "SUMMARY")).toMatch(/^Cancelled: /);
  });

  it("writes the same instant whatever the process zone (tests run in Asia/Kathmandu)", () => {
    const ics = buildBookingIcs({ ...base, startsAt: new Date("2026-10-26T08:00:00Z") }, "h");
    expect(prop(ics, "DTSTART")).toBe("20261026T080000Z");
  });

  it("folds every line at 75 octets, not 75 characters, and never inside a character", () => {
    // "LOCATION:" and 66 characters with one "è" among them: 75 characters, 76 octets.
    const location = `Caffè letterario ${"x".repeat(49)}, Via Solferino 12, Milano — àèìòù ☕ 🇮🇹 ${"é".repeat(80)}`;
    const lesson = { ...base, lessonType: "in-person", meetingLink: null, location };
    for (const ics of [buildBookingIcs(lesson, "h", "it"), buildOrderIcs([lesson, { ...lesson, id: "x" }], "h")]) {
      const lines = ics.split("\r\n");
      for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      // A continuation line starts with one space and no line starts inside a UTF-8 sequence.
      expect(lines.some((l) => l.startsWith(" "))).toBe(true);
      expect(ics).not.toContain("\uFFFD");
      expect(prop(ics, "LOCATION")).toBe(location.replace(/,/g, "\\,"));
    }
  });

  it("unfolds lines the package folded by characters and folds them again by octets", () => {
    const long = `DESCRIPTION:${"è".repeat(70)}`;
    const folded = foldIcsLines(`BEGIN:VEVENT\r\n${long.slice(0, 40)}\r\n\t${long.slice(40)}\r\nEND:VEVENT\r\n`);
    const lines = folded.split("\r\n");
    expect(lines[0]).toBe("BEGIN:VEVENT");
    // 12 octets of name, then 31 two-octet characters fill the first line to 74 (a 32nd would be 76).
    expect(lines[1]).toBe(`DESCRIPTION:${"è".repeat(31)}`);
    expect(lines[2]).toBe(` ${"è".repeat(37)}`);
    expect(lines[3]).toBe(` ${"è".repeat(2)}`);
    expect(lines.slice(4)).toEqual(["END:VEVENT", ""]);
    expect(unfold(folded)).toBe(`BEGIN:VEVENT\r\n${long}\r\nEND:VEVENT\r\n`);
  });
});

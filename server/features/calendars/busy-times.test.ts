import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { busyTimesFromIcs } from "./busy-times.ts";

const ZONE = "Europe/Rome";
const calendar = (...events: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//busy//EN", ...events, "END:VCALENDAR", ""].join("\r\n");
const event = (...lines: string[]) => ["BEGIN:VEVENT", `DTSTAMP:20260101T000000Z`, ...lines, "END:VEVENT"].join("\r\n");
const range = (from: string, to: string) => ({
  start: DateTime.fromISO(from, { zone: ZONE }).toJSDate(),
  end: DateTime.fromISO(to, { zone: ZONE }).toJSDate(),
});
/** Each interval as local times of the teacher's zone. */
const local = (intervals: { start: Date; end: Date }[], zone = ZONE) =>
  intervals.map(
    (i) =>
      `${DateTime.fromJSDate(i.start, { zone }).toFormat("yyyy-MM-dd HH:mm")}–${DateTime.fromJSDate(i.end, { zone }).toFormat("yyyy-MM-dd HH:mm")}`,
  );

describe("busy times from an iCalendar text", () => {
  it("expands a weekly event, leaving out an EXDATE and moving an overridden occurrence", () => {
    const text = calendar(
      event(
        "UID:weekly@test",
        "DTSTART;TZID=Europe/Rome:20261102T100000",
        "DTEND;TZID=Europe/Rome:20261102T110000",
        "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=5",
        "EXDATE;TZID=Europe/Rome:20261109T100000",
        "SUMMARY:Yoga",
      ),
      event(
        "UID:weekly@test",
        "RECURRENCE-ID;TZID=Europe/Rome:20261116T100000",
        "DTSTART;TZID=Europe/Rome:20261116T150000",
        "DTEND;TZID=Europe/Rome:20261116T163000",
        "SUMMARY:Yoga (moved)",
      ),
    );
    expect(local(busyTimesFromIcs(text, range("2026-11-01", "2027-01-01"), ZONE))).toEqual([
      "2026-11-02 10:00–2026-11-02 11:00",
      "2026-11-16 15:00–2026-11-16 16:30",
      "2026-11-23 10:00–2026-11-23 11:00",
      "2026-11-30 10:00–2026-11-30 11:00",
    ]);
  });

  it("blocks an all-day event's whole days in the teacher's zone", () => {
    const text = calendar(
      event("UID:trip@test", "DTSTART;VALUE=DATE:20261203", "DTEND;VALUE=DATE:20261205", "SUMMARY:Trip"),
      event("UID:holiday@test", "DTSTART;VALUE=DATE:20261208", "SUMMARY:Holiday"),
    );
    expect(local(busyTimesFromIcs(text, range("2026-12-01", "2026-12-31"), ZONE))).toEqual([
      "2026-12-03 00:00–2026-12-05 00:00",
      "2026-12-08 00:00–2026-12-09 00:00",
    ]);
  });

  it("keeps local times across the clock change (a weekly event through the last week of October)", () => {
    const text = calendar(
      event(
        "UID:dst@test",
        "DTSTART;TZID=Europe/Rome:20261018T090000",
        "DTEND;TZID=Europe/Rome:20261018T100000",
        "RRULE:FREQ=WEEKLY;UNTIL=20261108T235959Z",
      ),
    );
    const busy = busyTimesFromIcs(text, range("2026-10-01", "2026-12-01"), ZONE);
    expect(local(busy)).toEqual([
      "2026-10-18 09:00–2026-10-18 10:00",
      "2026-10-25 09:00–2026-10-25 10:00",
      "2026-11-01 09:00–2026-11-01 10:00",
      "2026-11-08 09:00–2026-11-08 10:00",
    ]);
    // Rome is UTC+2 before 25 October 2026 and UTC+1 from then on.
    expect(busy.map((b) => b.start.toISOString())).toEqual([
      "2026-10-18T07:00:00.000Z",
      "2026-10-25T08:00:00.000Z",
      "2026-11-01T08:00:00.000Z",
      "2026-11-08T08:00:00.000Z",
    ]);
  });

  it("places an event of another zone (TZID without a VTIMEZONE) at its true instant", () => {
    const text = calendar(
      event(
        "UID:ny@test",
        "DTSTART;TZID=America/New_York:20261210T090000",
        "DTEND;TZID=America/New_York:20261210T100000",
      ),
    );
    const busy = busyTimesFromIcs(text, range("2026-12-01", "2026-12-31"), ZONE);
    expect(busy.map((b) => b.start.toISOString())).toEqual(["2026-12-10T14:00:00.000Z"]);
    expect(local(busy)).toEqual(["2026-12-10 15:00–2026-12-10 16:00"]);
  });

  it("reads a zone the file defines itself (Outlook's Windows names) through its VTIMEZONE", () => {
    const text = calendar(
      [
        "BEGIN:VTIMEZONE",
        "TZID:W. Europe Standard Time",
        "BEGIN:STANDARD",
        "DTSTART:16010101T030000",
        "TZOFFSETFROM:+0200",
        "TZOFFSETTO:+0100",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
        "END:STANDARD",
        "BEGIN:DAYLIGHT",
        "DTSTART:16010101T020000",
        "TZOFFSETFROM:+0100",
        "TZOFFSETTO:+0200",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
        "END:DAYLIGHT",
        "END:VTIMEZONE",
      ].join("\r\n"),
      event(
        "UID:outlook@test",
        "DTSTART;TZID=W. Europe Standard Time:20261211T140000",
        "DTEND;TZID=W. Europe Standard Time:20261211T150000",
      ),
    );
    const busy = busyTimesFromIcs(text, range("2026-12-01", "2026-12-31"), ZONE);
    expect(busy.map((b) => b.start.toISOString())).toEqual(["2026-12-11T13:00:00.000Z"]);
  });

  it("leaves out free and cancelled events, a cancelled occurrence, and what lies outside the range", () => {
    const text = calendar(
      event("UID:free@test", "DTSTART:20261210T090000Z", "DTEND:20261210T100000Z", "TRANSP:TRANSPARENT"),
      event("UID:off@test", "DTSTART:20261211T090000Z", "DTEND:20261211T100000Z", "STATUS:CANCELLED"),
      event("UID:before@test", "DTSTART:20261110T090000Z", "DTEND:20261110T100000Z"),
      event("UID:busy@test", "DTSTART:20261212T090000Z", "DTEND:20261212T100000Z", "TRANSP:OPAQUE"),
      event("UID:daily@test", "DTSTART:20261214T120000Z", "DTEND:20261214T123000Z", "RRULE:FREQ=DAILY"),
      event(
        "UID:daily@test",
        "RECURRENCE-ID:20261215T120000Z",
        "DTSTART:20261215T120000Z",
        "DTEND:20261215T123000Z",
        "STATUS:CANCELLED",
      ),
    );
    const busy = busyTimesFromIcs(text, range("2026-12-01", "2026-12-17"), ZONE);
    expect(busy.map((b) => b.start.toISOString())).toEqual([
      "2026-12-12T09:00:00.000Z",
      "2026-12-14T12:00:00.000Z",
      "2026-12-16T12:00:00.000Z",
    ]);
  });

  it("refuses a text that is not a calendar", () => {
    expect(() => busyTimesFromIcs("<html>Sign in</html>", range("2026-12-01", "2026-12-17"), ZONE)).toThrow();
  });
});

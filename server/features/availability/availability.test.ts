import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  availabilityWindow,
  type BookingRules,
  computeBookableLessons,
  describeSlot,
  type Interval,
  isOfferedByAvailability,
  lessonRefusal,
  offerChangesAt,
  parseDateInZone,
  safeZone,
  splitIntoLessons,
  zoneOffsets,
} from "./availability.ts";

const ZONE = "Europe/Rome";
const rules: BookingRules = { zone: ZONE, maxAdvanceDays: 90, bufferMinutes: 0 };
/** A local time in Rome as an instant. */
const rome = (iso: string) => DateTime.fromISO(iso, { zone: ZONE }).toJSDate();
const slot = (from: string, to: string): Interval => ({ start: rome(from), end: rome(to) });
const localTimes = (lessons: Interval[]) =>
  lessons.map((l) => DateTime.fromJSDate(l.start, { zone: ZONE }).toFormat("ccc yyyy-MM-dd HH:mm"));
/** A date the tests know to be valid, read in Rome. */
function day(text: string): DateTime {
  const parsed = parseDateInZone(text, ZONE);
  if (!parsed) throw new Error(`not a date: ${text}`);
  return parsed;
}
const wide = (now: Date): Interval => ({ start: now, end: new Date(now.getTime() + 400 * 86_400_000) });

describe("the test process runs in a non-UTC zone", () => {
  it("is Asia/Kathmandu, so code that forgets the teacher's zone fails here", () => {
    expect(process.env.TZ).toBe("Asia/Kathmandu");
    expect(new Date("2026-01-01T00:00:00Z").getTimezoneOffset()).toBe(-345);
  });
});

describe("splitting availability into 60-minute lessons", () => {
  it("cuts a 9-13 block into four lessons from its start and drops a short tail", () => {
    const lessons = splitIntoLessons([
      slot("2026-05-04T09:00", "2026-05-04T13:00"),
      slot("2026-05-04T15:30", "2026-05-04T17:00"),
    ]);
    expect(localTimes(lessons)).toEqual([
      "Mon 2026-05-04 09:00",
      "Mon 2026-05-04 10:00",
      "Mon 2026-05-04 11:00",
      "Mon 2026-05-04 12:00",
      "Mon 2026-05-04 15:30",
    ]);
    for (const l of lessons) expect(l.end.getTime() - l.start.getTime()).toBe(3_600_000);
  });

  it("knows which starts the availability offers", () => {
    const slots = [slot("2026-05-04T09:00", "2026-05-04T13:00")];
    expect(isOfferedByAvailability(rome("2026-05-04T10:00"), slots)).toBe(true);
    expect(isOfferedByAvailability(rome("2026-05-04T10:30"), slots)).toBe(false);
    expect(isOfferedByAvailability(rome("2026-05-04T12:30"), slots)).toBe(false);
    expect(isOfferedByAvailability(rome("2026-05-04T13:00"), slots)).toBe(false);
  });
});

describe("the 48-hour rule", () => {
  const now = rome("2026-05-04T10:00");
  const slots = [slot("2026-05-06T08:00", "2026-05-06T12:00")];
  it("hides lessons starting less than 48 hours from now and offers the one at exactly 48 hours", () => {
    const lessons = computeBookableLessons({ slots, busy: [], window: wide(now), rules, now });
    expect(localTimes(lessons)).toEqual(["Wed 2026-05-06 10:00", "Wed 2026-05-06 11:00"]);
  });
  it("calls a lesson 47 hours ahead too soon", () => {
    expect(lessonRefusal({ start: rome("2026-05-06T09:00"), end: rome("2026-05-06T10:00") }, [], rules, now)).toBe(
      "too-soon",
    );
  });
});

describe("the maximum advance", () => {
  it("does not offer lessons further ahead than maxAdvanceBooking days", () => {
    const now = rome("2026-05-04T10:00");
    const slots = [slot("2026-05-14T09:00", "2026-05-14T12:00")];
    const tenDays = { ...rules, maxAdvanceDays: 10 };
    expect(localTimes(computeBookableLessons({ slots, busy: [], window: wide(now), rules: tenDays, now }))).toEqual([
      "Thu 2026-05-14 09:00",
      "Thu 2026-05-14 10:00",
    ]);
    expect(lessonRefusal({ start: rome("2026-05-14T11:00"), end: rome("2026-05-14T12:00") }, [], tenDays, now)).toBe(
      "too-far",
    );
  });
});

describe("booked lessons and the buffer around them", () => {
  const now = rome("2026-05-01T10:00");
  const slots = [slot("2026-05-06T09:00", "2026-05-06T15:00")];
  const busy = [slot("2026-05-06T11:00", "2026-05-06T12:00")];
  /** The start times (HH:mm) still offered with this buffer around the booked lesson. */
  const startsWithBuffer = (bufferMinutes: number) =>
    localTimes(computeBookableLessons({ slots, busy, window: wide(now), rules: { ...rules, bufferMinutes }, now })).map(
      (t) => t.slice(-5),
    );

  it("removes only the booked lesson without a buffer", () => {
    expect(startsWithBuffer(0)).toEqual(["09:00", "10:00", "12:00", "13:00", "14:00"]);
  });

  it("with a 30-minute buffer also removes the lessons that touch the booked one", () => {
    expect(startsWithBuffer(30)).toEqual(["09:00", "13:00", "14:00"]);
  });

  it("with a 60-minute buffer keeps one free hour on each side", () => {
    expect(startsWithBuffer(60)).toEqual(["09:00", "13:00", "14:00"]);
    expect(startsWithBuffer(90)).toEqual(["14:00"]);
  });
});

describe("the 14-day window from the Sunday of the viewed week", () => {
  it("starts on the Sunday before a Wednesday, at midnight in Rome, and lasts 14 calendar days", () => {
    const w = availabilityWindow(day("2026-05-06"), ZONE);
    expect(DateTime.fromJSDate(w.start, { zone: ZONE }).toISO()).toBe("2026-05-03T00:00:00.000+02:00");
    expect(DateTime.fromJSDate(w.end, { zone: ZONE }).toISO()).toBe("2026-05-17T00:00:00.000+02:00");
  });

  it("starts on the day itself when it is a Sunday, and reads an instant in Rome's calendar", () => {
    const sunday = availabilityWindow(day("2026-05-10"), ZONE);
    expect(DateTime.fromJSDate(sunday.start, { zone: ZONE }).toISODate()).toBe("2026-05-10");
    // Saturday 23:30 UTC is already Sunday in Rome.
    const late = availabilityWindow(day("2026-05-09T23:30:00Z"), ZONE);
    expect(DateTime.fromJSDate(late.start, { zone: ZONE }).toISODate()).toBe("2026-05-10");
  });

  it("offers only lessons starting inside the window", () => {
    const now = rome("2026-04-01T08:00");
    const window = availabilityWindow(day("2026-05-06"), ZONE);
    const slots = [
      slot("2026-05-02T10:00", "2026-05-02T11:00"),
      slot("2026-05-03T00:00", "2026-05-03T01:00"),
      slot("2026-05-16T23:00", "2026-05-17T00:00"),
      slot("2026-05-17T00:00", "2026-05-17T01:00"),
    ];
    expect(localTimes(computeBookableLessons({ slots, busy: [], window, rules, now }))).toEqual([
      "Sun 2026-05-03 00:00",
      "Sat 2026-05-16 23:00",
    ]);
  });

  it("can be cut short by an end date", () => {
    const w = availabilityWindow(day("2026-05-06"), ZONE, parseDateInZone("2026-05-09", ZONE));
    expect(DateTime.fromJSDate(w.end, { zone: ZONE }).toISO()).toBe("2026-05-10T00:00:00.000+02:00");
  });

  it("refuses text that is not a date", () => {
    expect(parseDateInZone("next tuesday", ZONE)).toBeNull();
    expect(parseDateInZone("2026-02-30", ZONE)).toBeNull();
  });
});

describe("the weeks of the clock changes", () => {
  const now = rome("2026-03-01T08:00");

  it("March: the window spans the change (13 days and 23 hours) and local times stay 9:00", () => {
    const window = availabilityWindow(day("2026-03-25"), ZONE);
    expect(window.start.toISOString()).toBe("2026-03-21T23:00:00.000Z");
    expect(window.end.toISOString()).toBe("2026-04-04T22:00:00.000Z");
    const slots = [slot("2026-03-27T09:00", "2026-03-27T11:00"), slot("2026-03-30T09:00", "2026-03-30T11:00")];
    const lessons = computeBookableLessons({ slots, busy: [], window, rules, now });
    expect(localTimes(lessons)).toEqual([
      "Fri 2026-03-27 09:00",
      "Fri 2026-03-27 10:00",
      "Mon 2026-03-30 09:00",
      "Mon 2026-03-30 10:00",
    ]);
    // Before the change Rome is UTC+1, after it UTC+2.
    expect(lessons.map((l) => l.start.toISOString())).toEqual([
      "2026-03-27T08:00:00.000Z",
      "2026-03-27T09:00:00.000Z",
      "2026-03-30T07:00:00.000Z",
      "2026-03-30T08:00:00.000Z",
    ]);
    expect(describeSlot(lessons[2].start, ZONE)).toBe("Mon, Mar 30 at 9:00 AM");
  });

  it("March: a block across 2:00 on the night of the change gives real 60-minute lessons", () => {
    const window = availabilityWindow(day("2026-03-29"), ZONE);
    const lessons = computeBookableLessons({
      slots: [slot("2026-03-29T01:00", "2026-03-29T04:00")],
      busy: [],
      window,
      rules,
      now,
    });
    // 01:00 CET to 04:00 CEST is two real hours: 01:00 and 03:00 local.
    expect(localTimes(lessons)).toEqual(["Sun 2026-03-29 01:00", "Sun 2026-03-29 03:00"]);
  });

  it("October: the window spans the change (14 days and 1 hour) and local times stay 9:00", () => {
    const later = rome("2026-10-01T08:00");
    const window = availabilityWindow(day("2026-10-21"), ZONE);
    expect(window.start.toISOString()).toBe("2026-10-17T22:00:00.000Z");
    expect(window.end.toISOString()).toBe("2026-10-31T23:00:00.000Z");
    const slots = [
      slot("2026-10-23T09:00", "2026-10-23T10:00"),
      slot("2026-10-26T09:00", "2026-10-26T10:00"),
      slot("2026-10-31T23:00", "2026-11-01T00:00"),
    ];
    const lessons = computeBookableLessons({ slots, busy: [], window, rules, now: later });
    expect(localTimes(lessons)).toEqual(["Fri 2026-10-23 09:00", "Mon 2026-10-26 09:00", "Sat 2026-10-31 23:00"]);
    expect(lessons.map((l) => l.start.toISOString())).toEqual([
      "2026-10-23T07:00:00.000Z",
      "2026-10-26T08:00:00.000Z",
      "2026-10-31T22:00:00.000Z",
    ]);
    expect(describeSlot(lessons[1].start, ZONE)).toBe("Mon, Oct 26 at 9:00 AM");
  });

  it("October: the 48-hour rule counts real hours across the extra hour", () => {
    const saturday = rome("2026-10-24T10:00");
    // Monday 09:00 looks 47 hours away on the clock but is 48 real hours (the clocks go back on Sunday).
    expect(lessonRefusal({ start: rome("2026-10-26T08:00"), end: rome("2026-10-26T09:00") }, [], rules, saturday)).toBe(
      "too-soon",
    );
    expect(
      lessonRefusal({ start: rome("2026-10-26T09:00"), end: rome("2026-10-26T10:00") }, [], rules, saturday),
    ).toBeNull();
  });
});

describe("safeZone", () => {
  it("keeps a real IANA zone and falls back to the teacher's for anything else, the same each time", () => {
    for (let i = 0; i < 2; i++) {
      expect(safeZone("America/New_York")).toBe("America/New_York");
      expect(safeZone("Mars/Olympus")).toBe("Europe/Rome");
      expect(safeZone("")).toBe("Europe/Rome");
      expect(safeZone(null)).toBe("Europe/Rome");
    }
  });
});

describe("when the clock alone changes the grid", () => {
  const now = rome("2026-03-02T10:00"); // a Monday
  const window = availabilityWindow(day("2026-03-08"), ZONE); // the next two weeks, well inside 90 days
  const input = { window, rules, now, followsToday: false, shortMs: 5_000 };

  it("is when the earliest offered lesson falls inside the 48 hours' notice", () => {
    const starts = [rome("2026-03-09T09:00"), rome("2026-03-08T15:00")].map((d) => d.getTime());
    expect(new Date(offerChangesAt({ ...input, offeredStarts: starts }))).toEqual(rome("2026-03-06T15:00"));
  });

  it("is never, for an empty grid inside the advance limit; the next midnight for today's week", () => {
    expect(offerChangesAt({ ...input, offeredStarts: [] })).toBe(Number.POSITIVE_INFINITY);
    expect(new Date(offerChangesAt({ ...input, offeredStarts: [], followsToday: true }))).toEqual(
      rome("2026-03-03T00:00"),
    );
  });

  it("is soon for a window reaching past the advance limit, where lessons come into reach", () => {
    const far = availabilityWindow(day("2026-05-31"), ZONE); // 90 days from now end in it
    expect(offerChangesAt({ ...input, window: far, offeredStarts: [] })).toBe(now.getTime() + 5_000);
  });
});

describe("zoneOffsets", () => {
  const window = (zone: string, sunday: string) => availabilityWindow(DateTime.fromISO(sunday, { zone }), zone);

  it("gives one offset for a window without a clock change", () => {
    const w = window(ZONE, "2026-11-29");
    expect(zoneOffsets(ZONE, w)).toEqual([{ from: w.start.toISOString(), minutes: 60 }]);
    expect(zoneOffsets("Asia/Kathmandu", window("Asia/Kathmandu", "2026-11-29"))[0].minutes).toBe(345);
  });

  it("finds each clock change to the minute", () => {
    // Rome: 2026-03-29 02:00 local (01:00 UTC) becomes 03:00; New York: 2026-03-08 02:00 (07:00 UTC).
    expect(zoneOffsets(ZONE, window(ZONE, "2026-03-22"))).toEqual([
      { from: "2026-03-21T23:00:00.000Z", minutes: 60 },
      { from: "2026-03-29T01:00:00.000Z", minutes: 120 },
    ]);
    expect(zoneOffsets("America/New_York", window("America/New_York", "2026-03-01"))).toEqual([
      { from: "2026-03-01T05:00:00.000Z", minutes: -300 },
      { from: "2026-03-08T07:00:00.000Z", minutes: -240 },
    ]);
    // Back in October (Rome: 03:00 local, 01:00 UTC); Lord Howe moves by half an hour.
    expect(zoneOffsets(ZONE, window(ZONE, "2026-10-18")).map((o) => o.minutes)).toEqual([120, 60]);
    expect(zoneOffsets(ZONE, window(ZONE, "2026-10-18"))[1].from).toBe("2026-10-25T01:00:00.000Z");
    expect(
      zoneOffsets("Australia/Lord_Howe", window("Australia/Lord_Howe", "2026-09-27")).map((o) => o.minutes),
    ).toEqual([630, 660]);
  });

  it("agrees with the zone every three hours through a year of windows", () => {
    for (const zone of [ZONE, "Europe/London", "America/Los_Angeles", "Australia/Sydney", "Asia/Tokyo"]) {
      for (let week = 0; week < 52; week += 2) {
        const w = window(zone, DateTime.fromISO("2026-01-04", { zone }).plus({ weeks: week }).toISODate() ?? "");
        const offsets = zoneOffsets(zone, w);
        for (let t = w.start.getTime(); t < w.end.getTime(); t += 3 * 3_600_000) {
          const known = offsets.findLast((o) => Date.parse(o.from) <= t);
          expect(known?.minutes, `${zone} ${new Date(t).toISOString()}`).toBe(DateTime.fromMillis(t, { zone }).offset);
        }
      }
    }
  });
});

import { describe, expect, it } from "vitest";
import { addDays, dateKeyInZone, timeKeyInZone } from "../../lib/zoned-date.ts";
import { currentWeekStart, dayLabels, weekDays, weekRangeLabel, weekStartOf } from "./week.ts";

describe("the schedule's week in the teacher's zone", () => {
  it("starts on the Sunday of the week, whatever the weekday", () => {
    expect(weekStartOf("2026-11-22")).toBe("2026-11-22"); // a Sunday
    expect(weekStartOf("2026-11-28")).toBe("2026-11-22"); // Saturday
    expect(weekStartOf("2027-01-01")).toBe("2026-12-27"); // across the year boundary
    expect(weekDays("2026-11-22")).toEqual([
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
    ]);
  });

  it("reads 'today' in the teacher's zone, not the machine's (tests run in Asia/Kathmandu)", () => {
    // Saturday 23:30 UTC is already Sunday 00:30 in Rome: a new week there.
    expect(currentWeekStart("Europe/Rome", new Date("2026-11-21T23:30:00Z"))).toBe("2026-11-22");
    expect(currentWeekStart("America/New_York", new Date("2026-11-21T23:30:00Z"))).toBe("2026-11-15");
  });

  it("gives wall-clock times across the clock changes", () => {
    // Summer time starts in Europe on Sunday 29 March 2026: 09:00 in Rome is 07:00 UTC after it, 08:00 UTC before.
    expect(timeKeyInZone("2026-03-30T07:00:00Z", "Europe/Rome")).toBe("09:00");
    expect(timeKeyInZone("2026-03-27T08:00:00Z", "Europe/Rome")).toBe("09:00");
    // Winter time returns on Sunday 25 October 2026.
    expect(timeKeyInZone("2026-10-26T08:00:00Z", "Europe/Rome")).toBe("09:00");
    expect(dateKeyInZone("2026-10-25T23:30:00Z", "Europe/Rome")).toBe("2026-10-26");
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
  });

  it("labels the week range", () => {
    expect(weekRangeLabel("en", "2026-12-27")).toBe("Dec 27 – Jan 2, 2027");
    expect(weekRangeLabel("it", "2026-12-28")).toBe("28 dic – 3 gen 2027");
  });

  it("starts an Italian week on Monday", () => {
    expect(weekStartOf("2026-11-22", 1)).toBe("2026-11-16"); // a Sunday ends the Monday week
    expect(weekStartOf("2026-11-23", 1)).toBe("2026-11-23"); // a Monday starts one
    expect(weekStartOf("2026-11-28", 1)).toBe("2026-11-23");
    expect(currentWeekStart("Europe/Rome", new Date("2026-11-22T23:30:00Z"), 1)).toBe("2026-11-23");
  });

  it("writes day labels as en-US's Intl did by hand, for every day of four years", () => {
    const intl = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...options });
    const weekday = intl({ weekday: "short" });
    const weekdayLong = intl({ weekday: "long" });
    const monthDay = intl({ month: "short", day: "numeric" });
    const shortDay = intl({ weekday: "short", month: "short", day: "numeric" });
    const longDay = intl({ weekday: "long", month: "long", day: "numeric" });
    const withYear = intl({ month: "short", day: "numeric", year: "numeric" });
    for (let key = "2026-01-01"; key < "2030-01-01"; key = addDays(key, 1)) {
      const date = new Date(`${key}T00:00:00Z`);
      expect(dayLabels("en", key)).toEqual({
        weekday: weekday.format(date),
        weekdayLong: weekdayLong.format(date),
        monthDay: monthDay.format(date),
        short: shortDay.format(date),
        long: longDay.format(date),
      });
      expect(weekRangeLabel("en", key)).toBe(
        `${monthDay.format(date)} – ${withYear.format(new Date(`${addDays(key, 6)}T00:00:00Z`))}`,
      );
    }
  });

  it("writes Italian day labels", () => {
    expect(dayLabels("it", "2026-11-23")).toEqual({
      weekday: "lun",
      weekdayLong: "lunedì",
      monthDay: "23 nov",
      short: "lun 23 nov",
      long: "lunedì 23 novembre",
    });
  });
});

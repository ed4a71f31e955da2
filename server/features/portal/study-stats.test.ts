import { describe, expect, it } from "vitest";
import { lessonsPerWeek, longestWeekStreak, studyMinutesFor } from "./study-stats.ts";

const rome = (iso: string) => new Date(new Date(`${iso}+01:00`).getTime());

describe("study time", () => {
  it("is 60 minutes per completed lesson", () => {
    expect(studyMinutesFor(0)).toBe(0);
    expect(studyMinutesFor(1)).toBe(60);
    expect(studyMinutesFor(7)).toBe(420);
  });
});

describe("longest streak of consecutive ISO weeks", () => {
  it("is 0 without lessons and 1 for lessons in one week", () => {
    expect(longestWeekStreak([])).toBe(0);
    expect(longestWeekStreak([rome("2026-03-02T10:00:00"), rome("2026-03-08T20:00:00")])).toBe(1);
  });

  it("runs across New Year: 2026-W52, the week spanning New Year (2026-W53), 2027-W01", () => {
    const dates = [
      rome("2026-12-22T18:00:00"), // Tue, W52
      rome("2027-01-01T10:00:00"), // Fri 1 Jan 2027: still ISO week 53 of 2026
      rome("2027-01-05T18:00:00"), // Tue, 2027-W01
    ];
    expect(longestWeekStreak(dates)).toBe(3);
  });

  it("counts Thursday 31 Dec and Friday 1 Jan as one week, not two", () => {
    expect(longestWeekStreak([rome("2026-12-31T10:00:00"), rome("2027-01-01T10:00:00")])).toBe(1);
  });

  it("breaks on a missing week and keeps the longest run", () => {
    const dates = ["2026-01-05", "2026-01-12", "2026-01-26", "2026-02-02", "2026-02-09", "2026-02-16"].map((d) =>
      rome(`${d}T18:00:00`),
    );
    expect(longestWeekStreak(dates)).toBe(4);
  });

  it("puts a Sunday 23:30 Milano lesson in its Milano week, whatever the process zone", () => {
    // Sunday 8 March 2026 23:30 in Rome is Monday in Kathmandu (the test zone) and in UTC+5:45.
    const dates = [rome("2026-03-02T18:00:00"), rome("2026-03-08T23:30:00")];
    expect(longestWeekStreak(dates)).toBe(1);
  });

  it("handles the DST change week (Rome goes to summer time on 29 March 2026)", () => {
    const dates = ["2026-03-23T18:00:00+01:00", "2026-03-30T18:00:00+02:00", "2026-04-06T18:00:00+02:00"].map(
      (d) => new Date(d),
    );
    expect(longestWeekStreak(dates)).toBe(3);
  });
});

describe("lessons per week", () => {
  it("counts completed lessons in the last weeks, oldest first, including empty weeks", () => {
    const now = rome("2026-03-11T12:00:00");
    const weeks = lessonsPerWeek(
      [rome("2026-03-09T10:00:00"), rome("2026-03-10T10:00:00"), rome("2026-02-24T10:00:00")],
      now,
      4,
    );
    expect(weeks.map((w) => w.weekStart)).toEqual(["2026-02-16", "2026-02-23", "2026-03-02", "2026-03-09"]);
    expect(weeks.map((w) => w.count)).toEqual([0, 1, 0, 2]);
    expect(weeks[3].label).toBe("Mar 9");
  });
});

import { describe, expect, it } from "vitest";
import { firstWeekOverCap, groupByWeek, weekOf } from "./weekly-cap.ts";

const ROME = "Europe/Rome";

describe("the teacher's week", () => {
  it("runs from Monday 00:00 to the next Monday 00:00 in her zone, not in UTC", () => {
    // Sunday 6 December 2026, 23:30 in Milano is 22:30 UTC; Monday 7 December 00:30 is 23:30 UTC,
    // still Sunday in UTC: the two lessons are an hour apart but in two of her weeks.
    const sundayLate = new Date("2026-12-06T22:30:00Z");
    const mondayEarly = new Date("2026-12-06T23:30:00Z");
    expect(weekOf(sundayLate, ROME)).toEqual({
      start: new Date("2026-11-29T23:00:00Z"),
      end: new Date("2026-12-06T23:00:00Z"),
    });
    expect(weekOf(mondayEarly, ROME).start).toEqual(new Date("2026-12-06T23:00:00Z"));
    // In UTC they would share a week: the zone is what splits them.
    expect(weekOf(sundayLate, "UTC").start).toEqual(weekOf(mondayEarly, "UTC").start);
  });

  it("is 169 hours long across the October clock change (the clock goes back an hour)", () => {
    const week = weekOf(new Date("2026-10-25T10:00:00Z"), ROME);
    expect(week.start).toEqual(new Date("2026-10-18T22:00:00Z"));
    expect(week.end).toEqual(new Date("2026-10-25T23:00:00Z"));
    expect((week.end.getTime() - week.start.getTime()) / 3_600_000).toBe(169);
  });
});

describe("a cap counted per week", () => {
  const sundayLate = new Date("2026-12-06T22:30:00Z");
  const mondayEarly = new Date("2026-12-06T23:30:00Z");
  const tuesday = new Date("2026-12-08T15:00:00Z");

  it("groups new lessons by her week", () => {
    const weeks = groupByWeek([tuesday, sundayLate, mondayEarly], ROME);
    expect(weeks.map((w) => [w.start.toISOString(), w.adding])).toEqual([
      ["2026-11-29T23:00:00.000Z", 1],
      ["2026-12-06T23:00:00.000Z", 2],
    ]);
  });

  it("refuses the first week that would go past the cap and lets the others be", () => {
    const [first, second] = groupByWeek([sundayLate, mondayEarly, tuesday], ROME);
    // Two a week: the first week already has one and adds one (2: fine); the second adds two to one held.
    const counted = [
      { ...first, held: 1 },
      { ...second, held: 1 },
    ];
    expect(firstWeekOverCap(counted, 2)).toBe(counted[1]);
    expect(firstWeekOverCap(counted, 3)).toBeNull();
    expect(firstWeekOverCap(counted, null)).toBeNull();
  });

  it("counts a lesson at 23:30 on Sunday against the week it ends, not the next", () => {
    const weeks = groupByWeek([sundayLate], ROME).map((w) => ({ ...w, held: 2 }));
    expect(firstWeekOverCap(weeks, 2)?.start).toEqual(new Date("2026-11-29T23:00:00Z"));
    const next = groupByWeek([mondayEarly], ROME).map((w) => ({ ...w, held: 0 }));
    expect(firstWeekOverCap(next, 2)).toBeNull();
  });
});

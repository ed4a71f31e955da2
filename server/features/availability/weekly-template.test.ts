import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { horizonEnd, occurrencesBetween, planTopUp, type WeeklyEntry } from "./weekly-template.ts";

const zone = "Europe/Rome";
const at = (iso: string) => DateTime.fromISO(iso, { zone }).toJSDate();
const local = (d: Date) => DateTime.fromJSDate(d).setZone(zone).toFormat("ccc yyyy-MM-dd HH:mm ZZ");

const schedule: WeeklyEntry[] = [
  { dayOfWeek: 1, startTime: "09:00", duration: 60 }, // Monday
  { dayOfWeek: 3, startTime: "18:30", duration: 45 }, // Wednesday
];

describe("the standing schedule's top-up", () => {
  it("fills every week up to the horizon, from after now, and nothing past it", () => {
    const now = at("2027-01-04T10:00"); // a Monday, after that day's 09:00
    const through = horizonEnd(now, 120, zone);
    expect(local(through)).toBe("Wed 2027-05-05 00:00 +02:00"); // the whole 120th day (4 May) is covered
    const wanted = occurrencesBetween(schedule, { zone, now, through });
    expect(local(wanted[0].startsAt)).toBe("Wed 2027-01-06 18:30 +01:00");
    expect(local(wanted[wanted.length - 1].startsAt)).toBe("Mon 2027-05-03 09:00 +02:00");
    expect(wanted).toHaveLength(34); // 17 Mondays after today (11 Jan-3 May) and 17 Wednesdays (6 Jan-28 Apr)
    expect(wanted.every((w) => w.startsAt > now && w.startsAt < through)).toBe(true);
  });

  it("keeps the wall-clock time through a daylight-saving week and moves a missing hour forward", () => {
    const entries: WeeklyEntry[] = [
      { dayOfWeek: 1, startTime: "09:00", duration: 60 },
      { dayOfWeek: 0, startTime: "02:30", duration: 60 }, // does not exist on 28 March 2027
    ];
    const wanted = occurrencesBetween(entries, {
      zone,
      now: at("2027-03-20T00:00"),
      through: at("2027-04-06T00:00"),
    });
    expect(wanted.map((w) => local(w.startsAt))).toEqual([
      "Sun 2027-03-21 02:30 +01:00",
      "Mon 2027-03-22 09:00 +01:00",
      "Sun 2027-03-28 03:30 +02:00",
      "Mon 2027-03-29 09:00 +02:00",
      "Sun 2027-04-04 02:30 +02:00",
      "Mon 2027-04-05 09:00 +02:00",
    ]);
    // 09:00 in Rome is 08:00 UTC before the change and 07:00 UTC after it.
    expect(wanted[1].startsAt.toISOString()).toBe("2027-03-22T08:00:00.000Z");
    expect(wanted[3].startsAt.toISOString()).toBe("2027-03-29T07:00:00.000Z");
    // Durations are real minutes, also across the autumn change (31 October 2027, 03:00 -> 02:00).
    const autumn = occurrencesBetween([{ dayOfWeek: 0, startTime: "01:30", duration: 120 }], {
      zone,
      now: at("2027-10-30T00:00"),
      through: at("2027-11-01T00:00"),
    });
    expect(autumn).toHaveLength(1);
    expect((autumn[0].endsAt.getTime() - autumn[0].startsAt.getTime()) / 60_000).toBe(120);
  });

  it("adds what is missing, skips overlaps and days off, and never adds a slot twice", () => {
    const now = at("2027-02-01T00:00");
    const through = at("2027-03-01T00:00");
    const wanted = occurrencesBetween(schedule, { zone, now, through });
    expect(wanted).toHaveLength(8);

    const first = planTopUp(wanted, [], []);
    expect(first.add).toHaveLength(8);

    // Applied again over what it created: all present, nothing to add.
    const again = planTopUp(wanted, first.add, []);
    expect(again.add).toEqual([]);
    expect(again.present).toHaveLength(8);

    // A one-time slot overlapping one Monday (08:30-09:30) and a day off on one Wednesday.
    const oneTime = { startsAt: at("2027-02-08T08:30"), endsAt: at("2027-02-08T09:30") };
    const dayOff = { startsAt: at("2027-02-17T00:00"), endsAt: at("2027-02-18T00:00") };
    const plan = planTopUp(wanted, [oneTime, first.add[0]], [dayOff]);
    expect(plan.present).toEqual([first.add[0]]);
    expect(plan.overlapping.map((s) => local(s.startsAt))).toEqual(["Mon 2027-02-08 09:00 +01:00"]);
    expect(plan.excluded.map((s) => local(s.startsAt))).toEqual(["Wed 2027-02-17 18:30 +01:00"]);
    expect(plan.add).toHaveLength(5);
    // Every wanted occurrence is accounted for exactly once.
    const all = [...plan.add, ...plan.present, ...plan.overlapping, ...plan.excluded].map((s) => s.startsAt.getTime());
    expect(new Set(all).size).toBe(8);
    expect(all).toHaveLength(8);

    // Adjacent slots do not overlap (half-open ranges): 10:00-11:00 next to 09:00-10:00.
    const adjacent = { startsAt: at("2027-02-15T10:00"), endsAt: at("2027-02-15T11:00") };
    expect(planTopUp(wanted, [adjacent], []).add).toHaveLength(8);
    // A slot with the same start but another length is an overlap, not "already there".
    const longer = { startsAt: at("2027-02-15T09:00"), endsAt: at("2027-02-15T10:30") };
    expect(planTopUp(wanted, [longer], []).overlapping).toHaveLength(1);
  });
});

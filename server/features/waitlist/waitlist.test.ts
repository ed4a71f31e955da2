import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  entryMatches,
  holdExpiry,
  isHoldExpired,
  minuteOfDay,
  offerKey,
  planOffers,
  type WaitingEntry,
} from "./waitlist.ts";

const ZONE = "Europe/Rome";
const rome = (text: string) => DateTime.fromISO(text, { zone: ZONE }).toJSDate();
const none = { weekday: null, fromMinute: null, toMinute: null };
const entry = (id: string, createdAt: string, wish: Partial<WaitingEntry>): WaitingEntry => ({
  id,
  studentId: `s-${id}`,
  createdAt: new Date(createdAt),
  startsAt: null,
  ...none,
  ...wish,
});

describe("the hold's expiry", () => {
  it("ends the setting's hours after the offer, and not a moment before", () => {
    const now = new Date("2026-12-01T08:00:00Z");
    const expiresAt = holdExpiry(now, 12);
    expect(expiresAt.toISOString()).toBe("2026-12-01T20:00:00.000Z");
    expect(isHoldExpired({ expiresAt }, new Date("2026-12-01T19:59:59Z"))).toBe(false);
    expect(isHoldExpired({ expiresAt }, new Date("2026-12-01T20:00:00Z"))).toBe(true);
  });
});

describe("matching a freed time", () => {
  it("a weekday window is read on the teacher's clock in Rome, winter and summer", () => {
    // Tuesdays 14:00–18:00 in Rome: 17:00 fits (ends 18:00), 17:30 does not, 13:00 does not.
    const tuesdays = { startsAt: null, weekday: 2, fromMinute: 14 * 60, toMinute: 18 * 60 };
    expect(entryMatches(tuesdays, rome("2026-12-08T14:00"), ZONE)).toBe(true);
    expect(entryMatches(tuesdays, rome("2026-12-08T17:00"), ZONE)).toBe(true);
    expect(entryMatches(tuesdays, rome("2026-12-08T17:30"), ZONE)).toBe(false);
    expect(entryMatches(tuesdays, rome("2026-12-08T13:00"), ZONE)).toBe(false);
    expect(entryMatches(tuesdays, rome("2027-06-08T14:00"), ZONE)).toBe(true);
    // The same instant is 13:00 UTC in winter: on another clock it would not match.
    expect(entryMatches(tuesdays, rome("2026-12-08T14:00"), "UTC")).toBe(false);
    // A Wednesday is not a Tuesday.
    expect(entryMatches(tuesdays, rome("2026-12-09T15:00"), ZONE)).toBe(false);
  });

  it("one time matches that instant only", () => {
    const at = rome("2026-12-08T15:00");
    expect(entryMatches({ startsAt: at, ...none }, at, ZONE)).toBe(true);
    expect(entryMatches({ startsAt: at, ...none }, rome("2026-12-08T16:00"), ZONE)).toBe(false);
  });

  it("reads HH:MM as minutes of the day", () => {
    expect(minuteOfDay("14:30")).toBe(870);
    expect(minuteOfDay("24:00")).toBe(1440);
    expect(minuteOfDay("24:30")).toBeNull();
    expect(minuteOfDay("9:00")).toBeNull();
  });
});

describe("the order of offers", () => {
  const freed = rome("2026-12-08T15:00");
  const free = [{ teacherId: "t", start: freed }];
  const tuesdays = { weekday: 2, fromMinute: 14 * 60, toMinute: 18 * 60 };

  it("offers a freed time to the first who asked, whatever the order of the list", () => {
    const entries = [
      entry("late", "2026-11-03T00:00:00Z", { startsAt: freed }),
      entry("early", "2026-11-01T00:00:00Z", tuesdays),
    ];
    const plan = planOffers({ free, entries, holding: new Set(), offeredBefore: new Set(), zone: ZONE });
    expect(plan).toEqual([{ entryId: "early", teacherId: "t", start: freed }]);
  });

  it("passes it to the next when the first was offered it before, or holds another time", () => {
    const entries = [
      entry("a", "2026-11-01T00:00:00Z", { startsAt: freed }),
      entry("b", "2026-11-02T00:00:00Z", { startsAt: freed }),
      entry("c", "2026-11-03T00:00:00Z", { startsAt: freed }),
    ];
    const offeredBefore = new Set([offerKey("a", freed)]);
    expect(planOffers({ free, entries, holding: new Set(), offeredBefore, zone: ZONE })[0].entryId).toBe("b");
    expect(planOffers({ free, entries, holding: new Set(["b"]), offeredBefore, zone: ZONE })[0].entryId).toBe("c");
  });

  it("gives one entry one time at a time, and one time to one entry", () => {
    const later = rome("2026-12-08T16:00");
    const entries = [entry("a", "2026-11-01T00:00:00Z", tuesdays), entry("b", "2026-11-02T00:00:00Z", tuesdays)];
    const plan = planOffers({
      free: [{ teacherId: "t", start: later }, ...free, { teacherId: "u", start: freed }],
      entries,
      holding: new Set(),
      offeredBefore: new Set(),
      zone: ZONE,
    });
    expect(plan.map((p) => [p.entryId, p.start.toISOString()])).toEqual([
      ["a", freed.toISOString()],
      ["b", later.toISOString()],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import {
  adjustmentExpiry,
  cancellationKind,
  creditExpiryFrom,
  isCreditValidAt,
  replayLedger,
  type StoredCreditEntry,
} from "./credits.ts";

const ZONE = "Europe/Rome";
let n = 0;
const entry = (over: Partial<StoredCreditEntry> & Pick<StoredCreditEntry, "kind" | "lessons" | "createdAt">) => ({
  id: `e${n++}`,
  orderId: null,
  bookingId: null,
  expiresAt: null,
  reason: null,
  ...over,
});

describe("credit expiry", () => {
  const bought = new Date("2026-11-03T09:30:00Z");
  const expiresAt = creditExpiryFrom(bought, 12, ZONE);

  it("runs for the teacher's months on the calendar of her zone, across a change of daylight saving", () => {
    expect(expiresAt.toISOString()).toBe("2027-11-03T09:30:00.000Z");
    // 1 March 10:00 in Rome (CET) + 3 months = 1 June 10:00 in Rome (CEST): one hour less in UTC.
    expect(creditExpiryFrom(new Date("2027-03-01T09:00:00Z"), 3, ZONE).toISOString()).toBe("2027-06-01T08:00:00.000Z");
  });

  it("holds until the instant before expiresAt and lapses at expiresAt itself", () => {
    expect(isCreditValidAt(expiresAt, new Date(expiresAt.getTime() - 1))).toBe(true);
    expect(isCreditValidAt(expiresAt, expiresAt)).toBe(false);
    expect(isCreditValidAt(null, expiresAt)).toBe(true);
  });

  it("leaves the ledger whole a millisecond before, and expires what is left at the boundary", () => {
    const stored = [
      entry({ kind: "purchased", lessons: 6, expiresAt, createdAt: bought }),
      entry({ kind: "used", lessons: -1, createdAt: bought }),
      entry({ kind: "used", lessons: -1, createdAt: bought }),
    ];
    const before = replayLedger(stored, new Date(expiresAt.getTime() - 1));
    expect(before.balance).toBe(4);
    expect(before.entries.map((e) => e.kind)).toEqual(["purchased", "used", "used"]);

    const at = replayLedger(stored, expiresAt);
    expect(at.balance).toBe(0);
    expect(at.entries.at(-1)).toMatchObject({ kind: "expired", lessons: -4, createdAt: expiresAt, id: null });
  });

  it("a lesson returned after the lapse lapses at once; a new purchase opens a new validity", () => {
    const later = new Date(expiresAt.getTime() + 86_400_000);
    const stored = [
      entry({ kind: "purchased", lessons: 2, expiresAt, createdAt: bought }),
      entry({ kind: "used", lessons: -1, createdAt: bought }),
      entry({ kind: "returned", lessons: 1, createdAt: later }),
    ];
    const lapsed = replayLedger(stored, later);
    expect(lapsed.entries.map((e) => [e.kind, e.lessons])).toEqual([
      ["purchased", 2],
      ["used", -1],
      ["expired", -1],
      ["returned", 1],
      ["expired", -1],
    ]);
    expect(lapsed.balance).toBe(0);

    const renewed = creditExpiryFrom(later, 12, ZONE);
    const again = replayLedger(
      [...stored, entry({ kind: "purchased", lessons: 4, expiresAt: renewed, createdAt: later })],
      later,
    );
    expect(again.balance).toBe(4);
    expect(again.expiresAt).toEqual(renewed);
  });

  it("an adjustment keeps a running validity and opens a new one on a lapsed ledger", () => {
    const now = new Date(expiresAt.getTime() - 1);
    expect(adjustmentExpiry(expiresAt, now, 12, ZONE)).toEqual(expiresAt);
    expect(adjustmentExpiry(expiresAt, expiresAt, 12, ZONE)).toEqual(creditExpiryFrom(expiresAt, 12, ZONE));
    expect(adjustmentExpiry(null, now, 12, ZONE)).toEqual(creditExpiryFrom(now, 12, ZONE));
  });
});

describe("what a cancellation records", () => {
  const startsAt = new Date("2027-01-10T10:00:00Z");
  const hour = 3_600_000;
  it("returned up to the notice's deadline, late after it, a no-show from the start", () => {
    expect(cancellationKind(startsAt, 24, new Date(startsAt.getTime() - 24 * hour))).toBe("returned");
    expect(cancellationKind(startsAt, 24, new Date(startsAt.getTime() - 24 * hour + 1))).toBe("late_cancellation");
    expect(cancellationKind(startsAt, 24, new Date(startsAt.getTime() - 1))).toBe("late_cancellation");
    expect(cancellationKind(startsAt, 24, startsAt)).toBe("no_show");
  });
});

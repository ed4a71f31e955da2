import { describe, expect, it } from "vitest";
import { creditSummary } from "./credit-summary.ts";

const now = new Date("2027-01-10T10:00:00Z");
const expiresAt = "2027-11-03T09:30:00.000Z";

describe("the dashboard's credits line", () => {
  it("counts what the current validity granted, and what is left", () => {
    const ledger = {
      balance: 4,
      expiresAt,
      entries: [
        { kind: "purchased", lessons: 2 },
        { kind: "expired", lessons: -2 },
        { kind: "purchased", lessons: 6 },
        { kind: "used", lessons: -1 },
        { kind: "used", lessons: -1 },
        { kind: "adjusted", lessons: -1 },
        { kind: "returned", lessons: 1 },
      ],
    };
    expect(creditSummary(ledger, now)).toEqual({ left: 4, total: 6, validUntil: expiresAt });
  });

  it("shows nothing before a purchase, nor once the validity is over (at expiresAt itself)", () => {
    expect(creditSummary({ balance: 0, expiresAt: null, entries: [] }, now)).toBeNull();
    const ledger = { balance: 2, expiresAt, entries: [{ kind: "purchased", lessons: 2 }] };
    expect(creditSummary(ledger, new Date(Date.parse(expiresAt) - 1))).not.toBeNull();
    expect(creditSummary(ledger, new Date(expiresAt))).toBeNull();
  });
});

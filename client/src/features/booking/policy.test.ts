import { describe, expect, it } from "vitest";
import { translatorFor } from "../../../../tests/helpers/translate.ts";
import { policyLines } from "./policy.ts";

const t = await translatorFor("en");
const it_ = await translatorFor("it");

describe("cancellation and refund policy card", () => {
  it("asks for a package first", () => {
    expect(policyLines(t, null)).toEqual(["Select a package to see its cancellation and refund policy."]);
  });

  it("says a single lesson cannot be cancelled, refunded or moved", () => {
    expect(policyLines(t, { lessons: 1 })[0]).toBe("Single lessons cannot be cancelled, refunded or moved.");
  });

  it("gives packages 1 free cancellation per 6 lessons, rounded down, and free rebooking", () => {
    expect(policyLines(t, { lessons: 5 })[0]).toMatch(/has no free cancellations/);
    expect(policyLines(t, { lessons: 6 })[0]).toMatch(/includes 1 free cancellation \(/);
    expect(policyLines(t, { lessons: 12 })[0]).toMatch(/includes 2 free cancellations/);
    expect(policyLines(t, { lessons: 12 })).toContain(
      "A cancelled lesson can be rebooked in a new open slot at no extra charge.",
    );
  });

  it("says how many moves or cancellations a package allows, and with what notice", () => {
    expect(policyLines(t, { lessons: 12 }, "48 hours")).toContain(
      "Moves or cancellations allowed: 2 in all, each at least 48 hours before the lesson starts. Moving a lesson to another free time uses one, as a cancellation does.",
    );
    expect(policyLines(t, { lessons: 6 }).join(" ")).toMatch(/allowed: 1 in all, each at least 24 hours before/);
    expect(policyLines(t, { lessons: 12 }, "1 week").join(" ")).toMatch(/each at least 1 week before/);
    expect(policyLines(t, { lessons: 5 }).join(" ")).not.toMatch(/allowed:/);
  });

  it("says it in Italian, with the notice in Italian", () => {
    expect(policyLines(it_, { lessons: 12 }, "1 week")[0]).toBe(
      "Questo pacchetto da 12 lezioni comprende 2 disdette gratuite (1 ogni 6 lezioni acquistate).",
    );
    expect(policyLines(it_, { lessons: 6 }, "48 hours").join(" ")).toMatch(/almeno 48 ore di preavviso/);
    expect(policyLines(it_, { lessons: 6 }, "1 week").join(" ")).toMatch(/almeno 1 settimana di preavviso/);
  });

  it("states how long a package's lessons stay valid, the teacher's setting (issue 30)", () => {
    expect(policyLines(t, { lessons: 6 }, "24 hours", 12)).toContain("Valid for 12 months from purchase.");
    expect(policyLines(t, { lessons: 6 }, "24 hours", 1)).toContain("Valid for 1 month from purchase.");
    expect(policyLines(it_, { lessons: 6 }, "24 hours", 12)).toContain("Il pacchetto è valido 12 mesi dall'acquisto.");
    expect(policyLines(t, { lessons: 6 }).join(" ")).not.toMatch(/Valid for/);
    expect(policyLines(t, { lessons: 1 }, "24 hours", 12).join(" ")).not.toMatch(/Valid for/);
  });
});

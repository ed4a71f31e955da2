import { describe, expect, it } from "vitest";
import { computeOrderPrice } from "./pricing.ts";
import {
  erasedCustomerKeys,
  type OrderLessonState,
  referralOrderState,
  rewardDiscountCents,
  rewardValueCents,
} from "./referral-rules.ts";

describe("referral reward amounts", () => {
  it("is worth 10% of one lesson, not of a package", () => {
    expect(rewardValueCents(3500, 10)).toBe(350);
    expect(rewardValueCents(3505, 10)).toBe(351);
  });

  it("takes 10% of one lesson of the next booking off, never more than its value", () => {
    // Standard Package: 6 lessons for €192, €32 each.
    expect(rewardDiscountCents({ valueCents: 350, percent: 10, packagePriceCents: 19200, packageLessons: 6 })).toBe(
      320,
    );
    // Intensive: 12 lessons for €360 — the old rule took €36 off; one lesson's tenth is €3.
    expect(rewardDiscountCents({ valueCents: 350, percent: 10, packagePriceCents: 36000, packageLessons: 12 })).toBe(
      300,
    );
    // A single lesson at €35.
    expect(rewardDiscountCents({ valueCents: 350, percent: 10, packagePriceCents: 3500, packageLessons: 1 })).toBe(350);
    // A lesson dearer than when the reward was granted: the granted value caps it.
    expect(rewardDiscountCents({ valueCents: 350, percent: 10, packagePriceCents: 5000, packageLessons: 1 })).toBe(350);
  });

  it("prices an order with a fixed reward on the package only, never below zero", () => {
    expect(
      computeOrderPrice({ basePriceCents: 19200, groupPriceCents: 9000, discountPercent: 0, discountCents: 320 }),
    ).toEqual({ basePriceCents: 19200, groupPriceCents: 9000, discountCents: 320, totalPriceCents: 27880 });
    expect(
      computeOrderPrice({ basePriceCents: 200, groupPriceCents: 0, discountPercent: 0, discountCents: 350 })
        .totalPriceCents,
    ).toBe(0);
  });
});

describe("the friend's first order and the reward", () => {
  const day = (n: number) => new Date(Date.UTC(2027, 0, n, 10));
  const lesson = (status: string, startsDay: number, cancelledDay: number | null = null): OrderLessonState => ({
    status,
    startsAt: day(startsDay),
    cancelledAt: cancelledDay === null ? null : day(cancelledDay),
  });

  it("is bought once the teacher confirmed a lesson (or one was completed), not while all are pending", () => {
    expect(referralOrderState([lesson("pending", 10), lesson("pending", 17)])).toBe("open");
    expect(referralOrderState([lesson("confirmed", 10), lesson("pending", 17)])).toBe("bought");
    expect(referralOrderState([lesson("completed", 10), lesson("cancelled", 17, 12)])).toBe("bought");
  });

  it("waits for payment once payments are recorded", () => {
    expect(referralOrderState([lesson("confirmed", 10)], { isPaid: false })).toBe("open");
    expect(referralOrderState([lesson("confirmed", 10)], { isPaid: true })).toBe("bought");
  });

  it("is withdrawn when every lesson was cancelled before it started", () => {
    expect(referralOrderState([lesson("cancelled", 10, 5), lesson("cancelled", 17, 5)])).toBe("withdrawn");
    // The first lesson cancelled early, the rest later but still before each started.
    expect(referralOrderState([lesson("cancelled", 10, 5), lesson("cancelled", 17, 12)])).toBe("withdrawn");
  });

  it("is not withdrawn when a lesson took place or is still on", () => {
    // Cancelled after its start: the lesson's time was held (a no-show), the order was bought.
    expect(referralOrderState([lesson("cancelled", 10, 11), lesson("cancelled", 17, 12)])).toBe("open");
    expect(referralOrderState([lesson("cancelled", 10, 5), lesson("confirmed", 17)])).toBe("bought");
    expect(referralOrderState([])).toBe("open");
  });
});

describe("once per person: the keyed hashes of a deleted account", () => {
  const secret = "unit-test-secret-0123456789abcdef";

  it("derives the same keys for the same person, whatever the email's case", () => {
    const a = erasedCustomerKeys(secret, { sub: "google-123", email: "Anna@Example.com" });
    const b = erasedCustomerKeys(secret, { sub: "google-123", email: "anna@example.com " });
    expect(a).toHaveLength(2);
    expect(a).toEqual(b);
  });

  it("recognises the person by either the sub or the email alone", () => {
    const before = erasedCustomerKeys(secret, { sub: "google-123", email: "anna@example.com" });
    const sameSub = erasedCustomerKeys(secret, { sub: "google-123", email: "new@example.com" });
    const sameEmail = erasedCustomerKeys(secret, { sub: "google-999", email: "anna@example.com" });
    expect(sameSub.some((k) => before.includes(k))).toBe(true);
    expect(sameEmail.some((k) => before.includes(k))).toBe(true);
    const stranger = erasedCustomerKeys(secret, { sub: "google-999", email: "bob@example.com" });
    expect(stranger.some((k) => before.includes(k))).toBe(false);
  });

  it("keeps nothing readable and depends on the secret", () => {
    const keys = erasedCustomerKeys(secret, { sub: "google-123", email: "anna@example.com" });
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(key).not.toContain("anna");
    }
    expect(erasedCustomerKeys("another-secret-0123456789abcdefgh", { sub: "google-123" })).not.toContain(keys[0]);
    // A sub and an email with the same text are different keys.
    expect(erasedCustomerKeys(secret, { sub: "x@y.z" })[0]).not.toBe(erasedCustomerKeys(secret, { email: "x@y.z" })[0]);
  });
});

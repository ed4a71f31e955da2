import { describe, expect, it } from "vitest";
import { cancellationAllowance, decideCancellation, noticeHoursFor } from "./cancellation-policy.ts";
import { referralStatusLabel } from "./constants.ts";

describe("cancellation allowance (one per 6 lessons, single lessons none)", () => {
  it.each([
    [1, 0],
    [5, 0],
    [6, 1],
    [11, 1],
    [12, 2],
    [13, 2],
  ])("%i lessons -> %i free cancellations", (lessons, allowance) => {
    expect(cancellationAllowance(lessons)).toBe(allowance);
  });
});

describe("notice from the cancellation policy setting", () => {
  it("maps the four settings and defaults to 24 hours", () => {
    expect(noticeHoursFor("24 hours")).toBe(24);
    expect(noticeHoursFor("48 hours")).toBe(48);
    expect(noticeHoursFor("72 hours")).toBe(72);
    expect(noticeHoursFor("1 week")).toBe(168);
    expect(noticeHoursFor(null)).toBe(24);
    expect(noticeHoursFor("whenever")).toBe(24);
  });
});

describe("decideCancellation", () => {
  const now = new Date("2026-05-01T10:00:00Z");
  const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000);
  const base = {
    lessonStatus: "confirmed",
    startsAt: inHours(72),
    packageLessons: 6,
    usedCancellations: 0,
    policy: "24 hours",
    now,
  };

  it("allows a package lesson with notice and shows what is left", () => {
    expect(decideCancellation(base)).toMatchObject({
      canCancel: true,
      refusal: null,
      allowance: 1,
      used: 0,
      remaining: 1,
      notice: "24 hours",
    });
  });
  it("refuses a single lesson", () => {
    expect(decideCancellation({ ...base, packageLessons: 1 })).toMatchObject({
      canCancel: false,
      refusal: "Single lessons cannot be cancelled, refunded or moved.",
    });
  });
  it("refuses a 5-lesson package (no free cancellation)", () => {
    expect(decideCancellation({ ...base, packageLessons: 5 }).canCancel).toBe(false);
  });
  it("refuses once the allowance is used, allows the second of a 12-lesson package", () => {
    expect(decideCancellation({ ...base, usedCancellations: 1 })).toMatchObject({ canCancel: false, remaining: 0 });
    expect(decideCancellation({ ...base, packageLessons: 12, usedCancellations: 1 })).toMatchObject({
      canCancel: true,
      remaining: 1,
    });
    expect(decideCancellation({ ...base, packageLessons: 13, usedCancellations: 2 }).canCancel).toBe(false);
  });
  it("enforces the notice exactly at the boundary, for each setting", () => {
    expect(decideCancellation({ ...base, startsAt: inHours(24) }).canCancel).toBe(true);
    expect(decideCancellation({ ...base, startsAt: inHours(23.99) })).toMatchObject({
      canCancel: false,
      refusal: { key: "errors.cancel.notice", values: { action: "cancel", unit: "hour", count: 24 } },
    });
    expect(decideCancellation({ ...base, policy: "48 hours", startsAt: inHours(47) }).canCancel).toBe(false);
    expect(decideCancellation({ ...base, policy: "72 hours", startsAt: inHours(72) }).canCancel).toBe(true);
    expect(decideCancellation({ ...base, policy: "1 week", startsAt: inHours(167) }).canCancel).toBe(false);
    expect(decideCancellation({ ...base, policy: "1 week", startsAt: inHours(168) }).canCancel).toBe(true);
  });
  it("refuses lessons that are not upcoming", () => {
    expect(decideCancellation({ ...base, lessonStatus: "cancelled" }).canCancel).toBe(false);
    expect(decideCancellation({ ...base, lessonStatus: "completed" }).canCancel).toBe(false);
    expect(decideCancellation({ ...base, startsAt: inHours(-1) }).canCancel).toBe(false);
  });
});

describe("referral status labels (§4)", () => {
  it.each([
    ["registered", "Registered"],
    ["first_lesson_booked", "Booked"],
    ["first_lesson_completed", "Completed"],
    ["pending", "Pending"],
    ["something_else", "Pending"],
    ["", "Pending"],
  ])("%s -> %s", (status, label) => {
    expect(referralStatusLabel(status)).toBe(label);
  });
});

// The referral rules that need no database: what a reward is worth, when a friend's first order
// earns it or loses it, and the keyed hashes a deleted account leaves behind.
import { createHmac } from "node:crypto";

/** 10% of one lesson: the reward is "a discount on your next lesson", never on a whole package. */
export function rewardValueCents(lessonPriceCents: number, percent: number): number {
  return Math.max(0, Math.round((lessonPriceCents * percent) / 100));
}

/**
 * What a reward takes off the referrer's next booking: `percent` of the price of one lesson of
 * that booking (package price / lessons), never more than the value it was granted with.
 */
export function rewardDiscountCents(input: {
  valueCents: number;
  percent: number;
  packagePriceCents: number;
  packageLessons: number;
}): number {
  const lessonPrice = Math.round(input.packagePriceCents / Math.max(1, input.packageLessons));
  return Math.min(input.valueCents, rewardValueCents(lessonPrice, input.percent), input.packagePriceCents);
}

export type OrderLessonState = { status: string; startsAt: Date; cancelledAt: Date | null };

/**
 * Where the friend's first order stands for the referrer's reward:
 * - "bought": the teacher confirmed it (a lesson confirmed or already completed). Once payments
 *   are recorded, pass `isPaid` and an unpaid order is not bought yet.
 * - "withdrawn": every lesson was cancelled before it started, so none took place.
 * - "open": neither yet (pending), or cancelled after a lesson took place: nothing changes.
 */
export function referralOrderState(
  lessons: OrderLessonState[],
  opts: { isPaid?: boolean } = {},
): "bought" | "withdrawn" | "open" {
  if (lessons.length === 0) return "open";
  const cancelledBeforeStart = (l: OrderLessonState) =>
    l.status === "cancelled" && (l.cancelledAt === null || l.cancelledAt.getTime() < l.startsAt.getTime());
  if (lessons.every(cancelledBeforeStart)) return "withdrawn";
  const confirmed = lessons.some((l) => l.status === "confirmed" || l.status === "completed");
  if (confirmed && opts.isPaid !== false) return "bought";
  return "open";
}

/**
 * The keyed hashes a deleted customer's account leaves: one of its OpenID `sub`, one of its
 * verified email. HMAC with a server secret, so the table alone cannot be reversed by hashing a
 * list of known addresses.
 */
export function erasedCustomerKeys(secret: string, identity: { sub?: string | null; email?: string | null }): string[] {
  const mac = (value: string) => createHmac("sha256", secret).update(value).digest("hex");
  const keys: string[] = [];
  if (identity.sub) keys.push(mac(`sub:${identity.sub}`));
  if (identity.email) keys.push(mac(`email:${identity.email.trim().toLowerCase()}`));
  return keys;
}

import type { DbOrTx } from "./availability.data.ts";

export function findUserByReferralCode(db: DbOrTx, code: string) {
  return db.user.findUnique({ where: { referralCode: code }, select: { id: true, name: true, email: true } });
}

export type DiscountState = {
  referredById: string | null;
  orders: number;
  /** The oldest unused reward. */
  reward: { id: string; percentage: number; referralId: string | null } | null;
};

/** What decides a student's discount, in one statement (it runs on every booking). */
export async function findDiscountState(db: DbOrTx, userId: string): Promise<DiscountState | null> {
  const rows = await db.$queryRaw<
    {
      referredById: string | null;
      orders: number;
      rewardId: string | null;
      rewardPercentage: number | null;
      rewardReferralId: string | null;
    }[]
  >`
    SELECT u."referredById",
      (SELECT count(*)::int FROM "BookingOrder" o WHERE o."studentId" = u."id") AS "orders",
      d."id" AS "rewardId", d."percentage" AS "rewardPercentage", d."referralId" AS "rewardReferralId"
    FROM "User" u
    LEFT JOIN LATERAL (
      SELECT "id", "percentage", "referralId" FROM "Discount"
      WHERE "userId" = u."id" AND "usedOrderId" IS NULL ORDER BY "createdAt", "id" LIMIT 1
    ) d ON true
    WHERE u."id" = ${userId}::uuid`;
  const row = rows[0];
  if (!row) return null;
  return {
    referredById: row.referredById,
    orders: row.orders,
    reward:
      row.rewardId && row.rewardPercentage !== null
        ? { id: row.rewardId, percentage: row.rewardPercentage, referralId: row.rewardReferralId }
        : null,
  };
}

/** Marks a reward used by an order; false when another order took it first. */
export async function consumeDiscount(
  db: DbOrTx,
  id: string,
  orderId: string,
  amountCents: number,
  now: Date,
): Promise<boolean> {
  const { count } = await db.discount.updateMany({
    where: { id, usedOrderId: null },
    data: { usedOrderId: orderId, usedAt: now, amountCents },
  });
  return count === 1;
}

export async function addReferralEarning(db: DbOrTx, referralId: string, amountCents: number) {
  await db.referral.update({
    where: { id: referralId },
    data: { discountEarnedCents: { increment: amountCents } },
    select: { id: true },
  });
}

export function findReferral(db: DbOrTx, referrerId: string, referredEmail: string) {
  return db.referral.findUnique({
    where: { referrerId_referredEmail: { referrerId, referredEmail } },
    select: { id: true, status: true },
  });
}

/** The /ref signup: a registered friend of the referrer; a later status is never moved back. */
export async function upsertRegisteredReferral(
  db: DbOrTx,
  referrerId: string,
  referredEmail: string,
  referredName: string,
) {
  const existing = await findReferral(db, referrerId, referredEmail);
  if (!existing) {
    await db.referral.create({
      data: { referrerId, referredEmail, referredName, status: "registered" },
      select: { id: true },
    });
    return;
  }
  await db.referral.update({
    where: { id: existing.id },
    data: { referredName, ...(existing.status === "pending" ? { status: "registered" } : {}) },
    select: { id: true },
  });
}

/** The friend bought a first package: the referral moves on and the referrer earns a reward. */
export async function recordFirstPackage(
  db: DbOrTx,
  input: { referrerId: string; friendId: string; friendEmail: string; friendName: string; percentage: number },
): Promise<boolean> {
  const existing = await findReferral(db, input.referrerId, input.friendEmail);
  if (existing && (existing.status === "first_lesson_booked" || existing.status === "first_lesson_completed"))
    return false;
  const referral = existing
    ? await db.referral.update({
        where: { id: existing.id },
        data: { status: "first_lesson_booked", referredUserId: input.friendId },
        select: { id: true },
      })
    : await db.referral.create({
        data: {
          referrerId: input.referrerId,
          referredEmail: input.friendEmail,
          referredName: input.friendName,
          referredUserId: input.friendId,
          status: "first_lesson_booked",
        },
        select: { id: true },
      });
  await db.discount.create({
    data: { userId: input.referrerId, referralId: referral.id, percentage: input.percentage },
    select: { id: true },
  });
  await db.user.updateMany({
    where: { id: input.friendId, referredById: null },
    data: { referredById: input.referrerId },
  });
  return true;
}

/** At sign-in: referrals recorded for this email now point at the account; the first referrer wins. */
export async function claimReferralsForEmail(db: DbOrTx, userId: string, email: string) {
  const referrals = await db.referral.findMany({
    where: { referredEmail: email, referrerId: { not: userId } },
    orderBy: { createdAt: "asc" },
    select: { id: true, referrerId: true, referredUserId: true },
  });
  if (referrals.length === 0) return;
  await db.referral.updateMany({
    where: { referredEmail: email, referredUserId: null, referrerId: { not: userId } },
    data: { referredUserId: userId },
  });
  await db.user.updateMany({
    where: { id: userId, referredById: null },
    data: { referredById: referrals[0].referrerId },
  });
}

import type { Db, DbOrTx } from "../../db.ts";

export function findUserByReferralCode(db: DbOrTx, code: string) {
  return db.user.findUnique({ where: { referralCode: code }, select: { id: true, name: true, email: true } });
}

export type DiscountState = {
  referredById: string | null;
  orders: number;
  /** This person's earlier, deleted account had ordered: no newcomer discount again. */
  isReturningCustomer: boolean;
  /** The oldest reward that is neither used nor withdrawn. */
  reward: { id: string; percentage: number; valueCents: number; referralId: string | null } | null;
};

/** What decides a student's discount, in one statement (it runs on every booking). */
export async function findDiscountState(db: DbOrTx, userId: string): Promise<DiscountState | null> {
  const rows = await db.$queryRaw<
    {
      referredById: string | null;
      orders: number;
      isReturningCustomer: boolean;
      rewardId: string | null;
      rewardPercentage: number | null;
      rewardValueCents: number | null;
      rewardReferralId: string | null;
    }[]
  >`
    SELECT u."referredById", u."isReturningCustomer",
      (SELECT count(*)::int FROM "BookingOrder" o WHERE o."studentId" = u."id") AS "orders",
      d."id" AS "rewardId", d."percentage" AS "rewardPercentage", d."amountCents" AS "rewardValueCents",
      d."referralId" AS "rewardReferralId"
    FROM "User" u
    LEFT JOIN LATERAL (
      SELECT "id", "percentage", "amountCents", "referralId" FROM "Discount"
      WHERE "userId" = u."id" AND "usedOrderId" IS NULL AND "withdrawnAt" IS NULL
      ORDER BY "createdAt", "id" LIMIT 1
    ) d ON true
    WHERE u."id" = ${userId}::uuid`;
  const row = rows[0];
  if (!row) return null;
  return {
    referredById: row.referredById,
    orders: row.orders,
    isReturningCustomer: row.isReturningCustomer,
    reward:
      row.rewardId && row.rewardPercentage !== null
        ? {
            id: row.rewardId,
            percentage: row.rewardPercentage,
            valueCents: row.rewardValueCents ?? 0,
            referralId: row.rewardReferralId,
          }
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
    where: { id, usedOrderId: null, withdrawnAt: null },
    data: { usedOrderId: orderId, usedAt: now, amountCents },
  });
  return count === 1;
}

/** The reward was spent: the referral earned what it actually took off. */
export async function setReferralEarning(db: DbOrTx, referralId: string, amountCents: number) {
  await db.referral.updateMany({ where: { id: referralId }, data: { discountEarnedCents: amountCents } });
}

export function findReferral(db: DbOrTx, referrerId: string, referredEmail: string) {
  return db.referral.findUnique({
    where: { referrerId_referredEmail: { referrerId, referredEmail } },
    select: { id: true, status: true },
  });
}

/**
 * A visitor's /ref signup: the name and address as typed, a later status never moved back. Nothing
 * ever binds it to the account that owns the address (only that person's use of the code does).
 */
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

/**
 * A signed-in student's /ref signup: their own act, so the referral is their account's and the
 * referrer is theirs for the first order (the first referrer wins), as if the order carried the code.
 */
export async function registerReferredAccount(
  db: Db,
  referrerId: string,
  friend: { id: string; email: string; name: string },
) {
  await db.$transaction(async (tx) => {
    const existing = await findReferral(tx, referrerId, friend.email);
    if (existing) {
      await tx.referral.update({
        where: { id: existing.id },
        data: {
          referredUserId: friend.id,
          referredName: friend.name,
          ...(existing.status === "pending" ? { status: "registered" } : {}),
        },
        select: { id: true },
      });
    } else {
      await tx.referral.create({
        data: {
          referrerId,
          referredEmail: friend.email,
          referredName: friend.name,
          referredUserId: friend.id,
          status: "registered",
        },
        select: { id: true },
      });
    }
    await tx.user.updateMany({ where: { id: friend.id, referredById: null }, data: { referredById: referrerId } });
  });
}

/**
 * The friend ordered a first package with the newcomer discount: the referral moves on to
 * "booked" and remembers the order. The referrer's reward waits for the teacher's confirmation
 * (settleReferralReward). Returns the referral's id, or null when this friend was already counted.
 */
export async function recordFirstPackage(
  db: DbOrTx,
  input: { referrerId: string; friendId: string; friendEmail: string; friendName: string; orderId: string },
): Promise<string | null> {
  const existing = await findReferral(db, input.referrerId, input.friendEmail);
  if (existing && (existing.status === "first_lesson_booked" || existing.status === "first_lesson_completed"))
    return null;
  const referral = existing
    ? await db.referral.update({
        where: { id: existing.id },
        data: { status: "first_lesson_booked", referredUserId: input.friendId, orderId: input.orderId },
        select: { id: true },
      })
    : await db.referral.create({
        data: {
          referrerId: input.referrerId,
          referredEmail: input.friendEmail,
          referredName: input.friendName,
          referredUserId: input.friendId,
          status: "first_lesson_booked",
          orderId: input.orderId,
        },
        select: { id: true },
      });
  await db.user.updateMany({
    where: { id: input.friendId, referredById: null },
    data: { referredById: input.referrerId },
  });
  return referral.id;
}

/** The referral whose reward hangs on this order (the friend's first order), if any. */
export function findReferralOfOrder(db: DbOrTx, orderId: string) {
  return db.referral.findUnique({
    where: { orderId },
    select: { id: true, referrerId: true, status: true, rewardedAt: true },
  });
}

export function listOrderLessonStates(db: DbOrTx, orderId: string) {
  return db.booking.findMany({
    where: { orderId },
    select: { status: true, startsAt: true, cancelledAt: true },
  });
}

export async function findOrderIdOfBooking(db: DbOrTx, bookingId: string) {
  const row = await db.booking.findUnique({ where: { id: bookingId }, select: { orderId: true } });
  return row?.orderId ?? null;
}

/**
 * The list price of one lesson: the highest price per lesson of the bookable packages (the
 * single lesson in the catalogue). A reward's value is a share of it.
 */
export async function findLessonListPriceCents(db: DbOrTx): Promise<number> {
  const rows = await db.$queryRaw<{ cents: number | null }[]>`
    SELECT max(round("totalPriceCents"::numeric / greatest("lessons", 1)))::int AS "cents"
    FROM "Package" WHERE "isActive" AND "lessonType" <> 'group'`;
  return rows[0]?.cents ?? 0;
}

/**
 * Marks the referral rewarded; false when it already was (two confirmations at once: the row
 * lock of the update lets one through).
 */
export async function claimRewardGrant(db: DbOrTx, referralId: string, now: Date): Promise<boolean> {
  const { count } = await db.referral.updateMany({
    where: { id: referralId, rewardedAt: null },
    data: { rewardedAt: now, status: "first_lesson_booked" },
  });
  return count === 1;
}

/** Unmarks the referral (the friend's order was cancelled before any lesson); false when it was not rewarded. */
export async function claimRewardWithdrawal(db: DbOrTx, referralId: string): Promise<boolean> {
  const { count } = await db.referral.updateMany({
    where: { id: referralId, rewardedAt: { not: null } },
    data: { rewardedAt: null },
  });
  return count === 1;
}

export function findRewardOfReferral(db: DbOrTx, referralId: string) {
  return db.discount.findFirst({
    where: { referralId },
    orderBy: { createdAt: "asc" },
    select: { id: true, usedOrderId: true, withdrawnAt: true, amountCents: true },
  });
}

export async function createReward(
  db: DbOrTx,
  input: { userId: string; referralId: string; percentage: number; valueCents: number },
) {
  await db.discount.create({
    data: {
      userId: input.userId,
      referralId: input.referralId,
      percentage: input.percentage,
      amountCents: input.valueCents,
    },
    select: { id: true },
  });
}

/** The friend's order was cancelled before any lesson: the friend is back to "registered". */
export async function reopenReferral(db: DbOrTx, referralId: string) {
  await db.referral.updateMany({
    where: { id: referralId, status: "first_lesson_booked" },
    data: { status: "registered" },
  });
}

/** A reward withdrawn earlier stands again (the teacher reopened the order). */
export async function reviveReward(db: DbOrTx, discountId: string, valueCents: number) {
  await db.discount.updateMany({
    where: { id: discountId, usedOrderId: null },
    data: { withdrawnAt: null, amountCents: valueCents },
  });
}

/** Withdraws the referral's unused reward; false when there was none (already spent). */
export async function withdrawUnusedReward(db: DbOrTx, referralId: string, now: Date): Promise<boolean> {
  const { count } = await db.discount.updateMany({
    where: { referralId, usedOrderId: null, withdrawnAt: null },
    data: { withdrawnAt: now },
  });
  return count > 0;
}

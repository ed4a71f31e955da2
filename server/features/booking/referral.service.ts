// Referrals seen from the booking side: the /ref signup and the referrer's reward, which follows
// the first order of a friend who used the code (on /ref while signed in, or in the order itself):
// granted when the teacher confirms it, withdrawn when it is cancelled before any lesson. Nothing
// follows an address alone (issue 27). The discounts themselves are decided in pricing.service.ts.

import { REFERRAL_DISCOUNT_PERCENT } from "../../../shared/constants.ts";
import type { Db, DbOrTx } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { fillEmptyProfileFields } from "./booking.data.ts";
import type { ReferralSignupInput } from "./booking.schemas.ts";
import { lockOrder, lockOrderOfBooking } from "./order.data.ts";
import { normaliseReferralCode } from "./pricing.service.ts";
import {
  claimRewardGrant,
  claimRewardWithdrawal,
  createReward,
  findLessonListPriceCents,
  findOrderIdOfBooking,
  findReferralOfOrder,
  findRewardOfReferral,
  findUserByReferralCode,
  listOrderLessonStates,
  registerReferredAccount,
  reopenReferral,
  reviveReward,
  setReferralEarning,
  upsertRegisteredReferral,
  withdrawUnusedReward,
} from "./referral.data.ts";
import { referralOrderState, rewardValueCents } from "./referral-rules.ts";

export const OWN_REFERRAL_CODE_MESSAGE = "You cannot use your own referral code.";

/**
 * The /ref signup. An address typed on a public page proves nothing, so a visitor's signup is only
 * a note for the code's owner (the name and address as typed): it reserves the address for
 * nobody, and the person who owns it earns the owner nothing unless they use the code themselves.
 * A signed-in student signing up is the friend's own act: the referral becomes their account's.
 */
export async function registerReferralSignup(
  db: Db,
  input: ReferralSignupInput,
  student: { id: string; email: string } | null,
) {
  const code = normaliseReferralCode(input.referralCode);
  const owner = code ? await findUserByReferralCode(db, code) : null;
  if (!owner) throw new AppError("NOT_FOUND", { key: "errors.invalidReferralLink" });
  const email = (student?.email ?? input.email).trim().toLowerCase();
  if (owner.id === student?.id || email === owner.email.toLowerCase())
    throw new AppError("BAD_REQUEST", OWN_REFERRAL_CODE_MESSAGE);
  if (student) {
    await registerReferredAccount(db, owner.id, { id: student.id, email, name: input.name.trim() });
    // The friend's own answers fill their profile's gaps (issue 33, item 7): booking asks nothing twice.
    await fillEmptyProfileFields(db, student.id, {
      phone: input.phone,
      englishLevel: input.englishLevel,
      lessonFocus: input.lessonFocus,
    });
  } else await upsertRegisteredReferral(db, owner.id, email, input.name.trim());
  return { success: true as const };
}

/**
 * Brings the referrer's reward in line with the friend's first order, inside the transaction
 * that changed one of its lessons. Idempotent: call it after any change of the order's lessons.
 *
 * A reward already spent when the order is cancelled stays spent: it reduced another order of
 * the referrer, priced and confirmed in good faith, and is at most a tenth of one lesson. The
 * referral goes back to "Registered" and cannot earn a second reward (one per referral).
 */
export async function settleReferralReward(db: DbOrTx, orderId: string, now: Date) {
  if (!(await findReferralOfOrder(db, orderId))) return;
  await lockOrder(db, orderId);
  const referral = await findReferralOfOrder(db, orderId);
  if (!referral) return;
  // Payments are not recorded yet: once they are, pass the order's paid state as `isPaid`.
  const state = referralOrderState(await listOrderLessonStates(db, orderId));
  if (state === "bought" && !referral.rewardedAt) {
    if (!(await claimRewardGrant(db, referral.id, now))) return;
    const reward = await findRewardOfReferral(db, referral.id);
    if (reward?.usedOrderId) return; // spent before a withdrawal: it stands as it was
    const value = rewardValueCents(await findLessonListPriceCents(db), REFERRAL_DISCOUNT_PERCENT);
    if (reward) await reviveReward(db, reward.id, value);
    else
      await createReward(db, {
        userId: referral.referrerId,
        referralId: referral.id,
        percentage: REFERRAL_DISCOUNT_PERCENT,
        valueCents: value,
      });
    await setReferralEarning(db, referral.id, value);
  } else if (state === "withdrawn") {
    await reopenReferral(db, referral.id);
    if (referral.rewardedAt && (await claimRewardWithdrawal(db, referral.id))) {
      if (await withdrawUnusedReward(db, referral.id, now)) await setReferralEarning(db, referral.id, 0);
    }
  }
}

/** Call first in a transaction that changes a lesson's status, before the lesson's row is written. */
export async function lockOrderOfLesson(db: DbOrTx, bookingId: string) {
  await lockOrderOfBooking(db, bookingId);
}

/** The same, from one lesson whose status changed (the teacher's booking update). */
export async function settleReferralRewardOfBooking(db: DbOrTx, bookingId: string, now: Date) {
  const orderId = await findOrderIdOfBooking(db, bookingId);
  if (orderId) await settleReferralReward(db, orderId, now);
}

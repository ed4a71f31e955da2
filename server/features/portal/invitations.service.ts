// The student's referral code, invitations and the public check of a code on the /ref page.

import { z } from "zod";
import { INVALID_REFERRAL_CODE_MESSAGE } from "../../../shared/constants.ts";
import { centsToEuro } from "../../../shared/money.ts";
import { newReferralCode } from "../../codes.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import * as data from "./portal.data.ts";
import type { referralInviteSchema } from "./portal.schemas.ts";

// ---- referrals ----

export async function getReferralData(db: Db, studentId: string) {
  const [code, referrals, discounts] = await Promise.all([
    data.ensureReferralCode(db, studentId, newReferralCode),
    data.listReferrals(db, studentId),
    data.listAvailableDiscounts(db, studentId),
  ]);
  return {
    stats: {
      referral_code: code,
      // Sign-ups: an invitation the friend never acted on (pending) is not one.
      total_referrals: referrals.filter((r) => r.status !== "pending").length,
      completed_referrals: referrals.filter((r) => r.status === "first_lesson_completed").length,
      // Every reward granted (spent or not), at what it is worth; a withdrawn one counts 0.
      total_earned: centsToEuro(referrals.reduce((sum, r) => sum + r.discountEarnedCents, 0)),
    },
    referrals: referrals.map((r) => ({
      id: r.id,
      referred_name: r.referredUser?.name ?? r.referredName ?? null,
      referred_email: r.referredEmail,
      created_at: r.createdAt.toISOString(),
      status: r.status,
      discount_earned: centsToEuro(r.discountEarnedCents),
    })),
    discounts: discounts.map((d) => ({
      id: d.id,
      amount: centsToEuro(d.amountCents),
      percentage: d.percentage,
      created_at: d.createdAt.toISOString(),
    })),
  };
}

/**
 * An invitation by email is the inviter's note of whom they told: it reserves the address for
 * nobody. The row stays "pending" and shows only what the inviter typed until the friend uses the
 * code (then it is the friend's referral, with their name and status).
 */
export async function inviteFriend(
  db: Db,
  student: { id: string; email: string },
  input: z.infer<typeof referralInviteSchema>,
) {
  if (input.email === student.email.toLowerCase()) throw new AppError("BAD_REQUEST", "You cannot refer yourself.");
  const row = await data.upsertReferralInvite(db, student.id, input.email, input.name || null);
  return {
    referral: { id: row.id, referred_email: input.email, status: row.status, created_at: row.createdAt.toISOString() },
    created: row.created,
  };
}

export const referralCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,32}$/);

/** The referrer's first name for the /ref welcome; only what a friend holding the code needs. */
export async function validateReferralCode(db: Db, rawCode: string) {
  const code = referralCodeSchema.safeParse(rawCode);
  const referrer = code.success ? await data.findReferrerByCode(db, code.data) : null;
  if (!referrer) throw new AppError("NOT_FOUND", INVALID_REFERRAL_CODE_MESSAGE);
  return { valid: true, code: code.data, referrer: { name: referrer.name.split(" ")[0] } };
}

// Referrals seen from the booking side: the /ref signup, its claim at sign-in. The discount
// itself is decided in pricing.service.ts and recorded when the first package is booked.

import type { ReferralSignupInput } from "../../../shared/booking-schemas.ts";
import { INVALID_REFERRAL_CODE_MESSAGE } from "../../../shared/constants.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { normaliseReferralCode } from "./pricing.service.ts";
import { claimReferralsForEmail, findUserByReferralCode, upsertRegisteredReferral } from "./referral.data.ts";

/** Records the friend as a registered referral of the code's owner (no session needed). */
export async function registerReferralSignup(db: Db, input: ReferralSignupInput) {
  const code = normaliseReferralCode(input.referralCode);
  const owner = code ? await findUserByReferralCode(db, code) : null;
  if (!owner)
    throw new AppError("NOT_FOUND", `${INVALID_REFERRAL_CODE_MESSAGE}. Please check the link your friend sent you.`);
  const email = input.email.trim().toLowerCase();
  if (email === owner.email.toLowerCase()) throw new AppError("BAD_REQUEST", "You cannot use your own referral code.");
  await upsertRegisteredReferral(db, owner.id, email, input.name.trim());
  return { success: true as const };
}

/** At sign-in, referrals recorded for this (verified) email become this account's. */
export async function claimReferrals(db: Db, user: { id: string; email: string }) {
  await claimReferralsForEmail(db, user.id, user.email.toLowerCase());
}

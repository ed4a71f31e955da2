import { newReferralCode } from "../../codes.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { claimReferrals } from "../booking/referral.service.ts";
import { erasedCustomerKeys } from "../booking/referral-rules.ts";
import {
  bindUserToSub,
  createUser,
  ensureTeacherForUser,
  findUserByEmail,
  findUserBySub,
  isErasedCustomer,
  setUserAdmin,
} from "./account.data.ts";
import type { VerifiedIdentity } from "./oidc.service.ts";

export type SignInKind = "admin" | "student";

/**
 * Resolves the account for a verified identity. Accounts are keyed by `sub`; a record created
 * beforehand by email is claimed once, by a verified email, and never re-bound afterwards. A new
 * account of someone whose deleted account had ordered (its keyed hashes, `accountHashSecret`)
 * is a returning customer: no newcomer discount again.
 */
export async function resolveAccount(
  db: Db,
  identity: VerifiedIdentity,
  kind: SignInKind,
  adminEmails: string[],
  accountHashSecret: string,
) {
  const isListedAdmin = adminEmails.includes(identity.email);
  if (kind === "admin" && !isListedAdmin) throw new AppError("FORBIDDEN", "This account is not an administrator.");

  let user = await findUserBySub(db, identity.sub);
  if (!user) {
    if (!identity.emailVerified) throw new AppError("FORBIDDEN", "The email address of this account is not verified.");
    const byEmail = await findUserByEmail(db, identity.email);
    if (byEmail?.googleSub) throw new AppError("FORBIDDEN", "This email belongs to another account.");
    user = byEmail
      ? await bindUserToSub(db, byEmail.id, identity.sub)
      : await createUser(db, {
          googleSub: identity.sub,
          email: identity.email,
          name: identity.name,
          imageUrl: identity.picture,
          isAdmin: isListedAdmin,
          referralCode: newReferralCode(),
          isReturningCustomer: await isErasedCustomer(
            db,
            erasedCustomerKeys(accountHashSecret, { sub: identity.sub, email: identity.email }),
          ),
        });
  }
  if (user.isAdmin !== isListedAdmin) user = await setUserAdmin(db, user.id, isListedAdmin);
  if (user.isAdmin) await ensureTeacherForUser(db, user);
  // A friend who signed up through /ref is recognised by this verified email.
  if (identity.emailVerified) await claimReferrals(db, user);
  return user;
}

import { DEFAULT_LOCALE, type Locale } from "../../../shared/i18n/locales.ts";
import { newReferralCode } from "../../codes.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { erasedCustomerKeys } from "../booking/referral-rules.ts";
import {
  bindUserToSub,
  createUser,
  findUserByEmail,
  findUserBySub,
  isErasedCustomer,
  setUserAdmin,
} from "./account.data.ts";
import { normalizeEmail, type VerifiedIdentity } from "./oidc.service.ts";

export type SignInKind = "admin" | "student";

export const NOT_AN_ADMINISTRATOR_MESSAGE = "This account is not an administrator.";

/**
 * Resolves the account for a verified identity. Accounts are keyed by `sub`; a record created
 * beforehand by email is claimed once, by a verified email, and never re-bound afterwards. A new
 * account of someone whose deleted account had ordered (its keyed hashes, `accountHashSecret`)
 * is a returning customer: no newcomer discount again.
 *
 * Roles follow ADMIN_EMAILS only through an address the provider verified and that is the
 * account's own: an ID token's `email` is whatever its holder typed unless `email_verified` is
 * true, and a known `sub` arriving with another address (verified or not) changes no role. So a
 * student cannot become the admin by replaying their `sub` with the teacher's address. Signing
 * in never creates a teacher record: that happens when an admin first uses the teacher's pages
 * (admin.service `resolveTeacher`), and only the seed or an admin publishes a teacher.
 */
export async function resolveAccount(
  db: Db,
  identity: VerifiedIdentity,
  kind: SignInKind,
  adminEmails: string[],
  accountHashSecret: string,
  /** The language of the page the person signed in from: a new account speaks it (issue 29). */
  locale: Locale = DEFAULT_LOCALE,
) {
  const email = normalizeEmail(identity.email);
  const grantsAdmin = identity.emailVerified && adminEmails.includes(email);
  if (kind === "admin" && !grantsAdmin) throw new AppError("FORBIDDEN", NOT_AN_ADMINISTRATOR_MESSAGE);

  let user = await findUserBySub(db, identity.sub);
  if (!user) {
    if (!identity.emailVerified) throw new AppError("FORBIDDEN", "The email address of this account is not verified.");
    const byEmail = await findUserByEmail(db, email);
    if (byEmail?.googleSub) throw new AppError("FORBIDDEN", "This email belongs to another account.");
    user = byEmail
      ? await bindUserToSub(db, byEmail.id, identity.sub)
      : await createUser(db, {
          googleSub: identity.sub,
          email,
          name: identity.name,
          imageUrl: identity.picture,
          isAdmin: grantsAdmin,
          referralCode: newReferralCode(),
          locale,
          isReturningCustomer: await isErasedCustomer(
            db,
            erasedCustomerKeys(accountHashSecret, { sub: identity.sub, email }),
          ),
        });
  }
  const isOwnVerifiedAddress = identity.emailVerified && normalizeEmail(user.email) === email;
  if (isOwnVerifiedAddress && user.isAdmin !== grantsAdmin) user = await setUserAdmin(db, user.id, grantsAdmin);
  if (kind === "admin" && !user.isAdmin) throw new AppError("FORBIDDEN", NOT_AN_ADMINISTRATOR_MESSAGE);
  return user;
}

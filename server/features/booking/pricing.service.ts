// What the server charges: the package, the group add-on and at most one referral discount.
// The client's figures are never used; quote and validatePrice show the same computation.

import {
  REFERRAL_DISCOUNT_PERCENT,
  UNKNOWN_GROUP_PACKAGE_MESSAGE,
  UNKNOWN_PACKAGE_MESSAGE,
} from "../../../shared/constants.ts";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/i18n/locales.ts";
import { centsToEuro, euroToCents } from "../../../shared/money.ts";
import type { DbOrTx } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { translateSentence, translator } from "../../i18n.ts";
import { loadSiteRules } from "../availability/availability.service.ts";
import { creditExpiryFrom } from "../credits/credits.ts";
import { mailEuro } from "../mail/mail-format.ts";
import { findActiveGroupPackage, findBookablePackage } from "./booking.data.ts";
import type { QuoteInput, ValidatePriceInput } from "./booking.schemas.ts";
import { computeOrderPrice, type OrderPrice } from "./pricing.ts";
import { findDiscountState, findUserByReferralCode } from "./referral.data.ts";
import { rewardDiscountCents } from "./referral-rules.ts";

/** Shown with the price when a student brings their own code: it is refused, nothing is lost. */
export const OWN_CODE_NOTICE = "You cannot use your own referral code: share it with a friend instead.";

export type DiscountDecision =
  /** A newcomer's first package, through a friend's code or a claimed /ref signup. */
  | { kind: "newcomer"; percent: number; referrerId: string }
  /** A referrer's earned reward (a share of one lesson), consumed by this order. */
  | {
      kind: "reward";
      percent: number;
      valueCents: number;
      discountId: string;
      referralId: string | null;
    };

export const normaliseReferralCode = (code: string | null | undefined) => code?.trim().toUpperCase() || null;

/**
 * The discount an order of this student gets. A valid friend's code (not one's own) or a claimed
 * referral gives 10% off the first package, once per person (not to someone whose deleted
 * account had ordered); otherwise the oldest earned reward applies. An unknown code simply gives
 * no discount, so a stale link never blocks a booking.
 */
export async function decideDiscount(
  db: DbOrTx,
  studentId: string | null,
  referralCode: string | null | undefined,
): Promise<DiscountDecision | null> {
  const code = normaliseReferralCode(referralCode);
  const owner = code ? await findUserByReferralCode(db, code) : null;
  const codeOwnerId = owner && owner.id !== studentId ? owner.id : null;
  if (!studentId) {
    return codeOwnerId ? { kind: "newcomer", percent: REFERRAL_DISCOUNT_PERCENT, referrerId: codeOwnerId } : null;
  }
  const state = await findDiscountState(db, studentId);
  const referrerId =
    codeOwnerId ?? (state?.referredById && state.referredById !== studentId ? state.referredById : null);
  if (state?.orders === 0 && !state.isReturningCustomer && referrerId)
    return { kind: "newcomer", percent: REFERRAL_DISCOUNT_PERCENT, referrerId };
  const reward = state?.reward;
  if (reward) {
    return {
      kind: "reward",
      percent: reward.percentage,
      valueCents: reward.valueCents,
      discountId: reward.id,
      referralId: reward.referralId,
    };
  }
  return null;
}

/** How the price names a discount, in the reader's language ("Referral discount: 10% off your first package"). */
export function discountLabel(discount: DiscountDecision, locale: Locale): string {
  const key = discount.kind === "newcomer" ? "errors.quote.newcomerDiscount" : "errors.quote.rewardDiscount";
  return translator(locale)(key, { percent: discount.percent });
}

/** Is this the student's own referral code? (It gives nothing; the quote says so.) */
export async function isOwnReferralCode(db: DbOrTx, studentId: string | null, referralCode: string | null | undefined) {
  const code = normaliseReferralCode(referralCode);
  if (!code || !studentId) return false;
  return (await findUserByReferralCode(db, code))?.id === studentId;
}

/** The order's price with a discount decision: the newcomer's share of the package, or a reward's share of one lesson. */
export function priceOrder(
  pkg: { totalPriceCents: number; lessons: number },
  groupPriceCents: number,
  discount: DiscountDecision | null,
): OrderPrice {
  return computeOrderPrice({
    basePriceCents: pkg.totalPriceCents,
    groupPriceCents,
    discountPercent: discount?.kind === "newcomer" ? discount.percent : 0,
    discountCents:
      discount?.kind === "reward"
        ? rewardDiscountCents({
            valueCents: discount.valueCents,
            percent: discount.percent,
            packagePriceCents: pkg.totalPriceCents,
            packageLessons: pkg.lessons,
          })
        : undefined,
  });
}

export async function loadPackageOrFail(db: DbOrTx, packageId: string) {
  const pkg = await findBookablePackage(db, packageId);
  if (!pkg) throw new AppError("BAD_REQUEST", UNKNOWN_PACKAGE_MESSAGE);
  return pkg;
}

export async function loadGroupPackageOrFail(db: DbOrTx, groupPackageId: string) {
  const groupPackage = await findActiveGroupPackage(db, groupPackageId);
  if (!groupPackage) throw new AppError("BAD_REQUEST", UNKNOWN_GROUP_PACKAGE_MESSAGE);
  return groupPackage;
}

export type QuoteDto = {
  basePrice: number;
  groupPrice: number;
  discount: number;
  discountLabel: string | null;
  totalPrice: number;
  lessons: number;
  /** Why a referral code gives nothing (one's own code); null otherwise. */
  referralNotice: string | null;
  /** Issue 30: the teacher's validity of prepaid lessons, and its end for a purchase made now. */
  creditExpiryMonths: number;
  creditsValidUntil: string;
};

export function toQuoteDto(
  price: OrderPrice,
  lessons: number,
  label: string | null,
  referralNotice: string | null,
  validity: { months: number; until: Date },
): QuoteDto {
  return {
    basePrice: centsToEuro(price.basePriceCents),
    groupPrice: centsToEuro(price.groupPriceCents),
    discount: centsToEuro(price.discountCents),
    discountLabel: price.discountCents > 0 ? label : null,
    totalPrice: centsToEuro(price.totalPriceCents),
    lessons,
    referralNotice,
    creditExpiryMonths: validity.months,
    creditsValidUntil: validity.until.toISOString(),
  };
}

/**
 * The price the server will charge this student (or a visitor) for a package and add-on; its
 * discount's label and the own-code notice in the reader's language (the booking summary shows them).
 */
export async function quotePrice(
  db: DbOrTx,
  studentId: string | null,
  input: QuoteInput,
  locale: Locale = DEFAULT_LOCALE,
  now = new Date(),
): Promise<QuoteDto> {
  const pkg = await loadPackageOrFail(db, input.packageId);
  const groupPackage = input.groupPackageId ? await loadGroupPackageOrFail(db, input.groupPackageId) : null;
  const [discount, ownCode, rules] = await Promise.all([
    decideDiscount(db, studentId, input.referralCode),
    isOwnReferralCode(db, studentId, input.referralCode),
    loadSiteRules(db),
  ]);
  const price = priceOrder(pkg, groupPackage?.totalPriceCents ?? 0, discount);
  return toQuoteDto(
    price,
    pkg.lessons,
    discount ? discountLabel(discount, locale) : null,
    ownCode ? translateSentence(OWN_CODE_NOTICE, locale) : null,
    {
      months: rules.creditExpiryMonths,
      until: creditExpiryFrom(now, rules.creditExpiryMonths, rules.zone),
    },
  );
}

/**
 * POST /api/pricing/validate: does the client's figure match what the server charges? A mismatch
 * says so in the request's language.
 */
export async function validatePrice(
  db: DbOrTx,
  studentId: string | null,
  input: ValidatePriceInput,
  locale: Locale = DEFAULT_LOCALE,
) {
  const quote = await quotePrice(db, studentId, input, locale);
  const t = translator(locale);
  if (input.lessons !== quote.lessons) {
    return {
      valid: false,
      totalPrice: quote.totalPrice,
      message: t("errors.quote.lessonsMismatch", { lessons: quote.lessons, sent: input.lessons }),
    };
  }
  if (euroToCents(input.totalPrice) !== euroToCents(quote.totalPrice)) {
    return {
      valid: false,
      totalPrice: quote.totalPrice,
      message: t("errors.quote.priceMismatch", { price: mailEuro(locale, quote.totalPrice) }),
    };
  }
  return { valid: true, totalPrice: quote.totalPrice };
}

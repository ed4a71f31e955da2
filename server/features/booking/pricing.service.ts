// What the server charges: the package, the group add-on and at most one referral discount.
// The client's figures are never used; quote and validatePrice show the same computation.

import type { QuoteInput, ValidatePriceInput } from "../../../shared/booking-schemas.ts";
import { REFERRAL_DISCOUNT_PERCENT } from "../../../shared/constants.ts";
import { AppError } from "../../errors.ts";
import type { DbOrTx } from "./availability.data.ts";
import { findActiveGroupPackage, findBookablePackage } from "./booking.data.ts";
import { centsToEuro } from "./catalogue.service.ts";
import { computeOrderPrice, type OrderPrice } from "./pricing.ts";
import { findDiscountState, findUserByReferralCode } from "./referral.data.ts";

export type DiscountDecision =
  /** A newcomer's first package, through a friend's code or a claimed /ref signup. */
  | { kind: "newcomer"; percent: number; label: string; referrerId: string }
  /** A referrer's earned reward, consumed by this order. */
  | { kind: "reward"; percent: number; label: string; discountId: string; referralId: string | null };

export const normaliseReferralCode = (code: string | null | undefined) => code?.trim().toUpperCase() || null;

/**
 * The discount an order of this student gets. A valid friend's code (not one's own) or a claimed
 * referral gives 10% off the first package; otherwise the oldest earned reward applies. An unknown
 * code simply gives no discount, so a stale link never blocks a booking.
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
    return codeOwnerId
      ? { kind: "newcomer", percent: REFERRAL_DISCOUNT_PERCENT, label: newcomerLabel, referrerId: codeOwnerId }
      : null;
  }
  const state = await findDiscountState(db, studentId);
  const referrerId =
    codeOwnerId ?? (state?.referredById && state.referredById !== studentId ? state.referredById : null);
  if (state?.orders === 0 && referrerId)
    return { kind: "newcomer", percent: REFERRAL_DISCOUNT_PERCENT, label: newcomerLabel, referrerId };
  const reward = state?.reward;
  if (reward) {
    return {
      kind: "reward",
      percent: reward.percentage,
      label: `Referral reward: ${reward.percentage}% off`,
      discountId: reward.id,
      referralId: reward.referralId,
    };
  }
  return null;
}

const newcomerLabel = `Referral discount: ${REFERRAL_DISCOUNT_PERCENT}% off your first package`;

export async function loadPackageOrFail(db: DbOrTx, packageId: string) {
  const pkg = await findBookablePackage(db, packageId);
  if (!pkg) throw new AppError("BAD_REQUEST", "Unknown package. Please choose a package from the pricing page.");
  return pkg;
}

export async function loadGroupPackageOrFail(db: DbOrTx, groupPackageId: string) {
  const groupPackage = await findActiveGroupPackage(db, groupPackageId);
  if (!groupPackage) throw new AppError("BAD_REQUEST", "Unknown group conversation package.");
  return groupPackage;
}

export type QuoteDto = {
  basePrice: number;
  groupPrice: number;
  discount: number;
  discountLabel: string | null;
  totalPrice: number;
  lessons: number;
};

export function toQuoteDto(price: OrderPrice, lessons: number, label: string | null): QuoteDto {
  return {
    basePrice: centsToEuro(price.basePriceCents),
    groupPrice: centsToEuro(price.groupPriceCents),
    discount: centsToEuro(price.discountCents),
    discountLabel: price.discountCents > 0 ? label : null,
    totalPrice: centsToEuro(price.totalPriceCents),
    lessons,
  };
}

/** The price the server will charge this student (or a visitor) for a package and add-on. */
export async function quotePrice(db: DbOrTx, studentId: string | null, input: QuoteInput): Promise<QuoteDto> {
  const pkg = await loadPackageOrFail(db, input.packageId);
  const groupPackage = input.groupPackageId ? await loadGroupPackageOrFail(db, input.groupPackageId) : null;
  const discount = await decideDiscount(db, studentId, input.referralCode);
  const price = computeOrderPrice({
    basePriceCents: pkg.totalPriceCents,
    groupPriceCents: groupPackage?.totalPriceCents ?? 0,
    discountPercent: discount?.percent ?? 0,
  });
  return toQuoteDto(price, pkg.lessons, discount?.label ?? null);
}

/** POST /api/pricing/validate: does the client's figure match what the server charges? */
export async function validatePrice(db: DbOrTx, studentId: string | null, input: ValidatePriceInput) {
  const quote = await quotePrice(db, studentId, input);
  if (input.lessons !== quote.lessons) {
    return {
      valid: false,
      totalPrice: quote.totalPrice,
      message: `This package has ${quote.lessons} lesson(s), not ${input.lessons}.`,
    };
  }
  if (Math.round(input.totalPrice * 100) !== Math.round(quote.totalPrice * 100)) {
    return {
      valid: false,
      totalPrice: quote.totalPrice,
      message: `The price of this package is €${quote.totalPrice.toFixed(2)}.`,
    };
  }
  return { valid: true, totalPrice: quote.totalPrice };
}

// Pure price rules. Money is integer cents; the edge converts to euro numbers.
import type { LocalisedText } from "../../errors.ts";

export type OrderPrice = {
  basePriceCents: number;
  groupPriceCents: number;
  discountCents: number;
  totalPriceCents: number;
};

/**
 * A discount applies to the lesson package, never to the group add-on: a percentage of the
 * package, or a fixed amount (a referral reward: part of one lesson), at most the package.
 */
export function computeOrderPrice(input: {
  basePriceCents: number;
  groupPriceCents: number;
  discountPercent: number;
  discountCents?: number;
}): OrderPrice {
  const percent = Math.min(100, Math.max(0, input.discountPercent));
  const discountCents =
    input.discountCents !== undefined
      ? Math.min(input.basePriceCents, Math.max(0, Math.round(input.discountCents)))
      : Math.round((input.basePriceCents * percent) / 100);
  return {
    basePriceCents: input.basePriceCents,
    groupPriceCents: input.groupPriceCents,
    discountCents,
    totalPriceCents: input.basePriceCents - discountCents + input.groupPriceCents,
  };
}

/**
 * The spec's schedule messages when the number of lessons does not match the package. With
 * `bookRestLater` (issue 30) fewer lessons are booked now and the rest stay in the family's ledger.
 */
export function lessonCountError(
  packageLessons: number,
  selected: number,
  bookRestLater = false,
): LocalisedText | null {
  if (selected > packageLessons) return { key: "errors.lessonLimit", values: { count: packageLessons } };
  if (selected < packageLessons && !(bookRestLater && selected >= 1)) {
    return { key: "errors.incompleteSelection", values: { count: packageLessons } };
  }
  return null;
}

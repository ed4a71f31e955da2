// Stamp duty ("imposta di bollo") on an invoice or receipt without VAT: 2 € when the amount not
// subject to VAT exceeds 77.47 € (D.P.R. 642/1972, tariff art. 13; D.M. 17 June 2014 for
// electronic invoices, which declare it with `DatiBollo`). 77.47 € exactly owes nothing.
export const STAMP_DUTY_THRESHOLD_CENTS = 7747;
export const STAMP_DUTY_CENTS = 200;

export function stampDutyCents(untaxedTotalCents: number): number {
  if (!Number.isSafeInteger(untaxedTotalCents)) {
    throw new RangeError(`An amount in cents must be a whole number, got ${untaxedTotalCents}`);
  }
  return untaxedTotalCents > STAMP_DUTY_THRESHOLD_CENTS ? STAMP_DUTY_CENTS : 0;
}

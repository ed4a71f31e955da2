// Amounts are integer cents throughout; documents print them as `160.00` (FatturaPA, EPC QR).
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`An amount in cents must be a whole number, got ${cents}`);
  }
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

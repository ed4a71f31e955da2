// The line the portal's dashboard shows for the prepaid lesson ledger ("4 of 6 lessons left, valid
// until 3 Nov 2027"), read from the ledger GET /api/student/credits answers.

export type CreditLedgerView = {
  balance: number;
  expiresAt: string | null;
  entries: { kind: string; lessons: number }[];
};

/**
 * `left` of `total`, where `total` is what the current validity granted: the purchases and the
 * lessons added since the last expiry. Null while there is nothing to show: no purchase yet, or
 * the validity over at `now`.
 */
export function creditSummary(
  ledger: CreditLedgerView,
  now: Date,
): { left: number; total: number; validUntil: string } | null {
  if (!ledger.expiresAt || new Date(ledger.expiresAt).getTime() <= now.getTime()) return null;
  let total = 0;
  for (const entry of ledger.entries) {
    if (entry.kind === "expired") total = 0;
    else if ((entry.kind === "purchased" || entry.kind === "adjusted") && entry.lessons > 0) total += entry.lessons;
  }
  return { left: Math.max(0, ledger.balance), total: Math.max(total, ledger.balance), validUntil: ledger.expiresAt };
}

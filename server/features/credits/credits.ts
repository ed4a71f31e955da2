// The prepaid lesson ledger's arithmetic (issue 30, item 1), pure so its boundaries are unit-tested.
//
// Why expiry is derived when the ledger is read rather than written by a job: the stored entries
// are the events (a purchase, a lesson booked, a cancellation…), each written in its own
// transaction; expiry is not an event anyone does but a consequence of time, and deriving it from
// `now` makes the moment exact (no job's delay, no GET that writes) and the same for every reader.
// The rule: the latest purchase (or positive adjustment) sets the validity of every lesson left;
// at `expiresAt` exactly, whatever is left expires. A lesson returned after that (a lesson bought
// in time, cancelled in time after the lapse) lapses at once.
import { DateTime } from "luxon";

export const CREDIT_KINDS = [
  "purchased",
  "used",
  "returned",
  "late_cancellation",
  "no_show",
  "expired",
  "adjusted",
] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

export type StoredCreditEntry = {
  id: string;
  kind: CreditKind;
  lessons: number;
  orderId: string | null;
  bookingId: string | null;
  expiresAt: Date | null;
  reason: string | null;
  createdAt: Date;
};

export type LedgerEntry = Omit<StoredCreditEntry, "id"> & { id: string | null };

export type Ledger = { balance: number; expiresAt: Date | null; entries: LedgerEntry[] };

/** The end of the validity a purchase made at `at` opens: calendar months in the teacher's zone. */
export function creditExpiryFrom(at: Date, months: number, zone: string): Date {
  return DateTime.fromJSDate(at, { zone }).plus({ months }).toJSDate();
}

/** Whether credits valid until `expiresAt` are still usable at `now` (the instant itself is past). */
export const isCreditValidAt = (expiresAt: Date | null, now: Date) =>
  expiresAt === null || now.getTime() < expiresAt.getTime();

/**
 * The stored entries in time order with the expiries `now` implies, the balance and the validity.
 * An expiry is dated at the validity's end, or at the entry that found it lapsed when later.
 */
export function replayLedger(stored: StoredCreditEntry[], now: Date): Ledger {
  const sorted = [...stored].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const entries: LedgerEntry[] = [];
  let balance = 0;
  let expiresAt: Date | null = null;
  const lapse = (at: Date) => {
    if (balance <= 0 || isCreditValidAt(expiresAt, at) || expiresAt === null) return;
    const last = entries.at(-1)?.createdAt ?? expiresAt;
    entries.push({
      id: null,
      kind: "expired",
      lessons: -balance,
      orderId: null,
      bookingId: null,
      expiresAt: null,
      reason: null,
      createdAt: new Date(Math.max(expiresAt.getTime(), last.getTime())),
    });
    balance = 0;
  };
  for (const entry of sorted) {
    lapse(entry.createdAt);
    entries.push(entry);
    balance += entry.lessons;
    if (entry.expiresAt && (entry.kind === "purchased" || entry.kind === "adjusted")) expiresAt = entry.expiresAt;
  }
  lapse(now);
  return { balance, expiresAt, entries };
}

/**
 * The validity a positive adjustment carries: the ledger's own while it runs, else a new period
 * from the adjustment (credits given to a lapsed ledger are usable).
 */
export function adjustmentExpiry(current: Date | null, now: Date, months: number, zone: string): Date {
  return current && isCreditValidAt(current, now) ? current : creditExpiryFrom(now, months, zone);
}

/**
 * What the ledger records when a lesson is cancelled: before the policy's deadline the lesson is
 * returned; after it, a late cancellation; from the lesson's start on, a no-show. The last two
 * keep the lesson spent (0).
 */
export function cancellationKind(startsAt: Date, noticeHours: number, now: Date): CreditKind {
  if (now.getTime() >= startsAt.getTime()) return "no_show";
  if (now.getTime() <= startsAt.getTime() - noticeHours * 3_600_000) return "returned";
  return "late_cancellation";
}

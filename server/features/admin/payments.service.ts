// An order's payments as a list (issue 30, item 6): each payment or refund is an entry added to
// the order, never edited or deleted; a wrong one is reversed by another of the opposite amount.
// What the order has been paid is their sum, what it owes its total less that sum, and its
// payment status follows from both. The order's paymentStatus/paidCents/paidOn columns hold that
// sum for the owed lists, the pending-lesson cap and the erasure's records: they are written only
// here, in the transaction that adds the entries and under the order's row lock, so two payments
// at once queue and each sums the other's.
import { DateTime } from "luxon";
import {
  ORDER_NOT_FOUND_MESSAGE,
  PAYMENT_DATE_IN_FUTURE_MESSAGE,
  type PaymentMethod,
  type PaymentStatus,
} from "../../../shared/constants.ts";
import { formatEuro } from "../../../shared/i18n/format.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { centsToEuro, euroToCents } from "../../../shared/money.ts";
import type { Db, DbOrTx } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { readBillingProfile } from "../billing/billing.data.ts";
import { documentDay, issueOrderDocuments } from "../billing/documents.service.ts";
import { FatturaPaError } from "../billing/fatturapa.ts";
import { runInTransaction } from "../booking/booking.data.ts";
import { findOrderSummary, lockOrder, setOrderPayment } from "../booking/order.data.ts";
import type { AddPaymentInput, RecordPaymentInput, ReversePaymentInput } from "./admin.schemas.ts";
import { insertPaymentEntries, listPaymentEntries } from "./payments.data.ts";

export const PAYMENT_ENTRY_NOT_FOUND_MESSAGE = "This payment entry does not exist on this order.";
export const PAYMENT_ALREADY_REVERSED_MESSAGE = "This entry has already been reversed.";
export const PAYMENT_REVERSAL_FINAL_MESSAGE = "A reversal cannot itself be reversed: add a new entry instead.";
export const REVERSAL_BELOW_ZERO_MESSAGE =
  "Reversing this entry would leave less than nothing paid: reverse the refund after it first.";
export const NOTHING_TO_REFUND_MESSAGE =
  "Nothing was recorded as paid on this order, so nothing can be refunded: enter the amount that was paid and refunded.";

type Entry = {
  id: string;
  amountCents: number;
  method: string | null;
  reversesId: string | null;
  externalId: string | null;
  paidOn: Date;
};

/**
 * What the entries add up to. Paid: the whole total (or more) received. Refunded: nothing left
 * received and a refund standing (a negative entry neither a reversal nor reversed); a mistake
 * reversed leaves the order unpaid, as if it never happened.
 */
export function paymentStanding(entries: Entry[], totalCents: number) {
  const paidCents = entries.reduce((sum, e) => sum + e.amountCents, 0);
  const reversed = new Set(entries.map((e) => e.reversesId).filter((id) => id !== null));
  const refundStands = entries.some((e) => e.amountCents < 0 && e.reversesId === null && !reversed.has(e.id));
  const status: PaymentStatus =
    paidCents > 0 && paidCents >= totalCents
      ? "paid"
      : paidCents > 0
        ? "partly_paid"
        : refundStands
          ? "refunded"
          : "unpaid";
  // The day of the latest entry still standing: a reversed mistake and its reversal date nothing.
  const latest = entries
    .filter((e) => e.reversesId === null && !reversed.has(e.id))
    .reduce<Date | null>((day, e) => (day && day >= e.paidOn ? day : e.paidOn), null);
  return { paidCents, status, paidOn: status === "unpaid" ? null : latest, reversed };
}

/** An amount in an error message, in each reader's language: "€92.00" in English, Italian's own ("92 €", "92,50 €"). */
const euroIn = (locale: Locale, cents: number) =>
  locale === "en" ? `€${centsToEuro(cents).toFixed(2)}` : formatEuro(locale, centsToEuro(cents));

/** Today in the teacher's calendar: the day a payment and its document are dated at the latest. */
const teacherToday = documentDay;

/** A payment is something that happened: its day is today at the latest (the teacher's calendar). */
async function refuseFutureDay(db: Db, date: string) {
  const today = await teacherToday(db);
  if (date > today) throw new AppError("BAD_REQUEST", PAYMENT_DATE_IN_FUTURE_MESSAGE);
  return today;
}

const dayOf = (date: string) => DateTime.fromISO(date, { zone: "utc" }).toJSDate();

type NewEntry = {
  amountCents: number;
  method: PaymentMethod | null;
  date: string;
  note: string;
  reversesId?: string;
  externalId?: string;
};

/**
 * Under the order's lock: reads its entries, lets `plan` decide what to add from them (or refuse),
 * adds it and brings the order's columns to the new sum. Returns the order and the new entries' ids.
 */
async function changeLedger(
  db: Db,
  orderId: string,
  adminId: string | null,
  plan: (entries: Entry[], totalCents: number) => NewEntry[],
) {
  return runInTransaction(db, async (tx) => {
    await lockOrder(tx, orderId);
    const order = await findOrderSummary(tx, orderId);
    if (!order) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND_MESSAGE);
    const entries = await listPaymentEntries(tx, orderId);
    const added = plan(entries, order.totalPriceCents);
    if (added.length === 0) return { order, added: [] };
    const ids = await insertPaymentEntries(
      tx,
      added.map((e) => ({
        orderId,
        amountCents: e.amountCents,
        method: e.method,
        paidOn: dayOf(e.date),
        note: e.note,
        reversesId: e.reversesId ?? null,
        externalId: e.externalId ?? null,
        createdById: adminId,
      })),
    );
    await syncOrderPayment(tx, orderId, order.totalPriceCents);
    await issueOnPayment(tx, orderId);
    return { order: await findOrderSummaryOrThrow(tx, orderId), added: ids.map((e) => e.id) };
  });
}

async function findOrderSummaryOrThrow(tx: DbOrTx, orderId: string) {
  const order = await findOrderSummary(tx, orderId);
  if (!order) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND_MESSAGE);
  return order;
}

/**
 * The teacher's setting "on_payment": the payment's receipt, invoice or credit note is issued in
 * the transaction that records it, so it is numbered exactly when the money is. A payment is
 * recorded even when its document cannot be issued yet (a payer without billing details, a
 * profile without a tax code): the order then shows it as pending, and the teacher issues it
 * from the order once the details are there.
 */
async function issueOnPayment(tx: DbOrTx, orderId: string) {
  const profile = await readBillingProfile(tx);
  if (profile.issueDocuments !== "on_payment") return;
  try {
    await issueOrderDocuments(tx, orderId, await documentDay(tx), profile);
  } catch (error) {
    // Checked before any number is taken, so nothing half-issued is left behind.
    if (!(error instanceof FatturaPaError)) throw error;
  }
}

async function syncOrderPayment(tx: DbOrTx, orderId: string, totalCents: number) {
  const standing = paymentStanding(await listPaymentEntries(tx, orderId), totalCents);
  return setOrderPayment(tx, orderId, {
    paymentStatus: standing.status,
    paidCents: standing.paidCents,
    paidOn: standing.paidOn,
  });
}

/**
 * POST /api/admin/orders/{orderId}/payments: one payment (or a refund, negative) added to the order.
 * Also the way a payment reported by a provider is recorded (Stripe's webhook, no admin): with its
 * `externalId`, an entry already holding that id means the report was delivered again, and nothing
 * is added (`paymentId` null).
 */
export async function addPayment(
  db: Db,
  orderId: string,
  input: AddPaymentInput,
  adminId: string | null,
  reported?: { externalId: string },
) {
  await refuseFutureDay(db, input.date);
  const cents = euroToCents(input.amount);
  const { order, added } = await changeLedger(db, orderId, adminId, (entries, totalCents) => {
    if (reported && entries.some((e) => e.externalId === reported.externalId)) return [];
    const paid = paymentStanding(entries, totalCents).paidCents;
    if (cents < 0 && paid + cents < 0) {
      throw new AppError("BAD_REQUEST", {
        key: "errors.refundOverPaid",
        values: (locale: Locale) => ({ paid: euroIn(locale, paid) }),
      });
    }
    if (cents > 0 && paid + cents > totalCents && !input.allow_overpayment) {
      throw new AppError("BAD_REQUEST", {
        key: "errors.paymentOverOwed",
        values: (locale: Locale) => ({ owed: euroIn(locale, Math.max(0, totalCents - paid)) }),
      });
    }
    return [
      {
        amountCents: cents,
        method: input.method,
        date: input.date,
        note: input.note,
        externalId: reported?.externalId,
      },
    ];
  });
  return { order, paymentId: added[0] ?? null };
}

/** POST /api/admin/orders/{orderId}/payments/{paymentId}/reverse: the entry undone by its opposite. */
export async function reversePayment(
  db: Db,
  orderId: string,
  paymentId: string,
  input: ReversePaymentInput,
  adminId: string,
) {
  const today = input.date ? await refuseFutureDay(db, input.date) : await teacherToday(db);
  const { order, added } = await changeLedger(db, orderId, adminId, (entries, totalCents) => {
    const entry = entries.find((e) => e.id === paymentId);
    if (!entry) throw new AppError("NOT_FOUND", PAYMENT_ENTRY_NOT_FOUND_MESSAGE);
    if (entry.reversesId) throw new AppError("BAD_REQUEST", PAYMENT_REVERSAL_FINAL_MESSAGE);
    const standing = paymentStanding(entries, totalCents);
    if (standing.reversed.has(entry.id)) throw new AppError("CONFLICT", PAYMENT_ALREADY_REVERSED_MESSAGE);
    if (standing.paidCents - entry.amountCents < 0) {
      throw new AppError("BAD_REQUEST", REVERSAL_BELOW_ZERO_MESSAGE);
    }
    return [
      {
        amountCents: -entry.amountCents,
        method: entry.method as PaymentMethod | null,
        date: input.date ?? today,
        note: input.note,
        reversesId: entry.id,
      },
    ];
  });
  return { order, paymentId: added[0] ?? null };
}

/**
 * PUT /api/admin/orders/{orderId}/payment, the specification's call: the status and amount the
 * order should now show. Its checks are the ones it always had; what it writes is one entry of the
 * difference between that amount and the entries' sum (none when they already agree). "unpaid"
 * reverses every entry still standing; "refunded" refunds what was received (an order with nothing
 * recorded gets the amount received and its refund, two entries).
 */
export async function recordPayment(
  db: Db,
  orderId: string,
  input: RecordPaymentInput,
  opts: { adminId: string | null },
) {
  const cents = euroToCents(input.amount);
  // "unpaid" had no day to check: its reversals are dated today.
  const date = input.payment_status === "unpaid" ? await teacherToday(db) : input.date;
  await refuseFutureDay(db, date);
  const method = input.method ?? null;
  const note = "";
  const { order } = await changeLedger(db, orderId, opts.adminId, (entries, totalCents) => {
    // The English these messages have always used ("€0", "€160.00"), Italian's own ("0 €").
    const zero = (locale: Locale) => (locale === "en" ? "€0" : euroIn(locale, 0));
    const total = (locale: Locale) => euroIn(locale, totalCents);
    if (input.payment_status === "unpaid" && cents !== 0) {
      throw new AppError("BAD_REQUEST", "An unpaid order has no amount received: enter 0 or choose another status.");
    }
    if (input.payment_status === "partly_paid" && (cents <= 0 || cents >= totalCents)) {
      throw new AppError("BAD_REQUEST", {
        key: "errors.partialPayment",
        values: (l: Locale) => ({ zero: zero(l), total: total(l) }),
      });
    }
    if (input.payment_status === "paid" && cents !== totalCents) {
      throw new AppError("BAD_REQUEST", { key: "errors.paidWhole", values: (l: Locale) => ({ total: total(l) }) });
    }
    if (cents > totalCents) {
      throw new AppError("BAD_REQUEST", {
        key: "errors.amountOverTotal",
        values: (l: Locale) => ({ total: total(l) }),
      });
    }
    const standing = paymentStanding(entries, totalCents);
    if (input.payment_status === "unpaid") {
      return entries
        .filter((e) => e.reversesId === null && !standing.reversed.has(e.id))
        .map((e) => ({ amountCents: -e.amountCents, method, date, note, reversesId: e.id }));
    }
    if (input.payment_status === "refunded") {
      if (standing.paidCents > 0) {
        return [{ amountCents: -standing.paidCents, method, date, note }];
      }
      if (standing.status === "refunded") return [];
      if (cents === 0) throw new AppError("BAD_REQUEST", NOTHING_TO_REFUND_MESSAGE);
      return [
        { amountCents: cents, method, date, note },
        { amountCents: -cents, method, date, note },
      ];
    }
    const difference = cents - standing.paidCents;
    return difference === 0 ? [] : [{ amountCents: difference, method, date, note }];
  });
  return order;
}

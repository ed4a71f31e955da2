// The teacher's orders: lessons grouped by the purchase they came from, a whole order confirmed
// or declined in one action (one email listing every lesson), and the payments she records.

import { DateTime } from "luxon";
import type { z } from "zod";
import { ORDER_NOT_FOUND_MESSAGE, PAYMENT_DATE_IN_FUTURE_MESSAGE } from "../../../shared/constants.ts";
import { formatEuro } from "../../../shared/i18n/format.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { centsToEuro, euroToCents } from "../../../shared/money.ts";
import type { Db } from "../../db.ts";
import { AppError, isConstraintConflict } from "../../errors.ts";
import { loadSiteRules } from "../availability/availability.service.ts";
import { runInTransaction } from "../booking/booking.data.ts";
import { orderDecidedMail } from "../booking/booking-mail.ts";
import {
  fillMissingMeetingLinks,
  findOrderSummary,
  listOrderRows,
  lockOrder,
  type OrderSummaryRow,
  setLessonsStatus,
  setOrderPayment,
  sumOwedCents,
} from "../booking/order.data.ts";
import { amountDueCents, orderStatus, toOrderSummaryDto } from "../booking/order.service.ts";
import { settleReferralReward } from "../booking/referral.service.ts";
import { insertOutboxEmails } from "../mail/mail.data.ts";
import { loadMailContext } from "../mail/mail.service.ts";
import type { listOrdersSchema, RecordPaymentInput } from "./admin.schemas.ts";
import { REOPEN_CONFLICT_MESSAGE } from "./admin.service.ts";
import { getSiteSettings } from "./settings.service.ts";

function toAdminOrderDto(o: OrderSummaryRow) {
  const first = o.bookings[0];
  return {
    ...toOrderSummaryDto(o),
    student: { id: o.studentId, name: first?.studentName ?? null, email: first?.studentEmail ?? null },
  };
}
export type AdminOrderDto = ReturnType<typeof toAdminOrderDto>;

async function loadOrder(db: Db, id: string) {
  const order = await findOrderSummary(db, id);
  if (!order) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND_MESSAGE);
  return order;
}

/** Every order, or only those with money still owed, and the sum owed across all of them. */
export async function listOrders(db: Db, input: z.output<typeof listOrdersSchema>) {
  const [{ rows, total }, owedCents] = await Promise.all([
    listOrderRows(db, { owed: input.filter === "owed" }, input),
    // Across every owing order, not only this page.
    sumOwedCents(db),
  ]);
  return { orders: rows.map(toAdminOrderDto), total, total_owed: centsToEuro(owedCents) };
}

export async function getOrder(db: Db, id: string) {
  return { order: toAdminOrderDto(await loadOrder(db, id)) };
}

/**
 * PUT /api/admin/orders/{orderId}: confirms every pending lesson of the order, or declines
 * (cancels) every lesson still pending or confirmed. The student gets one email listing the
 * lessons the decision changed, with their calendar files; an order already so decided changes
 * nothing and mails nothing.
 */
export async function decideOrder(
  db: Db,
  id: string,
  status: "confirmed" | "cancelled",
  opts: { publicUrl: string; now?: Date },
) {
  const now = opts.now ?? new Date();
  const from: ("pending" | "confirmed")[] = status === "confirmed" ? ["pending"] : ["pending", "confirmed"];
  const isTarget = (b: { status: string }) => (from as string[]).includes(b.status);
  const before = await loadOrder(db, id);
  if (!before.bookings.some(isTarget)) return { order: toAdminOrderDto(before), changed: 0 };
  const [ctx, site] = await Promise.all([loadMailContext(db, { PUBLIC_URL: opts.publicUrl }), getSiteSettings(db)]);
  try {
    return await runInTransaction(db, async (tx) => {
      // The order first, then its lessons: the order a student's cancellation takes them in. Two
      // decisions at once queue here; the second finds nothing left to change.
      await lockOrder(tx, id);
      const current = await findOrderSummary(tx, id);
      if (!current) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND_MESSAGE);
      const touched = new Set(current.bookings.filter(isTarget).map((b) => b.id));
      if (touched.size === 0) return { order: toAdminOrderDto(current), changed: 0 };
      if (status === "confirmed" && site.defaultMeetingLink) {
        await fillMissingMeetingLinks(tx, [...touched], site.defaultMeetingLink);
      }
      const { count } = await setLessonsStatus(tx, [...touched], { to: status, cancelledAt: now });
      // A friend's first order confirmed or declined grants or withdraws their referrer's reward.
      await settleReferralReward(tx, id, now);
      const after = await findOrderSummary(tx, id);
      if (!after) throw new AppError("NOT_FOUND", ORDER_NOT_FOUND_MESSAGE);
      const lessons = after.bookings.filter((b) => touched.has(b.id));
      const due = amountDueCents(after, orderStatus(after.bookings));
      await insertOutboxEmails(
        tx,
        orderDecidedMail({
          ctx: {
            ...ctx,
            teacherName: lessons[0]?.teacher?.name ?? ctx.teacherName,
            studentZone: lessons[0]?.studentTimezone,
          },
          orderId: id,
          decision: status,
          lessons: lessons.map((b) => ({ ...b, teacherName: b.teacher?.name ?? null })),
          payment: { amountDue: centsToEuro(due), instructions: site.paymentInstructions },
        }),
      );
      return { order: toAdminOrderDto(after), changed: count };
    });
  } catch (error) {
    if (isConstraintConflict(error)) throw new AppError("CONFLICT", REOPEN_CONFLICT_MESSAGE);
    throw error;
  }
}

/**
 * An order's total in an error message, in each reader's language: the English the admin's
 * messages have always used ("€160.00"), Italian's own ("160 €", "1.234,50 €").
 */
const orderTotal = (totalCents: number) => (locale: Locale) =>
  locale === "en"
    ? { zero: "€0", total: `€${centsToEuro(totalCents).toFixed(2)}` }
    : { zero: formatEuro(locale, 0), total: formatEuro(locale, centsToEuro(totalCents)) };

export async function recordPayment(db: Db, id: string, input: RecordPaymentInput) {
  const order = await loadOrder(db, id);
  const cents = euroToCents(input.amount);
  const day = DateTime.fromISO(input.date, { zone: "utc" });
  // A payment is something that happened: its day is today at the latest (the teacher's calendar).
  const { zone } = await loadSiteRules(db);
  const today = DateTime.now().setZone(zone).toISODate() ?? input.date;
  if (input.payment_status !== "unpaid" && input.date > today) {
    throw new AppError("BAD_REQUEST", PAYMENT_DATE_IN_FUTURE_MESSAGE);
  }
  if (input.payment_status === "unpaid" && cents !== 0) {
    throw new AppError("BAD_REQUEST", "An unpaid order has no amount received: enter 0 or choose another status.");
  }
  if (input.payment_status === "partly_paid" && (cents <= 0 || cents >= order.totalPriceCents)) {
    throw new AppError("BAD_REQUEST", { key: "errors.partialPayment", values: orderTotal(order.totalPriceCents) });
  }
  if (input.payment_status === "paid" && cents !== order.totalPriceCents) {
    throw new AppError("BAD_REQUEST", { key: "errors.paidWhole", values: orderTotal(order.totalPriceCents) });
  }
  if (cents > order.totalPriceCents) {
    throw new AppError("BAD_REQUEST", { key: "errors.amountOverTotal", values: orderTotal(order.totalPriceCents) });
  }
  const updated = await setOrderPayment(db, id, {
    paymentStatus: input.payment_status,
    paidCents: cents,
    paidOn: input.payment_status === "unpaid" ? null : day.toJSDate(),
  });
  return { order: toAdminOrderDto(updated) };
}

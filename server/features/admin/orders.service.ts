// The teacher's orders: lessons grouped by the purchase they came from, a whole order confirmed
// or declined in one action (one email listing every lesson), and the payments she records.

import { DateTime } from "luxon";
import type { z } from "zod";
import { ORDER_NOT_FOUND_MESSAGE, type PaymentMethod } from "../../../shared/constants.ts";
import { centsToEuro } from "../../../shared/money.ts";
import type { Db } from "../../db.ts";
import { AppError, isConstraintConflict } from "../../errors.ts";
import type { DocumentKind } from "../billing/issued-document.ts";
import { runInTransaction } from "../booking/booking.data.ts";
import { orderDecidedMail } from "../booking/booking-mail.ts";
import { hashRequest, withIdempotency } from "../booking/idempotency.service.ts";
import { meetingLinkFor, meetingRulesOf } from "../booking/meeting-room.ts";
import {
  fillMissingMeetingLinks,
  findOrderSummary,
  listOrderRows,
  lockOrder,
  type OrderSummaryRow,
  setLessonsStatus,
  sumOwedCents,
} from "../booking/order.data.ts";
import { amountDueCents, orderStatus, toOrderSummaryDto } from "../booking/order.service.ts";
import { settleReferralReward } from "../booking/referral.service.ts";
import { recordOrderVoided } from "../credits/credits.service.ts";
import { insertOutboxEmails } from "../mail/mail.data.ts";
import { loadMailContext } from "../mail/mail.service.ts";
import type { AddPaymentInput, listOrdersSchema, RecordPaymentInput, ReversePaymentInput } from "./admin.schemas.ts";
import { REOPEN_CONFLICT_MESSAGE } from "./admin.service.ts";
import { addPayment, recordPayment as recordPaymentAsEntry, reversePayment } from "./payments.service.ts";
import { getSiteSettings } from "./settings.service.ts";

/**
 * `linkOnConfirm`: whether confirming gives online lessons a link by itself (a fixed link, a Jitsi
 * room, the default link). Without one, the confirm dialog asks for the order's link (issue 33).
 */
function toAdminOrderDto(o: OrderSummaryRow, linkOnConfirm = true) {
  const first = o.bookings[0];
  const reversedBy = new Map(o.payments.flatMap((p) => (p.reversesId ? [[p.reversesId, p.id] as const] : [])));
  return {
    ...toOrderSummaryDto(o),
    student: { id: o.studentId, name: first?.studentName ?? null, email: first?.studentEmail ?? null },
    // Every payment and refund, oldest first: the list paid_amount sums.
    payments: o.payments.map((p) => ({
      id: p.id,
      amount: centsToEuro(p.amountCents),
      method: p.method as PaymentMethod | null,
      date: DateTime.fromJSDate(p.paidOn, { zone: "utc" }).toISODate() as string,
      note: p.note,
      reverses: p.reversesId,
      reversed_by: reversedBy.get(p.id) ?? null,
      created_at: p.createdAt.toISOString(),
    })),
    // Issue 30: the receipts, invoices and credit notes issued for those payments.
    documents: o.documents.map((d) => ({
      id: d.id,
      number: d.number,
      kind: d.kind as DocumentKind,
      total: centsToEuro(d.totalCents),
      date: DateTime.fromJSDate(d.issuedOn, { zone: "utc" }).toISODate() as string,
      payment_id: d.paymentId,
      hasXml: d.fileName !== null,
    })),
    // Pending online lessons that confirming would leave without a meeting link.
    needs_meeting_link:
      !linkOnConfirm &&
      o.bookings.some((b) => b.status === "pending" && b.lessonType === "online" && !b.meetingLink?.trim()),
    // A payment standing without its document: the teacher issues it from the order.
    documents_pending: o.payments.some(
      (p) =>
        p.amountCents > 0 &&
        !reversedBy.has(p.id) &&
        p.reversesId === null &&
        !o.documents.some((d) => d.paymentId === p.id),
    ),
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
  const [{ rows, total }, owedCents, linkOnConfirm] = await Promise.all([
    listOrderRows(db, { owed: input.filter === "owed" }, input),
    // Across every owing order, not only this page.
    sumOwedCents(db),
    hasLinkOnConfirm(db),
  ]);
  return {
    orders: rows.map((o) => toAdminOrderDto(o, linkOnConfirm)),
    total,
    total_owed: centsToEuro(owedCents),
  };
}

export async function getOrder(db: Db, id: string) {
  const [order, linkOnConfirm] = await Promise.all([loadOrder(db, id), hasLinkOnConfirm(db)]);
  return { order: toAdminOrderDto(order, linkOnConfirm) };
}

async function hasLinkOnConfirm(db: Db) {
  return meetingLinkFor(meetingRulesOf(await getSiteSettings(db)), "online") !== null;
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
  opts: { publicUrl: string; now?: Date; meetingLink?: string | null },
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
      if (status === "confirmed") {
        const rules = meetingRulesOf(site);
        // The link the teacher typed in the confirm dialog, else what the settings give.
        await fillMissingMeetingLinks(tx, [...touched], () => opts.meetingLink ?? meetingLinkFor(rules, "online"));
      }
      const { count } = await setLessonsStatus(tx, [...touched], { to: status, cancelledAt: now });
      // Declined: the lessons it bought and not yet booked go with it (issue 30).
      if (status === "cancelled") await recordOrderVoided(tx, id, now);
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

/** PUT /api/admin/orders/{orderId}/payment: the spec's call, now one entry of the difference. */
export async function recordPayment(db: Db, id: string, input: RecordPaymentInput, adminId: string | null) {
  return { order: toAdminOrderDto(await recordPaymentAsEntry(db, id, input, { adminId })) };
}

type LedgerCall = { adminId: string; idempotencyKey?: string | null };

/**
 * A change of the order's payments, answered once per Idempotency-Key (a double tap is one entry):
 * the key is the teacher's, the request its operation and fields without the key itself.
 */
function ledgerChange(
  db: Db,
  opts: LedgerCall,
  request: [operation: string, fields: { idempotency_key?: string; [field: string]: unknown }],
  change: () => Promise<{ order: OrderSummaryRow; paymentId: string | null }>,
) {
  const { idempotency_key: _key, ...fields } = request[1];
  return withIdempotency(db, opts.adminId, opts.idempotencyKey, hashRequest(request[0], fields), async () => {
    const { order, paymentId } = await change();
    return { order: toAdminOrderDto(order), payment_id: paymentId };
  });
}

/** POST /api/admin/orders/{orderId}/payments: a payment or refund added to the order's list. */
export function addOrderPayment(db: Db, id: string, input: AddPaymentInput, opts: LedgerCall) {
  return ledgerChange(db, opts, ["admin.orders.addPayment", { ...input, id }], () =>
    addPayment(db, id, input, opts.adminId),
  );
}

/** POST /api/admin/orders/{orderId}/payments/{paymentId}/reverse: the entry undone by its opposite. */
export function reverseOrderPayment(
  db: Db,
  id: string,
  paymentId: string,
  input: ReversePaymentInput,
  opts: LedgerCall,
) {
  return ledgerChange(db, opts, ["admin.orders.reversePayment", { ...input, id, paymentId }], () =>
    reversePayment(db, id, paymentId, input, opts.adminId),
  );
}

// An order (one purchase: a lesson or a package) as its student and the teacher follow it: its
// lessons, the amount, what was paid and what is still due, and one calendar file for all of it.
import { DateTime } from "luxon";
import { ORDER_NOT_FOUND_MESSAGE, type PaymentStatus } from "../../../shared/constants.ts";
import { centsToEuro } from "../../../shared/money.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { loadSiteRules } from "../availability/availability.service.ts";
import { orderPaymentDetails } from "../billing/billing.service.ts";
import type { BookingViewer } from "./booking.service.ts";
import { buildOrderIcs } from "./booking-ics.ts";
import { findOrderSummary, listOrderRows, type OrderSummaryRow } from "./order.data.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order as a whole: cancelled when every lesson is, pending while any waits for the teacher. */
export function orderStatus(lessons: { status: string }[]) {
  if (lessons.length > 0 && lessons.every((l) => l.status === "cancelled")) return "cancelled";
  if (lessons.some((l) => l.status === "pending")) return "pending";
  if (lessons.length > 0 && lessons.every((l) => l.status === "completed" || l.status === "cancelled")) {
    return "completed";
  }
  return "confirmed";
}

/** Nothing is due on a refunded or wholly cancelled order; otherwise the total less what was paid. */
export function amountDueCents(
  order: Pick<OrderSummaryRow, "paymentStatus" | "totalPriceCents" | "paidCents">,
  status: string,
) {
  if (order.paymentStatus === "refunded" || order.paymentStatus === "paid" || status === "cancelled") return 0;
  return Math.max(0, order.totalPriceCents - order.paidCents);
}

export function toOrderSummaryDto(o: OrderSummaryRow) {
  const status = orderStatus(o.bookings);
  return {
    id: o.id,
    package_name: o.package.name,
    lessons: o.lessons,
    status,
    total_price: centsToEuro(o.totalPriceCents),
    paid_amount: centsToEuro(o.paidCents),
    amount_due: centsToEuro(amountDueCents(o, status)),
    payment_status: o.paymentStatus as PaymentStatus,
    paid_on: o.paidOn ? DateTime.fromJSDate(o.paidOn, { zone: "utc" }).toISODate() : null,
    created_at: o.createdAt.toISOString(),
    bookings: o.bookings.map((b) => ({
      id: b.id,
      lesson_date: b.startsAt.toISOString(),
      end_date: b.endsAt.toISOString(),
      status: b.status,
      lesson_type: b.lessonType === "in-person" ? ("in-person" as const) : ("online" as const),
      location: b.location,
      teacher_name: b.teacher?.name ?? null,
    })),
  };
}
export type OrderSummaryDto = ReturnType<typeof toOrderSummaryDto>;

/** An order for its student or an admin; anyone else learns nothing, not even that it exists. */
export async function loadVisibleOrder(db: Db, id: string, viewer: BookingViewer) {
  if (!viewer.studentId && !viewer.isAdmin) throw new AppError("UNAUTHORIZED", "Please sign in to see this order.");
  const order = UUID.test(id) ? await findOrderSummary(db, id) : null;
  if (!order || !(viewer.isAdmin || (viewer.studentId && order.studentId === viewer.studentId))) {
    throw new AppError("NOT_FOUND", ORDER_NOT_FOUND_MESSAGE);
  }
  return order;
}

/** The student's own orders, newest first, with the teacher's payment instructions. */
export async function listStudentOrders(db: Db, studentId: string, page: { limit: number; offset: number }) {
  const [{ rows, total }, rules] = await Promise.all([listOrderRows(db, { studentId }, page), loadSiteRules(db)]);
  return { orders: rows.map(toOrderSummaryDto), total, payment_instructions: rules.paymentInstructions };
}

export async function getStudentOrder(db: Db, id: string, studentId: string) {
  const [order, rules] = await Promise.all([
    loadVisibleOrder(db, id, { studentId, isAdmin: false }),
    loadSiteRules(db),
  ]);
  const dto = toOrderSummaryDto(order);
  const payment = await orderPaymentDetails(
    db,
    {
      number: order.number,
      amountDueCents: amountDueCents(order, dto.status),
      teacherName: order.bookings[0]?.teacher?.name ?? null,
    },
    rules.paymentInstructions,
  );
  return { order: dto, payment_instructions: rules.paymentInstructions, payment };
}

/** GET /api/calendar/order/{orderId}/ics: every lesson of the order in one file. */
export async function getOrderIcs(db: Db, id: string, viewer: BookingViewer, host: string) {
  const order = await loadVisibleOrder(db, id, viewer);
  const ics = buildOrderIcs(
    order.bookings.map((b) => ({ ...b, teacherName: b.teacher?.name ?? null })),
    host,
  );
  return { ics, filename: `english-lessons-${order.id.slice(0, 8)}.ics` };
}

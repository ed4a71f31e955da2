import type { Prisma } from "../../db/generated/client.ts";
import { type PageWindow, readPage } from "../../db/paged.ts";
import type { Db, DbOrTx } from "../../db.ts";
import { lessonMailSelect } from "../mail/mail.data.ts";
import { orderPricesSelect } from "./booking.data.ts";

/** A payment entry of an order (issue 30): what the ledger sums and the teacher's list shows. */
export const paymentEntrySelect = {
  id: true,
  amountCents: true,
  method: true,
  paidOn: true,
  note: true,
  reversesId: true,
  externalId: true,
  createdAt: true,
} as const;

/** An order as the teacher and its student follow it: prices, payment, and every lesson. */
const orderSummarySelect = {
  ...orderPricesSelect,
  studentId: true,
  number: true,
  paymentStatus: true,
  paidCents: true,
  paidOn: true,
  createdAt: true,
  package: { select: { name: true } },
  payments: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: paymentEntrySelect },
  documents: {
    orderBy: [{ year: "asc" }, { sequence: "asc" }],
    select: { id: true, number: true, kind: true, totalCents: true, issuedOn: true, paymentId: true, fileName: true },
  },
  bookings: {
    orderBy: { startsAt: "asc" },
    select: {
      ...lessonMailSelect,
      icsSequence: true,
      teacher: { select: { name: true, email: true } },
    },
  },
} as const satisfies Prisma.BookingOrderSelect;
export type OrderSummaryRow = Prisma.BookingOrderGetPayload<{ select: typeof orderSummarySelect }>;

/**
 * Orders with something still to pay: neither paid in full nor refunded, and with a lesson that
 * is not cancelled (a wholly declined order owes nothing).
 */
function owedWhere(db: Db): Prisma.BookingOrderWhereInput {
  return {
    paymentStatus: { in: ["unpaid", "partly_paid"] },
    totalPriceCents: { gt: db.bookingOrder.fields.paidCents },
    bookings: { some: { status: { not: "cancelled" } } },
  };
}

export async function listOrderRows(db: Db, filter: { studentId?: string; owed?: boolean }, page: PageWindow) {
  const where: Prisma.BookingOrderWhereInput = {
    ...(filter.studentId ? { studentId: filter.studentId } : {}),
    ...(filter.owed ? owedWhere(db) : {}),
  };
  return readPage(
    page,
    (window) =>
      db.bookingOrder.findMany({ where, orderBy: { createdAt: "desc" }, ...window, select: orderSummarySelect }),
    () => db.bookingOrder.count({ where }),
  );
}

/** What every owing order still owes, together: their totals less what was paid on them. */
export async function sumOwedCents(db: Db) {
  const { _sum } = await db.bookingOrder.aggregate({
    where: owedWhere(db),
    _sum: { totalPriceCents: true, paidCents: true },
  });
  return (_sum.totalPriceCents ?? 0) - (_sum.paidCents ?? 0);
}

export function findOrderSummary(db: DbOrTx, id: string) {
  return db.bookingOrder.findUnique({ where: { id }, select: orderSummarySelect });
}

export function setOrderPayment(
  db: DbOrTx,
  id: string,
  payment: { paymentStatus: string; paidCents: number; paidOn: Date | null },
) {
  return db.bookingOrder.update({ where: { id }, data: payment, select: orderSummarySelect });
}

/** These lessons (read under the order's lock) move to `to`; each grows its calendar SEQUENCE. */
export function setLessonsStatus(
  tx: DbOrTx,
  ids: string[],
  change: { to: "confirmed" | "cancelled"; cancelledAt: Date | null },
) {
  return tx.booking.updateMany({
    where: { id: { in: ids } },
    data: {
      status: change.to,
      icsSequence: { increment: 1 },
      ...(change.to === "cancelled" ? { cancelledAt: change.cancelledAt } : {}),
    },
  });
}

/**
 * Online lessons confirmed without a link get one from `linkFor` (called once per lesson, so each
 * may have a room of its own); none when it gives none.
 */
export async function fillMissingMeetingLinks(tx: DbOrTx, ids: string[], linkFor: () => string | null) {
  const missing = await tx.booking.findMany({
    where: { id: { in: ids }, lessonType: "online", OR: [{ meetingLink: null }, { meetingLink: "" }] },
    select: { id: true },
  });
  for (const { id } of missing) {
    const link = linkFor();
    if (!link) return;
    await tx.booking.update({ where: { id }, data: { meetingLink: link }, select: { id: true } });
  }
}

/**
 * Locks the order row, so changes to several of its lessons at once settle one after the other,
 * each seeing the others' committed statuses (otherwise two last cancellations could each see the
 * other lesson still open, and the reward would never be withdrawn), and cancellations and moves
 * that spend its allowance queue behind each other.
 */
/** The id of the order with this number (its reference "ORD-0042" for people and banks). */
export async function findOrderIdByNumber(db: DbOrTx, number: number) {
  return (await db.bookingOrder.findUnique({ where: { number }, select: { id: true } }))?.id ?? null;
}

export async function lockOrder(db: DbOrTx, orderId: string) {
  await db.$queryRaw`SELECT "id" FROM "BookingOrder" WHERE "id" = ${orderId}::uuid FOR UPDATE`;
}

/** The same, from one of its lessons: taken before the lesson's row, in the order cancellations take them. */
export async function lockOrderOfBooking(db: DbOrTx, bookingId: string) {
  await db.$queryRaw`
    SELECT o."id" FROM "BookingOrder" o JOIN "Booking" b ON b."orderId" = o."id"
    WHERE b."id" = ${bookingId}::uuid FOR UPDATE OF o`;
}

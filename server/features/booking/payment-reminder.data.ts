import type { Prisma } from "../../db/generated/client.ts";
import type { Db, DbOrTx } from "../../db.ts";
import { lessonMailSelect } from "../mail/mail.data.ts";

/** The reminder's days (0: off) and the teacher's payment instructions; the site's row may not exist yet. */
export function findPaymentReminderSettings(db: DbOrTx) {
  return db.adminSettings.findUnique({
    where: { id: "site" },
    select: { paymentReminderDays: true, paymentInstructions: true },
  });
}

const live = { status: { not: "cancelled" } } as const satisfies Prisma.BookingWhereInput;

/**
 * Orders owed a payment reminder: nothing paid (`unpaid`, something to pay), not reminded yet, of an
 * account that still exists, whose first lesson still on (not cancelled) starts in (now, until].
 * A declined or wholly cancelled order has no such lesson. With that first lesson, for the mail.
 */
export function findOrdersToRemind(db: Db, now: Date, until: Date) {
  return db.bookingOrder.findMany({
    where: {
      paymentStatus: "unpaid",
      paymentReminderSentAt: null,
      studentId: { not: null },
      totalPriceCents: { gt: 0 },
      bookings: {
        some: { ...live, startsAt: { gt: now, lte: until } },
        none: { ...live, startsAt: { lte: now } },
      },
    },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      number: true,
      totalPriceCents: true,
      paidCents: true,
      paymentStatus: true,
      bookings: {
        where: live,
        orderBy: { startsAt: "asc" },
        take: 1,
        select: { ...lessonMailSelect, teacher: { select: { name: true } } },
      },
    },
  });
}
export type OrderToRemind = Awaited<ReturnType<typeof findOrdersToRemind>>[number];

/**
 * Marks the order reminded, only while it is still unpaid and not reminded: under the order's row
 * lock, so a payment recorded meanwhile, or another process's pass, wins. True when this call did it.
 */
export async function markPaymentReminderSent(tx: DbOrTx, orderId: string, now: Date): Promise<boolean> {
  const { count } = await tx.bookingOrder.updateMany({
    where: { id: orderId, paymentStatus: "unpaid", paymentReminderSentAt: null },
    data: { paymentReminderSentAt: now },
  });
  return count === 1;
}

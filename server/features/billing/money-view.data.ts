// The money view's figures (issue 30, item 7), each one grouped query by month. Months are the
// teacher's calendar months: a lesson or an order belongs to the month its instant falls in, in
// her zone; a payment or a document to the month of its date (stored as a plain date, already hers).
// The month-end figures (owed, lessons booked and not yet taught) are read "as at" each month's
// end, or `now` for the current month, from what the rows record of their past: an order's
// creation, its payments' dates, its lessons' cancellation instants.
import { Prisma } from "../../db/generated/client.ts";
import type { DbOrTx } from "../../db.ts";
import type { StoredCreditEntry } from "../credits/credits.ts";

/** `from` and `to`: the first days of the first and last months (`2026-01-01`); `now` caps the last month's end. */
export type MonthSpan = { from: string; to: string; zone: string; now: Date };
export type MonthCount = { month: string; value: number };

/**
 * The span's months: each one's key, first instant in the zone, the instant its figures are read
 * at (its end, or `now` in the current month) and its last day. Months that have not begun are
 * left out (nothing is at their end yet).
 */
const monthsCte = ({ from, to, zone, now }: MonthSpan) => Prisma.sql`
  WITH months AS (
    SELECT to_char(m, 'YYYY-MM') AS month,
           LEAST((m + interval '1 month') AT TIME ZONE ${zone}, ${now}::timestamptz) AS at,
           (m + interval '1 month' - interval '1 day')::date AS "lastDay"
    FROM generate_series(${from}::timestamp, ${to}::timestamp, interval '1 month') AS m
    WHERE m AT TIME ZONE ${zone} <= ${now}::timestamptz
  )`;

const toCounts = (rows: { month: string; value: number | bigint | null }[]): MonthCount[] =>
  rows.map((r) => ({ month: r.month, value: Number(r.value ?? 0) }));

/**
 * Lessons taught, by the month they started in: completed, or confirmed with their end passed (the
 * completion job writes "completed" within minutes; until then the lesson is taught all the same),
 * unless marked a no-show or a late cancellation (issue 31): paid for, not taught.
 */
export async function countLessonsTaught(db: DbOrTx, span: MonthSpan) {
  const { from, to, zone, now } = span;
  const rows = await db.$queryRaw<{ month: string; value: number }[]>`
    SELECT to_char(b."startsAt" AT TIME ZONE ${zone}, 'YYYY-MM') AS month, COUNT(*)::int AS value
      FROM "Booking" b
     WHERE b."startsAt" >= ${from}::timestamp AT TIME ZONE ${zone}
       AND b."startsAt" < (${to}::timestamp + interval '1 month') AT TIME ZONE ${zone}
       AND (b."status" = 'completed' OR (b."status" = 'confirmed' AND b."endsAt" <= ${now}::timestamptz))
       AND (b."attendance" IS NULL OR b."attendance" = 'attended')
     GROUP BY 1`;
  return toCounts(rows);
}

/** Documents issued, by the month of their date: invoices and receipts add, credit notes take away. */
export async function sumInvoicedCents(db: DbOrTx, span: MonthSpan) {
  const rows = await db.$queryRaw<{ month: string; value: number }[]>`
    SELECT to_char(d."issuedOn", 'YYYY-MM') AS month,
           SUM(CASE WHEN d."kind" = 'credit_note' THEN -d."totalCents" ELSE d."totalCents" END)::int AS value
      FROM "BillingDocument" d
     WHERE d."issuedOn" >= ${span.from}::date AND d."issuedOn" < (${span.to}::date + interval '1 month')
     GROUP BY 1`;
  return toCounts(rows);
}

/** Payment entries, by the month of the day the money moved: refunds and reversals count negative. */
export async function sumPaidCents(db: DbOrTx, span: MonthSpan) {
  const rows = await db.$queryRaw<{ month: string; value: number }[]>`
    SELECT to_char(p."paidOn", 'YYYY-MM') AS month, SUM(p."amountCents")::int AS value
      FROM "Payment" p
     WHERE p."paidOn" >= ${span.from}::date AND p."paidOn" < (${span.to}::date + interval '1 month')
     GROUP BY 1`;
  return toCounts(rows);
}

/**
 * Owed at each month's end: every order created by then that was not void then (void: each of its
 * lessons cancelled by then; an order without lessons is never counted, as in the orders list)
 * nor refunded then (nothing left received and a refund standing), its total less what its
 * payment entries dated up to the month's last day add up to, never below 0.
 */
export async function sumOwedCents(db: DbOrTx, span: MonthSpan) {
  const rows = await db.$queryRaw<{ month: string; value: number }[]>`
    ${monthsCte(span)},
     orders AS (
       SELECT o."id", o."createdAt", o."totalPriceCents",
              CASE WHEN bool_and(b."status" = 'cancelled')
                   THEN MAX(COALESCE(b."cancelledAt", '-infinity'::timestamptz)) END AS "voidAt"
         FROM "BookingOrder" o JOIN "Booking" b ON b."orderId" = o."id"
        WHERE o."createdAt" < ${span.now}::timestamptz
        GROUP BY o."id"
     )
     SELECT mo.month, SUM(GREATEST(0, o."totalPriceCents" - COALESCE(p.paid, 0)))::int AS value
       FROM months mo
       JOIN orders o ON o."createdAt" < mo.at AND (o."voidAt" IS NULL OR o."voidAt" >= mo.at)
       LEFT JOIN LATERAL (
         SELECT SUM(e."amountCents") AS paid,
                bool_or(e."amountCents" < 0 AND e."reversesId" IS NULL AND NOT EXISTS (
                  SELECT 1 FROM "Payment" r WHERE r."reversesId" = e."id" AND r."paidOn" <= mo."lastDay"
                )) AS "refundStands"
           FROM "Payment" e
          WHERE e."orderId" = o."id" AND e."paidOn" <= mo."lastDay"
       ) p ON true
      WHERE NOT (COALESCE(p.paid, 0) <= 0 AND COALESCE(p."refundStands", false))
      GROUP BY mo.month`;
  return toCounts(rows);
}

/**
 * Lessons booked and not yet taught at each month's end: created by then, ending after it, and not
 * cancelled by then (whatever their status now: a lesson completed since was still ahead then).
 */
export async function countLessonsAhead(db: DbOrTx, span: MonthSpan) {
  const rows = await db.$queryRaw<{ month: string; value: number }[]>`
    ${monthsCte(span)}
     SELECT mo.month, COUNT(b."id")::int AS value
       FROM months mo
       JOIN "Booking" b ON b."createdAt" < mo.at AND b."endsAt" > mo.at
        AND NOT (b."status" = 'cancelled' AND (b."cancelledAt" IS NULL OR b."cancelledAt" < mo.at))
      GROUP BY mo.month`;
  return toCounts(rows);
}

/** Every ledger entry written before `before`, each with its student: the balances are replayed from them. */
export function listCreditEntriesBefore(
  db: DbOrTx,
  before: Date,
): Promise<(StoredCreditEntry & { studentId: string })[]> {
  return db.creditEntry.findMany({
    where: { createdAt: { lt: before } },
    orderBy: [{ createdAt: "asc" }, { seq: "asc" }],
    select: {
      id: true,
      studentId: true,
      kind: true,
      lessons: true,
      orderId: true,
      bookingId: true,
      expiresAt: true,
      reason: true,
      createdAt: true,
    },
  });
}

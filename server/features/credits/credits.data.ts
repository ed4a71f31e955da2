import type { Prisma } from "../../db/generated/client.ts";
import type { DbOrTx } from "../../db.ts";
import type { StoredCreditEntry } from "./credits.ts";

const creditEntrySelect = {
  id: true,
  kind: true,
  lessons: true,
  orderId: true,
  bookingId: true,
  expiresAt: true,
  reason: true,
  createdAt: true,
} as const satisfies Prisma.CreditEntrySelect;

export type NewCreditEntry = Omit<Prisma.CreditEntryUncheckedCreateInput, "id">;

export function listCreditEntries(db: DbOrTx, studentId: string): Promise<StoredCreditEntry[]> {
  return db.creditEntry.findMany({
    where: { studentId },
    orderBy: [{ createdAt: "asc" }, { seq: "asc" }],
    select: creditEntrySelect,
  });
}

/** The ledger only ever grows: this is the one way entries are written. */
export async function insertCreditEntries(tx: DbOrTx, entries: NewCreditEntry[]) {
  if (entries.length > 0) await tx.creditEntry.createMany({ data: entries });
}

/** The student's lesson, its order and start, for an entry about it. */
export function findLessonForCredit(db: DbOrTx, bookingId: string) {
  return db.booking.findUnique({
    where: { id: bookingId },
    select: { id: true, studentId: true, orderId: true, startsAt: true },
  });
}

/**
 * Serialises the writes of one student's ledger that read its balance first (an adjustment, a
 * lesson booked later, an order voided). NO KEY UPDATE: it excludes the others, while a row that
 * only names the student (a booking, an entry: a key share) is not kept waiting, so a transaction
 * that holds an order's lock and writes entries cannot deadlock with one holding this.
 */
export async function lockStudentLedger(tx: DbOrTx, studentId: string) {
  await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${studentId}::uuid FOR NO KEY UPDATE`;
}

/** The order's student and its lessons' statuses: whether the whole order is void. */
export function findOrderForCredit(db: DbOrTx, orderId: string) {
  return db.bookingOrder.findUnique({
    where: { id: orderId },
    select: { studentId: true, bookings: { select: { status: true } } },
  });
}

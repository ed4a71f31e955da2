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

/** Serialises the writes of one student's ledger (an adjustment against a booking's entries). */
export async function lockStudentLedger(tx: DbOrTx, studentId: string) {
  await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${studentId}::uuid FOR UPDATE`;
}

import type { Prisma } from "../../db/generated/client.ts";
import type { DbOrTx } from "../../db.ts";

/**
 * The next value of a counter, created at 1. In the caller's transaction: the row stays locked
 * until it commits, so concurrent issuers queue and get consecutive values, and a rollback gives
 * the value back (no gap).
 */
export async function takeCounter(tx: DbOrTx, name: string): Promise<number> {
  const rows = await tx.$queryRaw<{ value: number }[]>`
    INSERT INTO "DocumentCounter" ("name", "value") VALUES (${name}, 1)
    ON CONFLICT ("name") DO UPDATE SET "value" = "DocumentCounter"."value" + 1
    RETURNING "value"`;
  const value = rows[0]?.value;
  if (value === undefined) throw new Error(`counter ${name} returned nothing`);
  return Number(value);
}

export const documentSelect = {
  id: true,
  year: true,
  sequence: true,
  number: true,
  kind: true,
  regime: true,
  issuedOn: true,
  locale: true,
  orderId: true,
  paymentId: true,
  studentId: true,
  correctsId: true,
  totalCents: true,
  stampDutyCents: true,
  withholdingCents: true,
  seller: true,
  payer: true,
  lines: true,
  payment: true,
  orderReference: true,
  progressive: true,
  fileName: true,
  emailedAt: true,
  createdAt: true,
  corrects: { select: { id: true, number: true, issuedOn: true } },
} as const satisfies Prisma.BillingDocumentSelect;
export type DocumentRow = Prisma.BillingDocumentGetPayload<{ select: typeof documentSelect }>;

export function insertDocument(tx: DbOrTx, data: Prisma.BillingDocumentUncheckedCreateInput) {
  return tx.billingDocument.create({ data, select: documentSelect });
}

export function findDocument(db: DbOrTx, id: string) {
  return db.billingDocument.findUnique({ where: { id }, select: documentSelect });
}

export function findDocumentXml(db: DbOrTx, id: string) {
  return db.billingDocument.findUnique({ where: { id }, select: { xml: true, fileName: true } });
}

export function listDocuments(db: DbOrTx, where: { year?: number; studentId?: string; orderId?: string }) {
  return db.billingDocument.findMany({
    where,
    orderBy: [{ year: "asc" }, { sequence: "asc" }],
    select: documentSelect,
  });
}

/** Every document of a year with its XML, for the accountant's ZIP. */
export function listDocumentFiles(db: DbOrTx, year: number) {
  return db.billingDocument.findMany({
    where: { year, xml: { not: null } },
    orderBy: { sequence: "asc" },
    select: { fileName: true, xml: true },
  });
}

/** Documents issued to an account and not yet emailed, oldest first. */
export function listDocumentsToEmail(db: DbOrTx, limit: number) {
  return db.billingDocument.findMany({
    where: { emailedAt: null, studentId: { not: null } },
    orderBy: [{ year: "asc" }, { sequence: "asc" }],
    take: limit,
    select: { ...documentSelect, student: { select: { name: true, email: true } } },
  });
}

export function markDocumentEmailed(db: DbOrTx, id: string, at: Date) {
  return db.billingDocument.update({ where: { id }, data: { emailedAt: at }, select: { id: true } });
}

/** The payment entries of an order with the documents that record or correct them. */
export function listOrderPaymentsWithDocuments(tx: DbOrTx, orderId: string) {
  return tx.payment.findMany({
    where: { orderId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      amountCents: true,
      method: true,
      paidOn: true,
      reversesId: true,
      documents: { select: { id: true } },
    },
  });
}

/** What an order's document lines and payer need: its package, lessons, learner and account. */
export function findOrderForDocument(tx: DbOrTx, orderId: string) {
  return tx.bookingOrder.findUnique({
    where: { id: orderId },
    select: {
      id: true,
      number: true,
      lessons: true,
      locale: true,
      studentId: true,
      totalPriceCents: true,
      package: { select: { name: true } },
      student: { select: { name: true, email: true, locale: true, payerBilling: true } },
      bookings: {
        orderBy: { startsAt: "asc" },
        take: 1,
        select: { studentName: true, bookedBy: true, guardianName: true },
      },
    },
  });
}

/** The teacher's name, for a profile without a legal name. */
export function findTeacherName(tx: DbOrTx) {
  return tx.teacher.findFirst({ orderBy: { createdAt: "asc" }, select: { name: true, email: true } });
}

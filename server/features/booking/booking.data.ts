import type { Prisma } from "../../db/generated/client.ts";
import type { Db } from "../../db.ts";
import { AppError, isConstraintConflict } from "../../errors.ts";
import type { DbOrTx } from "./availability.data.ts";

export type NewBookingRow = Prisma.BookingUncheckedCreateInput;
export type Tx = Prisma.TransactionClient;

export const SLOT_TAKEN_MESSAGE = "Sorry, this time slot was just booked by someone else. Please choose another time.";

/**
 * Inserts lessons all-or-nothing. The database's exclusion constraint is the arbiter of
 * double booking (no check-then-insert race): a violation becomes a clean CONFLICT.
 */
export async function insertBookingsAtomically(db: Db, rows: NewBookingRow[]) {
  try {
    return await db.$transaction(async (tx) => {
      const created = [];
      for (const row of rows) {
        created.push(
          await tx.booking.create({
            data: row,
            select: { id: true, startsAt: true, endsAt: true, status: true, teacherId: true },
          }),
        );
      }
      return created;
    });
  } catch (error) {
    if (isConstraintConflict(error)) throw new AppError("CONFLICT", SLOT_TAKEN_MESSAGE);
    throw error;
  }
}

export function insertAvailabilityRequest(db: DbOrTx, data: Prisma.AvailabilityRequestUncheckedCreateInput) {
  return db.availabilityRequest.create({ data, select: { id: true, createdAt: true } });
}

/**
 * Runs `work` in one transaction holding a per-teacher advisory lock, so the check of the
 * buffer rule and the insert cannot interleave with another booking of the same teacher on
 * PostgreSQL (PGlite runs one transaction at a time anyway). The exclusion constraint stays the
 * last guard: a violation that still slips through becomes `conflictMessage`.
 */
export async function runWithTeacherLock<T>(
  db: Db,
  teacherId: string,
  work: (tx: Tx) => Promise<T>,
  conflictMessage: string,
): Promise<T> {
  try {
    return await db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${teacherId}))`;
        return work(tx);
      },
      { maxWait: 30_000, timeout: 30_000 },
    );
  } catch (error) {
    if (!(error instanceof AppError) && isConstraintConflict(error)) throw new AppError("CONFLICT", conflictMessage);
    throw error;
  }
}

const bookingColumns = {
  id: true,
  orderId: true,
  studentId: true,
  teacherId: true,
  startsAt: true,
  endsAt: true,
  status: true,
  lessonType: true,
  location: true,
  meetingLink: true,
  icsSequence: true,
} as const;
const bookingDtoSelect = { ...bookingColumns, teacher: { select: { name: true } } } as const;
export type BookingRow = Prisma.BookingGetPayload<{ select: typeof bookingDtoSelect }>;

/**
 * Inserts one lesson of the named teacher (one INSERT ... RETURNING: the caller knows the name,
 * and this runs under the teacher's lock, where every statement makes the next booking wait).
 * An overlap refused by the database becomes CONFLICT with `conflictMessage`.
 */
export async function insertBooking(
  tx: Tx,
  row: NewBookingRow & { teacherId: string },
  teacherName: string,
  conflictMessage: string,
): Promise<BookingRow> {
  try {
    const created = await tx.booking.create({ data: row, select: bookingColumns });
    return { ...created, teacher: { name: teacherName } };
  } catch (error) {
    if (isConstraintConflict(error)) throw new AppError("CONFLICT", conflictMessage);
    throw error;
  }
}

export function findBooking(db: DbOrTx, id: string) {
  return db.booking.findUnique({ where: { id }, select: bookingDtoSelect });
}

export function findOrderBookings(tx: DbOrTx, orderId: string) {
  return tx.booking.findMany({ where: { orderId }, orderBy: { startsAt: "asc" }, select: bookingDtoSelect });
}

const orderColumns = {
  id: true,
  packageId: true,
  lessons: true,
  basePriceCents: true,
  groupPriceCents: true,
  discountCents: true,
  totalPriceCents: true,
} as const;
const orderSelect = { ...orderColumns, package: { select: { name: true } } } as const;
export type OrderRow = Prisma.BookingOrderGetPayload<{ select: typeof orderSelect }>;

/** Inserts an order of the named package (one INSERT ... RETURNING, as insertBooking). */
export async function insertOrder(
  tx: Tx,
  data: Prisma.BookingOrderUncheckedCreateInput,
  packageName: string,
): Promise<OrderRow> {
  const created = await tx.bookingOrder.create({ data, select: orderColumns });
  return { ...created, package: { name: packageName } };
}

export function findOrder(tx: DbOrTx, id: string) {
  return tx.bookingOrder.findUnique({ where: { id }, select: orderSelect });
}

export function countStudentOrders(tx: DbOrTx, studentId: string) {
  return tx.bookingOrder.count({ where: { studentId } });
}

export function findBookablePackage(db: DbOrTx, id: string) {
  return db.package.findFirst({
    where: { id, isActive: true },
    select: { id: true, name: true, lessons: true, totalPriceCents: true, lessonType: true },
  });
}

/** The catalogue's one-lesson package: what a single booking without a package buys. */
export function findSingleLessonPackage(db: DbOrTx) {
  return db.package.findFirst({
    where: { lessons: 1, isActive: true },
    orderBy: { sortOrder: "asc" },
    select: { id: true, name: true, lessons: true, totalPriceCents: true, lessonType: true },
  });
}

export function findActiveGroupEvent(db: DbOrTx, id: string) {
  return db.groupEvent.findFirst({
    where: { id, isActive: true },
    select: { id: true, dayOfWeek: true, time: true, location: true },
  });
}

export function findFirstTeacherEmail(db: DbOrTx) {
  return db.teacher.findFirst({ where: { isActive: true }, orderBy: { createdAt: "asc" }, select: { email: true } });
}

export function runInTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(work);
}

export function findActiveGroupPackage(db: DbOrTx, id: string) {
  return db.groupPackage.findFirst({
    where: { id, isActive: true },
    select: { id: true, name: true, totalPriceCents: true },
  });
}

export function insertGroupSignup(db: DbOrTx, data: Prisma.GroupSignupUncheckedCreateInput) {
  return db.groupSignup.create({ data, select: { id: true } });
}

// Idempotency records: a placeholder (statusCode 0) claims the key before the work starts, so a
// concurrent duplicate waits for the first answer instead of doing the work twice.

export async function claimIdempotencyKey(db: Db, userId: string, key: string, requestHash: string): Promise<boolean> {
  try {
    await db.idempotencyRecord.create({
      data: { userId, key, statusCode: 0, response: { requestHash } },
      select: { key: true },
    });
    return true;
  } catch (error) {
    if (isConstraintConflict(error)) return false;
    throw error;
  }
}

/** Answers are kept for a day: a retry comes within minutes, a reused key a day later is a new request. */
export async function deleteIdempotencyRecordsBefore(db: Db, userId: string, before: Date) {
  await db.idempotencyRecord.deleteMany({ where: { userId, createdAt: { lt: before } } });
}

export function findIdempotencyRecord(db: Db, userId: string, key: string) {
  return db.idempotencyRecord.findUnique({
    where: { userId_key: { userId, key } },
    select: { statusCode: true, response: true, createdAt: true },
  });
}

export async function completeIdempotencyRecord(
  db: Db,
  userId: string,
  key: string,
  statusCode: number,
  response: Prisma.InputJsonValue,
) {
  await db.idempotencyRecord.update({
    where: { userId_key: { userId, key } },
    data: { statusCode, response },
    select: { key: true },
  });
}

export async function releaseIdempotencyKey(db: Db, userId: string, key: string, onlyIfPending = true) {
  await db.idempotencyRecord.deleteMany({ where: { userId, key, ...(onlyIfPending ? { statusCode: 0 } : {}) } });
}

/** What the mail about one lesson needs, read inside the transaction that changed it. */
export function findBookingForMail(db: DbOrTx, id: string) {
  return db.booking.findUnique({
    where: { id },
    select: {
      id: true,
      startsAt: true,
      endsAt: true,
      status: true,
      lessonType: true,
      meetingLink: true,
      location: true,
      icsSequence: true,
      studentName: true,
      studentEmail: true,
      studentTimezone: true,
      teacher: { select: { name: true, email: true } },
    },
  });
}

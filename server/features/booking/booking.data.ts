import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../shared/i18n/locales.ts";
import { Prisma } from "../../db/generated/client.ts";
import type { Db, DbOrTx, Tx } from "../../db.ts";
import { AppError, type ErrorText, isConstraintConflict } from "../../errors.ts";
import { lessonLocale, lessonMailSelect, type NewOutboxEmail, outboxInsertSql } from "../mail/mail.data.ts";

export type NewBookingRow = Prisma.BookingUncheckedCreateInput;

/** What the student told us when booking, copied onto each of their lessons. */
export const bookingStudentInfoSelect = {
  studentName: true,
  studentEmail: true,
  studentPhone: true,
  englishLevel: true,
  lessonFocus: true,
  preferredType: true,
  preferredLocation: true,
} as const satisfies Prisma.BookingSelect;

export const SLOT_TAKEN_MESSAGE = "Sorry, this time slot was just booked by someone else. Please choose another time.";

export function insertAvailabilityRequest(db: DbOrTx, data: Prisma.AvailabilityRequestUncheckedCreateInput) {
  return db.availabilityRequest.create({ data, select: { id: true, createdAt: true } });
}

/**
 * Runs `work` in one transaction holding a lock per sender's address, so two identical requests
 * sent at once see each other on PostgreSQL (PGlite runs one transaction at a time anyway).
 */
export function runAsRequestSender<T>(db: Db, email: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`availability-request:${email}`}))`;
    return work(tx);
  });
}

/** The sender's requests with these very words, still open in the teacher's inbox, made since `since`. */
export function listOpenRequestsWorded(
  db: DbOrTx,
  words: { email: string; name: string; phone: string | null; availability: string; location: string },
  since: Date,
) {
  return db.availabilityRequest.findMany({
    where: { ...words, handledAt: null, createdAt: { gte: since } },
    orderBy: { createdAt: "asc" },
    select: { id: true, packageInfo: true, teacherInfo: true },
  });
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
  conflictMessage: ErrorText,
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

const bookingDtoSelect = {
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
  teacher: { select: { name: true } },
} as const;
export type BookingRow = Prisma.BookingGetPayload<{ select: typeof bookingDtoSelect }>;

export function findBooking(db: DbOrTx, id: string) {
  return db.booking.findUnique({ where: { id }, select: bookingDtoSelect });
}

export function findOrderBookings(tx: DbOrTx, orderId: string) {
  return tx.booking.findMany({ where: { orderId }, orderBy: { startsAt: "asc" }, select: bookingDtoSelect });
}

/** An order's package, size and prices, as the student's export and the booking answer give them. */
export const orderPricesSelect = {
  id: true,
  packageId: true,
  lessons: true,
  basePriceCents: true,
  groupPriceCents: true,
  discountCents: true,
  totalPriceCents: true,
} as const satisfies Prisma.BookingOrderSelect;

const orderSelect = {
  ...orderPricesSelect,
  number: true,
  paymentStatus: true,
  paidCents: true,
  package: { select: { name: true } },
} as const;
export type OrderRow = Prisma.BookingOrderGetPayload<{ select: typeof orderSelect }>;

export type NewOrder = {
  id: string;
  studentId: string;
  packageId: string;
  lessons: number;
  basePriceCents: number;
  groupPriceCents: number;
  discountCents: number;
  totalPriceCents: number;
  referralCode: string | null;
  locale: Locale;
  /** Taken from the sequence before the booking's lock (nextOrderNumber): its mail names the reference. */
  number: number;
};
export type NewLesson = NewBookingRow & { id: string; teacherId: string; status: "pending" | "confirmed" };

/**
 * The columns the booking's one statement writes, each with the SQL type its value is read as.
 * The statement is built from these lists (so the column list and the value list cannot drift
 * apart), and raw-sql-columns.test.ts checks them against prisma/schema.prisma: a renamed or
 * retyped column fails a unit test, not a student's booking. See docs/decisions/0003-raw-sql-on-the-booking-path.md.
 */
export const ORDER_COLUMNS = {
  id: "uuid",
  studentId: "uuid",
  packageId: "text",
  lessons: "integer",
  basePriceCents: "integer",
  groupPriceCents: "integer",
  discountCents: "integer",
  totalPriceCents: "integer",
  referralCode: "text",
  locale: "text",
  number: "integer",
} as const satisfies Record<keyof NewOrder, string>;

/** Every field of a NewLesson the statement inserts, read from its JSON as these types. */
export const LESSON_COLUMNS = {
  id: "uuid",
  studentId: "uuid",
  teacherId: "uuid",
  startsAt: "timestamptz",
  endsAt: "timestamptz",
  status: '"BookingStatus"',
  lessonType: "text",
  meetingLink: "text",
  location: "text",
  studentName: "text",
  studentEmail: "text",
  studentPhone: "text",
  englishLevel: "text",
  lessonFocus: "text",
  preferredType: "text",
  preferredLocation: "text",
  studentNotes: "text",
  studentTimezone: "text",
  bookedBy: "text",
  guardianName: "text",
  learnerId: "uuid",
} as const satisfies Partial<Record<keyof NewLesson, string>>;

/** `"a", "b"` (or `l."a", l."b"`): identifiers from the constants above, never from input. */
const columnList = (columns: readonly string[], qualifier = "") =>
  Prisma.raw(columns.map((column) => `${qualifier}"${column}"`).join(", "));

const orderColumns = Object.keys(ORDER_COLUMNS) as (keyof typeof ORDER_COLUMNS)[];
const lessonColumns = Object.keys(LESSON_COLUMNS) as (keyof typeof LESSON_COLUMNS)[];
const lessonRecord = Prisma.raw(lessonColumns.map((column) => `"${column}" ${LESSON_COLUMNS[column]}`).join(", "));

/**
 * Writes an order, its lessons and their mail in one statement: it runs under the teacher's
 * lock, where every round trip makes the next booking of that teacher wait. An overlap the
 * database refuses becomes CONFLICT with `conflictMessage`.
 */
export async function insertOrderWithLessons(
  tx: Tx,
  order: NewOrder,
  lessons: NewLesson[],
  emails: NewOutboxEmail[],
  conflictMessage: ErrorText,
): Promise<void> {
  const mail = emails.length > 0 ? Prisma.sql`, "mail" AS (${outboxInsertSql(emails)})` : Prisma.empty;
  const orderValues = Prisma.join(
    orderColumns.map((column) => Prisma.sql`${order[column]}::${Prisma.raw(ORDER_COLUMNS[column])}`),
  );
  try {
    await tx.$executeRaw`
      WITH "order" AS (
        INSERT INTO "BookingOrder" (${columnList(orderColumns)})
        VALUES (${orderValues})
        RETURNING "id"
      )${mail}
      INSERT INTO "Booking" ("orderId", ${columnList(lessonColumns)}, "updatedAt")
      SELECT "order"."id", ${columnList(lessonColumns, "l.")}, now()
      FROM "order", jsonb_to_recordset(${JSON.stringify(lessons)}::jsonb) AS l(${lessonRecord})`;
  } catch (error) {
    if (isConstraintConflict(error)) throw new AppError("CONFLICT", conflictMessage);
    throw error;
  }
}

/**
 * The next order number, taken before the booking's lock so its email can name the reference
 * ("ORD-0042") and the locked part stays one statement. A booking refused afterwards leaves a gap:
 * the number is a reference for people and banks, not a fiscal document's number.
 */
export async function nextOrderNumber(db: DbOrTx): Promise<number> {
  const [row] = await db.$queryRaw<{ number: number }[]>`
    SELECT nextval(pg_get_serial_sequence('"BookingOrder"', 'number'))::int AS "number"`;
  if (!row) throw new Error("the order number sequence answered nothing");
  return row.number;
}

export function findOrder(tx: DbOrTx, id: string) {
  return tx.bookingOrder.findUnique({ where: { id }, select: orderSelect });
}

/** The language an account speaks: an order made without naming one (an integration) takes it. */
export async function findUserLocale(db: DbOrTx, userId: string): Promise<Locale> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { locale: true } });
  return isLocale(user?.locale) ? user.locale : DEFAULT_LOCALE;
}

export function countStudentOrders(tx: DbOrTx, studentId: string) {
  return tx.bookingOrder.count({ where: { studentId } });
}

export type BookablePackage = {
  id: string;
  name: string;
  lessons: number;
  totalPriceCents: number;
  lessonType: string;
};

// The two package reads run on every booking attempt: raw, as availability.data.ts explains.

/** The "Package" columns a BookablePackage is read from (checked like ORDER_COLUMNS). */
export const BOOKABLE_PACKAGE_COLUMNS = [
  "id",
  "name",
  "lessons",
  "totalPriceCents",
  "lessonType",
] as const satisfies readonly (keyof BookablePackage)[];

export async function findBookablePackage(db: DbOrTx, id: string): Promise<BookablePackage | null> {
  const rows = await db.$queryRaw<BookablePackage[]>`
    SELECT ${columnList(BOOKABLE_PACKAGE_COLUMNS)} FROM "Package" WHERE "id" = ${id} AND "isActive"`;
  return rows[0] ?? null;
}

/** The catalogue's one-lesson package: what a single booking without a package buys. */
export async function findSingleLessonPackage(db: DbOrTx): Promise<BookablePackage | null> {
  const rows = await db.$queryRaw<BookablePackage[]>`
    SELECT ${columnList(BOOKABLE_PACKAGE_COLUMNS)} FROM "Package"
    WHERE "lessons" = 1 AND "isActive" ORDER BY "sortOrder", "id" LIMIT 1`;
  return rows[0] ?? null;
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

export type StandaloneGroupSignup = {
  userId: string;
  eventId: string;
  groupPackageId: string;
  name: string;
  email: string;
  phone: string | null;
  priceCents: number;
};

/**
 * A group sign-up on its own (no order), once per student, night and package while the teacher
 * has not handled it: a repeat gets the open row back (`created: false`), whichever way the first
 * one was made. Two at once are decided by the partial unique index "GroupSignup_open_key"
 * (migration 20261128151800), so the loser of a race gets the winner's row, not a second one.
 */
export async function insertStandaloneGroupSignup(
  tx: Tx,
  data: StandaloneGroupSignup,
): Promise<{ id: string; created: boolean }> {
  const same = { userId: data.userId, eventId: data.eventId, groupPackageId: data.groupPackageId, handledAt: null };
  const open = await tx.groupSignup.findFirst({ where: same, orderBy: { createdAt: "asc" }, select: { id: true } });
  if (open) return { id: open.id, created: false };
  const inserted = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "GroupSignup" ("id", "userId", "eventId", "groupPackageId", "name", "email", "phone", "priceCents")
    VALUES (gen_random_uuid(), ${data.userId}::uuid, ${data.eventId}, ${data.groupPackageId}, ${data.name},
      ${data.email}, ${data.phone}, ${data.priceCents})
    ON CONFLICT ("userId", "eventId", "groupPackageId") WHERE "orderId" IS NULL AND "handledAt" IS NULL DO NOTHING
    RETURNING "id"`;
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const winner = await tx.groupSignup.findFirstOrThrow({ where: { ...same, orderId: null }, select: { id: true } });
  return { id: winner.id, created: false };
}

// Idempotency records: a placeholder (statusCode 0) claims the key before the work starts, so a
// concurrent duplicate waits for the first answer instead of doing the work twice.

export async function claimIdempotencyKey(
  db: Db,
  userId: string,
  key: string,
  requestHash: string,
  now: Date,
): Promise<boolean> {
  try {
    await db.idempotencyRecord.create({
      data: { userId, key, statusCode: 0, response: { requestHash }, createdAt: now },
      select: { key: true },
    });
    return true;
  } catch (error) {
    if (isConstraintConflict(error)) return false;
    throw error;
  }
}

/** Housekeeping (daily, off the request path): records older than `before` are gone. */
export async function deleteIdempotencyRecordsBefore(db: Db, before: Date) {
  const { count } = await db.idempotencyRecord.deleteMany({ where: { createdAt: { lt: before } } });
  return count;
}

/** Frees a key whose record is older than `before` (expired, not yet swept); a newer claim stays. */
export async function releaseExpiredIdempotencyKey(db: Db, userId: string, key: string, before: Date) {
  await db.idempotencyRecord.deleteMany({ where: { userId, key, createdAt: { lt: before } } });
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
    select: { ...lessonMailSelect, icsSequence: true, teacher: { select: { name: true, email: true } } },
  });
}

/** The language of a lesson's calendar file and mail: its order's, else its student's. */
export async function findBookingLocale(db: DbOrTx, id: string): Promise<Locale> {
  const row = await db.booking.findUnique({
    where: { id },
    select: { order: { select: { locale: true } }, student: { select: { locale: true } } },
  });
  return lessonLocale(row ?? {});
}

/** What a move checks first: the lesson's time, teacher, state and the size of its order. */
export function findBookingForMove(db: DbOrTx, id: string) {
  return db.booking.findUnique({
    where: { id },
    select: {
      id: true,
      studentId: true,
      learnerId: true,
      teacherId: true,
      startsAt: true,
      status: true,
      order: { select: { id: true, lessons: true } },
    },
  });
}

/**
 * Moves the lesson in one UPDATE of its row, so the old time is released and the new one taken
 * at once; false when the lesson is no longer live at `from` (changed since it was read). The
 * exclusion constraint refuses an overlap as it does for a new booking.
 */
export async function moveBookingRow(tx: Tx, id: string, from: Date, to: { start: Date; end: Date }) {
  const { count } = await tx.booking.updateMany({
    where: { id, startsAt: from, status: { in: ["pending", "confirmed"] } },
    data: { startsAt: to.start, endsAt: to.end, icsSequence: { increment: 1 } },
  });
  return count === 1;
}

export function insertLessonMove(tx: Tx, data: Prisma.LessonMoveUncheckedCreateInput) {
  return tx.lessonMove.create({ data, select: { id: true } });
}

/** The profile answers a booking or a /ref sign-up carries over to the student's own profile. */
export type ProfileAnswers = { phone?: string | null; englishLevel?: string | null; lessonFocus?: string | null };

/**
 * Fills the student's empty profile fields with what they just answered (issue 33, item 7): never
 * overwrites what the profile already says, which the student may have written with more care.
 */
export async function fillEmptyProfileFields(db: DbOrTx, userId: string, answers: ProfileAnswers) {
  const current = await db.user.findUnique({
    where: { id: userId },
    select: { phone: true, englishLevel: true, lessonFocus: true },
  });
  if (!current) return;
  const data: ProfileAnswers = {};
  for (const key of ["phone", "englishLevel", "lessonFocus"] as const) {
    const answer = answers[key]?.trim();
    if (answer && !current[key]?.trim()) data[key] = answer;
  }
  if (Object.keys(data).length > 0) await db.user.update({ where: { id: userId }, data, select: { id: true } });
}

// Every query of the student portal. Each one that reads or changes a student's things takes
// the student's id and filters by it, so a foreign id simply finds nothing (404, no leak).
import { type CantComeStatus, FREE_CANCELLATION_DECISION } from "../../../shared/constants.ts";
import type { Prisma } from "../../db/generated/client.ts";
import type { Db, Tx } from "../../db.ts";
import { AppError, isConstraintConflict } from "../../errors.ts";
import { sharedFileContentSelect } from "../admin/shared-files.data.ts";
import { bookingStudentInfoSelect, type NewBookingRow, SLOT_TAKEN_MESSAGE } from "../booking/booking.data.ts";
import { lockOrder } from "../booking/order.data.ts";
import { quizScoreSelect } from "../quiz/quiz.data.ts";

const lessonSelect = {
  id: true,
  startsAt: true,
  endsAt: true,
  lessonType: true,
  location: true,
  meetingLink: true,
  notes: true,
  status: true,
  orderId: true,
  studentName: true,
  bookedBy: true,
  attendance: true,
  creditUsedBy: { select: { id: true } },
} as const;

/**
 * Completed lessons that took place: a no-show or a late cancellation (issue 31) is completed,
 * held and paid for, but neither a lesson studied nor one to count towards progress.
 */
const heldWhere = {
  status: "completed" as const,
  OR: [{ attendance: null }, { attendance: { notIn: ["no_show", "late_cancellation"] } }],
};

/**
 * Upcoming: confirmed lessons until they end, pending ones until they start. A pending lesson
 * whose time has passed is no longer upcoming: it waits for the teacher to settle it.
 */
function upcomingWhere(now: Date) {
  return {
    OR: [
      { status: "confirmed" as const, endsAt: { gt: now } },
      { status: "pending" as const, startsAt: { gt: now } },
    ],
  };
}

export function listStudentLessons(
  db: Db,
  studentId: string,
  opts: { upcomingOnly: boolean; limit?: number; now: Date },
) {
  return db.booking.findMany({
    where: {
      studentId,
      ...(opts.upcomingOnly ? upcomingWhere(opts.now) : {}),
    },
    orderBy: { startsAt: opts.upcomingOnly ? "asc" : "desc" },
    take: opts.limit,
    select: lessonSelect,
  });
}

export function findStudentLesson(db: Db, studentId: string, bookingId: string) {
  return db.booking.findFirst({
    where: { id: bookingId, studentId },
    select: { ...lessonSelect, teacherId: true, order: { select: { id: true, lessons: true, packageId: true } } },
  });
}

export async function countLessonStats(db: Db, studentId: string, now: Date) {
  const [total, completed, upcoming] = await Promise.all([
    db.booking.count({ where: { studentId, status: { not: "cancelled" } } }),
    db.booking.count({ where: { studentId, ...heldWhere } }),
    db.booking.count({ where: { studentId, ...upcomingWhere(now) } }),
  ]);
  return { total, completed, upcoming };
}

export async function listCompletedLessonDates(db: Db, studentId: string) {
  const rows = await db.booking.findMany({
    where: { studentId, ...heldWhere },
    orderBy: { startsAt: "asc" },
    select: { startsAt: true },
  });
  return rows.map((r) => r.startsAt);
}

export function countActiveFiles(db: Db, studentId: string) {
  return db.sharedFile.count({ where: { studentId, isActive: true } });
}

export function listActiveFiles(db: Db, studentId: string) {
  return db.sharedFile.findMany({
    where: { studentId, isActive: true },
    orderBy: { createdAt: "desc" },
    select: sharedFileContentSelect,
  });
}

export function listVisibleNotes(db: Db, studentId: string) {
  return db.studentNote.findMany({
    where: { studentId, isPrivate: false },
    orderBy: { noteDate: "desc" },
    select: { id: true, teacherNote: true, noteDate: true, createdAt: true, tags: true, seenAt: true },
  });
}

/**
 * Marks a shared note of this student as opened (the first time only); false when the student
 * has no such note: another student's id, or a private one, is never touched.
 */
export async function markNoteSeen(db: Db, studentId: string, noteId: string, now: Date) {
  const own = { id: noteId, studentId, isPrivate: false };
  const { count } = await db.studentNote.updateMany({ where: { ...own, seenAt: null }, data: { seenAt: now } });
  return count > 0 || (await db.studentNote.count({ where: own })) > 0;
}

/** Logs an access to an active file shared with this student; false when there is no such file. */
export async function recordFileAccess(db: Db, studentId: string, fileId: string, accessType: string, now: Date) {
  return db.$transaction(async (tx) => {
    const { count } = await tx.sharedFile.updateMany({
      where: { id: fileId, studentId, isActive: true },
      data: { lastViewedAt: now },
    });
    if (count === 0) return false;
    await tx.fileAccessLog.create({ data: { fileId, userId: studentId, accessType }, select: { id: true } });
    return true;
  });
}

/** The student's quiz results, oldest first; `verifiedOnly` leaves out self-reported ones. */
export function listQuizResults(db: Db, studentId: string, filter: { verifiedOnly?: boolean } = {}) {
  return db.quizResult.findMany({
    where: { userId: studentId, ...(filter.verifiedOnly ? { isVerified: true } : {}) },
    orderBy: { createdAt: "asc" },
    select: { id: true, ...quizScoreSelect, isVerified: true, createdAt: true },
  });
}

// ---- profile ----

/** A student's profile as they fill it in; the teacher's student list shows the same fields. */
export const studentProfileSelect = {
  id: true,
  name: true,
  email: true,
  phone: true,
  englishLevel: true,
  lessonFocus: true,
  preferredType: true,
  preferredLocation: true,
  notes: true,
  imageUrl: true,
} as const satisfies Prisma.UserSelect;

export const profileSelect = { ...studentProfileSelect, referralCode: true, locale: true, createdAt: true } as const;

export function findProfile(db: Db, studentId: string) {
  return db.user.findUnique({ where: { id: studentId }, select: profileSelect });
}

export function updateProfile(
  db: Db | Tx,
  studentId: string,
  data: {
    name: string;
    phone: string | null;
    englishLevel: string | null;
    lessonFocus: string | null;
    preferredType: string | null;
    preferredLocation: string | null;
    notes: string | null;
    /** Unchanged when absent. */
    locale?: string;
  },
) {
  return db.user.update({ where: { id: studentId }, data, select: profileSelect });
}

export async function updateLocale(db: Db, studentId: string, locale: string) {
  await db.user.update({ where: { id: studentId }, data: { locale }, select: { id: true } });
}

export async function ensureReferralCode(db: Db, studentId: string, makeCode: () => string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const { count } = await db.user.updateMany({
        where: { id: studentId, referralCode: null },
        data: { referralCode: makeCode() },
      });
      if (count === 0) break;
    } catch (error) {
      if (!isConstraintConflict(error)) throw error;
    }
  }
  const user = await db.user.findUnique({ where: { id: studentId }, select: { referralCode: true } });
  return user?.referralCode ?? null;
}

// ---- referrals ----

export function findReferrerByCode(db: Db, code: string) {
  return db.user.findFirst({ where: { referralCode: code }, select: { id: true, name: true } });
}

/** An invitation this student made, as they see it (the referred friend's account is not theirs). */
export const referralMadeSelect = {
  id: true,
  referredEmail: true,
  referredName: true,
  status: true,
  discountEarnedCents: true,
  createdAt: true,
} as const satisfies Prisma.ReferralSelect;

export function listReferrals(db: Db, referrerId: string) {
  return db.referral.findMany({
    where: { referrerId },
    orderBy: { createdAt: "desc" },
    select: { ...referralMadeSelect, referredUser: { select: { name: true } } },
  });
}

/** Friends who signed up (through /ref or by booking with the code); an invitation alone is not one. */
export function countReferralSignups(db: Db, referrerId: string) {
  return db.referral.count({ where: { referrerId, status: { not: "pending" } } });
}

/** Friends whose first lesson was completed: what referral achievements count. */
export function countCompletedReferrals(db: Db, referrerId: string) {
  return db.referral.count({ where: { referrerId, status: "first_lesson_completed" } });
}

export function listAvailableDiscounts(db: Db, userId: string) {
  return db.discount.findMany({
    where: { userId, usedOrderId: null, usedAt: null, withdrawnAt: null },
    orderBy: { createdAt: "asc" },
    select: { id: true, amountCents: true, percentage: true, createdAt: true },
  });
}

/** Records an invited friend's email once per referrer; a repeat returns the existing row. */
export async function upsertReferralInvite(db: Db, referrerId: string, email: string, name: string | null) {
  const existing = await db.referral.findUnique({
    where: { referrerId_referredEmail: { referrerId, referredEmail: email } },
    select: { id: true, status: true, createdAt: true },
  });
  if (existing) return { ...existing, created: false };
  try {
    const row = await db.referral.create({
      data: { referrerId, referredEmail: email, referredName: name },
      select: { id: true, status: true, createdAt: true },
    });
    return { ...row, created: true };
  } catch (error) {
    if (!isConstraintConflict(error)) throw error;
    const row = await db.referral.findUniqueOrThrow({
      where: { referrerId_referredEmail: { referrerId, referredEmail: email } },
      select: { id: true, status: true, createdAt: true },
    });
    return { ...row, created: false };
  }
}

// ---- cancellations ----

export function getCancellationPolicySetting(db: Db) {
  return db.adminSettings.findUnique({ where: { id: "site" }, select: { cancellationPolicy: true } });
}

/**
 * The order's free allowance spent so far: approved cancellations and the student's own moves
 * (the policy counts a move as it counts a cancellation; the teacher's moves spend nothing).
 */
export async function countAllowanceSpentInOrder(db: Db | Tx, studentId: string, orderId: string) {
  const [cancellations, moves] = await Promise.all([
    db.cancellationRequest.count({ where: { studentId, status: "approved", booking: { orderId } } }),
    db.lessonMove.count({ where: { movedBy: "student", booking: { orderId, studentId } } }),
  ]);
  return cancellations + moves;
}

export function listStudentOrders(db: Db, studentId: string) {
  return db.bookingOrder.findMany({
    where: { studentId },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      lessons: true,
      createdAt: true,
      package: { select: { name: true } },
      bookings: {
        select: {
          status: true,
          cancellationRequests: { where: { status: "approved" }, select: { id: true } },
          moves: { where: { movedBy: "student" }, select: { id: true } },
        },
      },
    },
  });
}

export const cancellationRequestSelect = {
  id: true,
  bookingId: true,
  reason: true,
  status: true,
  decision: true,
  createdAt: true,
} as const satisfies Prisma.CancellationRequestSelect;

export function listCancellationRequests(db: Db, studentId: string) {
  return db.cancellationRequest.findMany({
    where: { studentId },
    orderBy: { createdAt: "desc" },
    select: { ...cancellationRequestSelect, booking: { select: { startsAt: true } } },
  });
}

export const lessonCreditSelect = {
  id: true,
  sourceBookingId: true,
  usedBookingId: true,
  usedAt: true,
  createdAt: true,
} as const satisfies Prisma.LessonCreditSelect;

export function listLessonCredits(db: Db, studentId: string) {
  return db.lessonCredit.findMany({
    where: { studentId },
    orderBy: { createdAt: "asc" },
    select: { ...lessonCreditSelect, sourceBooking: { select: { startsAt: true, teacherId: true } } },
  });
}

export function findUnusedCredit(db: Db, studentId: string, creditId: string) {
  return db.lessonCredit.findFirst({
    where: { id: creditId, studentId, usedBookingId: null },
    select: {
      id: true,
      sourceBooking: {
        select: {
          orderId: true,
          teacherId: true,
          lessonType: true,
          location: true,
          meetingLink: true,
          ...bookingStudentInfoSelect,
          studentTimezone: true,
          bookedBy: true,
          guardianName: true,
          learnerId: true,
        },
      },
    },
  });
}

/** `inTransaction` queues the teacher's notice with the request it reports. */
export function recordRefusedCancellation(
  db: Db,
  studentId: string,
  bookingId: string,
  reason: string,
  decision: string,
  inTransaction: (tx: Tx) => Promise<unknown> = async () => {},
) {
  return db.$transaction(async (tx) => {
    const request = await tx.cancellationRequest.create({
      data: { studentId, bookingId, reason, status: "refused", decision },
      select: { id: true, status: true, decision: true, createdAt: true },
    });
    await inTransaction(tx);
    return request;
  });
}

// ---- "I can't come" past the free changes (issue 31, item 6) ----

/** The family's request still waiting for the teacher on this lesson, if any. */
export function findOpenCantCome(db: Db, bookingId: string) {
  return db.cancellationRequest.findFirst({
    where: { bookingId, status: "awaiting_teacher" satisfies CantComeStatus },
    select: { id: true, createdAt: true },
  });
}

/**
 * Records the request for the teacher, once per lesson while it waits: the lesson's row is locked
 * first, so two taps at once record one request. Null when one is already waiting.
 */
export function recordCantCome(
  db: Db,
  args: { studentId: string; bookingId: string; reason: string },
  inTransaction: (tx: Tx) => Promise<unknown> = async () => {},
) {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "Booking" WHERE "id" = ${args.bookingId}::uuid FOR UPDATE`;
    const open = await tx.cancellationRequest.count({
      where: { bookingId: args.bookingId, status: "awaiting_teacher" satisfies CantComeStatus },
    });
    if (open > 0) return null;
    const request = await tx.cancellationRequest.create({
      data: { ...args, status: "awaiting_teacher" satisfies CantComeStatus },
      select: { id: true, createdAt: true },
    });
    await inTransaction(tx);
    return request;
  });
}

/** A request as the teacher's decision reads it: its lesson and the ledger's references. */
export function findCantComeRequest(db: Db, requestId: string) {
  return db.cancellationRequest.findUnique({
    where: { id: requestId },
    select: {
      id: true,
      status: true,
      reason: true,
      booking: { select: { id: true, studentId: true, orderId: true, startsAt: true, status: true } },
    },
  });
}

/**
 * The teacher's answer, all or nothing: the request leaves `awaiting_teacher` with a conditional
 * update (two taps, or waive and keep at once, answer once), then the lesson is cancelled with a
 * new calendar version (`inTransaction` learns whether it was, to give back and tell). Null when the request was already answered.
 */
export function decideCantCome(
  db: Db,
  args: { requestId: string; status: "waived" | "forfeited"; decision: string; reason: string; now: Date },
  inTransaction: (tx: Tx, lessonCancelled: boolean) => Promise<unknown> = async () => {},
) {
  return db.$transaction(async (tx) => {
    const { count } = await tx.cancellationRequest.updateMany({
      where: { id: args.requestId, status: "awaiting_teacher" satisfies CantComeStatus },
      data: { status: args.status, decision: args.decision },
    });
    if (count === 0) return null;
    const request = await tx.cancellationRequest.findUniqueOrThrow({
      where: { id: args.requestId },
      select: { bookingId: true },
    });
    // A lesson cancelled meanwhile by other means keeps what that cancellation gave it.
    const cancelled = await tx.booking.updateMany({
      where: { id: request.bookingId, status: { in: ["pending", "confirmed", "completed"] } },
      data: {
        status: "cancelled",
        cancelledAt: args.now,
        cancellationReason: args.reason,
        icsSequence: { increment: 1 },
      },
    });
    await inTransaction(tx, cancelled.count === 1);
    return request;
  });
}

/**
 * Cancels the lesson, records the approved request and grants the credit, all or nothing. The
 * order row is locked first so two requests at once cannot both spend the last allowance; the
 * allowance is re-counted under the lock.
 */
export async function cancelWithCredit(
  db: Db,
  args: { studentId: string; bookingId: string; orderId: string; reason: string; allowance: number; now: Date },
  inTransaction: (tx: Tx) => Promise<unknown> = async () => {},
) {
  return db.$transaction(async (tx) => {
    await lockOrder(tx, args.orderId);
    const used = await countAllowanceSpentInOrder(tx, args.studentId, args.orderId);
    if (used >= args.allowance) return null;
    const { count } = await tx.booking.updateMany({
      where: { id: args.bookingId, studentId: args.studentId, status: { in: ["pending", "confirmed"] } },
      data: {
        status: "cancelled",
        cancelledAt: args.now,
        cancellationReason: args.reason,
        icsSequence: { increment: 1 },
      },
    });
    if (count === 0) return null;
    const request = await tx.cancellationRequest.create({
      data: {
        studentId: args.studentId,
        bookingId: args.bookingId,
        reason: args.reason,
        status: "approved",
        decision: FREE_CANCELLATION_DECISION,
      },
      select: { id: true, status: true, decision: true, createdAt: true },
    });
    const credit = await tx.lessonCredit.create({
      data: { studentId: args.studentId, sourceBookingId: args.bookingId },
      select: { id: true, createdAt: true },
    });
    await inTransaction(tx);
    return { request, credit };
  });
}

// ---- lessons moving on by themselves ----

/**
 * Confirmed lessons whose end has passed become completed, and referrals whose friend has now
 * completed a lesson of the first order (the one bought through the referral) move to
 * first_lesson_completed. A /ref signup with someone else's address never does: it has no order.
 * Idempotent; safe from several processes.
 */
export async function completeEndedLessons(db: Db, now: Date) {
  const { count } = await db.booking.updateMany({
    where: { status: "confirmed", endsAt: { lte: now } },
    data: { status: "completed", icsSequence: { increment: 1 } },
  });
  const { count: referrals } = await db.referral.updateMany({
    where: {
      status: "first_lesson_booked",
      order: { bookings: { some: { status: "completed" } } },
    },
    data: { status: "first_lesson_completed" },
  });
  return { lessons: count, referrals };
}

/**
 * The rebooked lesson and the spent credit, all or nothing: the booking row goes through the
 * database's exclusion constraint (a taken slot is a clean CONFLICT, as in the booking flow),
 * and the credit is claimed with a conditional update so it can be spent only once.
 */
export async function insertLessonForCredit(
  db: Db,
  args: { studentId: string; creditId: string; row: Omit<NewBookingRow, "studentId">; now: Date },
  inTransaction: (tx: Tx, bookingId: string) => Promise<unknown> = async () => {},
  beforeInsert: (tx: Tx) => Promise<unknown> = async () => {},
) {
  try {
    return await db.$transaction(async (tx) => {
      await beforeInsert(tx);
      const booking = await tx.booking.create({
        data: { ...args.row, studentId: args.studentId },
        select: { id: true, startsAt: true, endsAt: true, status: true },
      });
      const { count } = await tx.lessonCredit.updateMany({
        where: { id: args.creditId, studentId: args.studentId, usedBookingId: null },
        data: { usedBookingId: booking.id, usedAt: args.now },
      });
      if (count === 0) throw new AppError("CONFLICT", "This credit has already been used.");
      await inTransaction(tx, booking.id);
      return booking;
    });
  } catch (error) {
    if (!(error instanceof AppError) && isConstraintConflict(error)) throw new AppError("CONFLICT", SLOT_TAKEN_MESSAGE);
    throw error;
  }
}

// ---- booking later from the ledger (issue 30) ----

/** The oldest make-up credit not yet spent: a lesson taken from the ledger spends it first. */
export function findOldestUnusedCredit(db: Db, studentId: string) {
  return db.lessonCredit.findFirst({
    where: { studentId, usedBookingId: null },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
}

/**
 * The lesson a lesson booked later copies its details from (teacher, kind, place, the learner):
 * the latest of this order, else the student's latest.
 */
export async function findLessonToFollow(db: Db, studentId: string, orderId: string | null) {
  const select = {
    orderId: true,
    teacherId: true,
    lessonType: true,
    location: true,
    meetingLink: true,
    ...bookingStudentInfoSelect,
    studentTimezone: true,
    bookedBy: true,
    guardianName: true,
    learnerId: true,
  } as const satisfies Prisma.BookingSelect;
  const latest = (where: Prisma.BookingWhereInput) =>
    db.booking.findFirst({ where: { studentId, ...where }, orderBy: { startsAt: "desc" }, select });
  return (orderId ? await latest({ orderId }) : null) ?? (await latest({}));
}

/**
 * The lesson booked later and its ledger entry, all or nothing. `beforeInsert` takes the ledger's
 * lock before the booking row exists: the row's key on the student takes a share lock on the
 * student, and two bookings holding one each could not then both take the ledger's (a deadlock).
 */
export async function insertLessonFromLedger(
  db: Db,
  args: { studentId: string; row: Omit<NewBookingRow, "studentId"> },
  beforeInsert: (tx: Tx) => Promise<unknown>,
  inTransaction: (tx: Tx, bookingId: string) => Promise<unknown>,
) {
  try {
    return await db.$transaction(async (tx) => {
      await beforeInsert(tx);
      const booking = await tx.booking.create({
        data: { ...args.row, studentId: args.studentId },
        select: { id: true, startsAt: true, endsAt: true, status: true },
      });
      await inTransaction(tx, booking.id);
      return booking;
    });
  } catch (error) {
    if (!(error instanceof AppError) && isConstraintConflict(error)) throw new AppError("CONFLICT", SLOT_TAKEN_MESSAGE);
    throw error;
  }
}

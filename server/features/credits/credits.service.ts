// The prepaid lesson ledger (issue 30, item 1): what the family and the teacher read, the teacher's
// adjustment, and the entries the booking, cancellation and rebooking transactions add. Every
// entry is written in the transaction of the event it records; nothing is edited in place.
import { noticeHoursFor } from "../../../shared/cancellation-policy.ts";
import type { Db, Tx } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { findStudent } from "../admin/admin.data.ts";
import { loadSiteRules } from "../availability/availability.service.ts";
import { lockOrder } from "../booking/order.data.ts";
import {
  findOrderForCredit,
  insertCreditEntries,
  listCreditEntries,
  lockStudentLedger,
  type NewCreditEntry,
} from "./credits.data.ts";
import type { CreditAdjustmentInput } from "./credits.schemas.ts";
import {
  adjustmentExpiry,
  cancellationKind,
  creditExpiryFrom,
  isCreditValidAt,
  type Ledger,
  type LedgerEntry,
  replayLedger,
} from "./credits.ts";

export const STUDENT_NOT_FOUND_MESSAGE = "Student not found.";
export const CREDITS_EXPIRED_MESSAGE = "Your lesson credits have expired. Please ask your teacher.";
export const NO_CREDITS_LEFT_MESSAGE = "You have no lessons left to book. Please ask your teacher.";
export const ADJUSTMENT_BELOW_ZERO_MESSAGE = "This adjustment would leave fewer than 0 lessons.";

const entryDto = (e: LedgerEntry) => ({
  date: e.createdAt.toISOString(),
  kind: e.kind,
  lessons: e.lessons,
  ...(e.orderId ? { orderId: e.orderId } : {}),
  ...(e.bookingId ? { bookingId: e.bookingId } : {}),
  ...(e.reason ? { reason: e.reason } : {}),
});

/** The spec's `{ balance, expiresAt, entries }`, entries oldest first. */
export const toLedgerDto = (ledger: Ledger) => ({
  balance: ledger.balance,
  expiresAt: ledger.expiresAt?.toISOString() ?? null,
  entries: ledger.entries.map(entryDto),
});

export async function readLedger(db: Db | Tx, studentId: string, now: Date) {
  return replayLedger(await listCreditEntries(db, studentId), now);
}

/** The signed-in family's own ledger. */
export async function getStudentCredits(db: Db, studentId: string, now = new Date()) {
  return toLedgerDto(await readLedger(db, studentId, now));
}

/** One student's ledger for the teacher; any other id (a teacher's, an unknown one) is not found. */
export async function getStudentCreditsForAdmin(db: Db, studentId: string, now = new Date()) {
  if (!(await findStudent(db, studentId))) throw new AppError("NOT_FOUND", STUDENT_NOT_FOUND_MESSAGE);
  return getStudentCredits(db, studentId, now);
}

/**
 * The teacher adds or takes lessons with a reason. Added lessons carry the ledger's validity while
 * it runs, or a fresh period on a lapsed ledger; taking more than is left is refused.
 */
export async function adjustStudentCredits(db: Db, studentId: string, input: CreditAdjustmentInput, now = new Date()) {
  if (!(await findStudent(db, studentId))) throw new AppError("NOT_FOUND", STUDENT_NOT_FOUND_MESSAGE);
  const rules = await loadSiteRules(db);
  const ledger = await db.$transaction(async (tx) => {
    await lockStudentLedger(tx, studentId);
    const before = await readLedger(tx, studentId, now);
    if (before.balance + input.lessons < 0) throw new AppError("CONFLICT", ADJUSTMENT_BELOW_ZERO_MESSAGE);
    await insertCreditEntries(tx, [
      {
        studentId,
        kind: "adjusted",
        lessons: input.lessons,
        reason: input.reason,
        expiresAt:
          input.lessons > 0 ? adjustmentExpiry(before.expiresAt, now, rules.creditExpiryMonths, rules.zone) : null,
        createdAt: now,
      },
    ]);
    return readLedger(tx, studentId, now);
  });
  return toLedgerDto(ledger);
}

// ---- the entries other transactions add ----

/** A new order: its lessons bought (valid for the teacher's period) and the ones booked with it used. */
export async function recordOrderCredits(
  tx: Tx,
  args: {
    studentId: string;
    orderId: string;
    lessons: number;
    bookingIds: string[];
    now: Date;
    expiryMonths: number;
    zone: string;
  },
) {
  if (args.lessons <= 0) return;
  const { studentId, orderId, now } = args;
  await insertCreditEntries(tx, [
    {
      studentId,
      orderId,
      kind: "purchased",
      lessons: args.lessons,
      expiresAt: creditExpiryFrom(now, args.expiryMonths, args.zone),
      createdAt: now,
    },
    ...args.bookingIds.map(
      (bookingId): NewCreditEntry => ({ studentId, orderId, bookingId, kind: "used", lessons: -1, createdAt: now }),
    ),
  ]);
}

type LessonRef = { id: string; studentId: string | null; orderId: string | null };

/**
 * The student whose ledger counts this lesson, or null: a lesson booked before the ledger existed
 * (or of an erased account) stays out of it.
 */
async function ledgerOfLesson(tx: Tx, lesson: LessonRef) {
  if (!lesson.studentId) return null;
  const entries = (await listCreditEntries(tx, lesson.studentId)).filter((e) => e.bookingId === lesson.id);
  return entries.length > 0 ? { studentId: lesson.studentId, entries } : null;
}

/** A cancellation within the policy (the make-up credit it grants is this lesson given back). */
export async function recordReturnedLesson(tx: Tx, lesson: LessonRef, now: Date) {
  const ledger = await ledgerOfLesson(tx, lesson);
  if (!ledger) return;
  await insertCreditEntries(tx, [
    {
      studentId: ledger.studentId,
      orderId: lesson.orderId,
      bookingId: lesson.id,
      kind: "returned",
      lessons: 1,
      createdAt: now,
    },
  ]);
}

/**
 * A move: the lesson at its old time is given back and the same lesson used at its new time, so
 * the family reads the move in the ledger and the balance stays as it was.
 */
export async function recordLessonMoved(tx: Tx, lesson: LessonRef, now: Date) {
  const ledger = await ledgerOfLesson(tx, lesson);
  if (!ledger) return;
  const ref = { studentId: ledger.studentId, orderId: lesson.orderId, bookingId: lesson.id, createdAt: now };
  await insertCreditEntries(tx, [
    { ...ref, kind: "returned", lessons: 1 },
    { ...ref, kind: "used", lessons: -1 },
  ]);
}

/**
 * A lesson booked with a returned lesson (the make-up credit): refused when the ledger has lapsed.
 * A student whose ledger predates this feature has no entries, and rebooks as before.
 */
export async function recordLessonUsed(tx: Tx, lesson: LessonRef, now: Date) {
  if (!lesson.studentId) return;
  const stored = await listCreditEntries(tx, lesson.studentId);
  const refusal = stored.length > 0 ? ledgerRefusal(replayLedger(stored, now), now) : null;
  if (refusal) throw new AppError("CONFLICT", refusal);
  await insertCreditEntries(tx, [
    {
      studentId: lesson.studentId,
      orderId: lesson.orderId,
      bookingId: lesson.id,
      kind: "used",
      lessons: -1,
      createdAt: now,
    },
  ]);
}

/**
 * The teacher changed a lesson's status. Cancelled: returned before the policy's notice, a late
 * cancellation after it, a no-show from its start (both keep the lesson spent, recorded with 0).
 * A cancelled lesson reopened uses again the lesson its cancellation gave back.
 */
export async function recordLessonStatusCredit(
  tx: Tx,
  lesson: LessonRef & { startsAt: Date; status: string },
  to: string,
  now: Date,
) {
  if (to === lesson.status || (to !== "cancelled" && lesson.status !== "cancelled")) return;
  const ledger = await ledgerOfLesson(tx, lesson);
  if (!ledger) return;
  const { studentId } = ledger;
  const ref = { studentId, orderId: lesson.orderId, bookingId: lesson.id, createdAt: now };
  if (to === "cancelled") {
    const policy = (await loadSiteRules(tx)).cancellationNotice;
    const kind = cancellationKind(lesson.startsAt, noticeHoursFor(policy), now);
    await insertCreditEntries(tx, [{ ...ref, kind, lessons: kind === "returned" ? 1 : 0 }]);
  } else if (ledger.entries.at(-1)?.kind === "returned") {
    await insertCreditEntries(tx, [{ ...ref, kind: "used", lessons: -1 }]);
  }
}

/**
 * The teacher marked a lesson that had started as a no-show or a late cancellation (issue 31):
 * the lesson booked with a credit stays spent, recorded with 0 as the policy's own cancellations
 * are. Marked attended, the ledger already says it all (the lesson was used when booked).
 */
export async function recordAttendanceCredit(
  tx: Tx,
  lesson: LessonRef,
  kind: "no_show" | "late_cancellation",
  now: Date,
) {
  const ledger = await ledgerOfLesson(tx, lesson);
  if (!ledger) return;
  await insertCreditEntries(tx, [
    { studentId: ledger.studentId, orderId: lesson.orderId, bookingId: lesson.id, kind, lessons: 0, createdAt: now },
  ]);
}

// ---- booking a lesson later from the ledger (issue 30) ----

/**
 * The order a lesson booked later from the ledger belongs to: the oldest order of the running
 * validity with lessons of its own left, else the latest purchase's, else none (lessons the
 * teacher added by hand belong to no order).
 */
export function ledgerOrderFor(ledger: Ledger): string | null {
  const lastLapse = ledger.entries.findLastIndex((e) => e.kind === "expired");
  const running = ledger.entries.slice(lastLapse + 1);
  const left = new Map<string, number>();
  for (const e of running) if (e.orderId) left.set(e.orderId, (left.get(e.orderId) ?? 0) + e.lessons);
  for (const [orderId, lessons] of left) if (lessons > 0) return orderId;
  return running.findLast((e) => e.kind === "purchased")?.orderId ?? null;
}

/** Why the ledger cannot give a lesson now: its validity is over, or nothing is left. Null when it can. */
export function ledgerRefusal(ledger: Ledger, now: Date): string | null {
  if (!isCreditValidAt(ledger.expiresAt, now)) return CREDITS_EXPIRED_MESSAGE;
  return ledger.balance >= 1 ? null : NO_CREDITS_LEFT_MESSAGE;
}

/** The student's ledger as it stands, refused unless a lesson can be taken from it. */
export async function ledgerWithLessonLeft(db: Db | Tx, studentId: string, now: Date) {
  const ledger = await readLedger(db, studentId, now);
  const refusal = ledgerRefusal(ledger, now);
  if (refusal) throw new AppError("CONFLICT", refusal);
  return ledger;
}

/**
 * Before a lesson is booked later from the ledger: the order's lock (first, as a decision or a
 * cancellation takes it) and the ledger's, and the balance read again under them, so two bookings
 * at once cannot both take the last lesson, nor one take a lesson of an order being declined.
 * Then `recordLedgerLessonUsed`.
 */
export async function lockLedgerWithLessonLeft(tx: Tx, studentId: string, orderId: string | null, now: Date) {
  if (orderId) await lockOrder(tx, orderId);
  await lockStudentLedger(tx, studentId);
  await ledgerWithLessonLeft(tx, studentId, now);
}

export const ORDER_VOIDED_REASON = "Order cancelled: its lessons not yet booked are removed.";

/**
 * A whole order cancelled (declined by the teacher, or its unconfirmed lessons released): the
 * lessons it bought and not yet booked go with it, as an adjustment (issue 30: a package may be
 * booked in part). Its booked lessons, cancelled with it, stay used as before. Called under the
 * order's lock, after its lessons' change; an order with a lesson still live is not void.
 */
export async function recordOrderVoided(tx: Tx, orderId: string, now: Date) {
  const order = await findOrderForCredit(tx, orderId);
  if (!order?.studentId || order.bookings.some((b) => b.status !== "cancelled")) return;
  await lockStudentLedger(tx, order.studentId);
  const stored = await listCreditEntries(tx, order.studentId);
  const ofOrder = stored.filter((e) => e.orderId === orderId).reduce((n, e) => n + e.lessons, 0);
  const lessons = Math.min(ofOrder, replayLedger(stored, now).balance);
  if (lessons <= 0) return;
  await insertCreditEntries(tx, [
    {
      studentId: order.studentId,
      orderId,
      kind: "adjusted",
      lessons: -lessons,
      reason: ORDER_VOIDED_REASON,
      createdAt: now,
    },
  ]);
}

/** A lesson booked later from the ledger, in the transaction that took its lock: `used` −1. */
export async function recordLedgerLessonUsed(
  tx: Tx,
  lesson: { id: string; studentId: string; orderId: string | null },
  now: Date,
) {
  await insertCreditEntries(tx, [
    {
      studentId: lesson.studentId,
      orderId: lesson.orderId,
      bookingId: lesson.id,
      kind: "used",
      lessons: -1,
      createdAt: now,
    },
  ]);
}

// Cancelling a lesson under the package's policy and rebooking with the credit a cancellation
// gives. Every function takes the signed-in student's id from the session and only ever changes
// that student's rows.

import { z } from "zod";
import {
  type CancellationRefusal,
  cancellationAllowance,
  decideCancellation,
  LESSONS_PER_FREE_CANCELLATION,
  noticeHoursFor,
  noticeLabelFor,
} from "../../../shared/cancellation-policy.ts";
import {
  CANT_COME_ALREADY_TOLD_MESSAGE,
  CANT_COME_DECIDED_MESSAGE,
  CANT_COME_FORFEITED_DECISION,
  CANT_COME_FREE_CHANGE_MESSAGE,
  CANT_COME_NOT_FOUND_MESSAGE,
  CANT_COME_WAIVED_DECISION,
  LESSON_MINUTES,
  PAST_LESSON_CANCEL_MESSAGE,
} from "../../../shared/constants.ts";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/i18n/locales.ts";
import type { Db } from "../../db.ts";
import { AppError, errorText } from "../../errors.ts";
import { translator } from "../../i18n.ts";
import { bookableLessonsByTeacher, loadSiteRules, resolveTeachers } from "../availability/availability.service.ts";
import { queueLessonEventMails } from "../booking/booking-mail.ts";
import { meetingLinkFollowing } from "../booking/meeting-room.ts";
import { ensureWeeklyRoom } from "../booking/weekly-cap.service.ts";
import {
  ledgerOrderFor,
  ledgerWithLessonLeft,
  lockLedgerWithLessonLeft,
  recordAttendanceCredit,
  recordLedgerLessonUsed,
  recordLessonUsed,
  recordReturnedLesson,
} from "../credits/credits.service.ts";
import { loadMailContext } from "../mail/mail.service.ts";
import * as data from "./portal.data.ts";
import type { cancellationRequestSchema, rebookSchema } from "./portal.schemas.ts";

const NOT_FOUND = "Lesson not found.";

// ---- cancellations ----

async function policySetting(db: Db) {
  return (await data.getCancellationPolicySetting(db))?.cancellationPolicy ?? null;
}

/**
 * The policy's answer for one of the student's lessons; `judge` answers again for another count of
 * the allowance spent (re-counted under a lock). A move is judged by the same rules.
 */
export async function evaluate(
  db: Db,
  studentId: string,
  bookingId: string,
  now: Date,
  action: "cancel" | "move" = "cancel",
) {
  const lesson = z.uuid().safeParse(bookingId).success ? await data.findStudentLesson(db, studentId, bookingId) : null;
  if (!lesson) throw new AppError("NOT_FOUND", NOT_FOUND);
  const [used, policy] = await Promise.all([
    lesson.order ? data.countAllowanceSpentInOrder(db, studentId, lesson.order.id) : 0,
    policySetting(db),
  ]);
  const judge = (usedCancellations: number) =>
    decideCancellation({
      lessonStatus: lesson.status,
      startsAt: lesson.startsAt,
      packageLessons: lesson.order?.lessons ?? 1,
      usedCancellations,
      policy,
      now,
      action,
    });
  return { lesson, decision: judge(used), judge };
}

/** The policy's answer as the portal's dialogs read it, its reason in the reader's language. */
export const toDecisionDto = (bookingId: string, d: ReturnType<typeof decideCancellation>, locale: Locale) => ({
  booking_id: bookingId,
  can_cancel: d.canCancel,
  reason: d.refusal === null ? null : errorText(d.refusal, locale),
  allowance: d.allowance,
  used: d.used,
  remaining: d.remaining,
  remaining_after: d.canCancel ? d.remaining - 1 : d.remaining,
  notice: d.notice,
  notice_hours: d.noticeHours,
  deadline: d.deadline.toISOString(),
});

/** Whether the lesson is still ahead and booked: what "I can't come" is for. */
const isUpcoming = (lesson: { status: string; startsAt: Date }, now: Date) =>
  (lesson.status === "pending" || lesson.status === "confirmed") && lesson.startsAt.getTime() > now.getTime();

export async function checkCancellation(
  db: Db,
  studentId: string,
  bookingId: string,
  locale: Locale = DEFAULT_LOCALE,
  now = new Date(),
) {
  const { lesson, decision } = await evaluate(db, studentId, bookingId, now);
  const told = await data.findOpenCantCome(db, lesson.id);
  return {
    ...toDecisionDto(lesson.id, decision, locale),
    // Past the free changes an upcoming lesson still has a path (issue 31, item 6): telling the
    // teacher, the lesson forfeited unless she waives it. Once told, the dialog says so instead.
    can_tell_teacher: !decision.canCancel && !told && isUpcoming(lesson, now),
    told_teacher_at: told?.createdAt.toISOString() ?? null,
  };
}

/**
 * "Tell the teacher I can't come": past the policy's free changes (or its notice, or for a single
 * lesson) the family tells the teacher; the lesson stays booked until she answers, forfeited
 * unless she waives it. Her notice is queued with the request.
 */
export async function tellTeacherCantCome(
  db: Db,
  studentId: string,
  input: z.infer<typeof cancellationRequestSchema>,
  opts: { publicUrl: string; locale?: Locale; now?: Date },
) {
  const now = opts.now ?? new Date();
  const { lesson, decision } = await evaluate(db, studentId, input.booking_id, now);
  if (lesson.startsAt.getTime() <= now.getTime() && (lesson.status === "pending" || lesson.status === "confirmed")) {
    throw new AppError("CONFLICT", PAST_LESSON_CANCEL_MESSAGE);
  }
  if (!isUpcoming(lesson, now)) throw new AppError("CONFLICT", "Only upcoming lessons can be cancelled.");
  if (decision.canCancel) throw new AppError("CONFLICT", CANT_COME_FREE_CHANGE_MESSAGE);
  const mailContext = await loadMailContext(db, { PUBLIC_URL: opts.publicUrl });
  const request = await data.recordCantCome(db, { studentId, bookingId: lesson.id, reason: input.reason }, (tx) =>
    queueLessonEventMails(tx, mailContext, lesson.id, {
      kind: "cant_come",
      reason: input.reason,
      policy: decision.refusal ?? CANT_COME_FREE_CHANGE_MESSAGE,
    }),
  );
  if (!request) throw new AppError("CONFLICT", CANT_COME_ALREADY_TOLD_MESSAGE);
  return {
    status: "awaiting_teacher" as const,
    request_id: request.id,
    message: translator(opts.locale ?? DEFAULT_LOCALE)("portal.cantCome.doneText"),
  };
}

/**
 * The teacher's one tap on a family's "I can't come": waived, the lesson is cancelled and given
 * back through the credit ledger; kept forfeited, it is cancelled and stays spent (a late
 * cancellation in the ledger). Either way the family is emailed the cancelled calendar file.
 */
export async function answerCantCome(
  db: Db,
  requestId: string,
  answer: "waive" | "forfeit",
  opts: { publicUrl: string; now?: Date },
) {
  const now = opts.now ?? new Date();
  const request = z.uuid().safeParse(requestId).success ? await data.findCantComeRequest(db, requestId) : null;
  if (!request || !["awaiting_teacher", "waived", "forfeited"].includes(request.status)) {
    throw new AppError("NOT_FOUND", CANT_COME_NOT_FOUND_MESSAGE);
  }
  const waived = answer === "waive";
  const mailContext = await loadMailContext(db, { PUBLIC_URL: opts.publicUrl });
  const lesson = request.booking;
  const done = await data.decideCantCome(
    db,
    {
      requestId: request.id,
      status: waived ? "waived" : "forfeited",
      decision: waived ? CANT_COME_WAIVED_DECISION : CANT_COME_FORFEITED_DECISION,
      reason: request.reason,
      now,
    },
    async (tx, lessonCancelled) => {
      if (!lessonCancelled) return;
      if (waived) await recordReturnedLesson(tx, lesson, now);
      else await recordAttendanceCredit(tx, lesson, "late_cancellation", now);
      await queueLessonEventMails(tx, mailContext, lesson.id, { kind: "cant_come_answered", waived });
    },
  );
  if (!done) throw new AppError("CONFLICT", CANT_COME_DECIDED_MESSAGE);
  return { id: request.id, booking_id: lesson.id, status: waived ? ("waived" as const) : ("forfeited" as const) };
}

export async function requestCancellation(
  db: Db,
  studentId: string,
  input: z.infer<typeof cancellationRequestSchema>,
  opts: { publicUrl: string; locale?: Locale; now?: Date },
) {
  const now = opts.now ?? new Date();
  const mailContext = await loadMailContext(db, { PUBLIC_URL: opts.publicUrl });
  const { lesson, decision } = await evaluate(db, studentId, input.booking_id, now);
  // A lesson whose time has come is not a cancellation request for the teacher to read: refused
  // at once, nothing recorded, no mail. A past pending lesson is the teacher's to settle.
  if (lesson.startsAt.getTime() <= now.getTime() && (lesson.status === "pending" || lesson.status === "confirmed")) {
    throw new AppError("CONFLICT", PAST_LESSON_CANCEL_MESSAGE);
  }
  if (decision.canCancel && lesson.order) {
    const done = await data.cancelWithCredit(
      db,
      {
        studentId,
        bookingId: lesson.id,
        orderId: lesson.order.id,
        reason: input.reason,
        allowance: decision.allowance,
        now,
      },
      async (tx) => {
        await recordReturnedLesson(tx, { id: lesson.id, studentId, orderId: lesson.order?.id ?? null }, now);
        await queueLessonEventMails(tx, mailContext, lesson.id, {
          kind: "cancellation_request",
          reason: input.reason,
          outcome: { approved: true },
        });
      },
    );
    if (done) {
      return {
        status: "approved" as const,
        message: translator(opts.locale ?? DEFAULT_LOCALE)("portal.cancel.doneText"),
        request_id: done.request.id,
        credit_id: done.credit.id,
        remaining: decision.remaining - 1,
      };
    }
  }
  // Refused: recorded with the reason (in English, as records are), so the teacher sees what was
  // asked and why it was not granted; her mail and the student's answer say it in their languages.
  // A request that lost a race for the last free cancellation is judged again.
  const refusal: CancellationRefusal =
    decision.refusal ??
    (await evaluate(db, studentId, lesson.id, now)).decision.refusal ??
    "This lesson can no longer be cancelled.";
  await data.recordRefusedCancellation(
    db,
    studentId,
    lesson.id,
    input.reason,
    errorText(refusal, DEFAULT_LOCALE),
    (tx) =>
      queueLessonEventMails(tx, mailContext, lesson.id, {
        kind: "cancellation_request",
        reason: input.reason,
        outcome: { approved: false, reason: refusal },
      }),
  );
  throw new AppError("CONFLICT", refusal);
}

export async function listCancellations(db: Db, studentId: string) {
  const rows = await data.listCancellationRequests(db, studentId);
  return {
    cancellations: rows.map((r) => ({
      id: r.id,
      booking_id: r.bookingId,
      lesson_date: r.booking.startsAt.toISOString(),
      reason: r.reason,
      status: r.status,
      decision: r.decision,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

export async function getCancellationSummary(db: Db, studentId: string) {
  const [orders, credits, policy] = await Promise.all([
    data.listStudentOrders(db, studentId),
    data.listLessonCredits(db, studentId),
    policySetting(db),
  ]);
  const notice = noticeLabelFor(policy);
  const noticeHours = noticeHoursFor(policy);
  const packages = orders.map((o) => {
    const allowance = cancellationAllowance(o.lessons);
    const used = o.bookings.reduce((n, b) => n + b.cancellationRequests.length + b.moves.length, 0);
    return {
      order_id: o.id,
      package_name: o.package.name,
      lessons: o.lessons,
      allowance,
      used,
      remaining: Math.max(0, allowance - used),
      purchased_at: o.createdAt.toISOString(),
    };
  });
  return {
    policy: { notice, notice_hours: noticeHours, lessons_per_free_cancellation: LESSONS_PER_FREE_CANCELLATION },
    packages,
    total_remaining: packages.reduce((n, p) => n + p.remaining, 0),
    credits: credits
      .filter((c) => !c.usedBookingId)
      .map((c) => ({
        id: c.id,
        source_booking_id: c.sourceBookingId,
        source_lesson_date: c.sourceBooking.startsAt.toISOString(),
        teacher_id: c.sourceBooking.teacherId,
        created_at: c.createdAt.toISOString(),
      })),
    used_credits: credits.filter((c) => c.usedBookingId).length,
  };
}

// ---- rebooking with a credit ----

type LessonToFollow = NonNullable<Awaited<ReturnType<typeof data.findLessonToFollow>>>;

/**
 * A lesson booked later or with a credit: at `start`, with the teacher who offers it, and the rest
 * (kind, place, who it is for, the family's details) as the lesson it follows.
 */
function followingLesson(
  source: Omit<LessonToFollow, "orderId" | "teacherId">,
  at: { teacherId: string; start: Date; rules: Awaited<ReturnType<typeof loadSiteRules>> },
) {
  const { teacherId, start, rules } = at;
  return {
    teacherId,
    startsAt: start,
    endsAt: new Date(start.getTime() + LESSON_MINUTES * 60_000),
    status: rules.autoConfirm ? ("confirmed" as const) : ("pending" as const),
    lessonType: source.lessonType,
    location: source.location,
    meetingLink: meetingLinkFollowing(rules.meetings, source.lessonType, source.meetingLink),
    studentName: source.studentName,
    studentEmail: source.studentEmail,
    studentPhone: source.studentPhone,
    englishLevel: source.englishLevel,
    lessonFocus: source.lessonFocus,
    preferredType: source.preferredType,
    preferredLocation: source.preferredLocation,
    studentTimezone: source.studentTimezone,
    bookedBy: source.bookedBy,
    guardianName: source.guardianName,
    learnerId: source.learnerId,
  };
}

const SLOT_UNAVAILABLE_MESSAGE = "This time is not available. Please choose another time.";
export const NO_LESSON_TO_FOLLOW_MESSAGE = "Please book your first lesson from the booking page.";

type RebookOptions = { publicUrl: string; locale?: Locale; now?: Date };

/**
 * Spends a cancellation credit on one new lesson at no charge: the schedule step for a single
 * lesson at price 0. The slot must be one the booking flow would offer now (availability,
 * 48 hours' notice, buffer, not taken), computed by the booking feature's own availability
 * service; the lesson stays part of the original package order, so no new purchase is made.
 * Without `credit_id` (issue 30) the lesson is one left in the family's ledger: a make-up credit
 * still unspent is spent first (the ledger counts it too), else a lesson bought and not yet booked.
 */
export async function rebookWithCredit(
  db: Db,
  studentId: string,
  input: z.infer<typeof rebookSchema>,
  opts: RebookOptions,
) {
  const now = opts.now ?? new Date();
  const creditId = input.credit_id ?? (await data.findOldestUnusedCredit(db, studentId))?.id;
  if (!creditId) return bookFromLedger(db, studentId, input.lesson_date, opts, now);
  const credit = await data.findUnusedCredit(db, studentId, creditId);
  if (!credit) throw new AppError("NOT_FOUND", "Credit not found.");
  const source = credit.sourceBooking;
  const start = new Date(input.lesson_date);
  const rules = await loadSiteRules(db);
  const teacherId = source.teacherId ?? (await resolveTeachers(db, null))[0]?.id;
  if (!teacherId) throw new AppError("CONFLICT", "No teacher is available right now.");
  const offered = await bookableLessonsByTeacher(
    db,
    [teacherId],
    { start, end: new Date(start.getTime() + 1) },
    rules,
    now,
  );
  if (!offered.get(teacherId)?.some((lesson) => lesson.start.getTime() === start.getTime())) {
    throw new AppError("CONFLICT", SLOT_UNAVAILABLE_MESSAGE);
  }
  const mailContext = await loadMailContext(db, { PUBLIC_URL: opts.publicUrl });
  const booking = await data.insertLessonForCredit(
    db,
    {
      studentId,
      creditId: credit.id,
      now,
      row: {
        ...followingLesson(source, { teacherId, start, rules }),
        orderId: source.orderId,
        notes: "Rebooked with a cancellation credit (no charge).",
      },
    },
    async (tx, bookingId) => {
      await recordLessonUsed(tx, { id: bookingId, studentId, orderId: source.orderId }, now);
      await queueLessonEventMails(tx, mailContext, bookingId, { kind: "rebooked" });
    },
    (tx) =>
      ensureWeeklyRoom(tx, { accountId: studentId, learnerId: source.learnerId, starts: [start], zone: rules.zone }),
  );
  return {
    booking: { id: booking.id, lesson_date: booking.startsAt.toISOString(), status: booking.status, price: 0 },
    message: translator(opts.locale ?? DEFAULT_LOCALE)("portal.rebook.doneText"),
  };
}

/**
 * A lesson of a package bought and not yet booked (issue 30), from the ledger: refused when its
 * validity is over or nothing is left. It belongs to the order whose lesson it is and copies the
 * details of that order's latest lesson; the teacher is that lesson's when she offers the time,
 * else whichever teacher does.
 */
async function bookFromLedger(db: Db, studentId: string, lessonDate: string, opts: RebookOptions, now: Date) {
  const orderId = ledgerOrderFor(await ledgerWithLessonLeft(db, studentId, now));
  const source = await data.findLessonToFollow(db, studentId, orderId);
  if (!source) throw new AppError("CONFLICT", NO_LESSON_TO_FOLLOW_MESSAGE);
  const start = new Date(lessonDate);
  const rules = await loadSiteRules(db);
  const teacherIds = [
    ...new Set([source.teacherId, ...(await resolveTeachers(db, null)).map((t) => t.id)].filter((id) => id !== null)),
  ];
  const offered = await bookableLessonsByTeacher(
    db,
    teacherIds,
    { start, end: new Date(start.getTime() + 1) },
    rules,
    now,
  );
  const teacherId = teacherIds.find((id) =>
    offered.get(id)?.some((lesson) => lesson.start.getTime() === start.getTime()),
  );
  if (!teacherId) throw new AppError("CONFLICT", SLOT_UNAVAILABLE_MESSAGE);
  const mailContext = await loadMailContext(db, { PUBLIC_URL: opts.publicUrl });
  const lessonOrderId = orderId ?? null;
  const booking = await data.insertLessonFromLedger(
    db,
    {
      studentId,
      row: { ...followingLesson(source, { teacherId, start, rules }), orderId: lessonOrderId },
    },
    async (tx) => {
      await lockLedgerWithLessonLeft(tx, studentId, lessonOrderId, now);
      await ensureWeeklyRoom(tx, {
        accountId: studentId,
        learnerId: source.learnerId,
        starts: [start],
        zone: rules.zone,
      });
    },
    async (tx, bookingId) => {
      await recordLedgerLessonUsed(tx, { id: bookingId, studentId, orderId: lessonOrderId }, now);
      await queueLessonEventMails(tx, mailContext, bookingId, { kind: "rebooked" });
    },
  );
  return {
    booking: { id: booking.id, lesson_date: booking.startsAt.toISOString(), status: booking.status, price: 0 },
    message: translator(opts.locale ?? DEFAULT_LOCALE)("portal.bookLater.doneText"),
  };
}

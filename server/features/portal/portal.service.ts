// The student portal's rules. Every function takes the signed-in student's id from the session
// (never from the request) and only ever reads or changes that student's rows.

import { z } from "zod";
import {
  cancellationAllowance,
  decideCancellation,
  LESSONS_PER_FREE_CANCELLATION,
  noticeHoursFor,
  noticeLabelFor,
} from "../../../shared/cancellation-policy.ts";
import {
  CANCEL_REASON_REQUIRED_MESSAGE,
  ENGLISH_LEVELS,
  FREE_CANCELLATION_DECISION,
  INVALID_EMAIL_MESSAGE,
  INVALID_REFERRAL_CODE_MESSAGE,
  LESSON_MINUTES,
  NAME_REQUIRED_MESSAGE,
  PAST_LESSON_CANCEL_MESSAGE,
} from "../../../shared/constants.ts";
import { centsToEuro } from "../../../shared/money.ts";
import { multiLineText, singleLineText } from "../../../shared/text.ts";
import { newReferralCode } from "../../codes.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { bookableLessonsByTeacher, loadSiteRules, resolveTeachers } from "../booking/availability.service.ts";
import { queueLessonEventMails } from "../booking/booking-mail.ts";
import { loadMailContext } from "../mail/mail.service.ts";
import { summarizeAchievements } from "./achievements.ts";
import * as data from "./portal.data.ts";
import { lessonsPerWeek, longestWeekStreak, studyMinutesFor } from "./study-stats.ts";

const NOT_FOUND = "Lesson not found.";

// ---- dashboard and lessons ----

export async function getDashboardStats(db: Db, studentId: string, now = new Date()) {
  const [lessons, referralCount, resourceCount, quizzes] = await Promise.all([
    data.countLessonStats(db, studentId, now),
    data.countReferralSignups(db, studentId),
    data.countActiveFiles(db, studentId),
    data.listQuizResults(db, studentId),
  ]);
  return {
    totalLessons: lessons.total,
    completedLessons: lessons.completed,
    upcomingLessons: lessons.upcoming,
    referralCount,
    resourceCount,
    completedQuizzes: quizzes.length,
  };
}

type LessonRow = Awaited<ReturnType<typeof data.listStudentLessons>>[number];

function toLessonDto(row: LessonRow) {
  return {
    id: row.id,
    lesson_date: row.startsAt.toISOString(),
    end_date: row.endsAt.toISOString(),
    lesson_type: row.lessonType,
    location: row.location,
    google_meet_link: row.meetingLink,
    notes: row.notes,
    status: row.status,
    is_rebooked: row.creditUsedBy !== null,
  };
}
export type LessonDto = ReturnType<typeof toLessonDto>;

export const lessonsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  upcoming: z.enum(["true", "false"]).optional(),
});

export async function listLessons(
  db: Db,
  studentId: string,
  query: z.infer<typeof lessonsQuerySchema>,
  now = new Date(),
) {
  const rows = await data.listStudentLessons(db, studentId, {
    upcomingOnly: query.upcoming === "true",
    limit: query.limit,
    now,
  });
  return rows.map(toLessonDto);
}

// ---- profile ----

const optionalText = (max: number, lines: "single" | "multi" = "single") =>
  (lines === "single" ? singleLineText(max) : multiLineText(max)).nullish().transform((v) => (v ? v : null));

export const profileUpdateSchema = z.object({
  name: singleLineText(120).min(1, NAME_REQUIRED_MESSAGE),
  phone: optionalText(40),
  englishLevel: z
    .union([z.enum(ENGLISH_LEVELS), z.literal(""), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  lessonFocus: optionalText(1000, "multi"),
  preferredType: z
    .union([z.enum(["online", "in-person", "either"]), z.literal(""), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  preferredLocation: optionalText(200),
  notes: optionalText(2000, "multi"),
});

type ProfileRow = NonNullable<Awaited<ReturnType<typeof data.findProfile>>>;
const toProfileDto = (p: ProfileRow) => ({
  id: p.id,
  name: p.name,
  email: p.email,
  phone: p.phone,
  englishLevel: p.englishLevel,
  lessonFocus: p.lessonFocus,
  preferredType: p.preferredType,
  preferredLocation: p.preferredLocation,
  notes: p.notes,
  imageUrl: p.imageUrl,
  referralCode: p.referralCode,
  memberSince: p.createdAt.toISOString(),
});

export async function getProfile(db: Db, studentId: string) {
  const profile = await data.findProfile(db, studentId);
  if (!profile) throw new AppError("NOT_FOUND", "Profile not found.");
  return toProfileDto(profile);
}

export async function saveProfile(db: Db, studentId: string, input: z.infer<typeof profileUpdateSchema>) {
  return toProfileDto(await data.updateProfile(db, studentId, input));
}

// ---- referrals ----

export async function getReferralData(db: Db, studentId: string) {
  const [code, referrals, discounts] = await Promise.all([
    data.ensureReferralCode(db, studentId, newReferralCode),
    data.listReferrals(db, studentId),
    data.listAvailableDiscounts(db, studentId),
  ]);
  return {
    stats: {
      referral_code: code,
      // Sign-ups: an invitation the friend never acted on (pending) is not one.
      total_referrals: referrals.filter((r) => r.status !== "pending").length,
      completed_referrals: referrals.filter((r) => r.status === "first_lesson_completed").length,
      // Every reward granted (spent or not), at what it is worth; a withdrawn one counts 0.
      total_earned: centsToEuro(referrals.reduce((sum, r) => sum + r.discountEarnedCents, 0)),
    },
    referrals: referrals.map((r) => ({
      id: r.id,
      referred_name: r.referredUser?.name ?? r.referredName ?? null,
      referred_email: r.referredEmail,
      created_at: r.createdAt.toISOString(),
      status: r.status,
      discount_earned: centsToEuro(r.discountEarnedCents),
    })),
    discounts: discounts.map((d) => ({
      id: d.id,
      amount: centsToEuro(d.amountCents),
      percentage: d.percentage,
      created_at: d.createdAt.toISOString(),
    })),
  };
}

export const referralInviteSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email(INVALID_EMAIL_MESSAGE).max(254)),
  name: singleLineText(120).optional(),
});

export async function inviteFriend(
  db: Db,
  student: { id: string; email: string },
  input: z.infer<typeof referralInviteSchema>,
) {
  if (input.email === student.email.toLowerCase()) throw new AppError("BAD_REQUEST", "You cannot refer yourself.");
  const row = await data.upsertReferralInvite(db, student.id, input.email, input.name || null);
  return {
    referral: { id: row.id, referred_email: input.email, status: row.status, created_at: row.createdAt.toISOString() },
    created: row.created,
  };
}

export const referralCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{4,32}$/);

/** The referrer's first name for the /ref welcome; only what a friend holding the code needs. */
export async function validateReferralCode(db: Db, rawCode: string) {
  const code = referralCodeSchema.safeParse(rawCode);
  const referrer = code.success ? await data.findReferrerByCode(db, code.data) : null;
  if (!referrer) throw new AppError("NOT_FOUND", INVALID_REFERRAL_CODE_MESSAGE);
  return { valid: true, code: code.data, referrer: { name: referrer.name.split(" ")[0] } };
}

// ---- quizzes, resources, files, notes ----

export async function getQuizResults(db: Db, studentId: string) {
  const rows = await data.listQuizResults(db, studentId);
  return {
    results: rows.map((r) => ({
      id: r.id,
      quiz_type: r.quizType,
      quiz_level: r.quizLevel,
      quiz_concept: r.quizConcept,
      score: r.score,
      total_questions: r.totalQuestions,
      accuracy: r.totalQuestions > 0 ? r.score / r.totalQuestions : 0,
      estimated_level: r.estimatedLevel,
      created_at: r.createdAt.toISOString(),
    })),
  };
}

type FileRow = Awaited<ReturnType<typeof data.listActiveFiles>>[number];
const toFileDto = (f: FileRow) => ({
  id: f.id,
  title: f.title,
  description: f.description,
  file_type: f.fileType,
  file_url: f.fileUrl,
  file_size: f.fileSize,
  created_at: f.createdAt.toISOString(),
  last_viewed_at: f.lastViewedAt?.toISOString() ?? null,
});

export async function listFiles(db: Db, studentId: string) {
  return (await data.listActiveFiles(db, studentId)).map(toFileDto);
}

/** Resources received: the active files shared with the student (the portal uses the count). */
export async function listResources(db: Db, studentId: string) {
  const files = await data.listActiveFiles(db, studentId);
  return {
    resources: files.map((f) => ({
      id: f.id,
      title: f.title,
      type: f.fileType,
      created_at: f.createdAt.toISOString(),
    })),
  };
}

export async function listNotes(db: Db, studentId: string) {
  return (await data.listVisibleNotes(db, studentId)).map((n) => ({
    id: n.id,
    teacher_note: n.teacherNote,
    note_date: n.noteDate.toISOString(),
    created_at: n.createdAt.toISOString(),
    tags: n.tags,
  }));
}

export const fileAccessSchema = z.object({
  fileId: z.uuid(),
  accessType: z.enum(["download", "view"]),
});

export async function logFileAccess(
  db: Db,
  studentId: string,
  input: z.infer<typeof fileAccessSchema>,
  now = new Date(),
) {
  const ok = await data.recordFileAccess(db, studentId, input.fileId, input.accessType, now);
  if (!ok) throw new AppError("NOT_FOUND", "File not found.");
  return { success: true };
}

// ---- progress ----

export async function getProgress(db: Db, studentId: string, now = new Date()) {
  const [completedDates, referrals, resources, quiz, { zone }] = await Promise.all([
    data.listCompletedLessonDates(db, studentId),
    data.countCompletedReferrals(db, studentId),
    data.countActiveFiles(db, studentId),
    getQuizResults(db, studentId),
    loadSiteRules(db),
  ]);
  const completedLessons = completedDates.length;
  const studyMinutes = studyMinutesFor(completedLessons);
  // Weeks are the teacher's weeks (settings time zone), as on every other screen.
  const longestStreak = longestWeekStreak(completedDates, zone);
  const accuracies = quiz.results.map((r) => r.accuracy);
  const achievements = summarizeAchievements({
    completedLessons,
    referrals,
    quizzesCompleted: quiz.results.length,
    quizAccuracies: accuracies,
    resources,
    longestStreakWeeks: longestStreak,
    studyMinutes,
  });
  return {
    stats: {
      completedLessons,
      achievementsUnlocked: achievements.unlockedCount,
      achievementsTotal: achievements.total,
      studyMinutes,
      studyHours: studyMinutes / 60,
      longestStreak,
      quizCount: quiz.results.length,
      quizHighScore: accuracies.length ? Math.max(...accuracies) : null,
      firstLessonDate: completedDates[0]?.toISOString() ?? null,
    },
    completed: achievements.completed,
    next: achievements.next,
    lessonsPerWeek: lessonsPerWeek(completedDates, now, 12, zone),
    quizScores: quiz.results.map((r) => ({
      date: r.created_at,
      accuracy: r.accuracy,
      label: r.quiz_level ?? r.quiz_type,
    })),
  };
}

// ---- cancellations ----

async function policySetting(db: Db) {
  return (await data.getCancellationPolicySetting(db))?.cancellationPolicy ?? null;
}

async function evaluate(db: Db, studentId: string, bookingId: string, now: Date) {
  const lesson = z.uuid().safeParse(bookingId).success ? await data.findStudentLesson(db, studentId, bookingId) : null;
  if (!lesson) throw new AppError("NOT_FOUND", NOT_FOUND);
  const used = lesson.order ? await data.countApprovedCancellationsInOrder(db, studentId, lesson.order.id) : 0;
  const decision = decideCancellation({
    lessonStatus: lesson.status,
    startsAt: lesson.startsAt,
    packageLessons: lesson.order?.lessons ?? 1,
    usedCancellations: used,
    policy: await policySetting(db),
    now,
  });
  return { lesson, decision };
}

const toDecisionDto = (bookingId: string, d: ReturnType<typeof decideCancellation>) => ({
  booking_id: bookingId,
  can_cancel: d.canCancel,
  reason: d.reason,
  allowance: d.allowance,
  used: d.used,
  remaining: d.remaining,
  remaining_after: d.canCancel ? d.remaining - 1 : d.remaining,
  notice: d.notice,
  notice_hours: d.noticeHours,
  deadline: d.deadline.toISOString(),
});

export async function checkCancellation(db: Db, studentId: string, bookingId: string, now = new Date()) {
  const { lesson, decision } = await evaluate(db, studentId, bookingId, now);
  return toDecisionDto(lesson.id, decision);
}

export const cancellationRequestSchema = z.object({
  booking_id: z.string().trim().min(1).max(100),
  reason: multiLineText(1000).min(1, CANCEL_REASON_REQUIRED_MESSAGE),
});

export async function requestCancellation(
  db: Db,
  studentId: string,
  input: z.infer<typeof cancellationRequestSchema>,
  opts: { publicUrl: string; now?: Date },
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
      (tx) =>
        queueLessonEventMails(tx, mailContext, lesson.id, {
          kind: "cancellation_request",
          approved: true,
          reason: input.reason,
          outcome: FREE_CANCELLATION_DECISION,
        }),
    );
    if (done) {
      return {
        status: "approved" as const,
        message: "Your lesson has been cancelled. You can rebook it at no extra charge.",
        request_id: done.request.id,
        credit_id: done.credit.id,
        remaining: decision.remaining - 1,
      };
    }
  }
  // Refused: recorded with the reason, so the teacher sees what was asked and why it was not
  // granted. A request that lost a race for the last free cancellation is judged again.
  const reason =
    decision.reason ??
    (await evaluate(db, studentId, lesson.id, now)).decision.reason ??
    "This lesson can no longer be cancelled.";
  await data.recordRefusedCancellation(db, studentId, lesson.id, input.reason, reason, (tx) =>
    queueLessonEventMails(tx, mailContext, lesson.id, {
      kind: "cancellation_request",
      approved: false,
      reason: input.reason,
      outcome: `Refused: ${reason} The lesson stays booked.`,
    }),
  );
  throw new AppError("CONFLICT", reason);
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
    const used = o.bookings.reduce((n, b) => n + b.cancellationRequests.length, 0);
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

export const rebookSchema = z.object({
  credit_id: z.uuid(),
  lesson_date: z.iso.datetime({ offset: true }),
});

/**
 * Spends a cancellation credit on one new lesson at no charge: the schedule step for a single
 * lesson at price 0. The slot must be one the booking flow would offer now (availability,
 * 48 hours' notice, buffer, not taken), computed by the booking feature's own availability
 * service; the lesson stays part of the original package order, so no new purchase is made.
 */
export async function rebookWithCredit(
  db: Db,
  studentId: string,
  input: z.infer<typeof rebookSchema>,
  opts: { publicUrl: string; now?: Date },
) {
  const now = opts.now ?? new Date();
  const credit = await data.findUnusedCredit(db, studentId, input.credit_id);
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
    throw new AppError("CONFLICT", "This time is not available. Please choose another time.");
  }
  const mailContext = await loadMailContext(db, { PUBLIC_URL: opts.publicUrl });
  const booking = await data.insertLessonForCredit(
    db,
    {
      studentId,
      creditId: credit.id,
      now,
      row: {
        orderId: source.orderId,
        teacherId,
        startsAt: start,
        endsAt: new Date(start.getTime() + LESSON_MINUTES * 60_000),
        status: rules.autoConfirm ? "confirmed" : "pending",
        lessonType: source.lessonType,
        location: source.location,
        meetingLink: source.meetingLink ?? (source.lessonType === "online" ? rules.defaultMeetingLink : null),
        studentName: source.studentName,
        studentEmail: source.studentEmail,
        studentPhone: source.studentPhone,
        englishLevel: source.englishLevel,
        lessonFocus: source.lessonFocus,
        preferredType: source.preferredType,
        preferredLocation: source.preferredLocation,
        notes: "Rebooked with a cancellation credit (no charge).",
        studentTimezone: source.studentTimezone,
      },
    },
    (tx, bookingId) => queueLessonEventMails(tx, mailContext, bookingId, { kind: "rebooked" }),
  );
  return {
    booking: { id: booking.id, lesson_date: booking.startsAt.toISOString(), status: booking.status, price: 0 },
    message: "Your lesson has been rebooked at no extra charge.",
  };
}

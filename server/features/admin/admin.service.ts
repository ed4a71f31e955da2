// The teacher's back office: dashboard, bookings, teachers, students and the inbox.

import { DateTime } from "luxon";
import type { z } from "zod";
import { BOOKING_NOT_FOUND_MESSAGE, CANT_COME_STATUSES, isAttendanceStatus } from "../../../shared/constants.ts";
import { centsToEuro } from "../../../shared/money.ts";
import type { Db } from "../../db.ts";
import { AppError, isConstraintConflict } from "../../errors.ts";
import type { SessionUser } from "../auth/session.service.ts";
import { loadSiteRules } from "../availability/availability.service.ts";
import { toAvailabilityRequestFields } from "../availability/availability-request-dto.ts";
import { runInTransaction } from "../booking/booking.data.ts";
import { type LessonEvent, queueLessonEventMails } from "../booking/booking-mail.ts";
import { loadMovableLesson, moveLesson } from "../booking/lesson-move.service.ts";
import { meetingLinkFor, meetingRulesOf } from "../booking/meeting-room.ts";
import { lockOrderOfLesson, settleReferralRewardOfBooking } from "../booking/referral.service.ts";
import { recordLessonStatusCredit } from "../credits/credits.service.ts";
import { loadMailContext } from "../mail/mail.service.ts";
import type { LessonChange } from "../mail/mail.templates.ts";
import {
  type AdminBookingRow,
  type BookingChanges,
  type BookingFilter,
  claimTeacher,
  countDashboardStats,
  createTeacherForUser,
  findBookingRow,
  findStudentSearchMatches,
  findTeacherById,
  findTeacherOfUser,
  listAllTeachers,
  listAvailabilityRequests,
  listBookingRows,
  listGroupSignups,
  listStudentAccounts,
  listStudentRowKeys,
  setAvailabilityRequestHandled,
  setGroupSignupHandled,
  updateBookingRow,
} from "./admin.data.ts";
import type { inboxQuerySchema, listBookingsSchema, listStudentsSchema, UpdateBookingInput } from "./admin.schemas.ts";
import { getSiteSettings } from "./settings.service.ts";

export const REASSIGN_CONFLICT_MESSAGE =
  "That teacher already has a lesson at this time. Choose another teacher or time.";
export const REOPEN_CONFLICT_MESSAGE = "This time is now taken by another lesson, so the booking cannot be reopened.";

/**
 * Every admin is a teacher: the Teacher row of the signed-in admin, claimed by user id (or by
 * email for a record made beforehand), created on first use for an admin added later.
 */
export async function resolveTeacher(db: Db, admin: SessionUser) {
  const found = await findTeacherOfUser(db, admin.id, admin.email);
  if (found) return found.userId ? found : claimTeacher(db, found.id, admin.id);
  try {
    return await createTeacherForUser(db, { userId: admin.id, name: admin.name, email: admin.email });
  } catch (error) {
    if (!isConstraintConflict(error)) throw error;
    const again = await findTeacherOfUser(db, admin.id, admin.email);
    if (!again) throw new AppError("CONFLICT", "Another teacher record already uses your email address.");
    return again;
  }
}

export function getDashboard(db: Db) {
  return countDashboardStats(db);
}

function cantComeOf(request: AdminBookingRow["cancellationRequests"][number] | undefined) {
  const status = CANT_COME_STATUSES.find((s) => s === request?.status);
  if (!request || !status) return null;
  return { id: request.id, status, reason: request.reason, created_at: request.createdAt.toISOString() };
}

export function toAdminBookingDto(b: AdminBookingRow) {
  return {
    id: b.id,
    order_id: b.orderId,
    status: b.status,
    notes: b.notes,
    lesson_date: b.startsAt.toISOString(),
    lesson_end: b.endsAt.toISOString(),
    lesson_type: b.lessonType as "online" | "in-person",
    google_meet_link: b.meetingLink,
    location: b.location,
    created_at: b.createdAt.toISOString(),
    teacher_id: b.teacherId,
    teacher: b.teacher ? { id: b.teacher.id, name: b.teacher.name, email: b.teacher.email } : null,
    student: {
      id: b.studentId,
      name: b.studentName,
      email: b.studentEmail,
      phone: b.studentPhone,
      english_level: b.englishLevel,
      lesson_focus: b.lessonFocus,
      notes: b.studentNotes,
    },
    // The age confirmation's answer. When a guardian booked, `student` is the learner and its
    // email and phone are the guardian's: the contact the teacher reaches.
    booked_by: b.bookedBy === "guardian" ? ("guardian" as const) : ("learner" as const),
    guardian:
      b.bookedBy === "guardian" ? { name: b.guardianName ?? "", email: b.studentEmail, phone: b.studentPhone } : null,
    ics_sequence: b.icsSequence,
    cancelled_at: b.cancelledAt?.toISOString() ?? null,
    // A student's cancellation carries its reason (on the booking, or on the request they made).
    cancellation_reason: b.cancellationReason ?? b.cancellationRequests[0]?.reason ?? null,
    cancelled_by_student: b.cancellationRequests.length > 0,
    // Issue 31, item 6: the family's "I can't come" past the free changes, waiting for her answer
    // (waive or keep forfeited) or answered.
    cant_come: cantComeOf(b.cancellationRequests[0]),
    // Issue 31: what happened once it started; `attendance_auto` when the job marked it.
    attendance: isAttendanceStatus(b.attendance) ? b.attendance : null,
    attendance_auto: b.attendanceSource === "auto",
    attendance_marked_at: b.attendanceMarkedAt?.toISOString() ?? null,
    // Issue 31, item 2: whether the lesson's report is written (the agenda's Write/Edit report).
    has_report: b.report !== null,
  };
}
export type AdminBookingDto = ReturnType<typeof toAdminBookingDto>;

export async function listBookings(
  db: Db,
  teacherId: string,
  input: z.output<typeof listBookingsSchema>,
  now = new Date(),
) {
  const filter: BookingFilter = { search: input.search };
  if (input.status === "past_pending") {
    filter.status = "pending";
    filter.startsNoLaterThan = now;
  } else if (input.status && input.status !== "all") filter.status = input.status;
  if (input.teacher_filter === "mine") filter.teacherId = teacherId;
  else if (input.teacher_filter !== "all") filter.teacherId = input.teacher_filter;
  filter.byLessonTime = input.sort === "lesson_time";
  if (input.from || input.to) {
    const { zone } = await loadSiteRules(db);
    // Whole days in the teacher's zone, both ends included.
    if (input.from) filter.startsFrom = DateTime.fromISO(input.from, { zone }).toJSDate();
    if (input.to) filter.startsBefore = DateTime.fromISO(input.to, { zone }).plus({ days: 1 }).toJSDate();
  }
  const { rows, total } = await listBookingRows(db, filter, input);
  return { bookings: rows.map(toAdminBookingDto), total };
}

export async function getAdminBooking(db: Db, id: string) {
  const row = await findBookingRow(db, id);
  if (!row) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND_MESSAGE);
  return toAdminBookingDto(row);
}

/**
 * Any status to any other (the spec sets no restrictions). A change the student's calendar must
 * see grows the ICS SEQUENCE; cancelling frees the time (the no-overlap constraint covers only
 * pending and confirmed lessons); reopening or reassigning is arbitrated by that constraint.
 */
export async function updateBooking(db: Db, id: string, input: UpdateBookingInput, opts: { publicUrl: string }) {
  const before = await findBookingRow(db, id);
  if (!before) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND_MESSAGE);
  // A new time is a move, first and on its own (one transaction, one email to the student with
  // the old and new times); the other fields are then applied to the moved lesson as usual.
  const moveTo = input.lesson_date ? new Date(input.lesson_date) : null;
  if (moveTo && moveTo.getTime() !== before.startsAt.getTime()) {
    await moveLesson(db, {
      lesson: await loadMovableLesson(db, id),
      start: moveTo,
      by: "teacher",
      publicUrl: opts.publicUrl,
      now: new Date(),
    });
  }
  const current = moveTo ? await findBookingRow(db, id) : before;
  if (!current) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND_MESSAGE);
  const data: BookingChanges = { status: input.status };
  if (input.notes !== undefined) data.notes = input.notes;
  if (input.teacher_id !== undefined && input.teacher_id !== current.teacherId) {
    if (input.teacher_id && !(await findTeacherById(db, input.teacher_id)))
      throw new AppError("BAD_REQUEST", "That teacher does not exist.");
    data.teacherId = input.teacher_id;
  }
  if (current.lessonType === "online" && input.google_meet_link !== undefined)
    data.meetingLink = input.google_meet_link;
  if (current.lessonType === "in-person" && input.location !== undefined) data.location = input.location;
  // Confirming an online lesson that has no link gives it the settings' default link; the update
  // dialog sends an empty field as null, which must not stop that.
  if (
    current.lessonType === "online" &&
    input.status === "confirmed" &&
    current.status !== "confirmed" &&
    !current.meetingLink &&
    !data.meetingLink
  ) {
    const link = meetingLinkFor(meetingRulesOf(await getSiteSettings(db)), current.lessonType);
    if (link) data.meetingLink = link;
  }
  if (input.status === "cancelled" && current.status !== "cancelled") data.cancelledAt = new Date();
  if (input.status !== "cancelled" && current.status === "cancelled") data.cancelledAt = null;
  // A lesson set back to pending or cancelled is no longer one that was held: its mark goes.
  if ((input.status === "pending" || input.status === "cancelled") && current.attendance !== null) {
    Object.assign(data, { attendance: null, attendanceSource: null, attendanceMarkedAt: null });
  }

  const changed =
    input.status !== current.status ||
    (data.teacherId !== undefined && data.teacherId !== current.teacherId) ||
    (data.meetingLink !== undefined && data.meetingLink !== current.meetingLink) ||
    (data.location !== undefined && data.location !== current.location);
  if (changed) data.bumpsIcsSequence = true;
  const event = changed ? await lessonEventFor(db, current, input.status, data) : null;
  const mailContext = event ? await loadMailContext(db, { PUBLIC_URL: opts.publicUrl }) : null;

  try {
    // The student's email is queued in the same transaction as the change it reports.
    return await runInTransaction(db, async (tx) => {
      // The order first, then the lesson: the order a student's cancellation takes them in.
      if (input.status !== current.status) await lockOrderOfLesson(tx, id);
      const updated = await updateBookingRow(tx, id, data);
      await recordLessonStatusCredit(tx, current, input.status, new Date());
      if (event && mailContext) await queueLessonEventMails(tx, mailContext, id, event);
      // A friend's first order confirmed or cancelled grants or withdraws their referrer's reward.
      if (input.status !== current.status) await settleReferralRewardOfBooking(tx, id, new Date());
      return toAdminBookingDto(updated);
    });
  } catch (error) {
    if (isConstraintConflict(error)) {
      throw new AppError(
        "CONFLICT",
        data.teacherId !== undefined ? REASSIGN_CONFLICT_MESSAGE : REOPEN_CONFLICT_MESSAGE,
      );
    }
    throw error;
  }
}

/**
 * The email a change owes the student: confirmed, cancelled, or the list of what changed. A lesson
 * marked completed is over and gets none.
 */
async function lessonEventFor(
  db: Db,
  current: AdminBookingRow,
  status: UpdateBookingInput["status"],
  data: BookingChanges,
): Promise<LessonEvent | null> {
  if (status === "completed") return null;
  if (status === "cancelled" && current.status !== "cancelled") return { kind: "cancelled" };
  if (status === "confirmed" && current.status !== "confirmed") return { kind: "confirmed" };
  const changes: LessonChange[] = [];
  if (status !== current.status) {
    changes.push(status === "pending" ? { kind: "reopened" } : { kind: "status", status });
  }
  if (data.teacherId !== undefined && data.teacherId !== current.teacherId) {
    const teacher = typeof data.teacherId === "string" ? await findTeacherById(db, data.teacherId) : null;
    changes.push({ kind: "teacher", name: teacher?.name ?? null });
  }
  if (data.meetingLink !== undefined && data.meetingLink !== current.meetingLink) {
    changes.push({ kind: "meetingLink", link: data.meetingLink || null });
  }
  if (data.location !== undefined && data.location !== current.location) {
    changes.push({ kind: "place", location: data.location || null });
  }
  return changes.length > 0 ? { kind: "changed", changes } : null;
}

export async function listTeachersForAdmin(db: Db) {
  return {
    teachers: (await listAllTeachers(db)).map((t) => ({
      id: t.id,
      name: t.name,
      email: t.email,
      is_active: t.isActive,
    })),
  };
}

/**
 * Student Profiles (issue 31): a row per learner, paged and counted per learner. Each row carries
 * its family account's fields (the account's id is what Notes, Files and credits use), its
 * learner (`learner`, null for an account holder with no learner of their own), and the family.
 */
export async function listStudents(db: Db, input: z.output<typeof listStudentsSchema>) {
  const [keys, matches] = await Promise.all([
    listStudentRowKeys(db),
    input.search ? findStudentSearchMatches(db, input.search) : null,
  ]);
  const found = keys.filter(
    (k) =>
      (!input.level || k.level === input.level) &&
      (!matches ||
        matches.accountIds.has(k.accountId) ||
        (k.learnerId !== null && matches.learnerIds.has(k.learnerId))),
  );
  const page = found.slice(input.offset, input.limit === undefined ? undefined : input.offset + input.limit);
  const accounts = new Map(
    (await listStudentAccounts(db, [...new Set(page.map((k) => k.accountId))])).map((a) => [a.id, a]),
  );
  const byLevel = (level: string) => keys.filter((k) => k.level === level).length;
  const students = page.flatMap((k) => {
    const s = accounts.get(k.accountId);
    // Gone between the two reads (erased): the page is one row shorter.
    if (!s) return [];
    const rowLearner = k.learnerId ? (s.learners.find((l) => l.id === k.learnerId) ?? null) : null;
    if (k.learnerId && !rowLearner) return [];
    // The profile may be empty for students who never filled it: the latest booking knows more.
    const latest = s.bookings[0];
    const family = s.learners.map((l) => ({
      id: l.id,
      name: l.name,
      age_group: l.ageGroup,
      level: l.level,
      goals: l.goals,
      is_self: l.isSelf,
      total_lessons: s.bookings.filter((b) => b.learnerId === l.id && b.status !== "cancelled").length,
      weekly_cap: l.weeklyLessonCap,
    }));
    return {
      id: s.id,
      // This row's learner (one of `family`); null: the account holder, who has no learner of their own.
      learner: family.find((l) => l.id === rowLearner?.id) ?? null,
      name: s.name,
      email: s.email,
      phone: s.phone ?? latest?.studentPhone ?? null,
      english_level: s.englishLevel ?? latest?.englishLevel ?? null,
      lesson_focus: s.lessonFocus ?? latest?.lessonFocus ?? null,
      preferred_type: s.preferredType,
      preferred_location: s.preferredLocation,
      notes: s.notes,
      image_url: s.imageUrl,
      created_at: s.createdAt.toISOString(),
      total_lessons: s.bookings.filter((b) => b.status !== "cancelled").length,
      // A parent or guardian's account: the learners they booked for, so the teacher's lists
      // connect the account holder with the names on the lessons.
      learners: [
        ...new Set([
          ...s.learners.filter((l) => !l.isSelf).map((l) => l.name),
          ...s.bookings.filter((b) => b.bookedBy === "guardian").map((b) => b.studentName),
        ]),
      ],
      // Issue 31: each learner of the family, a person of their own, with their lessons' count.
      family,
      // Issue 31, item 7: at most this many lessons a week for the whole family (null: none).
      weekly_cap: s.weeklyLessonCap,
      // The account holder as the guardian of the family's other learners, with their contact.
      guardian:
        s.learners.some((l) => !l.isSelf) || s.bookings.some((b) => b.bookedBy === "guardian")
          ? { name: s.name, email: s.email, phone: s.phone ?? latest?.studentPhone ?? null }
          : null,
      bookings: s.bookings.map((b) => ({
        id: b.id,
        learner_id: b.learnerId,
        learner_name: b.studentName,
        lesson_date: b.startsAt.toISOString(),
        status: b.status,
        lesson_type: b.lessonType,
        notes: b.notes,
        teacher_name: b.teacher?.name ?? null,
      })),
    };
  });
  return {
    students,
    // Rows (learners) the filters find, on every page.
    total: found.length,
    // Every learner (whatever the filters), and per level, for the panel's counters.
    counts: {
      all: keys.length,
      beginner: byLevel("beginner"),
      intermediate: byLevel("intermediate"),
      advanced: byLevel("advanced"),
    },
  };
}
export type AdminStudentDto = Awaited<ReturnType<typeof listStudents>>["students"][number];

export async function getInbox(db: Db, input: z.output<typeof inboxQuerySchema>) {
  const [requests, signups] = await Promise.all([
    listAvailabilityRequests(db, { limit: input.limit, offset: input.requests_offset }),
    listGroupSignups(db, { limit: input.limit, offset: input.signups_offset }),
  ]);
  return {
    totals: { availabilityRequests: requests.total, groupSignups: signups.total },
    open: { availabilityRequests: requests.open, groupSignups: signups.open },
    availabilityRequests: requests.rows.map((r) => ({
      ...toAvailabilityRequestFields(r),
      package_info: r.packageInfo,
      teacher_info: r.teacherInfo,
      handled_at: r.handledAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
    })),
    groupSignups: signups.rows.map((g) => ({
      id: g.id,
      name: g.name,
      email: g.email,
      phone: g.phone,
      price: centsToEuro(g.priceCents),
      event: { day_of_week: g.event.dayOfWeek, time: g.event.time, location: g.event.location },
      package: { name: g.groupPackage.name, weeks: g.groupPackage.weeks },
      handled_at: g.handledAt?.toISOString() ?? null,
      created_at: g.createdAt.toISOString(),
    })),
  };
}

export async function markInboxItem(
  db: Db,
  kind: "availability-request" | "group-signup",
  id: string,
  handled: boolean,
) {
  const at = handled ? new Date() : null;
  const ok =
    kind === "availability-request"
      ? await setAvailabilityRequestHandled(db, id, at)
      : await setGroupSignupHandled(db, id, at);
  if (!ok) throw new AppError("NOT_FOUND", "That request no longer exists.");
  return { success: true, handled };
}

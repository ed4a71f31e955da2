// The student's data rights (GDPR art. 15, 17, 20): a JSON copy of everything stored about them,
// and erasure of their account. Lessons and orders stay in the teacher's accounting records,
// stripped of anything that identifies the student.

import type { z } from "zod";
import { ACCOUNT_NOT_FOUND_MESSAGE } from "../../../shared/constants.ts";
import { centsToEuro } from "../../../shared/money.ts";
import type { Db } from "../../db.ts";
import type { Env } from "../../env.ts";
import { AppError } from "../../errors.ts";
import { toAvailabilityRequestFields } from "../availability/availability-request-dto.ts";
import { getPayerBilling } from "../billing/billing.service.ts";
import { listStudentDocuments } from "../billing/documents.service.ts";
import { settleReferralReward } from "../booking/referral.service.ts";
import { erasedCustomerKeys } from "../booking/referral-rules.ts";
import { isStoredName } from "../files/files.service.ts";
import { toSharedFileFields } from "../files/shared-file-dto.ts";
import type { UploadStore } from "../files/upload-store.ts";
import { type NewOutboxEmail, outboxMail } from "../mail/mail.data.ts";
import { loadMailContext } from "../mail/mail.service.ts";
import { freedLessonsEmail, type MailContext } from "../mail/mail.templates.ts";
import type { deleteAccountSchema } from "../portal/portal.schemas.ts";
import { toStudentReportDto } from "../reports/reports.service.ts";
import { type CancelledLesson, eraseStudent, findAccount, loadStudentData } from "./privacy.data.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Everything about one student, in a stable JSON shape with ISO instants and euro amounts. */
export async function exportStudentData(db: Db, userId: string, now = new Date()) {
  const [data, billing, documents] = await Promise.all([
    loadStudentData(db, userId),
    getPayerBilling(db, userId),
    listStudentDocuments(db, userId),
  ]);
  if (!data.profile) throw new AppError("NOT_FOUND", ACCOUNT_NOT_FOUND_MESSAGE);
  const { profile } = data;
  return {
    export: {
      generated_at: now.toISOString(),
      format: "English with Giulia student data export, version 1",
      note: "All times are in UTC (ISO 8601). Amounts are in euro. Notes the teacher keeps private are not included.",
    },
    profile: {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      phone: profile.phone,
      english_level: profile.englishLevel,
      lesson_focus: profile.lessonFocus,
      preferred_type: profile.preferredType,
      preferred_location: profile.preferredLocation,
      notes: profile.notes,
      image_url: profile.imageUrl,
      referral_code: profile.referralCode,
      created_at: iso(profile.createdAt),
      updated_at: iso(profile.updatedAt),
    },
    // The payer's fiscal data for receipts and invoices (issue 30), null until given.
    billing,
    // The receipts, invoices and credit notes issued to them, as listed in the portal.
    documents: documents.documents,
    bookings: data.bookings.map((b) => ({
      id: b.id,
      order_id: b.orderId,
      starts_at: iso(b.startsAt),
      ends_at: iso(b.endsAt),
      status: b.status,
      lesson_type: b.lessonType,
      meeting_link: b.meetingLink,
      location: b.location,
      notes: b.notes,
      student_name: b.studentName,
      student_email: b.studentEmail,
      student_phone: b.studentPhone,
      english_level: b.englishLevel,
      lesson_focus: b.lessonFocus,
      preferred_type: b.preferredType,
      preferred_location: b.preferredLocation,
      student_notes: b.studentNotes,
      booked_by: b.bookedBy,
      guardian_name: b.guardianName,
      cancelled_at: iso(b.cancelledAt),
      cancellation_reason: b.cancellationReason,
      created_at: iso(b.createdAt),
    })),
    orders: data.orders.map((o) => ({
      id: o.id,
      package_id: o.packageId,
      lessons: o.lessons,
      base_price: centsToEuro(o.basePriceCents),
      group_price: centsToEuro(o.groupPriceCents),
      discount: centsToEuro(o.discountCents),
      total_price: centsToEuro(o.totalPriceCents),
      referral_code: o.referralCode,
      payment_status: o.paymentStatus,
      paid_amount: centsToEuro(o.paidCents),
      paid_on: o.paidOn ? o.paidOn.toISOString().slice(0, 10) : null,
      created_at: iso(o.createdAt),
    })),
    group_signups: data.groupSignups.map((g) => ({
      id: g.id,
      event_id: g.eventId,
      group_package_id: g.groupPackageId,
      name: g.name,
      email: g.email,
      phone: g.phone,
      price: centsToEuro(g.priceCents),
      created_at: iso(g.createdAt),
    })),
    availability_requests: data.availabilityRequests.map((r) => ({
      ...toAvailabilityRequestFields(r),
      created_at: iso(r.createdAt),
    })),
    referrals: {
      invited: data.referralsMade.map((r) => ({
        id: r.id,
        email: r.referredEmail,
        name: r.referredName,
        status: r.status,
        discount_earned: centsToEuro(r.discountEarnedCents),
        created_at: iso(r.createdAt),
      })),
      invited_by: data.referralsReceived.map((r) => ({ id: r.id, status: r.status, created_at: iso(r.createdAt) })),
    },
    discounts: data.discounts.map((d) => ({
      id: d.id,
      percentage: d.percentage,
      amount: centsToEuro(d.amountCents),
      used_on_order_id: d.usedOrderId,
      used_at: iso(d.usedAt),
      withdrawn_at: iso(d.withdrawnAt),
      created_at: iso(d.createdAt),
    })),
    lesson_credits: data.lessonCredits.map((c) => ({
      id: c.id,
      from_booking_id: c.sourceBookingId,
      used_for_booking_id: c.usedBookingId,
      used_at: iso(c.usedAt),
      created_at: iso(c.createdAt),
    })),
    // The prepaid lesson ledger as stored (expiry is derived when read: GET /api/student/credits).
    lesson_credit_entries: data.creditEntries.map((e) => ({
      id: e.id,
      kind: e.kind,
      lessons: e.lessons,
      order_id: e.orderId,
      booking_id: e.bookingId,
      expires_at: iso(e.expiresAt),
      reason: e.reason,
      created_at: iso(e.createdAt),
    })),
    cancellation_requests: data.cancellationRequests.map((c) => ({
      id: c.id,
      booking_id: c.bookingId,
      reason: c.reason,
      status: c.status,
      decision: c.decision,
      created_at: iso(c.createdAt),
    })),
    quiz_results: data.quizResults.map((q) => ({
      id: q.id,
      quiz_type: q.quizType,
      quiz_level: q.quizLevel,
      quiz_concept: q.quizConcept,
      score: q.score,
      total_questions: q.totalQuestions,
      estimated_level: q.estimatedLevel,
      study_time_seconds: q.studyTimeSeconds,
      details: q.metadata,
      is_verified: q.isVerified,
      certificate_code: q.certificateCode,
      created_at: iso(q.createdAt),
    })),
    quiz_attempts: data.quizAttempts.map((a) => ({
      id: a.id,
      quiz_type: a.quizType,
      quiz_level: a.quizLevel,
      quiz_concept: a.quizConcept,
      title: a.title,
      variant: a.variant,
      answers: a.answers,
      started_at: iso(a.startedAt),
      deadline_at: iso(a.deadlineAt),
      submitted_at: iso(a.submittedAt),
    })),
    lesson_reports: data.lessonReports.map((r) => ({ booking_id: r.bookingId, ...toStudentReportDto(r) })),
    shared_files: data.sharedFiles.map((f) => ({ ...toSharedFileFields(f), is_active: f.isActive })),
    notes: data.notes.map((n) => ({
      id: n.id,
      booking_id: n.bookingId,
      note: n.teacherNote,
      note_date: iso(n.noteDate),
      tags: n.tags,
      created_at: iso(n.createdAt),
    })),
    uploads: data.uploads.map((u) => ({
      name: u.storedName,
      original_name: u.originalName,
      mime_type: u.mimeType,
      size: u.size,
      kind: u.kind,
      created_at: iso(u.createdAt),
    })),
    access_logs: {
      file_access: data.fileAccessLogs.map((l) => ({
        id: l.id,
        file_id: l.fileId,
        access_type: l.accessType,
        created_at: iso(l.createdAt),
      })),
      sign_in_sessions: data.sessions.map((s) => ({
        kind: s.kind,
        created_at: iso(s.createdAt),
        expires_at: iso(s.expiresAt),
      })),
    },
  };
}
export type StudentDataExport = Awaited<ReturnType<typeof exportStudentData>>;

/** `english-with-giulia-data-2026-11-22.json` */
export function exportFileName(now = new Date()) {
  return `english-with-giulia-data-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * Deletes the student's account. The teacher's own account cannot be deleted this way (it owns
 * the site's records). Upload files on disk are removed only after the transaction committed, so a
 * failed deletion never leaves rows pointing at missing files; bytes kept in the database go with
 * their rows inside it.
 */
export async function deleteStudentAccount(
  db: Db,
  userId: string,
  input: z.infer<typeof deleteAccountSchema>,
  /** `uploads` is absent only in callers without files (context.ts): nothing to remove then. */
  opts: { uploads?: UploadStore; env: Pick<Env, "PUBLIC_URL" | "accountHashSecret">; now?: Date },
) {
  void input; // validated at the edge: its existence is the confirmation
  const account = await findAccount(db, userId);
  if (!account) throw new AppError("NOT_FOUND", ACCOUNT_NOT_FOUND_MESSAGE);
  if (account.isAdmin || account.teacher) {
    throw new AppError("FORBIDDEN", "The teacher's account cannot be deleted from the student portal.");
  }
  const ctx = await loadMailContext(db, opts.env);
  const now = opts.now ?? new Date();
  const result = await eraseStudent(
    db,
    userId,
    account.email,
    now,
    (cancelled) => freedLessonNotices(cancelled, ctx, `${userId}:${now.getTime()}`),
    {
      // A keyed hash stays so a new account of the same person is not a newcomer again.
      erasedKeys: erasedCustomerKeys(opts.env.accountHashSecret, { sub: account.googleSub, email: account.email }),
      settleOrder: (tx, orderId) => settleReferralReward(tx, orderId, now),
    },
  );
  let filesRemoved = 0;
  const { uploads } = opts;
  if (uploads) {
    for (const name of result.uploads.filter(isStoredName)) {
      if (await uploads.removeBytes(name)) filesRemoved++;
    }
  }
  return {
    success: true,
    cancelled_lessons: result.cancelledLessons,
    anonymised_lessons: result.anonymisedLessons,
    files_removed: filesRemoved,
  };
}

/** One notice per teacher listing the times a deleted account freed; no name, no address. */
export function freedLessonNotices(cancelled: CancelledLesson[], ctx: MailContext, key: string): NewOutboxEmail[] {
  const byTeacher = new Map<string, Date[]>();
  for (const lesson of cancelled) {
    if (!lesson.teacherEmail) continue;
    byTeacher.set(lesson.teacherEmail, [...(byTeacher.get(lesson.teacherEmail) ?? []), lesson.startsAt]);
  }
  return [...byTeacher].map(([teacherEmail, starts]) =>
    outboxMail(
      "teacher_cancellation",
      teacherEmail,
      freedLessonsEmail(starts, ctx),
      `account_deleted:${key}:${teacherEmail}`,
    ),
  );
}

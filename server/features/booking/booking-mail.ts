// The mail a booking writes into the outbox, inside the booking's own transaction: the student's
// confirmation (with one calendar file per lesson) and the teacher's notice.
import type { DbOrTx } from "../../db.ts";
import type { ErrorText } from "../../errors.ts";
import {
  insertOutboxEmails,
  lessonLocale,
  type MailAttachment,
  type NewOutboxEmail,
  outboxMail,
} from "../mail/mail.data.ts";
import {
  bookingCancelledEmail,
  bookingChangedEmail,
  bookingConfirmedEmail,
  bookingCreatedEmail,
  bookingMovedEmail,
  type CancellationOutcome,
  type GroupNight,
  type LessonChange,
  lessonAddressee,
  type MailContent,
  type MailContext,
  orderDecidedEmail,
  PAYMENT_QR_FILENAME,
  type PaymentForMail,
  pendingReleasedEmail,
  type TeacherNotice,
  teacherNoticeEmail,
} from "../mail/mail.templates.ts";
import { findBookingForMail, findFirstTeacherEmail } from "./booking.data.ts";
import { buildBookingIcs, buildOrderIcs, type IcsBooking } from "./booking-ics.ts";

export type MailLesson = Omit<IcsBooking, "teacherName"> & { endsAt: Date };

/** The teacher's notice as an outbox row: its kind is the notice's. */
function teacherNoticeMail(notice: TeacherNotice, ctx: MailContext, teacherEmail: string, dedupeKey: string) {
  return outboxMail(notice.kind, teacherEmail, teacherNoticeEmail(notice, ctx), dedupeKey);
}

export function bookingCreatedMails(input: {
  ctx: MailContext;
  /** `name` is the learner's; `guardianName` the account holder's when they booked as a guardian. */
  student: { name: string; email: string; phone: string | null; guardianName: string | null };
  teacher: { name: string; email: string | null };
  packageName: string;
  bookings: MailLesson[];
  orderId: string;
  payment?: PaymentForMail;
}): NewOutboxEmail[] {
  const { ctx, student, bookings } = input;
  const to = lessonAddressee({ studentName: student.name, guardianName: student.guardianName }, ctx);
  const lessons = bookings.map(lessonForMail);
  const mails: NewOutboxEmail[] = [
    {
      ...outboxMail(
        "booking_created",
        student.email,
        bookingCreatedEmail(to.name, lessons, to.ctx, input.payment),
        `booking_created:${input.orderId}`,
      ),
      attachments: [
        ...calendarFiles(
          bookings.map((b) => ({ ...b, teacherName: input.teacher.name })),
          ctx,
        ),
        ...paymentQrFiles(input.payment),
      ],
    },
  ];
  if (input.teacher.email) {
    mails.push(
      teacherNoticeMail(
        {
          kind: "teacher_new_booking",
          studentName: student.name,
          guardianName: student.guardianName,
          studentEmail: student.email,
          studentPhone: student.phone,
          lessons,
          packageName: input.packageName,
        },
        ctx,
        input.teacher.email,
        `teacher_new_booking:${input.orderId}`,
      ),
    );
  }
  return mails;
}

const lessonForMail = (b: MailLesson) => ({
  id: b.id,
  startsAt: b.startsAt,
  endsAt: b.endsAt,
  status: b.status,
  lessonType: b.lessonType,
  meetingLink: b.meetingLink,
  location: b.location,
});

const calendarFile = (filename: string, content: string) => ({
  filename,
  contentType: "text/calendar; charset=utf-8",
  content,
});

/** The bank transfer's EPC QR code as a PNG the mail carries (inline where the client shows it). */
export function paymentQrFiles(payment: PaymentForMail | undefined): MailAttachment[] {
  const png = payment && payment.amountDue > 0 ? payment.bankTransfer?.qrPng : undefined;
  if (!png) return [];
  return [
    { filename: PAYMENT_QR_FILENAME, contentType: "image/png", content: png, encoding: "base64", cid: "payment-qr" },
  ];
}

/**
 * One calendar file, in the student's language: the lesson's, or the order's with all its lessons.
 * A file per lesson as well made a package's email carry seven; each lesson's own file is on the
 * web (My Lessons, Add to Calendar).
 */
function calendarFiles(bookings: IcsBooking[], ctx: MailContext) {
  const host = new URL(ctx.publicUrl).hostname;
  const [only] = bookings;
  if (bookings.length === 1 && only)
    return [calendarFile("english-lesson.ics", buildBookingIcs(only, host, ctx.locale))];
  return [calendarFile("english-lessons.ics", buildOrderIcs(bookings, host, ctx.locale))];
}

/** The lessons of one order as its mail reads them: to whom, and in the order's language. */
type OrderMailLesson = MailLesson & {
  studentName: string;
  guardianName: string | null;
  studentEmail: string;
  teacherName: string | null;
  order?: { locale: string } | null;
  student?: { locale: string } | null;
};

/**
 * The one email a decision on a whole order owes its student, listing every lesson it changed,
 * with their calendar files. Sent once per decision and version of the lessons.
 */
export function orderDecidedMail(input: {
  ctx: MailContext;
  orderId: string;
  decision: "confirmed" | "cancelled";
  lessons: OrderMailLesson[];
  payment?: PaymentForMail;
}): NewOutboxEmail[] {
  const first = input.lessons[0];
  if (!first) return [];
  const ctx = { ...input.ctx, locale: lessonLocale(first) };
  const kind = input.decision === "confirmed" ? "order_confirmed" : "order_cancelled";
  const version = input.lessons.map((l) => `${l.id.slice(0, 8)}.${l.icsSequence}`).join(",");
  const to = lessonAddressee(first, ctx);
  const content = orderDecidedEmail(to.name, input.lessons.map(lessonForMail), to.ctx, input.decision, input.payment);
  return [
    {
      ...outboxMail(kind, first.studentEmail, content, `${kind}:${input.orderId}:${version}`),
      attachments: [...calendarFiles(input.lessons, ctx), ...paymentQrFiles(input.payment)],
    },
  ];
}

/**
 * The one email the release of an order's unconfirmed lessons owes its family (see
 * pending-hold.service.ts), with the calendar files that cancel them. Once per order and version.
 */
export function pendingReleasedMail(input: {
  ctx: MailContext;
  key: string;
  hours: number;
  lessons: OrderMailLesson[];
}): NewOutboxEmail[] {
  const first = input.lessons[0];
  if (!first) return [];
  const ctx = { ...input.ctx, locale: lessonLocale(first) };
  const version = input.lessons.map((l) => `${l.id.slice(0, 8)}.${l.icsSequence}`).join(",");
  const to = lessonAddressee(first, ctx);
  const content = pendingReleasedEmail(to.name, input.lessons.map(lessonForMail), to.ctx, input.hours);
  return [
    {
      ...outboxMail("pending_released", first.studentEmail, content, `pending_released:${input.key}:${version}`),
      attachments: calendarFiles(input.lessons, ctx),
    },
  ];
}

export function groupSignupMail(
  ctx: MailContext,
  teacherEmail: string | null,
  signup: { id: string; name: string; email: string; phone: string | null; night: GroupNight; packageName: string },
): NewOutboxEmail[] {
  if (!teacherEmail) return [];
  return [
    teacherNoticeMail(
      { kind: "teacher_group_signup", ...signup },
      ctx,
      teacherEmail,
      `teacher_group_signup:${signup.id}`,
    ),
  ];
}

/** What happened to one lesson, as its mail tells it. */
export type LessonEvent =
  | { kind: "confirmed" }
  | { kind: "changed"; changes: LessonChange[] }
  | { kind: "cancelled"; reason?: string | null }
  | { kind: "rebooked" }
  /** Moved from `from`; the other party hears of it (the one who moved it knows). */
  | { kind: "moved"; from: Date; by: "teacher" | "student" }
  | { kind: "cancellation_request"; reason: string; outcome: CancellationOutcome }
  /** The family can't come past the free changes (issue 31, item 6): the teacher is asked to answer. */
  | { kind: "cant_come"; reason: string; policy: ErrorText }
  /** The teacher's answer: the lesson cancelled, given back or forfeited. */
  | { kind: "cant_come_answered"; waived: boolean };

/**
 * Queues the mail one lesson event owes, inside the caller's transaction (after the change, so the
 * calendar file carries the new SEQUENCE): the student's email with the updated calendar file and,
 * for a student's cancellation request, rebooking or move, the teacher's notice.
 */
export async function queueLessonEventMails(tx: DbOrTx, base: MailContext, bookingId: string, event: LessonEvent) {
  const booking = await findBookingForMail(tx, bookingId);
  if (!booking) return 0;
  const teacherEmail = booking.teacher?.email ?? (await findFirstTeacherEmail(tx))?.email ?? null;
  const ctx: MailContext = {
    ...base,
    teacherName: booking.teacher?.name ?? base.teacherName,
    studentZone: booking.studentTimezone,
    locale: lessonLocale(booking),
  };
  const lesson = lessonForMail(booking);
  const lessonFile = calendarFile(
    "english-lesson.ics",
    buildBookingIcs(
      { ...booking, teacherName: booking.teacher?.name ?? null },
      new URL(ctx.publicUrl).hostname,
      ctx.locale,
    ),
  );
  const key = `${booking.id}:${booking.icsSequence}`;
  const mails: NewOutboxEmail[] = [];
  // Each mail is sent once per version of the lesson (its ICS sequence).
  const to = lessonAddressee(booking, ctx);
  const toStudent = (kind: string, content: MailContent) =>
    mails.push({ ...outboxMail(kind, booking.studentEmail, content, `${kind}:${key}`), attachments: [lessonFile] });
  const toTeacher = (notice: TeacherNotice, dedupeSuffix = "") => {
    if (teacherEmail) mails.push(teacherNoticeMail(notice, ctx, teacherEmail, `${notice.kind}:${key}${dedupeSuffix}`));
  };
  const cancelledMail = (reason?: string | null) =>
    toStudent("booking_cancelled", bookingCancelledEmail(to.name, lesson, to.ctx, reason));
  switch (event.kind) {
    case "confirmed":
      toStudent("booking_confirmed", bookingConfirmedEmail(to.name, lesson, to.ctx));
      break;
    case "changed":
      toStudent("booking_changed", bookingChangedEmail(to.name, lesson, to.ctx, event.changes));
      break;
    case "cancelled":
      cancelledMail(event.reason);
      break;
    case "rebooked":
      toStudent("booking_created", bookingCreatedEmail(to.name, [lesson], to.ctx));
      toTeacher({
        kind: "teacher_new_booking",
        studentName: booking.studentName,
        guardianName: booking.guardianName,
        studentEmail: booking.studentEmail,
        lessons: [lesson],
        // A free rebooking: the notice names it in the teacher's language.
        packageName: null,
      });
      break;
    case "moved":
      // The family is always told, with the calendar file at the new time (the same UID, a higher
      // SEQUENCE): the files a parent saved follow the move whoever made it (issue 31, item 6).
      toStudent("booking_moved", bookingMovedEmail(to.name, lesson, event.from, to.ctx, event.by));
      if (event.by === "student") {
        toTeacher({
          kind: "teacher_lesson_moved",
          studentName: booking.studentName,
          studentEmail: booking.studentEmail,
          lesson,
          from: event.from,
        });
      }
      break;
    case "cant_come":
      toTeacher({
        kind: "teacher_cant_come",
        studentName: booking.studentName,
        guardianName: booking.guardianName,
        studentEmail: booking.studentEmail,
        lesson,
        reason: event.reason,
        policy: event.policy,
      });
      break;
    case "cant_come_answered":
      toStudent(
        "booking_cancelled",
        bookingCancelledEmail(to.name, lesson, to.ctx, null, event.waived ? "waived" : "forfeited"),
      );
      break;
    case "cancellation_request":
      if (event.outcome.approved) cancelledMail(event.reason);
      toTeacher(
        {
          kind: "teacher_cancellation",
          studentName: booking.studentName,
          guardianName: booking.guardianName,
          studentEmail: booking.studentEmail,
          lesson,
          reason: event.reason,
          outcome: event.outcome,
        },
        // A refused request changes nothing: the teacher hears of the first one for this version of
        // the lesson; repeats are recorded (and shown in her inbox) without another email each.
        event.outcome.approved ? "" : ":refused",
      );
      break;
  }
  return insertOutboxEmails(tx, mails);
}

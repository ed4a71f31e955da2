// Plain, friendly English emails. Times are written in the teacher's zone (the reference of the
// whole site) and, when the student's zone is known and differs, in theirs as well.
import { DateTime } from "luxon";

export type LessonForMail = {
  id: string;
  startsAt: Date;
  endsAt: Date;
  status: string;
  lessonType: string;
  meetingLink: string | null;
  location: string | null;
};

export type MailContext = {
  siteName: string;
  publicUrl: string;
  teacherName: string;
  teacherZone: string;
  studentZone?: string | null;
  /** The learner, when the account holder (whom the mail greets) booked as their parent or guardian. */
  learnerName?: string | null;
};

/**
 * To whom a student mail about lessons goes: the account holder is greeted, and when a guardian
 * booked, the mail names the learner ("Hi Anna, Luca's lessons are requested").
 */
export function lessonAddressee<C extends MailContext>(
  booking: { studentName: string; guardianName: string | null },
  ctx: C,
): { name: string; ctx: C } {
  if (!booking.guardianName) return { name: booking.studentName, ctx };
  return { name: booking.guardianName, ctx: { ...ctx, learnerName: booking.studentName } };
}

/** "your" lesson, or the learner's when a guardian reads the mail. */
const whose = (ctx: MailContext) => (ctx.learnerName ? `${ctx.learnerName}'s` : "your");
const Whose = (ctx: MailContext) => (ctx.learnerName ? `${ctx.learnerName}'s` : "Your");

export type MailContent = { subject: string; text: string };

function when(at: Date, zone: string) {
  return DateTime.fromJSDate(at, { zone }).toFormat("cccc, d LLLL yyyy 'at' h:mm a (ZZZZ)");
}

/** "Tuesday, 3 March 2026 at 10:00 AM (CET)", plus the student's own time when it differs. */
export function describeTime(at: Date, ctx: Pick<MailContext, "teacherZone" | "studentZone">): string {
  const teacher = when(at, ctx.teacherZone);
  const studentZone = ctx.studentZone;
  if (!studentZone || studentZone === ctx.teacherZone) return teacher;
  const sameOffset =
    DateTime.fromJSDate(at, { zone: studentZone }).offset === DateTime.fromJSDate(at, { zone: ctx.teacherZone }).offset;
  return sameOffset ? teacher : `${teacher}, which is ${when(at, studentZone)} for you`;
}

function describePlace(lesson: LessonForMail): string {
  if (lesson.lessonType === "online") {
    return lesson.meetingLink
      ? `Online. Join here: ${lesson.meetingLink}`
      : "Online. The meeting link will follow before the lesson.";
  }
  return `In person${lesson.location ? ` at ${lesson.location}` : ""}.`;
}

function lessonLines(
  lessons: LessonForMail[],
  ctx: MailContext,
  note: (lesson: LessonForMail) => string | null = () => null,
): string {
  return lessons
    .map((l, i) => {
      const extra = note(l);
      return `${lessons.length > 1 ? `${i + 1}. ` : "- "}${describeTime(l.startsAt, ctx)} (60 minutes)\n   ${describePlace(l)}${extra ? `\n   ${extra}` : ""}`;
    })
    .join("\n");
}

/** The link to move one lesson: My Lessons opens with that lesson's move dialog (signing in first if needed). */
export const moveLessonUrl = (ctx: Pick<MailContext, "publicUrl">, lessonId: string) =>
  `${ctx.publicUrl}/student/lessons?move=${encodeURIComponent(lessonId)}`;

/** The student's lines: every lesson still to come carries its move link. */
function studentLessonLines(
  lessons: LessonForMail[],
  ctx: MailContext,
  note: (lesson: LessonForMail) => string | null = () => null,
): string {
  return lessonLines(lessons, ctx, (l) => {
    const live = l.status === "pending" || l.status === "confirmed";
    return [note(l), live ? `Need another time? Move this lesson: ${moveLessonUrl(ctx, l.id)}` : null]
      .filter(Boolean)
      .join("\n   ");
  });
}

const signOff = (ctx: MailContext) => `\nSee you soon,\n${ctx.teacherName}\n${ctx.siteName} · ${ctx.publicUrl}\n`;

/** The student's mail about their lessons: greeting, what happened, the lessons, what follows, sign-off. */
function studentLessonText(
  ctx: MailContext,
  mail: { name: string; intro: string[]; lessons: string; outro: string[] },
): string {
  return [`Hi ${mail.name},`, "", ...mail.intro, "", mail.lessons, "", ...mail.outro, signOff(ctx)].join("\n");
}

/**
 * The student's email for a new booking. Lessons are requests until the teacher confirms them
 * (unless the site confirms automatically): the subject and text say so, never "booked".
 */
/** What the student owes and how to pay, as the booking and order emails state it. */
export type PaymentForMail = { amountDue: number; instructions: string };

function paymentLines(payment: PaymentForMail | undefined): string[] {
  if (!payment || payment.amountDue <= 0) return [];
  const amount = `Amount due: €${payment.amountDue.toFixed(2)}.`;
  return payment.instructions ? [amount, `How to pay: ${payment.instructions}`] : [amount];
}

export function bookingCreatedEmail(
  name: string,
  lessons: LessonForMail[],
  ctx: MailContext,
  payment?: PaymentForMail,
): MailContent {
  const plural = lessons.length > 1;
  const allConfirmed = lessons.every((l) => l.status === "confirmed");
  const forLearner = ctx.learnerName ? ` for ${ctx.learnerName}` : "";
  if (allConfirmed) {
    return {
      subject: plural
        ? `${Whose(ctx)} ${lessons.length} English lessons are booked`
        : `${Whose(ctx)} English lesson is booked`,
      text: studentLessonText(ctx, {
        name,
        intro: [
          ctx.learnerName
            ? `Thank you for booking with ${ctx.teacherName}! ${Whose(ctx)} ${plural ? "lessons are" : "lesson is"} booked:`
            : `Thank you for booking with ${ctx.teacherName}! Here ${plural ? "are your lessons" : "is your lesson"}:`,
        ],
        lessons: studentLessonLines(lessons, ctx),
        outro: [
          `Everything is confirmed. ${ctx.teacherName} will contact you within 24 hours about the final details and payment.`,
          "Payment is required before the first lesson.",
          ...paymentLines(payment),
          "The attached calendar file adds the lessons to your calendar; you can also find them in your student portal.",
          `Your lessons: ${ctx.publicUrl}/student/lessons`,
        ],
      }),
    };
  }
  return {
    subject: plural
      ? `Your request for ${lessons.length} English lessons${forLearner}: awaiting confirmation`
      : `Your English lesson request${forLearner}: awaiting confirmation`,
    text: studentLessonText(ctx, {
      name,
      intro: [
        ctx.learnerName
          ? `Thank you for booking with ${ctx.teacherName}! ${Whose(ctx)} ${plural ? "lessons are" : "lesson is"} requested:`
          : `Thank you for booking with ${ctx.teacherName}! You requested ${plural ? "these lessons" : "this lesson"}:`,
      ],
      lessons: studentLessonLines(lessons, ctx, (l) =>
        l.status === "pending" ? "Requested: awaiting confirmation." : null,
      ),
      outro: [
        `${plural ? "They are" : "It is"} not confirmed yet: ${ctx.teacherName} will confirm ${plural ? "them" : "it"} shortly, and you will get an email as soon as ${plural ? "each lesson is" : "it is"} confirmed. ${ctx.teacherName} will also contact you within 24 hours about the final details and payment.`,
        "Payment is required before the first lesson.",
        ...paymentLines(payment),
        "The attached calendar file adds the requested lessons to your calendar, marked tentative until they are confirmed; you can also follow them in your student portal.",
        `Your lessons: ${ctx.publicUrl}/student/lessons`,
      ],
    }),
  };
}

export function bookingConfirmedEmail(name: string, lesson: LessonForMail, ctx: MailContext): MailContent {
  return {
    subject: `Confirmed: ${whose(ctx)} lesson on ${DateTime.fromJSDate(lesson.startsAt, { zone: ctx.teacherZone }).toFormat("d LLL")}`,
    text: studentLessonText(ctx, {
      name,
      intro: [`Good news: ${whose(ctx)} lesson is confirmed.`],
      lessons: studentLessonLines([lesson], ctx),
      outro: ["The attached calendar file updates the lesson in your calendar."],
    }),
  };
}

/** The teacher's decision on a whole order: one email that lists every lesson it touched. */
export function orderDecidedEmail(
  name: string,
  lessons: LessonForMail[],
  ctx: MailContext,
  decision: "confirmed" | "cancelled",
  payment?: PaymentForMail,
): MailContent {
  const plural = lessons.length > 1;
  const count = plural ? `${lessons.length} lessons` : "lesson";
  if (decision === "confirmed") {
    return {
      subject: plural
        ? `Confirmed: ${whose(ctx)} ${lessons.length} English lessons`
        : `Confirmed: ${whose(ctx)} English lesson`,
      text: studentLessonText(ctx, {
        name,
        intro: [`Good news: ${whose(ctx)} ${count} ${plural ? "are" : "is"} confirmed.`],
        lessons: studentLessonLines(lessons, ctx),
        outro: [
          ...paymentLines(payment),
          `The attached calendar file updates ${plural ? "all of them" : "it"} in your calendar.`,
          `Your lessons: ${ctx.publicUrl}/student/lessons`,
        ],
      }),
    };
  }
  return {
    subject: plural
      ? `Cancelled: ${whose(ctx)} ${lessons.length} English lessons`
      : `Cancelled: ${whose(ctx)} English lesson`,
    text: studentLessonText(ctx, {
      name,
      intro: [`I am sorry: ${whose(ctx)} ${count} ${plural ? "have" : "has"} been declined and cancelled.`],
      lessons: lessonLines(lessons, ctx),
      outro: [
        "You can choose other times on the booking page, or reply to this email to find one together.",
        `${ctx.publicUrl}/book`,
      ],
    }),
  };
}

/**
 * The family's email when requested lessons were released: the teacher did not confirm them within
 * the hours the site gives her, and their times were freed for others.
 */
export function pendingReleasedEmail(
  name: string,
  lessons: LessonForMail[],
  ctx: MailContext,
  hours: number,
): MailContent {
  const plural = lessons.length > 1;
  return {
    subject: plural
      ? `Released: ${whose(ctx)} ${lessons.length} English lesson requests`
      : `Released: ${whose(ctx)} English lesson request`,
    text: studentLessonText(ctx, {
      name,
      intro: [
        `I am sorry: ${whose(ctx)} ${plural ? `${lessons.length} requested lessons were` : "requested lesson was"} not confirmed within ${hours} hours of the request, so ${plural ? "their times have" : "its time has"} been released for other students:`,
      ],
      lessons: lessonLines(lessons, ctx),
      outro: [
        "You are welcome to book again: if a time is still free, you can choose it once more.",
        `${ctx.publicUrl}/book`,
        `If you have already sent a payment for ${plural ? "them" : "it"}, reply to this email and ${ctx.teacherName} will sort it out.`,
        "The attached calendar file removes the request from your calendar.",
      ],
    }),
  };
}

export function bookingChangedEmail(
  name: string,
  lesson: LessonForMail,
  ctx: MailContext,
  changes: string[] = [],
): MailContent {
  return {
    subject: `${Whose(ctx)} lesson details have changed`,
    text: studentLessonText(ctx, {
      name,
      intro: [
        `The details of ${whose(ctx)} lesson have been updated.`,
        ...changes.map((c) => `- ${c}`),
        "",
        "This is how it stands now:",
      ],
      lessons: studentLessonLines([lesson], ctx),
      outro: [
        `Status: ${lesson.status}. Your teacher: ${ctx.teacherName}.`,
        "The attached calendar file updates the lesson in your calendar.",
      ],
    }),
  };
}

export function bookingCancelledEmail(
  name: string,
  lesson: LessonForMail,
  ctx: MailContext,
  reason?: string | null,
): MailContent {
  return {
    subject: `${Whose(ctx)} lesson has been cancelled`,
    text: [
      `Hi ${name},`,
      "",
      `This lesson has been cancelled: ${describeTime(lesson.startsAt, ctx)}.`,
      reason ? `Reason: ${reason}` : "",
      "If a free rebooking is part of your package, you can choose a new time in your student portal.",
      `${ctx.publicUrl}/student/lessons`,
      signOff(ctx),
    ]
      .filter((line, i, all) => line !== "" || all[i - 1] !== "")
      .join("\n"),
  };
}

/** The student's email when the teacher moved their lesson: the old time and the new one. */
export function bookingMovedEmail(name: string, lesson: LessonForMail, from: Date, ctx: MailContext): MailContent {
  return {
    subject: `${Whose(ctx)} lesson has moved to ${DateTime.fromJSDate(lesson.startsAt, { zone: ctx.teacherZone }).toFormat("d LLL 'at' h:mm a")}`,
    text: studentLessonText(ctx, {
      name,
      intro: [
        `${ctx.teacherName} has moved ${whose(ctx)} lesson.`,
        `Old time: ${describeTime(from, ctx)}`,
        "New time:",
      ],
      lessons: studentLessonLines([lesson], ctx),
      outro: [
        "The attached calendar file moves the lesson in your calendar.",
        `If the new time does not suit you, reply to this email. Your lessons: ${ctx.publicUrl}/student/lessons`,
      ],
    }),
  };
}

export function lessonReminderEmail(name: string, lesson: LessonForMail, ctx: MailContext): MailContent {
  return {
    subject: `Reminder: ${whose(ctx)} English lesson is tomorrow`,
    text: studentLessonText(ctx, {
      name,
      intro: [`Just a reminder of ${whose(ctx)} lesson in about 24 hours:`],
      lessons: studentLessonLines([lesson], ctx),
      outro: ["If something has come up, reply to this email or message me as soon as possible."],
    }),
  };
}

/**
 * The student's email for a file or a note the teacher shared. The note's text stays out of the
 * mail: it is read in the portal, behind the student's sign-in.
 */
export function resourceSharedEmail(
  name: string,
  item: { kind: "file" | "note"; title: string },
  ctx: MailContext,
): MailContent {
  const isFile = item.kind === "file";
  return {
    subject: isFile ? `New file from ${ctx.teacherName}: ${item.title}` : `New note from ${ctx.teacherName}`,
    text: [
      `Hi ${name},`,
      "",
      isFile
        ? `${ctx.teacherName} shared a file with you: ${item.title}.`
        : `${ctx.teacherName} wrote you a note about your lessons.`,
      `You will find it in Resources, marked New until you open it: ${ctx.publicUrl}/resources/files`,
      signOff(ctx),
    ].join("\n"),
  };
}

export type TeacherNotice =
  | {
      kind: "teacher_new_booking";
      studentName: string;
      /** The parent or guardian who booked for the student (their contact is the one given). */
      guardianName?: string | null;
      studentEmail: string;
      studentPhone?: string | null;
      lessons: LessonForMail[];
      packageName: string;
    }
  | {
      kind: "teacher_availability_request";
      name: string;
      email: string;
      phone?: string | null;
      availability: string;
      location: string;
    }
  | {
      kind: "teacher_group_signup";
      name: string;
      email: string;
      phone?: string | null;
      night: string;
      packageName: string;
    }
  | {
      kind: "teacher_lesson_moved";
      studentName: string;
      studentEmail: string;
      lesson: LessonForMail;
      from: Date;
    }
  | {
      kind: "teacher_cancellation";
      studentName: string;
      guardianName?: string | null;
      studentEmail: string;
      lesson: LessonForMail;
      reason: string;
      outcome: string;
    };

const contactLine = (email: string, phone?: string | null) => `Contact: ${email}${phone ? `, ${phone}` : ""}`;
/** "Luca Ferrari", or "Luca Ferrari (booked by Anna Ferrari, parent or guardian)". */
const learnerAndGuardian = (student: string, guardian?: string | null) =>
  guardian ? `${student} (booked by ${guardian}, parent or guardian)` : student;

export function teacherNoticeEmail(notice: TeacherNotice, ctx: MailContext): MailContent {
  const admin = `${ctx.publicUrl}/admin`;
  switch (notice.kind) {
    case "teacher_new_booking": {
      const awaiting = notice.lessons.some((l) => l.status === "pending");
      return {
        subject: `${awaiting ? "New booking request" : "New booking"}: ${notice.studentName} (${notice.packageName})`,
        text: [
          `${learnerAndGuardian(notice.studentName, notice.guardianName)} ${awaiting ? "requested" : "booked"} ${notice.packageName}.`,
          contactLine(notice.studentEmail, notice.studentPhone),
          "",
          lessonLines(notice.lessons, { ...ctx, studentZone: null }),
          "",
          awaiting
            ? `The lessons are pending until you confirm them; the student has been told so. Confirm them: ${admin}/bookings`
            : `Review it: ${admin}/bookings`,
        ].join("\n"),
      };
    }
    case "teacher_availability_request":
      return {
        subject: `Custom availability request from ${notice.name}`,
        text: [
          `${notice.name} could not find a time that works and wrote:`,
          "",
          notice.availability,
          "",
          `City / time zone: ${notice.location}`,
          contactLine(notice.email, notice.phone),
          "",
          `Inbox: ${admin}/inbox`,
        ].join("\n"),
      };
    case "teacher_group_signup":
      return {
        subject: `Group conversation sign-up: ${notice.name}`,
        text: [
          `${notice.name} signed up for group conversation practice.`,
          `Night: ${notice.night}`,
          `Package: ${notice.packageName}`,
          contactLine(notice.email, notice.phone),
          "",
          "Remember to contact them within 24 hours about the final details and payment.",
          `Inbox: ${admin}/inbox`,
        ].join("\n"),
      };
    case "teacher_lesson_moved": {
      const teacherTime = { ...ctx, studentZone: null };
      return {
        subject: `Lesson moved by ${notice.studentName}`,
        text: [
          `${notice.studentName} moved a lesson.`,
          `Old time: ${describeTime(notice.from, teacherTime)}`,
          `New time: ${describeTime(notice.lesson.startsAt, teacherTime)}`,
          contactLine(notice.studentEmail),
          "",
          `Bookings: ${admin}/bookings`,
        ].join("\n"),
      };
    }
    case "teacher_cancellation":
      return {
        subject: `Cancellation request from ${notice.studentName}`,
        text: [
          `${learnerAndGuardian(notice.studentName, notice.guardianName)} asked to cancel the lesson of ${describeTime(notice.lesson.startsAt, { ...ctx, studentZone: null })}.`,
          `Reason: ${notice.reason}`,
          `Outcome: ${notice.outcome}`,
          contactLine(notice.studentEmail),
          "",
          `Bookings: ${admin}/bookings`,
        ].join("\n"),
      };
  }
}

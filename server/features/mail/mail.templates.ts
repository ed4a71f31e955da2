// Plain, friendly emails in their reader's language (issue 29): every word comes from the email
// catalogue (shared/i18n/messages/<locale>/email.json). Times are written in the teacher's zone
// (the reference of the whole site) and, when the student's zone is known and differs, in theirs
// as well. A student's mail speaks `locale` (the order's language, else the account's); the
// teacher's notices speak `teacherLocale` (her setting).
import { DateTime } from "luxon";
import { LESSON_MINUTES } from "../../../shared/constants.ts";
import { formatDate } from "../../../shared/i18n/format.ts";
import { DEFAULT_LOCALE, INTL_TAGS, type Locale } from "../../../shared/i18n/locales.ts";
import type { MessageValues, Translate } from "../../../shared/i18n/messages.ts";
import { type ErrorText, errorText } from "../../errors.ts";
import { translator } from "../../i18n.ts";
import { DELETED_STUDENT_NAME } from "../privacy/redaction.ts";
import { mailDate, mailEuro, mailShortDate, mailTime, mailZoneName } from "./mail-format.ts";

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
  /** The teacher's name; null when the site has no teacher yet ("Your teacher" in the reader's language). */
  teacherName: string | null;
  teacherZone: string;
  studentZone?: string | null;
  /** The learner, when the account holder (whom the mail greets) booked as their parent or guardian. */
  learnerName?: string | null;
  /** The language of the student's mail (English when unknown). */
  locale?: Locale;
  /** The language of the teacher's notices (AdminSettings.teacherLocale; English when unknown). */
  teacherLocale?: Locale;
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

export type MailContent = { subject: string; text: string };

/** The student's language and the values that say whose lessons they are (theirs, or the learner's). */
function studentVoice(ctx: MailContext) {
  const locale = ctx.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const whose: MessageValues = { guardian: ctx.learnerName ? "yes" : "no", learner: ctx.learnerName ?? "" };
  return { locale, t, whose };
}

/** The teacher's language. */
const teacherLocaleOf = (ctx: MailContext) => ctx.teacherLocale ?? DEFAULT_LOCALE;

/**
 * The refusal the family read, retold to the teacher: "You have used the free cancellation" is
 * the family's sentence; her email says the family has (review 12's question). The other refusals
 * (the notice, a single lesson, a small package) read the same to both.
 */
function policyForTeacher(t: Translate, policy: ErrorText, locale: Locale): string {
  if (typeof policy === "string" || policy.key !== "errors.cancel.allowanceUsed") return errorText(policy, locale);
  const values = typeof policy.values === "function" ? policy.values(locale) : policy.values;
  return t("email.teacher.cantCome.allowanceUsed", values);
}

function when(locale: Locale, at: Date, zone: string) {
  return translator(locale)("email.time.when", {
    date: mailDate(locale, at, zone),
    time: mailTime(locale, at, zone),
    zone: mailZoneName(locale, at, zone),
  });
}

/**
 * "Tuesday, 3 March 2026 at 10:00 AM (CET)", plus the student's own time when it differs, in the
 * student's language (`ctx.locale`) unless `locale` says otherwise.
 */
export function describeTime(
  at: Date,
  ctx: Pick<MailContext, "teacherZone" | "studentZone" | "locale">,
  locale: Locale = ctx.locale ?? DEFAULT_LOCALE,
): string {
  const teacher = when(locale, at, ctx.teacherZone);
  const studentZone = ctx.studentZone;
  if (!studentZone || studentZone === ctx.teacherZone) return teacher;
  const sameOffset =
    DateTime.fromJSDate(at, { zone: studentZone }).offset === DateTime.fromJSDate(at, { zone: ctx.teacherZone }).offset;
  return sameOffset
    ? teacher
    : translator(locale)("email.time.forYou", { teacherTime: teacher, studentTime: when(locale, at, studentZone) });
}

function describePlace(t: Translate, lesson: LessonForMail): string {
  if (lesson.lessonType === "online") {
    return lesson.meetingLink
      ? t("email.place.onlineLink", { link: lesson.meetingLink })
      : t("email.place.onlineNoLink");
  }
  return lesson.location ? t("email.place.inPersonAt", { location: lesson.location }) : t("email.place.inPerson");
}

function lessonLines(
  lessons: LessonForMail[],
  ctx: MailContext,
  locale: Locale,
  note: (lesson: LessonForMail) => string | null = () => null,
): string {
  const t = translator(locale);
  return lessons
    .map((l, i) => {
      const extra = note(l);
      const time = t("email.lesson.time", { when: describeTime(l.startsAt, ctx, locale), minutes: LESSON_MINUTES });
      return `${lessons.length > 1 ? `${i + 1}. ` : "- "}${time}\n   ${describePlace(t, l)}${extra ? `\n   ${extra}` : ""}`;
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
  const { locale, t } = studentVoice(ctx);
  return lessonLines(lessons, ctx, locale, (l) => {
    const live = l.status === "pending" || l.status === "confirmed";
    return [note(l), live ? t("email.lesson.moveLink", { url: moveLessonUrl(ctx, l.id) }) : null]
      .filter(Boolean)
      .join("\n   ");
  });
}

/** Who signs and is named as the teacher: her name, else "Your teacher" in the mail's language. */
const teacherOf = (t: Translate, ctx: MailContext) => ctx.teacherName ?? t("email.yourTeacher");

const signOff = (t: Translate, ctx: MailContext) =>
  `\n${t("email.signOff")}\n${teacherOf(t, ctx)}\n${ctx.siteName} · ${ctx.publicUrl}\n`;

/** The student's mail about their lessons: greeting, what happened, the lessons, what follows, sign-off. */
function studentLessonText(
  ctx: MailContext,
  mail: { name: string; intro: string[]; lessons: string; outro: string[] },
): string {
  const { t } = studentVoice(ctx);
  return [
    t("email.greeting", { name: mail.name }),
    "",
    ...mail.intro,
    "",
    mail.lessons,
    "",
    ...mail.outro,
    signOff(t, ctx),
  ].join("\n");
}

/**
 * What the student owes and how to pay, as the booking, order and reminder emails state it. The
 * reference, the bank transfer and the links come from the teacher's billing profile (issue 30);
 * `qrPng` is the transfer's EPC QR code, which the mail carries as an attachment.
 */
export type PaymentForMail = {
  amountDue: number;
  instructions: string;
  reference?: string;
  bankTransfer?: { name: string; iban: string; bic: string | null; qrPng?: string } | null;
  links?: { satispay: string | null; paypal: string | null; card: string | null };
  /** The order in the portal, where it can be paid (payOrderUrl). */
  orderUrl?: string;
};

/** The EPC QR code's file name in the mail, named by its text. */
export const PAYMENT_QR_FILENAME = "bank-transfer-qr.png";

const ibanGroups = (iban: string) => iban.replace(/(.{4})(?=.)/g, "$1 ");

function paymentLines(t: Translate, locale: Locale, payment: PaymentForMail | undefined): string[] {
  if (!payment || payment.amountDue <= 0) return [];
  const amount = t("email.payment.amountDue", { amount: mailEuro(locale, payment.amountDue) });
  const lines = [amount];
  if (payment.reference) lines.push(t("email.payment.reference", { reference: payment.reference }));
  const transfer = payment.bankTransfer;
  if (transfer) {
    lines.push(
      t("email.payment.bankTransfer"),
      `   ${t("email.payment.beneficiary", { name: transfer.name })}`,
      `   ${t("email.payment.iban", { iban: ibanGroups(transfer.iban) })}`,
      ...(transfer.bic ? [`   ${t("email.payment.bic", { bic: transfer.bic })}`] : []),
      `   ${t("email.payment.amount", { amount: mailEuro(locale, payment.amountDue) })}`,
      ...(payment.reference ? [`   ${t("email.payment.description", { reference: payment.reference })}`] : []),
      ...(transfer.qrPng ? [`   ${t("email.payment.qrAttached", { file: PAYMENT_QR_FILENAME })}`] : []),
    );
  }
  const links = payment.links;
  if (links?.satispay) lines.push(t("email.payment.satispay", { url: links.satispay }));
  if (links?.paypal) lines.push(t("email.payment.paypal", { url: links.paypal }));
  if (links?.card) lines.push(t("email.payment.card", { url: links.card }));
  if (payment.reference) lines.push(t("email.payment.cash"));
  if (payment.instructions) lines.push(t("email.payment.howToPay", { instructions: payment.instructions }));
  if (payment.orderUrl) lines.push(t("email.payment.orderLink", { url: payment.orderUrl }));
  return lines;
}

/** The portal's orders, opened on this order's payment ("How to pay this order"). */
export const payOrderUrl = (ctx: Pick<MailContext, "publicUrl">, orderId: string) =>
  `${ctx.publicUrl}/student/lessons?pay=${encodeURIComponent(orderId)}`;

const lessonsUrl = (t: Translate, ctx: MailContext) =>
  t("email.yourLessons", { url: `${ctx.publicUrl}/student/lessons` });

/**
 * The student's email for a new booking. Lessons are requests until the teacher confirms them
 * (unless the site confirms automatically): the subject and text say so, never "booked".
 */
export function bookingCreatedEmail(
  name: string,
  lessons: LessonForMail[],
  ctx: MailContext,
  payment?: PaymentForMail,
): MailContent {
  const { locale, t, whose } = studentVoice(ctx);
  const values = { ...whose, count: lessons.length, teacher: teacherOf(t, ctx) };
  const allConfirmed = lessons.every((l) => l.status === "confirmed");
  if (allConfirmed) {
    return {
      subject: t("email.bookingCreated.booked.subject", values),
      text: studentLessonText(ctx, {
        name,
        intro: [t("email.bookingCreated.booked.intro", values)],
        lessons: studentLessonLines(lessons, ctx),
        outro: [
          t("email.bookingCreated.booked.confirmed", values),
          t("email.bookingCreated.paymentFirst"),
          ...paymentLines(t, locale, payment),
          t("email.bookingCreated.booked.calendar"),
          lessonsUrl(t, ctx),
        ],
      }),
    };
  }
  return {
    subject: t("email.bookingCreated.requested.subject", values),
    text: studentLessonText(ctx, {
      name,
      intro: [t("email.bookingCreated.requested.intro", values)],
      lessons: studentLessonLines(lessons, ctx, (l) =>
        l.status === "pending" ? t("email.bookingCreated.requested.lessonNote") : null,
      ),
      outro: [
        t("email.bookingCreated.requested.notYet", values),
        t("email.bookingCreated.paymentFirst"),
        ...paymentLines(t, locale, payment),
        t("email.bookingCreated.requested.calendar"),
        lessonsUrl(t, ctx),
      ],
    }),
  };
}

export function bookingConfirmedEmail(name: string, lesson: LessonForMail, ctx: MailContext): MailContent {
  const { locale, t, whose } = studentVoice(ctx);
  return {
    subject: t("email.bookingConfirmed.subject", {
      ...whose,
      date: mailShortDate(locale, lesson.startsAt, ctx.teacherZone),
    }),
    text: studentLessonText(ctx, {
      name,
      intro: [t("email.bookingConfirmed.intro", whose)],
      lessons: studentLessonLines([lesson], ctx),
      outro: [t("email.calendar.updatesLesson")],
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
  const { locale, t, whose } = studentVoice(ctx);
  const values = { ...whose, count: lessons.length };
  if (decision === "confirmed") {
    return {
      subject: t("email.orderConfirmed.subject", values),
      text: studentLessonText(ctx, {
        name,
        intro: [t("email.orderConfirmed.intro", values)],
        lessons: studentLessonLines(lessons, ctx),
        outro: [...paymentLines(t, locale, payment), t("email.orderConfirmed.calendar", values), lessonsUrl(t, ctx)],
      }),
    };
  }
  return {
    subject: t("email.orderCancelled.subject", values),
    text: studentLessonText(ctx, {
      name,
      intro: [t("email.orderCancelled.intro", values)],
      lessons: lessonLines(lessons, ctx, locale),
      outro: [t("email.orderCancelled.bookAgain"), `${ctx.publicUrl}/book`],
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
  const { locale, t, whose } = studentVoice(ctx);
  const values = { ...whose, count: lessons.length, hours, teacher: teacherOf(t, ctx) };
  return {
    subject: t("email.pendingReleased.subject", values),
    text: studentLessonText(ctx, {
      name,
      intro: [t("email.pendingReleased.intro", values)],
      lessons: lessonLines(lessons, ctx, locale),
      outro: [
        t("email.pendingReleased.bookAgain"),
        `${ctx.publicUrl}/book`,
        t("email.pendingReleased.payment", values),
        t("email.pendingReleased.calendar"),
      ],
    }),
  };
}

/** One change to a lesson, as its student's email lists it. */
export type LessonChange =
  | { kind: "reopened" }
  | { kind: "status"; status: string }
  | { kind: "teacher"; name: string | null }
  | { kind: "meetingLink"; link: string | null }
  | { kind: "place"; location: string | null };

function describeChange(t: Translate, change: LessonChange): string {
  switch (change.kind) {
    case "reopened":
      return t("email.bookingChanged.reopened");
    case "status":
      return t("email.bookingChanged.status", { status: change.status });
    case "teacher":
      return change.name
        ? t("email.bookingChanged.teacher", { name: change.name })
        : t("email.bookingChanged.noTeacher");
    case "meetingLink":
      return change.link
        ? t("email.bookingChanged.meetingLink", { link: change.link })
        : t("email.bookingChanged.noMeetingLink");
    case "place":
      return change.location
        ? t("email.bookingChanged.place", { location: change.location })
        : t("email.bookingChanged.noPlace");
  }
}

export function bookingChangedEmail(
  name: string,
  lesson: LessonForMail,
  ctx: MailContext,
  changes: LessonChange[] = [],
): MailContent {
  const { t, whose } = studentVoice(ctx);
  return {
    subject: t("email.bookingChanged.subject", whose),
    text: studentLessonText(ctx, {
      name,
      intro: [
        t("email.bookingChanged.intro", whose),
        ...changes.map((c) => `- ${describeChange(t, c)}`),
        "",
        t("email.bookingChanged.now"),
      ],
      lessons: studentLessonLines([lesson], ctx),
      outro: [
        t("email.bookingChanged.statusAndTeacher", { status: lesson.status, teacher: teacherOf(t, ctx) }),
        t("email.calendar.updatesLesson"),
      ],
    }),
  };
}

export function bookingCancelledEmail(
  name: string,
  lesson: LessonForMail,
  ctx: MailContext,
  reason?: string | null,
  /** The teacher's answer to the family's "I can't come" (issue 31, item 6), when it was that. */
  cantCome?: "waived" | "forfeited",
): MailContent {
  const { t, whose } = studentVoice(ctx);
  return {
    subject: t("email.bookingCancelled.subject", whose),
    text: [
      t("email.greeting", { name }),
      "",
      t("email.bookingCancelled.lesson", { when: describeTime(lesson.startsAt, ctx) }),
      reason ? t("email.reason", { reason }) : "",
      cantCome === "waived"
        ? t("email.cantCome.waived", { teacher: teacherOf(t, ctx) })
        : cantCome === "forfeited"
          ? t("email.cantCome.forfeited", { teacher: teacherOf(t, ctx) })
          : t("email.bookingCancelled.rebook"),
      t("email.cantCome.calendar"),
      `${ctx.publicUrl}/student/lessons`,
      signOff(t, ctx),
    ]
      .filter((line, i, all) => line !== "" || all[i - 1] !== "")
      .join("\n"),
  };
}

/** The student's email when the teacher moved their lesson: the old time and the new one. */
export function bookingMovedEmail(
  name: string,
  lesson: LessonForMail,
  from: Date,
  ctx: MailContext,
  /** Who moved it: the teacher, or the family itself (their copy with the updated calendar file). */
  by: "teacher" | "student" = "teacher",
): MailContent {
  const { locale, t, whose } = studentVoice(ctx);
  return {
    subject: t("email.bookingMoved.subject", {
      ...whose,
      date: mailShortDate(locale, lesson.startsAt, ctx.teacherZone),
      time: mailTime(locale, lesson.startsAt, ctx.teacherZone),
    }),
    text: studentLessonText(ctx, {
      name,
      intro: [
        by === "teacher"
          ? t("email.bookingMoved.intro", { ...whose, teacher: teacherOf(t, ctx) })
          : t("email.bookingMoved.introFamily", whose),
        t("email.oldTime", { when: describeTime(from, ctx) }),
        t("email.bookingMoved.newTime"),
      ],
      lessons: studentLessonLines([lesson], ctx),
      outro: [
        t("email.bookingMoved.calendar"),
        by === "teacher"
          ? t("email.bookingMoved.reply", { url: `${ctx.publicUrl}/student/lessons` })
          : t("email.bookingMoved.lessons", { url: `${ctx.publicUrl}/student/lessons` }),
      ],
    }),
  };
}

/** The reminder says when the lesson is, never "tomorrow": it may be read on another day. */
export function lessonReminderEmail(name: string, lesson: LessonForMail, ctx: MailContext): MailContent {
  const { locale, t, whose } = studentVoice(ctx);
  const zone = ctx.studentZone ?? ctx.teacherZone;
  return {
    subject: t("email.reminder.subject", {
      ...whose,
      date: mailShortDate(locale, lesson.startsAt, zone),
      time: mailTime(locale, lesson.startsAt, zone),
    }),
    text: studentLessonText(ctx, {
      name,
      intro: [t("email.reminder.intro", { ...whose, when: describeTime(lesson.startsAt, ctx) })],
      lessons: studentLessonLines([lesson], ctx),
      outro: [t("email.reminder.outro")],
    }),
  };
}

/**
 * The payer's reminder, some days before the first lesson of an order nothing has been paid on:
 * the amount, the reference, how to pay, and the order in the portal.
 */
export function paymentReminderEmail(
  name: string,
  order: { id: string; firstLessonAt: Date; payment: PaymentForMail },
  ctx: MailContext,
): MailContent {
  const { locale, t, whose } = studentVoice(ctx);
  const values = {
    ...whose,
    amount: mailEuro(locale, order.payment.amountDue),
    reference: order.payment.reference ?? "",
    when: describeTime(order.firstLessonAt, ctx),
  };
  return {
    subject: t("email.paymentReminder.subject", values),
    text: [
      t("email.greeting", { name }),
      "",
      t("email.paymentReminder.intro", values),
      "",
      ...paymentLines(t, locale, { ...order.payment, orderUrl: payOrderUrl(ctx, order.id) }),
      "",
      t("email.paymentReminder.alreadyPaid", { teacher: teacherOf(t, ctx) }),
      signOff(t, ctx),
    ].join("\n"),
  };
}

/**
 * A freed time offered from the waitlist (issue 31, item 3): held for the reader until
 * `expiresAt`; the link shows it and books it once they sign in.
 */
export function waitlistOfferEmail(
  name: string,
  offer: { startsAt: Date; expiresAt: Date; hours: number; url: string },
  ctx: MailContext,
): MailContent {
  const { t } = studentVoice(ctx);
  const values = {
    when: describeTime(offer.startsAt, ctx),
    until: describeTime(offer.expiresAt, ctx),
    hours: offer.hours,
    teacher: teacherOf(t, ctx),
  };
  return {
    subject: t("email.waitlistOffer.subject", values),
    text: [
      t("email.greeting", { name }),
      "",
      t("email.waitlistOffer.intro", values),
      "",
      t("email.waitlistOffer.hold", values),
      offer.url,
      "",
      t("email.waitlistOffer.passOn"),
      signOff(t, ctx),
    ].join("\n"),
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
  const { t } = studentVoice(ctx);
  const isFile = item.kind === "file";
  const values = { teacher: teacherOf(t, ctx), title: item.title, url: `${ctx.publicUrl}/resources/files` };
  return {
    subject: isFile ? t("email.resourceShared.fileSubject", values) : t("email.resourceShared.noteSubject", values),
    text: [
      t("email.greeting", { name }),
      "",
      isFile ? t("email.resourceShared.file", values) : t("email.resourceShared.note", values),
      isFile ? t("email.resourceShared.whereFile", values) : t("email.resourceShared.whereNote", values),
      signOff(t, ctx),
    ].join("\n"),
  };
}

/** A receipt, invoice or credit note issued for the reader's payment, sent with its PDF. */
export function documentIssuedEmail(
  name: string,
  document: { kind: "invoice" | "receipt" | "credit_note"; number: string; total: number; reference: string | null },
  ctx: MailContext,
): MailContent {
  const { t, locale } = studentVoice(ctx);
  const values = {
    teacher: teacherOf(t, ctx),
    kind: document.kind,
    number: document.number,
    amount: mailEuro(locale, document.total),
    reference: document.reference ?? "",
    url: `${ctx.publicUrl}/student/lessons`,
  };
  return {
    subject: t("email.documentIssued.subject", values),
    text: [
      t("email.greeting", { name }),
      "",
      t("email.documentIssued.body", values),
      ...(document.kind === "invoice" ? [t("email.documentIssued.courtesy")] : []),
      t("email.documentIssued.where", values),
      signOff(t, ctx),
    ].join("\n"),
  };
}

/** What the teacher hears about a student's cancellation request: a refusal says why, in her language. */
export type CancellationOutcome = { approved: true } | { approved: false; reason: ErrorText };

export type TeacherNotice =
  | {
      kind: "teacher_new_booking";
      studentName: string;
      /** The parent or guardian who booked for the student (their contact is the one given). */
      guardianName?: string | null;
      studentEmail: string;
      studentPhone?: string | null;
      lessons: LessonForMail[];
      /** The package's name, or null for a free rebooking of a cancelled lesson. */
      packageName: string | null;
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
      night: GroupNight;
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
      kind: "teacher_cant_come";
      studentName: string;
      guardianName?: string | null;
      studentEmail: string;
      lesson: LessonForMail;
      reason: string;
      /** Why the policy gives no free change: the package's allowance spent, its notice, a single lesson. */
      policy: ErrorText;
    }
  | {
      kind: "teacher_cancellation";
      studentName: string;
      guardianName?: string | null;
      studentEmail: string;
      lesson: LessonForMail;
      reason: string;
      outcome: CancellationOutcome;
    };

/** A group conversation night as the catalogue keeps it: an English weekday name, "19:00", the place. */
export type GroupNight = { dayOfWeek: string; time: string; location: string };

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "Tuesdays at 19:00, Milano" · "il martedì alle 19:00, Milano". */
export function describeNight(locale: Locale, night: GroupNight): string {
  const index = WEEKDAYS.indexOf(night.dayOfWeek);
  // 2023-01-01 was a Sunday: the weekday's own name in the language (the stored name when unknown).
  const day =
    locale === "en" || index < 0
      ? night.dayOfWeek
      : new Intl.DateTimeFormat(INTL_TAGS[locale], { weekday: "long", timeZone: "UTC" }).format(
          Date.UTC(2023, 0, 1 + index),
        );
  return translator(locale)("email.groupNight", { day, time: night.time, location: night.location });
}

const contact = (email: string, phone?: string | null) => (phone ? `${email}, ${phone}` : email);

export function teacherNoticeEmail(notice: TeacherNotice, ctx: MailContext): MailContent {
  const locale = teacherLocaleOf(ctx);
  const t = translator(locale);
  const admin = `${ctx.publicUrl}/admin`;
  const teacherTime = { ...ctx, studentZone: null };
  const contactLine = (email: string, phone?: string | null) =>
    t("email.teacher.contact", { contact: contact(email, phone) });
  /** "Luca Ferrari", or "Luca Ferrari (booked by Anna Ferrari, parent or guardian)". */
  const learnerAndGuardian = (student: string, guardian?: string | null) =>
    guardian ? t("email.teacher.bookedByGuardian", { student, guardian }) : student;
  switch (notice.kind) {
    case "teacher_new_booking": {
      const awaiting = notice.lessons.some((l) => l.status === "pending") ? "yes" : "no";
      const packageName = notice.packageName ?? t("email.teacher.newBooking.rebooking");
      return {
        subject: t("email.teacher.newBooking.subject", { awaiting, student: notice.studentName, package: packageName }),
        text: [
          t("email.teacher.newBooking.line", {
            who: learnerAndGuardian(notice.studentName, notice.guardianName),
            awaiting,
            package: packageName,
          }),
          contactLine(notice.studentEmail, notice.studentPhone),
          "",
          lessonLines(notice.lessons, teacherTime, locale),
          "",
          awaiting === "yes"
            ? t("email.teacher.newBooking.confirm", { url: `${admin}/bookings` })
            : t("email.teacher.newBooking.review", { url: `${admin}/bookings` }),
        ].join("\n"),
      };
    }
    case "teacher_availability_request":
      return {
        subject: t("email.teacher.availability.subject", { name: notice.name }),
        text: [
          t("email.teacher.availability.wrote", { name: notice.name }),
          "",
          notice.availability,
          "",
          t("email.teacher.availability.location", { location: notice.location }),
          contactLine(notice.email, notice.phone),
          "",
          t("email.teacher.inbox", { url: `${admin}/inbox` }),
        ].join("\n"),
      };
    case "teacher_group_signup":
      return {
        subject: t("email.teacher.groupSignup.subject", { name: notice.name }),
        text: [
          t("email.teacher.groupSignup.line", { name: notice.name }),
          t("email.teacher.groupSignup.night", { night: describeNight(locale, notice.night) }),
          t("email.teacher.groupSignup.package", { package: notice.packageName }),
          contactLine(notice.email, notice.phone),
          "",
          t("email.teacher.groupSignup.remember"),
          t("email.teacher.inbox", { url: `${admin}/inbox` }),
        ].join("\n"),
      };
    case "teacher_lesson_moved":
      return {
        subject: t("email.teacher.moved.subject", { student: notice.studentName }),
        text: [
          t("email.teacher.moved.line", { student: notice.studentName }),
          t("email.oldTime", { when: describeTime(notice.from, teacherTime, locale) }),
          t("email.teacher.moved.newTime", { when: describeTime(notice.lesson.startsAt, teacherTime, locale) }),
          contactLine(notice.studentEmail),
          "",
          t("email.teacher.bookings", { url: `${admin}/bookings` }),
        ].join("\n"),
      };
    case "teacher_cant_come":
      return {
        subject: t("email.teacher.cantCome.subject", { student: notice.studentName }),
        text: [
          t("email.teacher.cantCome.line", {
            who: learnerAndGuardian(notice.studentName, notice.guardianName),
            when: describeTime(notice.lesson.startsAt, teacherTime, locale),
          }),
          t("email.reason", { reason: notice.reason }),
          t("email.teacher.cantCome.policy", { policy: policyForTeacher(t, notice.policy, locale) }),
          contactLine(notice.studentEmail),
          "",
          t("email.teacher.cantCome.answer", { url: `${admin}/bookings` }),
        ].join("\n"),
      };
    case "teacher_cancellation":
      return {
        subject: t("email.teacher.cancellation.subject", { student: notice.studentName }),
        text: [
          t("email.teacher.cancellation.line", {
            who: learnerAndGuardian(notice.studentName, notice.guardianName),
            when: describeTime(notice.lesson.startsAt, teacherTime, locale),
          }),
          t("email.reason", { reason: notice.reason }),
          t("email.teacher.cancellation.outcome", {
            outcome: notice.outcome.approved
              ? t("email.teacher.cancellation.approved")
              : t("email.teacher.cancellation.refused", { reason: errorText(notice.outcome.reason, locale) }),
          }),
          contactLine(notice.studentEmail),
          "",
          t("email.teacher.bookings", { url: `${admin}/bookings` }),
        ].join("\n"),
      };
  }
}

/** One notice to a teacher listing the times a deleted account freed; no name, no address. */
export function freedLessonsEmail(starts: Date[], ctx: MailContext): MailContent {
  const locale = teacherLocaleOf(ctx);
  const t = translator(locale);
  return {
    subject: t("email.accountDeleted.subject", { count: starts.length }),
    text: [
      t("email.accountDeleted.greeting", { teacher: teacherOf(t, ctx) }),
      "",
      t("email.accountDeleted.intro"),
      "",
      ...starts.map((at) => `- ${describeTime(at, ctx, locale)}`),
      "",
      t("email.accountDeleted.pastLessons", { name: DELETED_STUDENT_NAME }),
      "",
      `${ctx.siteName} · ${ctx.publicUrl}`,
      "",
    ].join("\n"),
  };
}

/** A lesson's report as its mail says it (issue 31, item 2). */
export type ReportForMail = {
  summary: string;
  homework: string | null;
  /** The day it is due, "YYYY-MM-DD". */
  homeworkDue: string | null;
  homeworkLink: string | null;
  homeworkFile: { title: string; url: string } | null;
  nextFocus: string | null;
  skills: { skill: string; level: string }[];
};

/**
 * The report after a lesson, to the learner or, for a child, their guardian: what was done, the
 * homework, the next focus and the skills with their levels, in the reader's language. The texts
 * are quoted as the teacher typed them.
 */
export function lessonReportEmail(
  name: string,
  lesson: LessonForMail,
  report: ReportForMail,
  ctx: MailContext,
): MailContent {
  const { locale, t, whose } = studentVoice(ctx);
  const zone = ctx.studentZone ?? ctx.teacherZone;
  const dueDate = report.homeworkDue ? new Date(`${report.homeworkDue}T12:00:00Z`) : null;
  const hasHomework = Boolean(report.homework || report.homeworkLink || report.homeworkFile);
  const homework = hasHomework
    ? [
        "",
        t("email.report.homework"),
        ...(report.homework ? [report.homework] : []),
        ...(report.homeworkFile
          ? [t("email.report.file", { title: report.homeworkFile.title, url: report.homeworkFile.url })]
          : []),
        ...(report.homeworkLink ? [t("email.report.link", { url: report.homeworkLink })] : []),
        ...(dueDate ? [t("email.report.due", { date: mailDate(locale, dueDate, "UTC") })] : []),
      ]
    : [];
  return {
    subject: t("email.report.subject", { ...whose, date: mailShortDate(locale, lesson.startsAt, zone) }),
    text: [
      t("email.greeting", { name }),
      "",
      t("email.report.intro", { ...whose, when: describeTime(lesson.startsAt, ctx) }),
      "",
      t("email.report.summary"),
      report.summary,
      ...homework,
      ...(report.nextFocus ? ["", t("email.report.nextFocus"), report.nextFocus] : []),
      ...(report.skills.length > 0
        ? ["", t("email.report.skills"), ...report.skills.map((s) => `- ${s.skill}: ${s.level}`)]
        : []),
      "",
      t("email.report.portal", { url: `${ctx.publicUrl}/student/lessons` }),
      signOff(t, ctx),
    ].join("\n"),
  };
}

/**
 * The termly report (issue 31, item 5), to the family with the PDF attached: the learner's lessons
 * of a range of days (`from`, `to`: calendar days), in the reader's language.
 */
export function termlyReportEmail(name: string, range: { from: string; to: string }, ctx: MailContext): MailContent {
  const { locale, t, whose } = studentVoice(ctx);
  const day = (date: string) =>
    formatDate(locale, `${date}T12:00:00Z`, {
      style: { year: "numeric", month: "long", day: "numeric" },
      timeZone: "UTC",
    });
  const values = { ...whose, from: day(range.from), to: day(range.to) };
  return {
    subject: t("email.termly.subject", values),
    text: [
      t("email.greeting", { name }),
      "",
      t("email.termly.intro", values),
      "",
      t("email.termly.attached"),
      "",
      t("email.termly.portal", { url: `${ctx.publicUrl}/student/progress` }),
      signOff(t, ctx),
    ].join("\n"),
  };
}

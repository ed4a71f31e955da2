// Input schemas of the admin procedures (spec §7), beside their router; the REST rows reach them
// through the procedures. Field names follow the spec's REST payloads.
import { z } from "zod";
import {
  ATTENDANCE_AUTO_HOURS_LIMIT,
  ATTENDANCE_AUTO_HOURS_MESSAGE,
  ATTENDANCE_STATUS_MESSAGE,
  ATTENDANCE_STATUSES,
  BOOKING_STATUSES,
  CANCELLATION_POLICY_OPTIONS,
  CREDIT_EXPIRY_MONTHS_LIMIT,
  CREDIT_EXPIRY_MONTHS_MESSAGE,
  DEFAULT_JITSI_BASE_URL,
  ENGLISH_LEVELS,
  FILE_FIELDS_REQUIRED_MESSAGE,
  FILE_TYPES,
  MAX_PENDING_LESSONS_LIMIT,
  MEETING_MODES,
  NOTE_FIELDS_REQUIRED_MESSAGE,
  PAYMENT_METHOD_MESSAGE,
  PAYMENT_METHODS,
  PAYMENT_REMINDER_DAYS_LIMIT,
  PAYMENT_REMINDER_DAYS_MESSAGE,
  PAYMENT_STATUSES,
  RELEASE_PENDING_HOURS_LIMIT,
  STATUS_REQUIRED_MESSAGE,
} from "../../../shared/constants.ts";
import { localeSchema } from "../../../shared/i18n/locale-schema.ts";
import { optionalPageLimit, pageLimit, pageOffset, pagingFields } from "../../../shared/paging.ts";
import {
  BUFFER_OPTIONS,
  DATE_FORMAT_OPTIONS,
  LESSON_DURATION_OPTIONS,
  MAX_ADVANCE_OPTIONS,
  SPECIALIZATIONS,
  TIME_FORMAT_OPTIONS,
  TIMEZONE_OPTIONS,
} from "../../../shared/settings-options.ts";
import { multiLineText, personName, singleLineText, toMultiLine, toSingleLine } from "../../../shared/text.ts";
import { billingProfileSchema } from "../billing/billing.schemas.ts";
import { EMAIL_STATUSES } from "./emails.service.ts";

const id = z.uuid();
/** The row a procedure reads, changes or deletes; an edit extends it with its `data`. */
export const byIdSchema = z.object({ id });
const queryBool = z.union([
  z.boolean(),
  z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1"),
]);
const optionalText = (max: number) => singleLineText(max).optional();
const nullableText = (max: number, lines: "single" | "multi" = "single") =>
  (lines === "single" ? singleLineText(max) : multiLineText(max)).nullish().transform((v) => (v ? v : null));

/**
 * An instant the database can store and every format can write. JavaScript dates reach year
 * 275760, but an ISO string past 9999 (or before year 0) is not one PostgreSQL reads.
 */
const INSTANT_RANGE_MESSAGE = "Please choose a date between the years 1900 and 2999.";
export const instant = z.coerce
  .date()
  .min(new Date("1900-01-01T00:00:00Z"), INSTANT_RANGE_MESSAGE)
  .max(new Date("2999-12-31T23:59:59Z"), INSTANT_RANGE_MESSAGE);

/** http(s) links, or a file of our own upload store. Never javascript:, data: and the like. */
export const fileUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^\/api\/files\/download\/[A-Za-z0-9._-]+$/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), {
    message: "Enter a web address starting with https:// or upload a file.",
  });

const meetingLink = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === "" || /^https:\/\/[^\s]+$/i.test(v), { message: "The meeting link must start with https://." })
  .nullish()
  .transform((v) => (v ? v : null));

/** A plain day, "YYYY-MM-DD" (read in the teacher's zone). */
const dateKey = z
  .string()
  .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/, "Use a date like 2031-03-03.")
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: "Use a date like 2031-03-03.",
    },
  );

// ---- bookings ----
export const teacherFilterSchema = z.union([z.literal("all"), z.literal("mine"), z.uuid()]);
export const listBookingsSchema = z.object({
  // "past_pending": pending lessons whose time has passed, for the teacher to settle.
  status: z
    .enum(BOOKING_STATUSES)
    .or(z.enum(["all", "past_pending"]))
    .optional(),
  ...pagingFields(50),
  teacher_filter: teacherFilterSchema.default("all"),
  search: optionalText(200),
  // Optional additions to the spec's query: the dashboard's Recent Bookings keep the creation
  // order; the bookings list asks for lesson time and a range of days in the teacher's zone.
  sort: z.enum(["created", "lesson_time"]).default("created"),
  from: dateKey.optional(),
  to: dateKey.optional(),
});
/** The teacher's agenda: one day or the Monday-to-Sunday week holding `date` (default today). */
export const agendaSchema = z.object({
  view: z.enum(["day", "week"]).default("day"),
  date: dateKey.optional(),
});
export const updateBookingSchema = z.object({
  status: z.enum(BOOKING_STATUSES, { error: STATUS_REQUIRED_MESSAGE }),
  notes: nullableText(5000, "multi").optional(),
  teacher_id: id.nullable().optional(),
  google_meet_link: meetingLink.optional(),
  location: nullableText(300).optional(),
  /** A new time moves the lesson (the teacher's move: her free time, no 48-hour notice). */
  lesson_date: z.iso.datetime({ offset: true, error: "Please choose a valid new date and time." }).optional(),
});
export type UpdateBookingInput = z.infer<typeof updateBookingSchema>;

// ---- orders and payments ----
export const listOrdersSchema = z.object({
  // "owed": orders with an amount still due (not paid in full, not refunded, not wholly cancelled).
  filter: z.enum(["all", "owed"]).default("all"),
  ...pagingFields(50),
});
/** A whole order confirmed or declined in one action (PUT /api/admin/orders/{orderId}). */
/** The new default meeting link for the upcoming lessons, and the one it replaces (issue 33). */
export const applyMeetingLinkSchema = z.object({
  link: z
    .string()
    .trim()
    .max(500)
    .refine((v) => /^https:\/\/[^\s]+$/i.test(v), { message: "The meeting link must start with https://." }),
  previous: z.string().trim().max(500).nullish(),
});

export const updateOrderSchema = z.object({
  status: z.enum(["confirmed", "cancelled"], { error: "Please choose confirmed or cancelled." }),
  /** Confirming: the link of its online lessons that have none (the confirm dialog's field). */
  meeting_link: meetingLink,
});
export const recordPaymentSchema = z.object({
  payment_status: z.enum(PAYMENT_STATUSES, { error: "Please choose a payment status." }),
  // Euros at the edge; integer cents in the database.
  amount: z.coerce
    .number({ error: "Please enter the amount in euro." })
    .min(0, "The amount cannot be negative.")
    .max(100_000, "The amount is too large."),
  date: z.iso.date("Please enter the payment date."),
  /** How it was paid, when the client knows; the entry's method stays unrecorded otherwise. */
  method: z.enum(PAYMENT_METHODS, { error: PAYMENT_METHOD_MESSAGE }).optional(),
});
export type RecordPaymentInput = z.infer<typeof recordPaymentSchema>;

/** A create's `idempotency_key` (an `Idempotency-Key` header wins over it): a repeat is one change. */
export const idempotencyKeyField = singleLineText(200).min(1).optional();
/**
 * One entry of an order's payments (POST /api/admin/orders/{orderId}/payments): a payment, or a
 * refund as a negative amount, in euro. Over the total only when `allow_overpayment` says so.
 */
export const addPaymentSchema = z.object({
  amount: z.coerce
    .number({ error: "Please enter the amount in euro." })
    .min(-100_000, "The amount is too large.")
    .max(100_000, "The amount is too large.")
    .refine((euro) => Math.round(euro * 100) !== 0, "The amount cannot be zero."),
  method: z.enum(PAYMENT_METHODS, { error: PAYMENT_METHOD_MESSAGE }),
  date: z.iso.date("Please enter the payment date."),
  note: singleLineText(500).default(""),
  allow_overpayment: z.boolean().default(false),
  idempotency_key: idempotencyKeyField,
});
export type AddPaymentInput = z.infer<typeof addPaymentSchema>;
/** A wrong entry reversed by another of the opposite amount, dated today unless told. */
export const reversePaymentSchema = z.object({
  date: z.iso.date("Please enter the payment date.").optional(),
  note: singleLineText(500).default(""),
  idempotency_key: idempotencyKeyField,
});
export type ReversePaymentInput = z.infer<typeof reversePaymentSchema>;

// ---- settings ----
export const profileSettingsSchema = z.object({
  name: personName(120, "Please enter your name."),
  email: z.email("Please enter a valid email address.").max(200),
  phone: singleLineText(40).default(""),
  bio: multiLineText(4000).default(""),
  image_url: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === "" || /^\/api\/files\/download\/[A-Za-z0-9._-]+$/.test(v) || /^https:\/\/[^\s]+$/i.test(v), {
      message: "The photo must be an uploaded image or an https:// address.",
    })
    .nullish()
    // Absent keeps the saved photo (an update that does not mention it must not wipe it);
    // null or "" removes it.
    .transform((v) => (v === undefined ? undefined : v || null)),
  specializations: z
    .array(z.enum(SPECIALIZATIONS))
    .max(SPECIALIZATIONS.length)
    .refine((list) => new Set(list).size === list.length, { message: "Each specialization can be chosen only once." }),
});
const literalNumber = <T extends readonly number[]>(values: T) =>
  z.coerce.number().refine((v) => values.includes(v), { message: `Choose one of ${values.join(", ")}.` });
/** A whole number from 1 to `max`, or null (empty in the form) for "none"; absent keeps the saved one. */
const wholeNumberOrNone = (max: number, what: string) => {
  const message = `${what} must be a whole number from 1 to ${max}, or empty.`;
  return z
    .preprocess(
      (v) => (v === "" ? null : v),
      z.number({ error: message }).int(message).min(1, message).max(max, message).nullable(),
    )
    .optional();
};
export const businessSettingsSchema = z.object({
  defaultLessonDuration: literalNumber(LESSON_DURATION_OPTIONS),
  bufferBetweenLessons: literalNumber(BUFFER_OPTIONS),
  maxAdvanceBooking: literalNumber(MAX_ADVANCE_OPTIONS),
  cancellationPolicy: z.enum(CANCELLATION_POLICY_OPTIONS),
  timezone: z.enum(TIMEZONE_OPTIONS),
  defaultMeetingLink: meetingLink,
  // Absent keeps what is saved (clients that predate the field must not wipe it).
  paymentInstructions: multiLineText(2000).optional(),
  // Null: as many as the catalogue's largest package. Absent keeps what is saved, as above.
  maxPendingLessons: wholeNumberOrNone(MAX_PENDING_LESSONS_LIMIT, "The limit of pending lessons"),
  // Null: pending lessons are never released by themselves. Absent keeps what is saved.
  releasePendingAfterHours: wholeNumberOrNone(RELEASE_PENDING_HOURS_LIMIT, "The hours before release"),
  // How many months prepaid lesson credits stay valid (issue 30). Absent keeps what is saved.
  creditExpiryMonths: z.coerce
    .number({ error: CREDIT_EXPIRY_MONTHS_MESSAGE })
    .int(CREDIT_EXPIRY_MONTHS_MESSAGE)
    .min(1, CREDIT_EXPIRY_MONTHS_MESSAGE)
    .max(CREDIT_EXPIRY_MONTHS_LIMIT, CREDIT_EXPIRY_MONTHS_MESSAGE)
    .optional(),
  // Days before the first lesson an unpaid order's payer is reminded; 0 is off. Absent keeps what is saved.
  paymentReminderDays: z.coerce
    .number({ error: PAYMENT_REMINDER_DAYS_MESSAGE })
    .int(PAYMENT_REMINDER_DAYS_MESSAGE)
    .min(0, PAYMENT_REMINDER_DAYS_MESSAGE)
    .max(PAYMENT_REMINDER_DAYS_LIMIT, PAYMENT_REMINDER_DAYS_MESSAGE)
    .optional(),
  // Hours after a lesson's end it is marked attended when nobody marked it (issue 31); 0 is never.
  // Absent keeps what is saved.
  attendanceAutoHours: z.coerce
    .number({ error: ATTENDANCE_AUTO_HOURS_MESSAGE })
    .int(ATTENDANCE_AUTO_HOURS_MESSAGE)
    .min(0, ATTENDANCE_AUTO_HOURS_MESSAGE)
    .max(ATTENDANCE_AUTO_HOURS_LIMIT, ATTENDANCE_AUTO_HOURS_MESSAGE)
    .optional(),
});
export const WEEKLY_CAP_MESSAGE = "The weekly cap must be a whole number of lessons from 1 to 50, or empty for no cap.";
/** A learner's or a family's weekly cap (issue 31, item 7): null (or empty) lifts it. */
export const weeklyCapSchema = byIdSchema.extend({
  data: z.object(
    {
      weeklyCap: z.preprocess(
        (v) => (v === "" ? null : v),
        z
          .number({ error: WEEKLY_CAP_MESSAGE })
          .int(WEEKLY_CAP_MESSAGE)
          .min(1, WEEKLY_CAP_MESSAGE)
          .max(50, WEEKLY_CAP_MESSAGE)
          .nullable(),
      ),
    },
    { error: WEEKLY_CAP_MESSAGE },
  ),
});
/** The teacher's mark once a lesson has started (issue 31, item 1). */
export const attendanceSchema = z.object({
  status: z.enum(ATTENDANCE_STATUSES, { error: ATTENDANCE_STATUS_MESSAGE }),
});
/** The teacher's one tap on a family's "I can't come" (issue 31, item 6). */
export const cantComeAnswerSchema = z.object({
  requestId: id,
  answer: z.enum(["waive", "forfeit"]),
});
export const systemSettingsSchema = z.object({
  dateFormat: z.enum(DATE_FORMAT_OPTIONS),
  timeFormat: z.enum(TIME_FORMAT_OPTIONS),
  autoConfirmBookings: z.boolean(),
  // The language of the teacher's own emails (issue 29). Absent keeps what is saved.
  teacherLocale: localeSchema.optional(),
});
/** The address Jitsi rooms are made under: https, no query, no fragment; kept without a final "/". */
const jitsiBaseUrl = z
  .string()
  .trim()
  .max(200)
  .refine(
    (v) => {
      if (!/^https:\/\/[^\s?#]+$/i.test(v)) return false;
      try {
        return new URL(v).protocol === "https:";
      } catch {
        return false;
      }
    },
    { message: "The Jitsi address must start with https:// and hold no ? or #." },
  )
  .transform((v) => v.replace(/\/+$/, ""));
export const meetingSettingsSchema = z
  .object({
    mode: z.enum(MEETING_MODES, { error: "Please choose how online lessons get their meeting link." }),
    fixedLink: meetingLink,
    jitsiBaseUrl: jitsiBaseUrl.default(DEFAULT_JITSI_BASE_URL),
  })
  .refine((m) => m.mode !== "fixed" || m.fixedLink !== null, {
    message: "Enter your personal meeting link to give it to every online lesson.",
    path: ["fixedLink"],
  });
export type MeetingSettings = z.output<typeof meetingSettingsSchema>;
export const updateSettingsSchema = z.object({
  settings: z.object({
    profile: profileSettingsSchema,
    business: businessSettingsSchema,
    system: systemSettingsSchema,
    // Issue 31: how online lessons get their link, and the holidays as days off every year.
    // Absent keeps what is saved (clients that predate them).
    meetings: meetingSettingsSchema.optional(),
    holidays: z.object({ applyAlways: z.boolean() }).optional(),
    // Issue 30: who is paid. Absent keeps what is saved (clients that predate it).
    billing: billingProfileSchema.optional(),
  }),
});
export type SettingsInput = z.infer<typeof updateSettingsSchema>["settings"];

// ---- student notes ----
const tagsSchema = z.union([singleLineText(1000), z.array(singleLineText(100)).max(50)]).optional();
export const listNotesSchema = z.object({
  student_id: id.optional(),
  ...pagingFields(50),
  search: optionalText(200),
  tag: optionalText(60),
  private_only: queryBool.optional(),
});
export const createNoteSchema = z.object({
  student_id: z.uuid({ error: NOTE_FIELDS_REQUIRED_MESSAGE }),
  teacher_note: z
    .string({ error: NOTE_FIELDS_REQUIRED_MESSAGE })
    .overwrite(toMultiLine)
    .trim()
    .min(1, NOTE_FIELDS_REQUIRED_MESSAGE)
    .max(10_000),
  note_date: instant.optional(),
  tags: tagsSchema,
  is_private: z.boolean().default(false),
  booking_id: id.nullish(),
  idempotency_key: idempotencyKeyField,
});
export const updateNoteSchema = z.object({
  teacher_note: multiLineText(10_000).min(1, "Please enter a note."),
  note_date: instant.optional(),
  tags: tagsSchema,
  is_private: z.boolean().optional(),
  booking_id: id.nullish(),
});

// ---- shared files ----
export const listSharedFilesSchema = z.object({
  student_id: id.optional(),
  ...pagingFields(50),
  file_type: z.enum(FILE_TYPES).optional(),
  is_active: queryBool.optional(),
  search: optionalText(200),
});
const required = (max: number) =>
  z
    .string({ error: FILE_FIELDS_REQUIRED_MESSAGE })
    .overwrite(toSingleLine)
    .trim()
    .min(1, FILE_FIELDS_REQUIRED_MESSAGE)
    .max(max);
export const createSharedFileSchema = z.object({
  student_id: z.uuid({ error: FILE_FIELDS_REQUIRED_MESSAGE }),
  title: required(200),
  description: nullableText(2000, "multi"),
  file_type: z.enum(FILE_TYPES).default("document"),
  file_url: z
    .string({ error: FILE_FIELDS_REQUIRED_MESSAGE })
    .trim()
    .min(1, FILE_FIELDS_REQUIRED_MESSAGE)
    .pipe(fileUrlSchema),
  is_active: z.boolean().default(true),
  file_size: z
    .number()
    .int()
    .min(0)
    .max(10 * 1024 ** 3)
    .nullish(),
  idempotency_key: idempotencyKeyField,
});
export const updateSharedFileSchema = createSharedFileSchema
  .omit({ student_id: true, idempotency_key: true })
  .partial({ is_active: true, file_type: true });
export const setFileActiveSchema = byIdSchema.extend({ is_active: z.boolean() });

// ---- students & inbox ----
// Without a limit the whole list (the student pickers of the notes and files forms need it).
export const listStudentsSchema = z.object({
  search: optionalText(200),
  level: z.enum(ENGLISH_LEVELS).optional(),
  limit: optionalPageLimit(),
  offset: pageOffset(),
});
// The inbox pages its two lists on their own.
export const inboxQuerySchema = z.object({
  limit: pageLimit(50),
  requests_offset: pageOffset("requests_offset"),
  signups_offset: pageOffset("signups_offset"),
});
export const markHandledSchema = z.object({
  id,
  kind: z.enum(["availability-request", "group-signup"]),
  handled: z.boolean().default(true),
});

export const listEmailsSchema = z.object({
  status: z.enum(["all", ...EMAIL_STATUSES]).default("all"),
  ...pagingFields(25, 100),
});

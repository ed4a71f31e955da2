// Input schemas of the booking procedures, beside their router (the availability ones are in
// availability/availability.schemas.ts).
import { z } from "zod";
import {
  INVALID_EMAIL_MESSAGE,
  INVALID_REFERRAL_CODE_MESSAGE,
  LEARNER_AGE_GROUP_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  STUDENT_DETAILS_MESSAGES,
} from "../../../shared/constants.ts";
import { localeSchema } from "../../../shared/i18n/locale-schema.ts";
import { LEARNER_AGE_GROUPS } from "../../../shared/learner-options.ts";
import { hasVisibleCharacter, multiLineText, personName, singleLineText } from "../../../shared/text.ts";
import { payerBillingSchema } from "../billing/billing.schemas.ts";

// Single-line fields lose line breaks and control characters at the edge (shared/text.ts).
const text = singleLineText;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const optionalText = (max: number) => text(max).optional().nullable();
const englishLevel = z.enum(["beginner", "intermediate", "advanced"], {
  error: STUDENT_DETAILS_MESSAGES.english_level,
});
const lessonType = z.enum(["online", "in-person"], { error: "Please choose an online or in-person lesson" });

/** The details form as the booking payloads carry it. The email is always the signed-in account's. */
export const studentInfoSchema = z.object({
  name: personName(120, STUDENT_DETAILS_MESSAGES.student_name),
  email: optionalText(254),
  phone: text(40).min(1, STUDENT_DETAILS_MESSAGES.guardian_phone),
  english_level: englishLevel,
  lesson_focus: multiLineText(2000).min(1, STUDENT_DETAILS_MESSAGES.lesson_focus),
  preferred_type: optionalText(40),
  preferred_location: optionalText(300),
  notes: multiLineText(2000).optional().nullable(),
  /**
   * The age confirmation's answer: "adult" (the account holder is the learner, 18 or older) or
   * "guardian" (a parent or guardian books for the learner named above). Absent means "adult".
   */
  age_confirmation: z
    .enum(["adult", "guardian"], { error: "Please confirm the age requirement" })
    .optional()
    .nullable(),
  /**
   * Issue 31: the age group of a learner this booking names for the first time (absent: a child
   * when a guardian books, an adult otherwise).
   */
  age_group: z.enum(LEARNER_AGE_GROUPS, { error: LEARNER_AGE_GROUP_MESSAGE }).optional().nullable(),
  /** The browser's IANA zone (Intl), so emails can show the student's own time too. */
  timezone: text(64).refine(isTimeZone, "Unknown time zone").optional().nullable(),
});
export type StudentInfoInput = z.infer<typeof studentInfoSchema>;

export const groupAddOnSchema = z
  .object({
    event_id: text(100).min(1, "Please choose a night"),
    package_id: text(100).min(1, "Please choose a package"),
  })
  .nullable()
  .optional();

const lessonDate = text(64).min(1, "A lesson date is required");
const idempotencyKey = text(200).min(1).optional().nullable();
const referralCode = optionalText(64);
/**
 * The fields every booking payload ends with: a group add-on, a referral code, a retry key, and the
 * language of the page the booking was made on (absent, from an integration: the account's).
 */
const bookingExtras = {
  group_conversation: groupAddOnSchema,
  referralCode,
  idempotencyKey,
  locale: localeSchema.optional(),
  /**
   * Issue 30: fewer lessons than the package has may be booked now; the order is the whole
   * package and the rest stay as lessons in the family's ledger. Absent, the count must match.
   */
  bookRestLater: z.boolean().optional(),
  /**
   * Issue 30: the payer's fiscal data, given on the details step when the teacher's regime needs it
   * (`PUT /api/student/profile`'s `billing`): kept on the account before the lessons are booked.
   */
  billing: payerBillingSchema.optional(),
  /**
   * Issue 31: one of the family's learners (`GET /api/student/learners`); the lessons are theirs
   * and carry their name. Absent, studentInfo's name finds the learner or creates them.
   */
  learner_id: optionalText(64),
};

export const singleBookingSchema = z.object({
  studentInfo: studentInfoSchema,
  lesson_date: lessonDate,
  lessonType,
  teacher_id: optionalText(64),
  packageId: optionalText(100),
  location: optionalText(300),
  ...bookingExtras,
});
export type SingleBookingInput = z.infer<typeof singleBookingSchema>;

export const packageBookingSchema = z.object({
  studentInfo: studentInfoSchema,
  lesson_dates: z.array(lessonDate).min(1, STUDENT_DETAILS_MESSAGES.noSlots).max(60),
  lessonType,
  location: optionalText(300),
  teacher_id: optionalText(64),
  packageInfo: z.object({
    id: text(100).min(1, "A package is required"),
    name: optionalText(200),
    lessons: z.number().int().optional().nullable(),
    totalPrice: z.number().optional().nullable(),
  }),
  ...bookingExtras,
});
export type PackageBookingInput = z.infer<typeof packageBookingSchema>;

export const quoteSchema = z.object({
  packageId: text(100).min(1, "A package is required"),
  groupPackageId: optionalText(100),
  referralCode,
});
export type QuoteInput = z.infer<typeof quoteSchema>;

export const validatePriceSchema = z.object({
  packageId: text(100).min(1, "A package is required"),
  totalPrice: z.number({ error: "totalPrice must be a number" }).finite(),
  lessons: z.number({ error: "lessons must be a number" }).int(),
  groupPackageId: optionalText(100),
  referralCode,
});
export type ValidatePriceInput = z.infer<typeof validatePriceSchema>;

export const bookingIdSchema = z.object({ id: text(64).min(1) });
/** A package by its id (the catalogue's ids are slugs, not uuids). */
export const packageIdSchema = z.object({ id: z.string().min(1).max(100) });

export const groupConversationBookingSchema = z.object({
  event_id: text(100).min(1, "Please choose a night"),
  package_id: text(100).min(1, "Please choose a package"),
  // Empty means the account's own name; a name given must be one a person can read.
  name: optionalText(120).refine((name) => !name || hasVisibleCharacter(name), NAME_REQUIRED_MESSAGE),
  email: optionalText(254),
  phone: optionalText(40),
});
export type GroupConversationBookingInput = z.infer<typeof groupConversationBookingSchema>;

/** The /ref sign-up's one refusal for any missing or malformed field (spec). */
export const REQUIRED_FIELDS = "Please fill in all required fields";
/** The /ref profile form: name, email, phone and englishLevel required. */
export const referralSignupSchema = z.object({
  name: personName(120, REQUIRED_FIELDS),
  email: z.email(INVALID_EMAIL_MESSAGE).max(254),
  phone: text(40).min(1, REQUIRED_FIELDS),
  englishLevel: z.enum(["beginner", "intermediate", "advanced"], { error: REQUIRED_FIELDS }),
  lessonFocus: multiLineText(2000).optional().nullable(),
  preferredType: z.enum(["online", "in-person", "either"]).optional().nullable().or(z.literal("")),
  preferredLocation: optionalText(300),
  notes: multiLineText(2000).optional().nullable(),
  referralCode: text(64).min(1, INVALID_REFERRAL_CODE_MESSAGE),
});
export type ReferralSignupInput = z.infer<typeof referralSignupSchema>;

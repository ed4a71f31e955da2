// Input schemas of the student portal's procedures, beside their router; the REST rows reach them
// through the procedures.
import { z } from "zod";
import {
  CANCEL_REASON_REQUIRED_MESSAGE,
  ENGLISH_LEVELS,
  INVALID_EMAIL_MESSAGE,
  LEARNER_AGE_GROUP_MESSAGE,
  LEARNER_LEVEL_MESSAGE,
  LEARNER_NAME_MESSAGE,
  NAME_REQUIRED_MESSAGE,
} from "../../../shared/constants.ts";
import { localeSchema } from "../../../shared/i18n/locale-schema.ts";
import { LEARNER_AGE_GROUPS, LEARNER_LEVELS } from "../../../shared/learner-options.ts";
import { pagingFields } from "../../../shared/paging.ts";
import { multiLineText, personName, singleLineText } from "../../../shared/text.ts";
import { idempotencyKeyField } from "../admin/admin.schemas.ts";
import { payerBillingSchema } from "../billing/billing.schemas.ts";

const optionalText = (max: number, lines: "single" | "multi" = "single") =>
  (lines === "single" ? singleLineText(max) : multiLineText(max)).nullish().transform((v) => (v ? v : null));

export const lessonsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
  upcoming: z.boolean().optional(),
});

export const orderIdSchema = z.object({ id: z.uuid() });

export const profileUpdateSchema = z.object({
  name: personName(120, NAME_REQUIRED_MESSAGE),
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
  /** The language of everything that reaches the student (issue 29); unchanged when absent. */
  locale: localeSchema.optional(),
  /** The payer's fiscal data for receipts and invoices (issue 30); unchanged when absent. */
  billing: payerBillingSchema.optional(),
});

export const referralInviteSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email(INVALID_EMAIL_MESSAGE).max(254)),
  name: singleLineText(120).optional(),
});

/** The /ref page's lookup; the service checks the code's form, so a malformed one is "not found". */
export const referralLookupSchema = z.object({ code: z.string().max(200) });

/** The cancellation and move checks: any string, so a malformed id is "not found" like a foreign one. */
export const lessonCheckSchema = z.object({ bookingId: z.string().max(200) });

export const cancellationRequestSchema = z.object({
  booking_id: z.string().trim().min(1).max(100),
  reason: multiLineText(1000).min(1, CANCEL_REASON_REQUIRED_MESSAGE),
});

export const rebookSchema = z.object({
  /** A make-up credit; absent (issue 30), a lesson left in the family's ledger. */
  credit_id: z.uuid().optional(),
  lesson_date: z.iso.datetime({ offset: true }),
  idempotency_key: idempotencyKeyField,
});

export const studentOrdersSchema = z.object(pagingFields(50));

export const moveLessonSchema = z.object({
  booking_id: z.string().trim().min(1).max(100),
  lesson_date: z.iso.datetime({ offset: true }),
  idempotency_key: idempotencyKeyField,
});

export const noteSeenSchema = z.object({ noteId: z.uuid() });

export const fileAccessSchema = z.object({
  fileId: z.uuid(),
  accessType: z.enum(["download", "view"]),
});

const DELETE_CONFIRMATION_WORD = "DELETE";
const DELETE_CONFIRMATION_MESSAGE = `Type ${DELETE_CONFIRMATION_WORD} to confirm that you want to delete your account.`;

/** Erasure of the account (privacy.service.ts): the student types the word to confirm. */
export const deleteAccountSchema = z.object({
  confirmation: z
    .string({ error: DELETE_CONFIRMATION_MESSAGE })
    .refine((v) => v.trim() === DELETE_CONFIRMATION_WORD, { message: DELETE_CONFIRMATION_MESSAGE }),
});

/** The language the sidebar switch saves for the account (portal.saveLocale). */
export const localeUpdateSchema = z.object({ locale: localeSchema });

/** A learner of the family (issue 31): `POST /api/student/learners`, and `PUT` with its id. */
export const learnerInputSchema = z.object({
  name: personName(120, LEARNER_NAME_MESSAGE),
  ageGroup: z.enum(LEARNER_AGE_GROUPS, { error: LEARNER_AGE_GROUP_MESSAGE }),
  // Empty is no level.
  level: z
    .enum([...LEARNER_LEVELS, ""], { error: LEARNER_LEVEL_MESSAGE })
    .nullish()
    .transform((v) => v || null),
  goals: optionalText(2000, "multi"),
});
export type LearnerInput = z.infer<typeof learnerInputSchema>;
export const learnerUpdateSchema = z.object({ id: z.string().max(64), data: learnerInputSchema });
/** The family's notes, files or results of one learner (absent: every learner's). */
export const learnerFilterSchema = z.object({ learner_id: z.string().max(64).optional() }).prefault({});

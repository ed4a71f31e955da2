// Input of the waitlist procedures (issue 31, item 3): `{ startTime }` or `{ weekday, from, to }`.
import { z } from "zod";
import { STUDENT_DETAILS_MESSAGES, WAITLIST_SHAPE_MESSAGE } from "../../../shared/constants.ts";
import { localeSchema } from "../../../shared/i18n/locale-schema.ts";
import { multiLineText, singleLineText } from "../../../shared/text.ts";

const shape = { error: WAITLIST_SHAPE_MESSAGE };

export const waitlistJoinSchema = z.object({
  /** An instant with its offset ("2026-12-09T14:00:00+01:00"): the taken time to wait for. */
  startTime: singleLineText(64).optional().nullable(),
  /** 1 Monday .. 7 Sunday, with from and to ("14:00", "18:00") on the teacher's clock. */
  weekday: z.coerce
    .number(shape)
    .int(WAITLIST_SHAPE_MESSAGE)
    .min(1, WAITLIST_SHAPE_MESSAGE)
    .max(7, WAITLIST_SHAPE_MESSAGE)
    .optional()
    .nullable(),
  from: singleLineText(5).optional().nullable(),
  to: singleLineText(5).optional().nullable(),
  /** The page's language: the offers' emails speak it (absent: the account's). */
  locale: localeSchema.optional(),
});
export type WaitlistJoinInput = z.infer<typeof waitlistJoinSchema>;

export const waitlistIdSchema = z.object({ id: singleLineText(64) });

/** Accepting an offer: the details the booking needs, when the family's last lesson does not have them. */
export const waitlistAcceptSchema = z.object({
  id: singleLineText(64),
  phone: singleLineText(40).min(1, STUDENT_DETAILS_MESSAGES.guardian_phone).optional().nullable(),
  english_level: z
    .enum(["beginner", "intermediate", "advanced"], { error: STUDENT_DETAILS_MESSAGES.english_level })
    .optional()
    .nullable(),
  lesson_focus: multiLineText(2000).min(1, STUDENT_DETAILS_MESSAGES.lesson_focus).optional().nullable(),
  locale: localeSchema.optional(),
});
export type WaitlistAcceptInput = z.infer<typeof waitlistAcceptSchema>;

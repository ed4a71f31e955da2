// What the teacher sends for a lesson's report (issue 31, item 2) and what the family sends to
// tick its homework. Empty optional texts are "none", so a form can send every field.
import { z } from "zod";
import {
  HOMEWORK_DONE_MESSAGE,
  REPORT_DUE_MESSAGE,
  REPORT_FILE_MESSAGE,
  REPORT_LEVEL_MESSAGE,
  REPORT_LINK_MESSAGE,
  REPORT_SKILL_MESSAGE,
  REPORT_SKILLS_MESSAGE,
  REPORT_SUMMARY_MESSAGE,
  REPORT_TEXT_MESSAGE,
} from "../../../shared/constants.ts";
import { CEFR_LEVELS, REPORT_SKILLS_LIMIT } from "../../../shared/learner-options.ts";

const TEXT_LIMIT = 4000;

/** An optional text: trimmed, "" and null are none. */
const optionalText = z
  .string({ error: REPORT_TEXT_MESSAGE })
  .trim()
  .max(TEXT_LIMIT, REPORT_TEXT_MESSAGE)
  .nullish()
  .transform((v) => v || null);

const isCalendarDate = (v: string) => {
  const date = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === v;
};

const skillSchema = z.object({
  skill: z.string({ error: REPORT_SKILL_MESSAGE }).trim().min(1, REPORT_SKILL_MESSAGE).max(60, REPORT_SKILL_MESSAGE),
  // "b1" is read as B1; anything else is refused with the levels named.
  level: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
    z.enum(CEFR_LEVELS, { error: REPORT_LEVEL_MESSAGE }),
  ),
});

export const lessonReportSchema = z.object({
  summary: z
    .string({ error: REPORT_SUMMARY_MESSAGE })
    .trim()
    .min(1, REPORT_SUMMARY_MESSAGE)
    .max(TEXT_LIMIT, REPORT_TEXT_MESSAGE),
  homework: optionalText,
  homeworkDue: z
    .string({ error: REPORT_DUE_MESSAGE })
    .trim()
    .refine((v) => v === "" || isCalendarDate(v), { message: REPORT_DUE_MESSAGE })
    .nullish()
    .transform((v) => v || null),
  homeworkLink: z
    .string({ error: REPORT_LINK_MESSAGE })
    .trim()
    .max(2000, REPORT_LINK_MESSAGE)
    .refine((v) => v === "" || /^https?:\/\/[^\s]+$/i.test(v), { message: REPORT_LINK_MESSAGE })
    .nullish()
    .transform((v) => v || null),
  homeworkFileId: z
    .string({ error: REPORT_FILE_MESSAGE })
    .trim()
    .refine((v) => v === "" || z.uuid().safeParse(v).success, { message: REPORT_FILE_MESSAGE })
    .nullish()
    .transform((v) => v || null),
  nextFocus: optionalText,
  skills: z
    .array(skillSchema, { error: REPORT_SKILLS_MESSAGE })
    .max(REPORT_SKILLS_LIMIT, REPORT_SKILLS_MESSAGE)
    .refine((skills) => new Set(skills.map((s) => s.skill.toLowerCase())).size === skills.length, {
      message: REPORT_SKILLS_MESSAGE,
    })
    .nullish()
    .transform((v) => v ?? []),
  // Saving again edits the report without emailing it; `sendAgain` emails it once more.
  sendAgain: z.boolean().optional().default(false),
});
export type LessonReportInput = z.output<typeof lessonReportSchema>;

/** The family ticks (or unticks) a lesson's homework. */
export const homeworkDoneSchema = z.object({
  bookingId: z.string().max(200),
  done: z.boolean({ error: HOMEWORK_DONE_MESSAGE }),
});

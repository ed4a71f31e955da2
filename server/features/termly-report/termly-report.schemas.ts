// What the teacher asks of a termly report (issue 31, item 5): a range of calendar days, the
// learner of the family (absent: the account holder's own or the family's only one), and her
// comment. The same fields read the preview's query string and the sending's body.
import { z } from "zod";
import { daysInRange, isCalendarDay, TERMLY_COMMENT_LIMIT, TERMLY_MAX_DAYS } from "../../../shared/termly-report.ts";
import { toMultiLine } from "../../../shared/text.ts";

export const TERMLY_DATES_MESSAGE = "Please choose the report's dates: from and to, each a day written YYYY-MM-DD.";
export const TERMLY_ORDER_MESSAGE = "The report's start date must not be after its end date.";
export const TERMLY_RANGE_MESSAGE = "A report covers at most 400 days.";
export const TERMLY_COMMENT_MESSAGE = "The comment can be at most 2000 characters.";
export const TERMLY_NO_EMAIL_MESSAGE = "This family has no email address, so the report cannot be emailed.";

const day = z.string({ error: TERMLY_DATES_MESSAGE }).trim().refine(isCalendarDay, { message: TERMLY_DATES_MESSAGE });

const fields = {
  from: day,
  to: day,
  learner_id: z.string().trim().max(100).optional(),
  comment: z
    .string({ error: TERMLY_COMMENT_MESSAGE })
    .overwrite(toMultiLine)
    .trim()
    .max(TERMLY_COMMENT_LIMIT, TERMLY_COMMENT_MESSAGE)
    .optional(),
};

/** The range in order and within the limit; its messages name which rule failed. */
const inRange = <T extends { from: string; to: string }>(schema: z.ZodType<T>) =>
  schema
    .refine((v) => v.from <= v.to, { message: TERMLY_ORDER_MESSAGE })
    .refine((v) => v.from > v.to || daysInRange(v.from, v.to) <= TERMLY_MAX_DAYS, { message: TERMLY_RANGE_MESSAGE });

export const termlyReportQuerySchema = inRange(z.object(fields));
export type TermlyReportQuery = z.output<typeof termlyReportQuerySchema>;

/** `POST /api/admin/students/{id}/report`: the student, and the body's range and comment. */
export const termlyReportSendSchema = z.object({
  id: z.string().trim().max(100),
  data: inRange(z.object({ ...fields, idempotency_key: z.string().trim().min(1).max(200).optional() })),
});
export type TermlyReportSend = z.output<typeof termlyReportSendSchema>;

// The money view's range (issue 30, item 7): a calendar year, or a span of months written YYYY-MM,
// by default the twelve months up to the current one in the teacher's zone.
import { z } from "zod";

export const MONEY_YEAR_MESSAGE = "Please choose a year from 2000 to 2100.";
export const MONEY_MONTH_MESSAGE = "Please write months as YYYY-MM, from 2000-01 to 2100-12.";
export const MONEY_RANGE_MESSAGE = "Please choose at most 36 months, the first not after the last.";
/** The longest span one request reads: three years side by side. */
export const MONEY_MAX_MONTHS = 36;

const month = z.string({ message: MONEY_MONTH_MESSAGE }).regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, MONEY_MONTH_MESSAGE);

export const moneyRangeSchema = z.object({
  year: z.coerce
    .number({ message: MONEY_YEAR_MESSAGE })
    .int(MONEY_YEAR_MESSAGE)
    .min(2000, MONEY_YEAR_MESSAGE)
    .max(2100, MONEY_YEAR_MESSAGE)
    .optional(),
  from: month.optional(),
  to: month.optional(),
});
export type MoneyRangeInput = z.infer<typeof moneyRangeSchema>;

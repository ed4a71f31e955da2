import { z } from "zod";
import { personName } from "../../../shared/text.ts";
import { idempotencyKeyField } from "../admin/admin.schemas.ts";

export const ADJUSTMENT_LESSONS_MESSAGE = "The adjustment must be a whole number of lessons from -100 to 100, not 0.";
export const ADJUSTMENT_REASON_MESSAGE = "Please give a reason for the adjustment.";

export const creditAdjustmentSchema = z.object({
  lessons: z
    .number({ error: ADJUSTMENT_LESSONS_MESSAGE })
    .int(ADJUSTMENT_LESSONS_MESSAGE)
    .min(-100, ADJUSTMENT_LESSONS_MESSAGE)
    .max(100, ADJUSTMENT_LESSONS_MESSAGE)
    .refine((n) => n !== 0, { message: ADJUSTMENT_LESSONS_MESSAGE }),
  // A reason a reader can see: one of only blanks is no reason.
  reason: z.string({ error: ADJUSTMENT_REASON_MESSAGE }).pipe(personName(500, ADJUSTMENT_REASON_MESSAGE)),
  idempotency_key: idempotencyKeyField,
});
export type CreditAdjustmentInput = z.infer<typeof creditAdjustmentSchema>;

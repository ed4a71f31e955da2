// Input schemas of the teacher's question bank view (item statistics, retire, correct, review).
import { z } from "zod";
import { pagingFields } from "./paging.ts";
import { CONCEPT_LEVELS, type ConceptSlug, QUIZ_LEVELS } from "./quiz-catalog.ts";
import { multiLineText, singleLineText } from "./text.ts";

/** An item is flagged only once it has been answered this many times: fewer say little. */
export const ITEM_FLAG_MIN_ANSWERS = 20;
/** Observed facility this far (in share correct) from what the item's level predicts is a flag. */
export const ITEM_FACILITY_TOLERANCE = 0.25;

export const ITEM_STATUSES = ["live", "pending", "retired"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const CORRECTION_MESSAGES = {
  question: "Please write the question (at least 8 characters).",
  option: "Every option needs some text.",
  distinct: "The four options must all be different.",
  key: "Choose which of the four options is correct.",
  explanation: "Please write an explanation of at least 15 characters: why the answer is right.",
  concept: "This concept is not taught at the chosen level.",
} as const;

export const listBankItemsSchema = z.object({
  level: z.enum(QUIZ_LEVELS).optional(),
  concept: z.string().trim().max(60).optional(),
  status: z.enum(["all", ...ITEM_STATUSES]).default("all"),
  flaggedOnly: z.boolean().default(false),
  search: singleLineText(200).optional(),
  ...pagingFields(25, 100),
});
export type ListBankItemsInput = z.input<typeof listBankItemsSchema>;

const optionText = singleLineText(150).pipe(z.string().min(1, CORRECTION_MESSAGES.option));

/** A corrected item: what the bank checker (prisma/quiz-bank.ts) asks of every item. */
export const bankItemCorrectionSchema = z
  .object({
    question: multiLineText(400).pipe(z.string().min(8, CORRECTION_MESSAGES.question)),
    options: z.array(optionText).length(4, CORRECTION_MESSAGES.option),
    correctAnswer: z
      .number({ error: CORRECTION_MESSAGES.key })
      .int()
      .min(0, CORRECTION_MESSAGES.key)
      .max(3, CORRECTION_MESSAGES.key),
    explanation: multiLineText(600).pipe(z.string().min(15, CORRECTION_MESSAGES.explanation)),
    level: z.enum(QUIZ_LEVELS),
    concept: z.string().trim().max(60).nullable(),
  })
  .refine((q) => new Set(q.options.map((o) => o.toLowerCase().replace(/\s+/g, " "))).size === 4, {
    message: CORRECTION_MESSAGES.distinct,
    path: ["options"],
  })
  .refine(
    (q) =>
      q.concept === null ||
      (Object.hasOwn(CONCEPT_LEVELS, q.concept) &&
        (CONCEPT_LEVELS[q.concept as ConceptSlug] as readonly string[]).includes(q.level)),
    { message: CORRECTION_MESSAGES.concept, path: ["concept"] },
  );
export type BankItemCorrection = z.output<typeof bankItemCorrectionSchema>;

export const bankItemIdSchema = z.object({ id: z.string().trim().min(1).max(120) });
export const correctBankItemSchema = bankItemIdSchema.extend({ item: bankItemCorrectionSchema });

// Questions as one attempt serves them: options in an order drawn for that attempt, so a key
// cannot be learnt as "the third option", and nothing that tells the level, concept or topic.
// Answers arrive as indices into the served order; scoring and the review use served questions,
// so they speak the same order the student saw.

import { randomInt } from "node:crypto";
import type { Db } from "../../db.ts";
import {
  type AttemptRow,
  getQuestionsInOrder,
  listPassagesOf,
  type Passage,
  type QuestionRow,
  type ResponseInput,
} from "./quiz.data.ts";

/** For each served position, the option's index in the bank item. */
export type OptionOrder = number[];
export type OptionOrders = Record<string, OptionOrder>;

/**
 * A copy of `items` in a random order (Fisher–Yates on a CSPRNG; on `random`, a number in [0, 1),
 * when a test replays draws from a seed).
 */
export function shuffled<T>(items: readonly T[], random?: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random ? Math.floor(random() * (i + 1)) : randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** A fresh random order of n options. */
export const drawOptionOrder = (n: number): OptionOrder => shuffled(Array.from({ length: n }, (_, i) => i));

export function drawOptionOrders(questions: Pick<QuestionRow, "id" | "options">[]): OptionOrders {
  return Object.fromEntries(questions.map((q) => [q.id, drawOptionOrder(q.options.length)]));
}

/** A stored order if it fits the item, else the bank's order (attempts from before shuffling). */
function orderFor(orders: OptionOrders | null | undefined, q: Pick<QuestionRow, "id" | "options">): OptionOrder {
  const order = orders?.[q.id];
  const fits =
    Array.isArray(order) &&
    order.length === q.options.length &&
    [...order].sort((a, b) => a - b).every((v, i) => v === i);
  return fits ? order : q.options.map((_, i) => i);
}

/** The item with its options in the served order and its key moved with them. */
export function serveQuestion<Q extends QuestionRow>(q: Q, orders: OptionOrders | null | undefined): Q {
  const order = orderFor(orders, q);
  return { ...q, options: order.map((i) => q.options[i]), correctAnswer: order.indexOf(q.correctAnswer) };
}

/** The bank's option index of a served answer (null when out of range or not answered). */
export function originalOption(
  q: Pick<QuestionRow, "id" | "options">,
  orders: OptionOrders | null | undefined,
  served: number | null | undefined,
): number | null {
  if (served === null || served === undefined) return null;
  return orderFor(orders, q)[served] ?? null;
}

/** The attempt's questions with their options in the order this attempt serves them. */
export async function servedQuestions(db: Db, attempt: Pick<AttemptRow, "questionIds" | "optionOrders">) {
  const rows = await getQuestionsInOrder(db, attempt.questionIds);
  return rows.map((q) => serveQuestion(q, attempt.optionOrders as OptionOrders | null));
}

/** One response row per served question: the bank's option chosen (null: not answered) and whether it was right. */
export function toResponses(
  questions: Pick<QuestionRow, "id" | "options" | "correctAnswer">[],
  orders: OptionOrders | null,
  counted: Record<string, number>,
): ResponseInput[] {
  return questions.map((q) => ({
    questionId: q.id,
    chosen: originalOption(q, orders, counted[q.id]),
    correct: counted[q.id] === q.correctAnswer,
  }));
}

/**
 * What closing an attempt writes: when it was submitted, the counted answers, each question's
 * response, and whether the keys may now be shown (never for a certified attempt).
 */
export function closingOf(
  attempt: { optionOrders: unknown; certified: boolean },
  questions: Pick<QuestionRow, "id" | "options" | "correctAnswer">[],
  counted: Record<string, number>,
  submittedAt: Date,
) {
  return {
    submittedAt,
    answers: counted,
    responses: toResponses(questions, attempt.optionOrders as OptionOrders | null, counted),
    revealsKeys: !attempt.certified,
  };
}

/**
 * What the browser may see before submission: the stem and the options, nothing else; a question
 * about a reading text also carries the text (the same `passage` on each of its questions, which
 * are served together and in order: the runner shows it once above them).
 */
export const toPublicQuestion = (q: Pick<QuestionRow, "id" | "question" | "options">, passage?: Passage) => ({
  id: q.id,
  question: q.question,
  options: q.options,
  ...(passage ? { passage } : {}),
});
export type PublicQuestion = ReturnType<typeof toPublicQuestion>;

/** The questions as the browser may see them, each with its reading text if it has one. */
export async function publicQuestions(db: Db, questions: Pick<QuestionRow, "id" | "question" | "options">[]) {
  const passages = await listPassagesOf(
    db,
    questions.map((q) => q.id),
  );
  return questions.map((q) => toPublicQuestion(q, passages.get(q.id)));
}

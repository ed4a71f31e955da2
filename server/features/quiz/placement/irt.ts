// The measurement model of the placement tests: a three-parameter logistic (3PL) item response
// model on one logit scale for all six CEFR levels, with the guessing floor of a four-option item.
// Pure functions; the estimator, the block chooser, the calibration and the simulation use them.
import { QUIZ_LEVELS, type QuizLevel } from "../../../../shared/quiz-catalog.ts";

/** A four-option item answered at random is right a quarter of the time. */
export const GUESSING = 0.25;

/** Distance in logits between the centres of two adjacent levels. */
export const LEVEL_SPACING = 1.5;

/**
 * The difficulty an item starts with, from its level label: the centre of the level's band.
 * With this spacing a learner in the middle of a level answers that level's items right about
 * 62% of the time, the level below about 86% and the level above about 39%.
 */
export const LABEL_DIFFICULTY: Readonly<Record<QuizLevel, number>> = Object.fromEntries(
  QUIZ_LEVELS.map((level, i) => [level, (i - (QUIZ_LEVELS.length - 1) / 2) * LEVEL_SPACING]),
) as Record<QuizLevel, number>;

/** Ability cut points between adjacent levels: halfway between their centres. */
export const LEVEL_CUTS: readonly number[] = QUIZ_LEVELS.slice(1).map(
  (level) => LABEL_DIFFICULTY[level] - LEVEL_SPACING / 2,
);

export type ItemParameters = { difficulty: number; discrimination?: number; guessing?: number };

/** Probability that a learner of ability `theta` answers the item right. */
export function probabilityCorrect(theta: number, item: ItemParameters): number {
  const a = item.discrimination ?? 1;
  const c = item.guessing ?? GUESSING;
  return c + (1 - c) / (1 + Math.exp(-a * (theta - item.difficulty)));
}

/** Fisher information of the item at `theta`: how much one answer narrows the estimate there. */
export function itemInformation(theta: number, item: ItemParameters): number {
  const a = item.discrimination ?? 1;
  const c = item.guessing ?? GUESSING;
  const p = probabilityCorrect(theta, item);
  const lifted = (p - c) / (1 - c);
  return (a * a * lifted * lifted * (1 - p)) / p;
}

/** The level whose band holds `theta`. */
export function levelAt(theta: number): QuizLevel {
  const index = LEVEL_CUTS.findIndex((cut) => theta < cut);
  return QUIZ_LEVELS[index < 0 ? QUIZ_LEVELS.length - 1 : index];
}

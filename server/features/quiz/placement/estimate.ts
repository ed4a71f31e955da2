// The ability estimate after each block: the posterior over a grid of abilities (expected a
// posteriori), its spread as the standard error, and how likely each CEFR level is. The level
// reported is the most likely band; its probability is the precision the student is told.
import { QUIZ_LEVELS, type QuizLevel } from "../../../../shared/quiz-catalog.ts";
import { type ItemParameters, LABEL_DIFFICULTY, LEVEL_CUTS, LEVEL_SPACING, probabilityCorrect } from "./irt.ts";

export type Response = ItemParameters & { correct: boolean };

export type AbilityEstimate = {
  theta: number;
  standardError: number;
  /** Posterior probability of each level's band; they add up to 1. */
  levelProbabilities: Record<QuizLevel, number>;
  level: QuizLevel;
  /** The reported level's probability: "about 85% sure". */
  confidence: number;
  /**
   * How likely the ability is at least the bottom of the A1 band: the scale has no level below
   * A1, so "A1, 99% sure" is also what knowing nothing (or guessing) looks like; a certificate
   * of A1 needs A1 itself shown.
   */
  reachedA1: number;
};

/** The bottom of the A1 band: as far below A1's centre as the A1/A2 cut is above it. */
export const A1_FLOOR = LABEL_DIFFICULTY.A1 - LEVEL_SPACING / 2;

/**
 * The prior: a wide normal centred on B1, the level most of the site's students are near. It is
 * wide enough (4 logits, more than the whole A1-C2 range) not to pull a C2 learner down after 15
 * answers, and it keeps a pure guesser's estimate, whose answers fit "lower and lower" without
 * end, from running off the scale.
 */
export const PRIOR_MEAN = LABEL_DIFFICULTY.B1;
export const PRIOR_SD = 4;

/** Abilities the posterior is computed at: three prior deviations either side of its mean. */
const GRID_STEP = 0.1;
const GRID_HALF_WIDTH = 3 * PRIOR_SD;
const GRID = Array.from(
  { length: Math.round((2 * GRID_HALF_WIDTH) / GRID_STEP) + 1 },
  (_, i) => PRIOR_MEAN - GRID_HALF_WIDTH + i * GRID_STEP,
);

const LOG_PRIOR = GRID.map((theta) => -0.5 * ((theta - PRIOR_MEAN) / PRIOR_SD) ** 2);

/** Log-likelihood of a right and of a wrong answer at each grid point, per item's parameters. */
const likelihoods = new Map<string, { right: Float64Array; wrong: Float64Array }>();
const LIKELIHOOD_CACHE_SIZE = 20_000;

function likelihoodOf(item: ItemParameters) {
  const key = `${item.difficulty}|${item.discrimination ?? 1}|${item.guessing ?? ""}`;
  let cached = likelihoods.get(key);
  if (!cached) {
    if (likelihoods.size >= LIKELIHOOD_CACHE_SIZE) likelihoods.clear();
    const p = GRID.map((theta) => probabilityCorrect(theta, item));
    cached = { right: Float64Array.from(p, Math.log), wrong: Float64Array.from(p, (x) => Math.log(1 - x)) };
    likelihoods.set(key, cached);
  }
  return cached;
}

export function estimateAbility(responses: readonly Response[]): AbilityEstimate {
  const logPosterior = LOG_PRIOR.slice();
  for (const response of responses) {
    const { right, wrong } = likelihoodOf(response);
    const table = response.correct ? right : wrong;
    for (let g = 0; g < GRID.length; g++) logPosterior[g] += table[g];
  }
  const peak = Math.max(...logPosterior);
  const weights = logPosterior.map((value) => Math.exp(value - peak));
  const total = weights.reduce((sum, w) => sum + w, 0);

  let mean = 0;
  for (let g = 0; g < GRID.length; g++) mean += (GRID[g] * weights[g]) / total;
  let variance = 0;
  for (let g = 0; g < GRID.length; g++) variance += ((GRID[g] - mean) ** 2 * weights[g]) / total;

  const levelProbabilities = Object.fromEntries(QUIZ_LEVELS.map((level) => [level, 0])) as Record<QuizLevel, number>;
  for (let g = 0; g < GRID.length; g++) {
    const band = LEVEL_CUTS.findIndex((cut) => GRID[g] < cut);
    levelProbabilities[QUIZ_LEVELS[band < 0 ? QUIZ_LEVELS.length - 1 : band]] += weights[g] / total;
  }
  const level = QUIZ_LEVELS.reduce((best, l) => (levelProbabilities[l] > levelProbabilities[best] ? l : best));
  let reachedA1 = 0;
  for (let g = 0; g < GRID.length; g++) if (GRID[g] >= A1_FLOOR) reachedA1 += weights[g] / total;
  return {
    theta: mean,
    standardError: Math.sqrt(variance),
    levelProbabilities,
    level,
    confidence: levelProbabilities[level],
    reachedA1,
  };
}

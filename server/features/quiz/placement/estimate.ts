// The ability estimate after each block: the posterior over a grid of abilities (expected a
// posteriori), its spread as the standard error, and how likely each CEFR level is. The level
// reported is the most likely band; its probability is the precision the student is told.
// The questions of one reading text (a testlet) are one unit: their answers depend on each other
// through the text (understood it or not) as well as through the ability, so the estimator
// integrates a random testlet effect out of their joint likelihood (the testlet response model of
// Bradlow, Wainer and Wang 1999) rather than multiplying them as independent answers.
import { QUIZ_LEVELS, type QuizLevel } from "../../../../shared/quiz-catalog.ts";
import { type ItemParameters, LABEL_DIFFICULTY, LEVEL_CUTS, LEVEL_SPACING, probabilityCorrect } from "./irt.ts";

export type Response = ItemParameters & {
  correct: boolean;
  /** The reading text (testlet) the item belongs to: its answers are scored together. */
  testlet?: string | null;
};

/**
 * The spread (logits) of the testlet effect: how far one learner's grasp of one text moves all of
 * its questions together, above or below what the ability alone predicts. 0.7 (a variance of
 * about 0.5) is an assumed moderate effect, used until the site's own answers can estimate it;
 * docs/placement.md shows the simulated aims hold when the true spread is 0.4 or 1.0 instead.
 * 0 treats a text's questions as independent items.
 */
export const TESTLET_SD = 0.7;

export type EstimateOptions = { testletSd?: number };

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

/**
 * The testlet effect's quadrature: effects at whole grid steps within three spreads either side
 * of 0, each weighted by the normal density (the weights add up to 1). Whole steps let an item's
 * probabilities at ability + effect be read from one table over a widened grid.
 */
function effectNodes(sd: number) {
  const half = Math.round((3 * sd) / GRID_STEP);
  const density = Array.from({ length: 2 * half + 1 }, (_, q) => Math.exp(-0.5 * (((q - half) * GRID_STEP) / sd) ** 2));
  const total = density.reduce((a, b) => a + b, 0);
  return { half, weights: density.map((d) => d / total) };
}

/** An item's probability of a right answer over the grid widened by `half` steps either side. */
const wideTables = new Map<string, Float64Array>();
function wideProbabilities(item: ItemParameters, half: number) {
  const key = `${half}|${item.difficulty}|${item.discrimination ?? 1}|${item.guessing ?? ""}`;
  let table = wideTables.get(key);
  if (!table) {
    if (wideTables.size >= LIKELIHOOD_CACHE_SIZE) wideTables.clear();
    table = Float64Array.from({ length: GRID.length + 2 * half }, (_, i) =>
      probabilityCorrect(GRID[0] + (i - half) * GRID_STEP, item),
    );
    wideTables.set(key, table);
  }
  return table;
}

/**
 * The log-likelihood of one testlet's answers at each grid point, the testlet effect integrated
 * out: log of the sum over effects of (weight x the product of each answer's probability at
 * ability + effect). Cached per items and answers, which repeat.
 */
const testletLikelihoods = new Map<string, Float64Array>();
function testletLikelihood(answers: readonly Response[], sd: number): Float64Array {
  const key = `${sd}#${answers.map((r) => `${r.difficulty}|${r.discrimination ?? 1}|${r.guessing ?? ""}|${r.correct ? 1 : 0}`).join(";")}`;
  let cached = testletLikelihoods.get(key);
  if (!cached) {
    if (testletLikelihoods.size >= LIKELIHOOD_CACHE_SIZE) testletLikelihoods.clear();
    const { half, weights } = effectNodes(sd);
    const tables = answers.map((r) => ({ p: wideProbabilities(r, half), correct: r.correct }));
    cached = new Float64Array(GRID.length);
    for (let g = 0; g < GRID.length; g++) {
      let sum = 0;
      for (let q = 0; q < weights.length; q++) {
        let product = weights[q];
        for (const { p, correct } of tables) product *= correct ? p[g + q] : 1 - p[g + q];
        sum += product;
      }
      cached[g] = Math.log(sum);
    }
    testletLikelihoods.set(key, cached);
  }
  return cached;
}

export function estimateAbility(
  responses: readonly Response[],
  { testletSd = TESTLET_SD }: EstimateOptions = {},
): AbilityEstimate {
  const logPosterior = LOG_PRIOR.slice();
  const testlets = new Map<string, Response[]>();
  for (const response of responses) {
    if (response.testlet && testletSd > 0) {
      testlets.set(response.testlet, [...(testlets.get(response.testlet) ?? []), response]);
      continue;
    }
    const { right, wrong } = likelihoodOf(response);
    const table = response.correct ? right : wrong;
    for (let g = 0; g < GRID.length; g++) logPosterior[g] += table[g];
  }
  for (const answers of testlets.values()) {
    const table = testletLikelihood(answers, testletSd);
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

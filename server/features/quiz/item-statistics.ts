// Classical item statistics from the answers real students gave: facility (the share right) and
// discrimination (the point-biserial correlation of the item's 0/1 score with the rest-score of
// the attempts it was in: the share of the attempt's other items answered right, so attempts of
// different lengths compare), plus the facility the item's level predicts for those same
// students, from each attempt's ability estimate, and a distractor analysis: each option's share
// among the stronger and the weaker half of the students who answered the item (split at their
// median ability), where a wrong option that draws the stronger more than the weaker is a flag
// (issue 34, item 7). Pure functions: the admin view and the tests use them.

import { ITEM_FACILITY_TOLERANCE, ITEM_FLAG_MIN_ANSWERS } from "../../../shared/question-bank-schemas.ts";
import { QUIZ_LEVELS, type QuizLevel } from "../../../shared/quiz-catalog.ts";
import { estimateAbility } from "./placement/estimate.ts";
import { type ItemParameters, LABEL_DIFFICULTY, probabilityCorrect } from "./placement/irt.ts";

/** `chosen`: the original index of the option chosen, null when the item was left unanswered. */
export type ScoredResponse = { attemptId: string; questionId: string; correct: boolean; chosen?: number | null };

/** One option's share chosen by the stronger and the weaker half; null while that half is empty. */
export type OptionShare = { stronger: number | null; weaker: number | null };

export type ItemStatistics = {
  /** Answers the item received (each a served item of a scored attempt, answered or not; attempts with no answer at all are left out). */
  served: number;
  correct: number;
  /** Share correct; null before any answer. */
  facility: number | null;
  /** Point-biserial with the rest-score; null while undefined (fewer than 2 answers, no variation). */
  discrimination: number | null;
  /** The answers the discrimination rests on: those from attempts with at least one other item. */
  discriminationAnswers: number;
  /** The share right that the item's level label predicts for the students who answered it. */
  expectedFacility: number | null;
  /** By original option index: the share of each half that chose it. */
  options: OptionShare[];
  /** The answers in each half (the students at the median ability are in neither). */
  halves: { stronger: number; weaker: number };
  /** Wrong options (original indexes) chosen more by the stronger half than by the weaker. */
  attractsStronger: number[];
};

export type ItemFlag = "too-easy" | "too-hard" | "negative-discrimination" | "distractor-attracts-stronger";

/** How much more often the stronger half must choose a wrong option for it to be flagged. */
export const DISTRACTOR_MARGIN = 0.05;

/** An item's parameters for ability estimates: calibrated when present, else from its label. */
export function itemParameters(item: {
  level: string;
  calibratedDifficulty: number | null;
  calibratedDiscrimination: number | null;
}): ItemParameters {
  return {
    difficulty: item.calibratedDifficulty ?? labelDifficulty(item.level),
    discrimination: item.calibratedDiscrimination ?? 1,
  };
}

export const labelDifficulty = (level: string) =>
  QUIZ_LEVELS.includes(level as QuizLevel) ? LABEL_DIFFICULTY[level as QuizLevel] : LABEL_DIFFICULTY.B1;

/** Responses grouped by attempt. */
export function groupByAttempt<R extends { attemptId: string }>(responses: readonly R[]): Map<string, R[]> {
  const attempts = new Map<string, R[]>();
  for (const r of responses) {
    const list = attempts.get(r.attemptId);
    if (list) list.push(r);
    else attempts.set(r.attemptId, [r]);
  }
  return attempts;
}

/**
 * Each attempt's ability: the one stored with its result when there is one (the adaptive
 * placement's estimate), else estimated from the attempt's own responses.
 */
export function attemptAbilities(
  attempts: ReadonlyMap<string, readonly ScoredResponse[]>,
  parameters: (questionId: string) => ItemParameters | undefined,
  stored: ReadonlyMap<string, number> = new Map(),
): Map<string, number> {
  const thetas = new Map<string, number>();
  for (const [attemptId, responses] of attempts) {
    const known = stored.get(attemptId);
    if (known !== undefined) {
      thetas.set(attemptId, known);
      continue;
    }
    const scored = responses.flatMap((r) => {
      const p = parameters(r.questionId);
      return p ? [{ ...p, correct: r.correct }] : [];
    });
    thetas.set(attemptId, estimateAbility(scored).theta);
  }
  return thetas;
}

/** The same from stored rows: responses, and the items they answer by id. */
export function abilitiesFromRows(
  responses: readonly (ScoredResponse & { attemptId: string })[],
  items: ReadonlyMap<string, Parameters<typeof itemParameters>[0]>,
  stored: ReadonlyMap<string, number>,
): Map<string, number> {
  return attemptAbilities(
    groupByAttempt(responses),
    (id) => {
      const item = items.get(id);
      return item ? itemParameters(item) : undefined;
    },
    stored,
  );
}

/** Pearson's correlation from running sums; null when either variable does not vary. */
function correlation(n: number, sx: number, sy: number, sxx: number, syy: number, sxy: number): number | null {
  if (n < 2) return null;
  const vx = n * sxx - sx * sx;
  const vy = n * syy - sy * sy;
  if (vx <= 1e-12 || vy <= 1e-12) return null;
  return (n * sxy - sx * sy) / Math.sqrt(vx * vy);
}

/** The item as the statistics read it: its level label, its key and how many options it has. */
export type ItemFacts = { level: string; correctAnswer: number; optionCount: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Each option's share in the stronger and weaker half of those who chose one, split at the median ability. */
function distractorAnalysis(answers: { theta: number; chosen: number }[], facts: ItemFacts | undefined) {
  const count = Math.max(facts?.optionCount ?? 0, ...answers.map((a) => a.chosen + 1));
  const middle = answers.length ? median(answers.map((a) => a.theta)) : 0;
  const stronger = answers.filter((a) => a.theta > middle);
  const weaker = answers.filter((a) => a.theta < middle);
  const share = (group: typeof answers, option: number) =>
    group.length ? group.filter((a) => a.chosen === option).length / group.length : null;
  const options = Array.from({ length: count }, (_, option) => ({
    stronger: share(stronger, option),
    weaker: share(weaker, option),
  }));
  const attractsStronger = options.flatMap(({ stronger: s, weaker: w }, option) =>
    facts && option !== facts.correctAnswer && s !== null && w !== null && s - w > DISTRACTOR_MARGIN ? [option] : [],
  );
  return { options, halves: { stronger: stronger.length, weaker: weaker.length }, attractsStronger };
}

export function computeItemStatistics(
  responses: readonly ScoredResponse[],
  itemOf: (questionId: string) => ItemFacts | undefined,
  thetas: ReadonlyMap<string, number>,
): Map<string, ItemStatistics> {
  const attempts = groupByAttempt(responses);
  const sums = new Map<
    string,
    {
      n: number;
      right: number;
      m: number;
      sx: number;
      sy: number;
      sxx: number;
      syy: number;
      sxy: number;
      expected: number;
      chosen: { theta: number; chosen: number }[];
    }
  >();
  for (const [attemptId, list] of attempts) {
    const total = list.reduce((s, r) => s + (r.correct ? 1 : 0), 0);
    const theta = thetas.get(attemptId);
    for (const r of list) {
      let s = sums.get(r.questionId);
      if (!s) {
        s = { n: 0, right: 0, m: 0, sx: 0, sy: 0, sxx: 0, syy: 0, sxy: 0, expected: 0, chosen: [] };
        sums.set(r.questionId, s);
      }
      const x = r.correct ? 1 : 0;
      s.n++;
      s.right += x;
      const level = itemOf(r.questionId)?.level;
      if (theta !== undefined && r.chosen !== undefined && r.chosen !== null)
        s.chosen.push({ theta, chosen: r.chosen });
      s.expected +=
        theta === undefined || !level ? Number.NaN : probabilityCorrect(theta, { difficulty: labelDifficulty(level) });
      if (list.length > 1) {
        const y = (total - x) / (list.length - 1);
        s.m++;
        s.sx += x;
        s.sy += y;
        s.sxx += x * x;
        s.syy += y * y;
        s.sxy += x * y;
      }
    }
  }
  const stats = new Map<string, ItemStatistics>();
  for (const [id, s] of sums) {
    stats.set(id, {
      served: s.n,
      correct: s.right,
      facility: s.n ? s.right / s.n : null,
      discrimination: correlation(s.m, s.sx, s.sy, s.sxx, s.syy, s.sxy),
      discriminationAnswers: s.m,
      expectedFacility: s.n && Number.isFinite(s.expected) ? s.expected / s.n : null,
      ...distractorAnalysis(s.chosen, itemOf(id)),
    });
  }
  return stats;
}

export const emptyStatistics: ItemStatistics = {
  served: 0,
  correct: 0,
  facility: null,
  discrimination: null,
  discriminationAnswers: 0,
  expectedFacility: null,
  options: [],
  halves: { stronger: 0, weaker: 0 },
  attractsStronger: [],
};

/** What misbehaves, once the item has enough answers to say so. */
export function flagItem(stats: ItemStatistics): ItemFlag[] {
  if (stats.served < ITEM_FLAG_MIN_ANSWERS) return [];
  const flags: ItemFlag[] = [];
  if (stats.facility !== null && stats.expectedFacility !== null) {
    if (stats.facility - stats.expectedFacility > ITEM_FACILITY_TOLERANCE) flags.push("too-easy");
    if (stats.expectedFacility - stats.facility > ITEM_FACILITY_TOLERANCE) flags.push("too-hard");
  }
  if (stats.discrimination !== null && stats.discrimination < 0) flags.push("negative-discrimination");
  if (stats.attractsStronger.length > 0) flags.push("distractor-attracts-stronger");
  return flags;
}

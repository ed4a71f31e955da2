// A placement test as a sequence of blocks: each block is chosen from the estimate the earlier
// blocks gave, and the learner may move back and forth within a block before sending it. The
// test ends after its last block; the result is the level with its precision. Some blocks serve
// a reading text whole (its questions in order, under the text), topped up with single items.
import type { GeneralAssessmentType } from "../../../../shared/quiz-catalog.ts";
import { areEnemies } from "../enemies.ts";
import { type AbilityEstimate, type EstimateOptions, estimateAbility, type Response } from "./estimate.ts";
import { LEVEL_CUTS } from "./irt.ts";
import { chooseBlock, chooseTestlet, type PlacementCandidate, type Random, testletsIn } from "./select.ts";

/**
 * Block sizes: the quick test 15 items in three blocks, the in-depth one 40 in eight. Blocks of 5
 * rather than 8 let the in-depth test re-aim eight times; on the simulated bank that is worth about
 * a point of exact placements (80.6% against 79.8% for five blocks of 8, seed 20261125).
 */
export const PLACEMENT_BLOCKS: Readonly<Record<GeneralAssessmentType, readonly number[]>> = {
  quick: [5, 5, 5],
  comprehensive: [5, 5, 5, 5, 5, 5, 5, 5],
};

/**
 * The blocks (counted from 0) that serve a reading text when the bank has one that fits: the
 * in-depth test's seventh block, late enough for the text to be aimed at a settled estimate, and
 * not the last, so a text of 6 questions fits (that block is then 6 and the last one 4, and the test
 * keeps its 40). The quick test serves none: a text's questions tell less than as many single
 * items (they depend on each other), and with a text in any block the quick test's simulated exact
 * share fell below its aim of 65% (docs/placement.md, "Reading texts").
 */
export const READING_BLOCKS: Readonly<Record<GeneralAssessmentType, readonly number[]>> = {
  quick: [],
  comprehensive: [6],
};

export const placementLength = (mode: GeneralAssessmentType) => PLACEMENT_BLOCKS[mode].reduce((a, b) => a + b, 0);

/**
 * The next block for a learner who has answered `responses` (in blocks already sent), or null when
 * the test is over. `pool` holds the items the learner may be served: not yet served in this test,
 * no enemy of one served (enemies.ts) and, while enough remain, not seen recently.
 */
export function nextPlacementBlock<T extends PlacementCandidate>(
  mode: GeneralAssessmentType,
  pool: readonly T[],
  responses: readonly Response[],
  random: Random,
  estimating: EstimateOptions = {},
): T[] | null {
  const blocks = PLACEMENT_BLOCKS[mode];
  let served = 0;
  let index = 0;
  while (index < blocks.length && served + blocks[index] <= responses.length) served += blocks[index++];
  if (index >= blocks.length) return null;
  // After a text one question longer than its block, this block is one shorter.
  const size = served + blocks[index] - responses.length;
  // The first block aims at the prior; later ones at the level boundary nearest the estimate,
  // where an answer does most to decide between the two levels the learner is likely to be.
  const { theta } = estimateAbility(responses, estimating);
  const aim = index === 0 ? theta : nearestCut(theta);
  if (READING_BLOCKS[mode].includes(index)) {
    const longest = size + (index < blocks.length - 1 ? 1 : 0);
    const text = chooseTestlet(testletsIn(pool, longest), aim, random);
    if (text) {
      const taken = text.flatMap((item) => (item.point ? [item] : []));
      const rest = pool.filter((item) => !item.testlet && !taken.some((t) => areEnemies(t, item)));
      return [...text, ...(text.length < size ? chooseBlock(rest, aim, size - text.length, random) : [])];
    }
  }
  return chooseBlock(pool, aim, size, random);
}

/** Runs a whole placement test against an answering function: for the simulation and tests. */
export function runPlacement<T extends PlacementCandidate>(
  mode: GeneralAssessmentType,
  pool: readonly T[],
  answer: (item: T) => boolean,
  random: Random,
  estimating: EstimateOptions = {},
): AbilityEstimate & { items: T[] } {
  const responses: Response[] = [];
  const items: T[] = [];
  const left = new Set(pool);
  for (;;) {
    const block = nextPlacementBlock(mode, [...left], responses, random, estimating);
    if (!block) break;
    for (const item of block) {
      for (const other of left) if (other === item || areEnemies(other, item)) left.delete(other);
      items.push(item);
      responses.push({ ...item, correct: answer(item) });
    }
  }
  return { ...estimateAbility(responses, estimating), items };
}

const nearestCut = (theta: number) =>
  LEVEL_CUTS.reduce((best, cut) => (Math.abs(cut - theta) < Math.abs(best - theta) ? cut : best));

// Choosing the next block of a placement test: the items that tell most about a learner at the
// current estimate, with two limits. Exposure: each slot is drawn at random from the few most
// informative items left, so two learners at the same estimate rarely see the same block, and
// no item is everyone's. Content: a block takes at most one item of a topic while others remain,
// and never two items of one point (enemies.ts). A reading text (testlet) is chosen whole, from
// the texts whose questions tell most on average, with the same exposure rule.
import { areEnemies } from "../enemies.ts";
import { type ItemParameters, itemInformation } from "./irt.ts";

export type PlacementCandidate = ItemParameters & {
  id: string;
  topic: string;
  /** The grammar or vocabulary point the item tests: a test serves one item of each. */
  point?: string | null;
  /** Share of recent placement tests that served the item. */
  exposure?: number;
  /** The reading text (testlet) the item is a question of, and its place there (1, 2, ...). */
  testlet?: string | null;
  position?: number | null;
  /** How many questions the text has: a text with fewer left (one served, or an enemy's) is not served. */
  testletSize?: number | null;
};

/** How many of the most informative reading texts a reading block's text is drawn from. */
export const TESTLET_EXPOSURE_POOL = 3;

/**
 * The reading texts among `candidates`, each with its questions in order; only whole texts (every
 * question still servable, none left out for an enemy) of at most `maxQuestions` questions.
 */
export function testletsIn<T extends PlacementCandidate>(candidates: readonly T[], maxQuestions: number): T[][] {
  const byText = new Map<string, T[]>();
  for (const item of candidates) {
    if (!item.testlet) continue;
    byText.set(item.testlet, [...(byText.get(item.testlet) ?? []), item]);
  }
  return [...byText.entries()]
    .map(([, items]) => items)
    .filter((items) => items.length <= maxQuestions && items.length === (items[0].testletSize ?? items.length))
    .map((items) => items.sort((a, b) => (a.position ?? 0) - (b.position ?? 0)));
}

/**
 * A reading text for a learner at `theta`: drawn at random from the few whose questions are most
 * informative there on average, resting texts served in more than MAX_EXPOSURE of recent tests
 * while others remain. Null when there is none.
 */
export function chooseTestlet<T extends PlacementCandidate>(
  testlets: readonly T[][],
  theta: number,
  random: Random,
): T[] | null {
  if (testlets.length === 0) return null;
  const exposureOf = (items: T[]) => Math.max(...items.map((item) => item.exposure ?? 0));
  const rested = testlets.filter((items) => exposureOf(items) < MAX_EXPOSURE);
  const ranked = (rested.length > 0 ? rested : testlets)
    .map((items) => ({
      items,
      information: items.reduce((sum, item) => sum + itemInformation(theta, item), 0) / items.length + random() * 1e-9,
    }))
    .sort((a, b) => b.information - a.information)
    .slice(0, TESTLET_EXPOSURE_POOL);
  return ranked[Math.floor(random() * ranked.length)].items;
}

/** An item served in more than this share of placement tests rests while others remain. */
export const MAX_EXPOSURE = 0.25;

/** How many of the most informative items each slot is drawn from. */
export const EXPOSURE_POOL = 8;

export type Random = () => number;

export function chooseBlock<T extends PlacementCandidate>(
  candidates: readonly T[],
  theta: number,
  size: number,
  random: Random,
): T[] {
  // Single items only: a reading text's questions come whole, by chooseTestlet.
  const singles = candidates.filter((item) => !item.testlet);
  const rested = singles.filter((item) => (item.exposure ?? 0) < MAX_EXPOSURE);
  let ranked = (rested.length >= size * 2 ? rested : singles)
    .map((item) => ({ item, information: itemInformation(theta, item) + random() * 1e-9 }))
    .sort((a, b) => b.information - a.information)
    .map(({ item }) => item);
  const block: T[] = [];
  const topics = new Set<string>();
  while (block.length < size && ranked.length > 0) {
    const fresh = ranked.filter((item) => !topics.has(item.topic));
    const pool = (fresh.length > 0 ? fresh : ranked).slice(0, EXPOSURE_POOL);
    const pick = pool[Math.floor(random() * pool.length)];
    block.push(pick);
    topics.add(pick.topic);
    ranked = ranked.filter((item) => item !== pick && !areEnemies(item, pick));
  }
  return block;
}

// Choosing the next block of a placement test: the items that tell most about a learner at the
// current estimate, with two limits. Exposure: each slot is drawn at random from the few most
// informative items left, so two learners at the same estimate rarely see the same block, and
// no item is everyone's. Content: a block takes at most one item of a topic while others remain,
// and never two items of one point (enemies.ts).
import { areEnemies } from "../enemies.ts";
import { type ItemParameters, itemInformation } from "./irt.ts";

export type PlacementCandidate = ItemParameters & {
  id: string;
  topic: string;
  /** The grammar or vocabulary point the item tests: a test serves one item of each. */
  point?: string | null;
  /** Share of recent placement tests that served the item. */
  exposure?: number;
};

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
  const rested = candidates.filter((item) => (item.exposure ?? 0) < MAX_EXPOSURE);
  let ranked = (rested.length >= size * 2 ? rested : candidates)
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

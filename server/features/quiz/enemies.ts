// Items that test the same grammar or vocabulary point (their `point`, issue 34, item 4) are
// enemies: an attempt serves at most one of them, in every test that draws items (level tests,
// concept tests, the placement tests' blocks, the AI test's top-up), since one of them shown
// answers or hints at the other and the two would count one skill twice.

export type Pointed = { point?: string | null };

/**
 * `items` in their order, less every item whose point an earlier item has or `taken` holds (the
 * points of items the attempt already serves): the first item of each point stays.
 */
export function withoutEnemies<T extends Pointed>(
  items: readonly T[],
  taken: Iterable<string | null | undefined> = [],
): T[] {
  const points = new Set<string>();
  for (const point of taken) if (point) points.add(point);
  return items.filter((item) => {
    if (!item.point) return true;
    if (points.has(item.point)) return false;
    points.add(item.point);
    return true;
  });
}

/** Whether two items are enemies. */
export const areEnemies = (a: Pointed, b: Pointed) => Boolean(a.point) && a.point === b.point;

// One page of a list and the size of the whole list, the shape every paged admin and portal list
// answers with. The data files pass their own query (with its where, order and select) and its
// count, so this file needs no Prisma types of its own.

/** Where a page starts and how many rows it holds; without a limit, every row from the offset. */
export type PageWindow = { limit?: number; offset: number };

/** The page's rows and the number of rows the same filter finds in all, read side by side. */
export async function readPage<Row>(
  page: PageWindow,
  findMany: (window: { skip: number; take: number | undefined }) => Promise<Row[]>,
  count: () => Promise<number>,
): Promise<{ rows: Row[]; total: number }> {
  const [rows, total] = await Promise.all([findMany({ skip: page.offset, take: page.limit }), count()]);
  return { rows, total };
}

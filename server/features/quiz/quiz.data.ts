import type { Db } from "../../db.ts";

export async function countQuestionsByLevel(db: Db) {
  const rows = await db.quizQuestion.groupBy({ by: ["level"], where: { isActive: true }, _count: { _all: true } });
  return Object.fromEntries(rows.map((r) => [r.level, r._count._all]));
}

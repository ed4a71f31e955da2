import type { DbOrTx } from "../../db.ts";

/** An account's results scored by the server from the tests that measure a level, oldest first. */
export function findMeasuringResults(db: DbOrTx, userId: string) {
  return db.quizResult.findMany({
    where: { userId, isVerified: true, quizType: { in: ["general", "level", "concept"] }, attemptId: { not: null } },
    orderBy: { createdAt: "asc" },
    select: { id: true, attemptId: true, quizType: true, createdAt: true, metadata: true },
  });
}

/** The answers given in these attempts, with what each item's parameters are read from. */
export async function findAttemptAnswers(db: DbOrTx, attemptIds: string[]) {
  if (attemptIds.length === 0) return { responses: [], items: [] };
  const responses = await db.quizResponse.findMany({
    where: { attemptId: { in: attemptIds } },
    select: { attemptId: true, questionId: true, correct: true },
  });
  const items = await db.quizQuestion.findMany({
    where: { id: { in: [...new Set(responses.map((r) => r.questionId))] } },
    select: { id: true, level: true, calibratedDifficulty: true, calibratedDiscrimination: true },
  });
  return { responses, items };
}

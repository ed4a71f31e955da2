import type { DbOrTx } from "../../db.ts";

/**
 * A learner's results scored by the server from the tests that measure a level, oldest first (a
 * null learner: the account's results that name none).
 */
export function findMeasuringResults(db: DbOrTx, userId: string, learnerId: string | null) {
  return db.quizResult.findMany({
    where: {
      userId,
      learnerId,
      isVerified: true,
      quizType: { in: ["general", "level", "concept"] },
      attemptId: { not: null },
    },
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

/** The skills the teacher tagged with a CEFR level in a learner's lesson reports. */
export function findSkillTags(db: DbOrTx, learnerId: string) {
  return db.reportSkill.findMany({
    where: { learnerId },
    orderBy: { date: "asc" },
    select: { date: true, skill: true, level: true },
  });
}

/** Every learner of a family account, with its guardian's contact, for the teacher's glance. */
export function listLearnersWithFamilies(db: DbOrTx) {
  return db.learner.findMany({
    where: { account: { isAdmin: false } },
    orderBy: { name: "asc" },
    select: {
      id: true,
      name: true,
      isSelf: true,
      accountId: true,
      account: { select: { name: true, email: true } },
    },
  });
}

/** Every learner's results scored by the server from the tests that measure a level, oldest first. */
export function findMeasuringResultsOf(db: DbOrTx, learnerIds: string[]) {
  return db.quizResult.findMany({
    where: {
      learnerId: { in: learnerIds },
      isVerified: true,
      quizType: { in: ["general", "level", "concept"] },
      attemptId: { not: null },
    },
    orderBy: { createdAt: "asc" },
    select: { id: true, attemptId: true, quizType: true, createdAt: true, metadata: true, learnerId: true },
  });
}

/** The skills the teacher tagged with a CEFR level in these learners' lesson reports. */
export function findSkillTagsOf(db: DbOrTx, learnerIds: string[]) {
  return db.reportSkill.findMany({
    where: { learnerId: { in: learnerIds } },
    orderBy: { date: "asc" },
    select: { date: true, skill: true, level: true, learnerId: true },
  });
}

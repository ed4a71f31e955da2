// The question bank as the teacher manages it: every item with its review and version state, the
// responses the item statistics and the calibration read, and the changes the teacher makes
// (retire, correct as a new version, approve an AI item, store a calibration).
import type { Prisma } from "../../db/generated/client.ts";
import type { Db } from "../../db.ts";

/**
 * What a question must be to reach a new test: listed in the bank, not retired, reviewed (AI
 * items wait for the teacher). Every query that picks items for students uses this.
 */
export const servableQuestionWhere = {
  isActive: true,
  retiredAt: null,
  reviewStatus: "reviewed",
} as const satisfies Prisma.QuizQuestionWhereInput;

/** An item as a test serves and scores it. */
export const questionSelect = {
  id: true,
  question: true,
  options: true,
  correctAnswer: true,
  explanation: true,
  skill: true,
  level: true,
  difficulty: true,
  concept: true,
  topic: true,
} as const;

const bankItemSelect = {
  ...questionSelect,
  point: true,
  source: true,
  isActive: true,
  reviewStatus: true,
  version: true,
  replacesId: true,
  retiredAt: true,
  calibratedDifficulty: true,
  calibratedDiscrimination: true,
  calibratedAt: true,
  createdAt: true,
  testletId: true,
  testletPosition: true,
  testlet: { select: { id: true, title: true, genre: true, text: true } },
} as const satisfies Prisma.QuizQuestionSelect;
export type BankItemRow = Prisma.QuizQuestionGetPayload<{ select: typeof bankItemSelect }>;

export function listBankItemRows(db: Db): Promise<BankItemRow[]> {
  return db.quizQuestion.findMany({ select: bankItemSelect, orderBy: { id: "asc" } });
}

export function findBankItemRow(db: Db, id: string): Promise<BankItemRow | null> {
  return db.quizQuestion.findUnique({ where: { id }, select: bankItemSelect });
}

/** The quiz type of placement attempts (the general assessments; the API's "placement" is stored so): what calibration reads. */
export const PLACEMENT_QUIZ_TYPES = ["general"] as const;

export type ResponseRow = { attemptId: string; questionId: string; correct: boolean; chosen: number | null };

/**
 * Every scored answer, or those of the attempts of the given quiz types. Attempts sent without a
 * single answer (given up, left to time out, sent blank to read the keys) say nothing about their
 * items and are left out; within an answered attempt a blank counts as wrong, as it is scored.
 */
export function listResponseRows(db: Db, quizTypes?: string[]): Promise<ResponseRow[]> {
  return db.quizResponse.findMany({
    where: {
      attempt: {
        ...(quizTypes ? { quizType: { in: quizTypes } } : {}),
        responses: { some: { chosen: { not: null } } },
      },
    },
    select: { attemptId: true, questionId: true, correct: true, chosen: true },
    orderBy: [{ attemptId: "asc" }, { questionId: "asc" }],
  });
}

/**
 * What the item statistics are computed from, as one string that changes whenever it does: the
 * answers (added, or removed with an account) and the last calibration.
 */
export async function readStatisticsVersion(db: Db): Promise<string> {
  const [responses, items] = await Promise.all([
    db.quizResponse.aggregate({ _count: { _all: true }, _max: { createdAt: true } }),
    db.quizQuestion.aggregate({ _max: { calibratedAt: true } }),
  ]);
  return [responses._count._all, responses._max.createdAt?.getTime(), items._max.calibratedAt?.getTime()].join("|");
}

/** The ability a placement stored with its result (metadata.placement.theta), by attempt. */
export async function listStoredAbilities(db: Db): Promise<Map<string, number>> {
  const rows = await db.quizResult.findMany({
    where: { attemptId: { not: null }, quizType: { in: [...PLACEMENT_QUIZ_TYPES] } },
    select: { attemptId: true, metadata: true },
  });
  const thetas = new Map<string, number>();
  for (const r of rows) {
    const theta = (r.metadata as { placement?: { theta?: unknown } } | null)?.placement?.theta;
    if (r.attemptId && typeof theta === "number" && Number.isFinite(theta)) thetas.set(r.attemptId, theta);
  }
  return thetas;
}

/** Retires a live item; false when it is unknown or retired already. */
export async function retireBankItemRow(db: Db, id: string, now: Date): Promise<boolean> {
  const changed = await db.quizQuestion.updateMany({ where: { id, retiredAt: null }, data: { retiredAt: now } });
  return changed.count === 1;
}

/** Marks a pending (AI) item reviewed; false when it is not pending and live. */
export async function approveBankItemRow(db: Db, id: string): Promise<boolean> {
  const changed = await db.quizQuestion.updateMany({
    where: { id, reviewStatus: "pending", retiredAt: null },
    data: { reviewStatus: "reviewed" },
  });
  return changed.count === 1;
}

export type CorrectionData = Pick<
  BankItemRow,
  | "id"
  | "question"
  | "options"
  | "correctAnswer"
  | "explanation"
  | "level"
  | "difficulty"
  | "concept"
  | "topic"
  | "point"
  | "skill"
  | "testletId"
  | "testletPosition"
  | "source"
  | "version"
  | "replacesId"
>;

/**
 * Retires the old item and stores its correction in one transaction; null when the old item was
 * retired meanwhile (two corrections at once: only the first wins).
 */
export function insertCorrection(db: Db, oldId: string, data: CorrectionData, now: Date): Promise<BankItemRow | null> {
  return db.$transaction(async (tx) => {
    const retired = await tx.quizQuestion.updateMany({
      where: { id: oldId, retiredAt: null },
      data: { retiredAt: now },
    });
    if (retired.count !== 1) return null;
    return tx.quizQuestion.create({
      data: { ...data, isActive: true, reviewStatus: "reviewed", createdAt: now },
      select: bankItemSelect,
    });
  });
}

export function saveCalibration(
  db: Db,
  id: string,
  calibration: { difficulty: number; discrimination: number },
  now: Date,
) {
  return db.quizQuestion.update({
    where: { id },
    data: {
      calibratedDifficulty: calibration.difficulty,
      calibratedDiscrimination: calibration.discrimination,
      calibratedAt: now,
    },
    select: { id: true },
  });
}

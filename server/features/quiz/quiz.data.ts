import type { Prisma } from "../../db/generated/client.ts";
import type { Db, DbOrTx } from "../../db.ts";
import { findDefaultLearnerId } from "../portal/learners.data.ts";
import { questionSelect, servableQuestionWhere } from "./item-bank.data.ts";

export async function countQuestionsByLevel(db: Db) {
  const rows = await db.quizQuestion.groupBy({
    by: ["level"],
    where: { ...servableQuestionWhere, source: "bank" },
    _count: { _all: true },
  });
  return Object.fromEntries(rows.map((r) => [r.level, r._count._all]));
}

const candidateSelect = { id: true, level: true, concept: true, topic: true, skill: true, point: true } as const;
export type QuestionCandidate = {
  id: string;
  level: string;
  concept: string | null;
  topic: string;
  skill: string;
  point: string | null;
};

/**
 * Bank questions a new test may serve (listed, not retired, reviewed) matching the filter: only
 * what choosing among them needs. Questions about a reading text are the placement tests' alone
 * (served whole, placement.service.ts): level, concept and AI tests draw single items.
 */
export function listBankCandidates(
  db: Db,
  filter: { levels?: string[]; concept?: string },
): Promise<QuestionCandidate[]> {
  return db.quizQuestion.findMany({
    where: {
      ...servableQuestionWhere,
      source: "bank",
      testletId: null,
      ...(filter.levels ? { level: { in: filter.levels } } : {}),
      ...(filter.concept ? { concept: filter.concept } : {}),
    },
    select: candidateSelect,
    orderBy: { id: "asc" },
  });
}

/** Every servable bank item's level, concept and when a practice review last showed its key. */
export function listBankKeyItems(db: Db) {
  return db.quizQuestion.findMany({
    where: { ...servableQuestionWhere, source: "bank" },
    select: { id: true, level: true, concept: true, keyRevealedAt: true, testletId: true },
    orderBy: { id: "asc" },
  });
}

/**
 * What the placement tests may serve: active, reviewed, not retired bank items, with what the
 * measurement model reads (level label, calibrated parameters) and the topic a block spreads over.
 */
export function listPlacementCandidates(db: Db) {
  return db.quizQuestion.findMany({
    where: { ...servableQuestionWhere, source: "bank" },
    select: {
      id: true,
      level: true,
      topic: true,
      point: true,
      testletId: true,
      testletPosition: true,
      calibratedDifficulty: true,
      calibratedDiscrimination: true,
    },
    orderBy: { id: "asc" },
  });
}

/** A reading text as a served question shows it above itself. */
export type Passage = { id: string; title: string; genre: string; text: string };

/** The reading text of each of these questions that has one (by question id). */
export async function listPassagesOf(db: Db, ids: string[]): Promise<Map<string, Passage>> {
  if (ids.length === 0) return new Map();
  const rows = await db.quizQuestion.findMany({
    where: { id: { in: ids }, testletId: { not: null } },
    select: { id: true, testlet: { select: { id: true, title: true, genre: true, text: true } } },
  });
  return new Map(rows.flatMap((r) => (r.testlet ? [[r.id, r.testlet] as const] : [])));
}

/** The points (enemies.ts) the given items test. */
export async function listItemPoints(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.quizQuestion.findMany({
    where: { id: { in: ids }, point: { not: null } },
    select: { point: true },
  });
  return new Set(rows.flatMap((r) => (r.point ? [r.point] : [])));
}

/** The items each of the latest `limit` general assessments served (the exposure of each item). */
export async function listRecentPlacementItems(db: Db, limit: number): Promise<string[][]> {
  const rows = await db.quizAttempt.findMany({
    where: { quizType: "general" },
    orderBy: { startedAt: "desc" },
    take: limit,
    select: { questionIds: true },
  });
  return rows.map((r) => r.questionIds);
}

/** Items the student answered (in a scored attempt) since `since`. */
export async function listAnsweredItemIds(db: Db, userId: string, since: Date): Promise<Set<string>> {
  const rows = await db.quizResponse.findMany({
    where: { userId, createdAt: { gte: since } },
    select: { questionId: true },
    distinct: ["questionId"],
  });
  return new Set(rows.map((r) => r.questionId));
}

export type QuestionRow = Prisma.QuizQuestionGetPayload<{ select: typeof questionSelect }>;

/** The questions with their answer keys, in the order of `ids`. Server-side use only. */
export async function getQuestionsInOrder(db: Db, ids: string[]): Promise<QuestionRow[]> {
  const rows = await db.quizQuestion.findMany({ where: { id: { in: ids } }, select: questionSelect });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is QuestionRow => r !== undefined);
}

/** Generated items wait for the teacher's review: only the AI test that asked for them serves them. */
export function insertAiQuestions(db: Db, items: (Omit<QuestionRow, never> & { id: string })[]) {
  return db.quizQuestion.createMany({
    data: items.map((q) => ({ ...q, source: "ai", isActive: true, reviewStatus: "pending" })),
  });
}

const attemptSelect = {
  id: true,
  userId: true,
  quizType: true,
  quizLevel: true,
  quizConcept: true,
  variant: true,
  title: true,
  questionIds: true,
  startedAt: true,
  deadlineAt: true,
  submittedAt: true,
  answers: true,
  optionOrders: true,
  certified: true,
  placement: true,
  learnerId: true,
} as const;
export type AttemptRow = Prisma.QuizAttemptGetPayload<{ select: typeof attemptSelect }>;

export type AttemptInput = {
  userId: string;
  quizType: string;
  quizLevel: string | null;
  quizConcept: string | null;
  variant: string | null;
  title: string;
  questionIds: string[];
  optionOrders: Prisma.InputJsonValue;
  placement?: Prisma.InputJsonValue;
  certified?: boolean;
  startedAt: Date;
  deadlineAt: Date;
  /** Issue 31: the learner taking it (null: the family has no learner yet). */
  learnerId?: string | null;
};

export function insertAttempt(db: Db, data: AttemptInput): Promise<AttemptRow> {
  return db.quizAttempt.create({ data, select: attemptSelect });
}

/**
 * Creates the attempt unless one of the same test is already open (then returns that one), under
 * a per-student advisory lock: two starts racing each other (a double click, two tabs) get one
 * attempt, and never two certified ones side by side.
 */
export function insertAttemptUnlessOpen(
  db: Db,
  data: AttemptInput,
  test: { quizType: string; quizLevel?: string | null; quizConcept: string | null; variant: string | null },
): Promise<{ attempt: AttemptRow; isNew: boolean }> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`quiz-start:${data.userId}`}))`;
    const open = await findOpenAttempt(tx, data.userId, test, data.startedAt, data.learnerId ?? null);
    if (open) return { attempt: open, isNew: false };
    return { attempt: await tx.quizAttempt.create({ data, select: attemptSelect }), isNew: true };
  });
}

/**
 * The student's latest unfinished attempt of one test (same kind, level, concept and variant)
 * whose deadline has not passed, taken by the same learner of the family: what a new start
 * resumes. `quizLevel` undefined matches any level (the personalised test's level follows the
 * student's results).
 */
export function findOpenAttempt(
  db: DbOrTx,
  userId: string,
  test: { quizType: string; quizLevel?: string | null; quizConcept: string | null; variant: string | null },
  now: Date,
  learnerId: string | null,
): Promise<AttemptRow | null> {
  return db.quizAttempt.findFirst({
    where: {
      userId,
      learnerId,
      submittedAt: null,
      deadlineAt: { gt: now },
      quizType: test.quizType,
      ...(test.quizLevel === undefined ? {} : { quizLevel: test.quizLevel }),
      quizConcept: test.quizConcept,
      variant: test.variant,
    },
    orderBy: { startedAt: "desc" },
    select: attemptSelect,
  });
}

/** When the student was last shown each item in [since, until) (a row of a submitted attempt). */
export async function listShownItems(db: Db, userId: string, since: Date, until: Date): Promise<Map<string, Date>> {
  const rows = await db.quizResponse.groupBy({
    by: ["questionId"],
    where: { userId, createdAt: { gte: since, lt: until } },
    _max: { createdAt: true },
  });
  return new Map(rows.flatMap((r) => (r._max.createdAt ? [[r.questionId, r._max.createdAt] as const] : [])));
}

/**
 * The latest start of a certified attempt of one test in [since, before); with `beforeId`, an
 * attempt started at the same instant counts as earlier when its id sorts first (a tie-break).
 */
export async function findLatestCertifiedStart(
  db: Db,
  userId: string,
  test: { quizType: string; quizLevel: string | null; quizConcept: string | null; variant: string | null },
  since: Date,
  before: Date,
  beforeId?: string,
): Promise<Date | null> {
  const row = await db.quizAttempt.findFirst({
    where: {
      userId,
      certified: true,
      quizType: test.quizType,
      quizLevel: test.quizLevel,
      quizConcept: test.quizConcept,
      variant: test.variant,
      OR: [
        { startedAt: { gte: since, lt: before } },
        ...(beforeId ? [{ startedAt: before, id: { lt: beforeId } }] : []),
      ],
    },
    orderBy: { startedAt: "desc" },
    select: { startedAt: true },
  });
  return row?.startedAt ?? null;
}

/** Whether any of these items was shown to the student by another attempt at or after `since`. */
export async function wasShownElsewhere(
  db: Db,
  input: { userId: string; attemptId: string; questionIds: string[]; since: Date },
): Promise<boolean> {
  const row = await db.quizResponse.findFirst({
    where: {
      userId: input.userId,
      attemptId: { not: input.attemptId },
      questionId: { in: input.questionIds },
      createdAt: { gte: input.since },
    },
    select: { id: true },
  });
  return row !== null;
}

export function findOwnAttempt(db: Db, id: string, userId: string): Promise<AttemptRow | null> {
  return db.quizAttempt.findFirst({ where: { id, userId }, select: attemptSelect });
}

/**
 * Records one answer atomically (jsonb merge, so answers given in quick succession never
 * overwrite each other), only while the attempt is open and `notBefore` <= its deadline, and in
 * a placement test only within the block being answered (the answers of blocks sent are final:
 * the next block was chosen from them). Returns whether it was recorded.
 */
export async function recordAttemptAnswer(
  db: Db,
  input: { attemptId: string; userId: string; questionId: string; answer: number; deadlineNotBefore: Date },
): Promise<boolean> {
  const changed = await db.$executeRaw`
    UPDATE "QuizAttempt"
       SET "answers" = COALESCE("answers", '{}'::jsonb) || jsonb_build_object(${input.questionId}::text, ${input.answer}::int)
     WHERE "id" = ${input.attemptId}::uuid
       AND "userId" = ${input.userId}::uuid
       AND "submittedAt" IS NULL
       AND "deadlineAt" >= ${input.deadlineNotBefore}
       AND ${input.questionId}::text = ANY("questionIds")
       AND array_position("questionIds", ${input.questionId}::text) > COALESCE(("placement"->>'finalItems')::int, 0)`;
  return changed === 1;
}

/**
 * Serves a placement test's next block: appends its items and option orders, stores the answers
 * of the block just sent and the new state. Guarded on the items served so far (and the attempt
 * still open), so of two calls sending the same block only one serves a next block. Returns
 * whether this call did.
 */
export async function appendPlacementBlock(
  db: Db,
  input: {
    attemptId: string;
    userId: string;
    servedIds: string[];
    questionIds: string[];
    optionOrders: Prisma.InputJsonValue;
    answers: Record<string, number>;
    placement: Prisma.InputJsonValue;
  },
): Promise<boolean> {
  const { attemptId, userId, servedIds, ...data } = input;
  const changed = await db.quizAttempt.updateMany({
    where: { id: attemptId, userId, submittedAt: null, questionIds: { equals: servedIds } },
    data,
  });
  return changed.count === 1;
}

/** What a result says about the quiz and the score: the portal's list shows just this. */
export const quizScoreSelect = {
  quizType: true,
  quizLevel: true,
  quizConcept: true,
  score: true,
  totalQuestions: true,
  estimatedLevel: true,
} as const satisfies Prisma.QuizResultSelect;

/** A whole result as its student may see it (the quiz pages, the data export). */
export const quizResultDetailSelect = {
  ...quizScoreSelect,
  studyTimeSeconds: true,
  metadata: true,
  isVerified: true,
  certificateCode: true,
} as const satisfies Prisma.QuizResultSelect;

const resultSelect = {
  id: true,
  attemptId: true,
  ...quizResultDetailSelect,
  certificateName: true,
  createdAt: true,
  // Which items the attempt served: whether it held AI-generated items, not reviewed when served.
  attempt: { select: { questionIds: true } },
} as const;
export type ResultRow = Prisma.QuizResultGetPayload<{ select: typeof resultSelect }>;

export type ResultInput = {
  userId: string;
  quizType: string;
  quizLevel: string | null;
  quizConcept: string | null;
  score: number;
  totalQuestions: number;
  estimatedLevel: string | null;
  studyTimeSeconds: number;
  metadata: Prisma.InputJsonValue;
  certificateCode: string | null;
  /** The holder's name at issue, stored with the certificate (null without one). */
  certificateName: string | null;
};

/** One scored answer: `chosen` is the bank's option index (null: not answered). */
export type ResponseInput = { questionId: string; chosen: number | null; correct: boolean };

/**
 * Closes the attempt and stores its verified result and its responses in one transaction. Only
 * the first call closes it (submittedAt IS NULL guard); a repeated submission gets the stored
 * result back. `revealsKeys` (unless false): its review shows the keys, so its items' keys count
 * as revealed from now on, in the same transaction as the result that shows them.
 */
export async function completeAttempt(
  db: Db,
  attemptId: string,
  closing: { submittedAt: Date; answers: Record<string, number>; responses: ResponseInput[]; revealsKeys?: boolean },
  result: ResultInput,
): Promise<{ result: ResultRow; isNew: boolean }> {
  const { responses, revealsKeys = true, ...attemptChange } = closing;
  return db.$transaction(async (tx) => {
    const closed = await tx.quizAttempt.updateMany({
      where: { id: attemptId, userId: result.userId, submittedAt: null },
      data: attemptChange,
    });
    if (closed.count === 0) {
      const existing = await tx.quizResult.findUniqueOrThrow({ where: { attemptId }, select: resultSelect });
      return { result: existing, isNew: false };
    }
    // Issue 31: the result is the learner's who took it, chosen at the start; an attempt that
    // names none is the account holder's own learner's.
    const taker = await tx.quizAttempt.findUnique({ where: { id: attemptId }, select: { learnerId: true } });
    const learnerId = taker?.learnerId ?? (await findDefaultLearnerId(tx, result.userId));
    const created = await tx.quizResult.create({
      data: { ...result, learnerId, attemptId, isVerified: true },
      select: resultSelect,
    });
    await tx.quizResponse.createMany({
      data: responses.map((r) => ({ ...r, attemptId, userId: result.userId, createdAt: closing.submittedAt })),
    });
    if (revealsKeys)
      await tx.quizQuestion.updateMany({
        where: { id: { in: responses.map((r) => r.questionId) } },
        data: { keyRevealedAt: closing.submittedAt },
      });
    return { result: created, isNew: true };
  });
}

export async function insertUnverifiedResult(
  db: Db,
  result: Omit<ResultInput, "certificateCode" | "certificateName">,
): Promise<ResultRow> {
  const learnerId = await findDefaultLearnerId(db, result.userId);
  return db.quizResult.create({
    data: { ...result, learnerId, isVerified: false, certificateCode: null },
    select: resultSelect,
  });
}

export function findOwnResult(db: Db, id: string, userId: string): Promise<ResultRow | null> {
  return db.quizResult.findFirst({ where: { id, userId }, select: resultSelect });
}

export function findResultByAttempt(db: Db, attemptId: string): Promise<ResultRow | null> {
  return db.quizResult.findUnique({ where: { attemptId }, select: resultSelect });
}

/** The student's results, newest first; `verifiedOnly` leaves out self-reported ones. */
export function listOwnResults(
  db: Db,
  userId: string,
  filter: { limit: number; quizType?: string; verifiedOnly?: boolean },
): Promise<ResultRow[]> {
  return db.quizResult.findMany({
    where: {
      userId,
      ...(filter.quizType ? { quizType: filter.quizType } : {}),
      ...(filter.verifiedOnly ? { isVerified: true } : {}),
    },
    orderBy: { createdAt: "desc" },
    take: filter.limit,
    select: resultSelect,
  });
}

/** What the stats add up: server-scored results only (self-reported ones never count). */
export async function sumOwnResults(db: Db, userId: string) {
  const rows = await db.quizResult.findMany({
    where: { userId, isVerified: true },
    select: { score: true, totalQuestions: true, studyTimeSeconds: true },
  });
  return rows;
}

export function findCertificate(db: Db, code: string) {
  return db.quizResult.findUnique({
    where: { certificateCode: code },
    select: { ...resultSelect, user: { select: { name: true } } },
  });
}

export function findUserName(db: Db, userId: string) {
  return db.user.findUnique({ where: { id: userId }, select: { name: true, locale: true } });
}

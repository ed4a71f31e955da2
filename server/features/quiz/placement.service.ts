// The adaptive General Level Assessments (docs/placement.md): an attempt is served block by block,
// each block chosen from the answers to the blocks before it; the result is the level the
// posterior over ability makes most likely, with that probability as the precision stated.
// The attempt row carries the state between blocks (`placement`), so any server process can serve
// the next block, and a start while the test is open resumes it at its current block.

import { randomInt } from "node:crypto";
import {
  ASSESSMENT_SCALE,
  GENERAL_ASSESSMENTS,
  type GeneralAssessmentType,
  isQuizLevel,
  PLACEMENT_CERTIFICATE_CONFIDENCE,
  QUIZ_LEVELS,
  QUIZ_MESSAGES,
} from "../../../shared/quiz-catalog.ts";
import { breakdownsOf, scoreAnswers } from "../../../shared/quiz-scoring.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import {
  certificateFor,
  isCleanCertifiedAttempt,
  loadKeyExposure,
  wasPlausiblyPaced,
} from "./certification.service.ts";
import { type KeyExposure, withoutReserve } from "./certification.ts";
import { type AbilityEstimate, estimateAbility } from "./placement/estimate.ts";
import { LABEL_DIFFICULTY } from "./placement/irt.ts";
import { nextPlacementBlock, PLACEMENT_BLOCKS, placementLength } from "./placement/placement.ts";
import type { PlacementCandidate } from "./placement/select.ts";
import type { Plan, Services } from "./question-plans.service.ts";
import {
  type AttemptRow,
  appendPlacementBlock,
  completeAttempt,
  findOwnAttempt,
  findResultByAttempt,
  getQuestionsInOrder,
  listAnsweredItemIds,
  listItemPoints,
  listPlacementCandidates,
  listRecentPlacementItems,
} from "./quiz.data.ts";
import { toResultDto } from "./result-dto.ts";
import { reviewFor } from "./result-review.ts";
import {
  closingOf,
  drawOptionOrders,
  type OptionOrders,
  publicQuestions,
  servedQuestions,
  serveQuestion,
} from "./served.ts";

/** Exposure is the share of the latest this-many general assessments that served an item. */
const RECENT_PLACEMENTS = 200;
/** Items a student answered this recently are left out while enough unseen ones remain. */
const SEEN_DAYS = 30;

/** An item's parameters as served; a question about a reading text also names the text (scored as one unit). */
type ItemParameters = { difficulty: number; discrimination: number; testlet?: string | null };

export type PlacementState = {
  mode: GeneralAssessmentType;
  /** Where each served block ends in the attempt's questionIds. */
  blockEnds: number[];
  /** The first this-many served items belong to blocks already sent: their answers are final. */
  finalItems: number;
  /** Each served item's parameters as they were when it was served: the estimate reads these. */
  items: Record<string, ItemParameters>;
  /** The estimate after each block sent. */
  estimates: { theta: number; standardError: number }[];
};

/** Where the student is in a placement test: block `index` of `count`, its first item at `offset` of `total`. */
export type PlacementBlock = { index: number; count: number; offset: number; total: number };

export function readPlacement(attempt: Pick<AttemptRow, "placement">): PlacementState | null {
  const state = attempt.placement as PlacementState | null;
  return state && Array.isArray(state.blockEnds) && state.mode in PLACEMENT_BLOCKS ? state : null;
}

export function currentBlock(state: PlacementState): PlacementBlock {
  return {
    index: state.blockEnds.length - 1,
    count: PLACEMENT_BLOCKS[state.mode].length,
    offset: state.finalItems,
    total: placementLength(state.mode),
  };
}

const isLastBlock = (state: PlacementState) => state.blockEnds.length >= PLACEMENT_BLOCKS[state.mode].length;

/** Unpredictable draws: which items a student gets must not be guessable from earlier tests. */
const random = () => randomInt(2 ** 47) / 2 ** 47;

type Candidate = PlacementCandidate & ItemParameters;

/** How an attempt draws: a certified one only items with unrevealed keys, practice outside the reserve. */
type Draw = { certified: boolean; keys: KeyExposure };

/**
 * The items a block may come from: the bank's placement items not served in this test and no
 * enemy of one served (the same point, enemies.ts; also when that item was retired since), each
 * with its difficulty (calibrated, else its label's), discrimination and recent exposure; the
 * ones this student answered in the last 30 days left out while at least twice a whole test
 * of unseen ones remain. A certified attempt's items keep their keys unrevealed; a practice
 * attempt's come from outside the levels' reserves while enough do (certification.ts).
 */
async function loadPool(
  db: Db,
  userId: string,
  mode: GeneralAssessmentType,
  served: Set<string>,
  now: Date,
  draw: Draw,
) {
  const since = new Date(now.getTime() - SEEN_DAYS * 24 * 3600 * 1000);
  const [rows, recent, seen, taken] = await Promise.all([
    listPlacementCandidates(db),
    listRecentPlacementItems(db, RECENT_PLACEMENTS),
    listAnsweredItemIds(db, userId, since),
    listItemPoints(db, [...served]),
  ]);
  const servedCount = new Map<string, number>();
  for (const ids of recent) for (const id of ids) servedCount.set(id, (servedCount.get(id) ?? 0) + 1);
  const drawable = draw.certified
    ? rows.filter((row) => !draw.keys.revealedAt.has(row.id))
    : withoutReserve(rows, draw.keys, 2 * placementLength(mode));
  // A reading text is served whole: its size is how many of its questions the bank can serve.
  const textSizes = new Map<string, number>();
  for (const row of rows) if (row.testletId) textSizes.set(row.testletId, (textSizes.get(row.testletId) ?? 0) + 1);
  const pool: Candidate[] = [];
  for (const row of drawable) {
    if (served.has(row.id) || !isQuizLevel(row.level) || (row.point && taken.has(row.point))) continue;
    pool.push({
      id: row.id,
      topic: row.topic,
      point: row.point,
      testlet: row.testletId,
      position: row.testletPosition,
      testletSize: row.testletId ? textSizes.get(row.testletId) : null,
      difficulty: row.calibratedDifficulty ?? LABEL_DIFFICULTY[row.level],
      discrimination: row.calibratedDiscrimination ?? 1,
      exposure: recent.length ? (servedCount.get(row.id) ?? 0) / recent.length : 0,
    });
  }
  const unseen = pool.filter((item) => !seen.has(item.id));
  return unseen.length >= 2 * placementLength(mode) ? unseen : pool;
}

const parametersOf = (items: Candidate[]) =>
  Object.fromEntries(
    items.map((i) => [
      i.id,
      { difficulty: i.difficulty, discrimination: i.discrimination, ...(i.testlet ? { testlet: i.testlet } : {}) },
    ]),
  );

/** A new placement test: its first block, aimed at the prior's centre. */
export async function planPlacement(
  db: Db,
  userId: string,
  typeValue: string | undefined,
  now: Date,
  draw: Draw,
): Promise<Plan & { placement: PlacementState }> {
  const mode = (typeValue ?? "comprehensive").trim().toLowerCase();
  if (mode !== "quick" && mode !== "comprehensive") throw new AppError("BAD_REQUEST", QUIZ_MESSAGES.quizNotFound);
  const pool = await loadPool(db, userId, mode, new Set(), now, draw);
  const block = nextPlacementBlock(mode, pool, [], random) ?? [];
  if (block.length < PLACEMENT_BLOCKS[mode][0]) throw new AppError("UNAVAILABLE", QUIZ_MESSAGES.failedToLoadQuestions);
  const spec = GENERAL_ASSESSMENTS[mode];
  return {
    quizType: "general",
    quizLevel: null,
    quizConcept: null,
    variant: mode,
    title: spec.title,
    topic: "General English",
    seconds: spec.seconds,
    questionIds: block.map((item) => item.id),
    placement: { mode, blockEnds: [block.length], finalItems: 0, items: parametersOf(block), estimates: [] },
  };
}

/** Every served item as the estimator reads it: an unanswered one counts as wrong, as it does in the score. */
const responsesFrom = (state: PlacementState, questions: { id: string; correctAnswer: number }[], counted: Answers) =>
  questions.map((q) => ({
    ...(state.items[q.id] ?? { difficulty: 0, discrimination: 1 }),
    correct: counted[q.id] === q.correctAnswer,
  }));

type Answers = Record<string, number>;
type Clock = { now: Date; inTime: boolean };

/** The current block's answers among `answers`: answers to items of other blocks are ignored. */
function blockAnswers(attempt: AttemptRow, state: PlacementState, answers: Answers): Answers {
  const current = new Set(attempt.questionIds.slice(state.finalItems));
  return Object.fromEntries(Object.entries(answers).filter(([id]) => current.has(id)));
}

/** A block as the runner gets it: questions without keys, where it stands, the answers saved in it. */
async function blockView(db: Db, attempt: AttemptRow, state: PlacementState) {
  const ids = attempt.questionIds.slice(state.finalItems);
  const rows = await getQuestionsInOrder(db, ids);
  const saved = blockAnswers(attempt, state, (attempt.answers ?? {}) as Answers);
  return {
    done: false as const,
    questions: await publicQuestions(
      db,
      rows.map((q) => serveQuestion(q, attempt.optionOrders as OptionOrders | null)),
    ),
    block: currentBlock(state),
    answers: saved,
  };
}

/**
 * The level is measured: the reported level at least PLACEMENT_CERTIFICATE_CONFIDENCE probable,
 * and A1 itself shown (a blank or guessed test is "A1, 99% sure" too, and certifies nothing).
 */
export const isPlacementMeasured = (estimate: AbilityEstimate) =>
  estimate.confidence >= PLACEMENT_CERTIFICATE_CONFIDENCE && estimate.reachedA1 >= PLACEMENT_CERTIFICATE_CONFIDENCE;

/** The In-Depth Assessment, every set served, its level measured. */
export function placementEarnsCertificate(state: PlacementState, estimate: AbilityEstimate) {
  return state.mode === "comprehensive" && isLastBlock(state) && isPlacementMeasured(estimate);
}

/**
 * Ends a placement test with what was answered: in time, the current block's submitted answers
 * count with those recorded; late, only those recorded in time do. Blocks not yet served are not.
 */
export async function finishPlacement(
  services: Services,
  attempt: AttemptRow,
  state: PlacementState,
  answers: Answers,
  { now, inTime }: Clock,
) {
  const { db } = services;
  const questions = await servedQuestions(db, attempt);
  const recorded = (attempt.answers ?? {}) as Answers;
  const submitted = blockAnswers(attempt, state, answers);
  const counted = inTime ? { ...recorded, ...submitted } : recorded;
  const scored = scoreAnswers(questions, counted, submitted);
  const estimate = estimateAbility(responsesFrom(state, questions, counted));
  const answeredUntil = Math.min(now.getTime(), attempt.deadlineAt.getTime());
  // Every block's answers arrive before the next is served, so the whole span is reading time.
  const paced = wasPlausiblyPaced(services.env.quizReadingScale, attempt, questions, counted, answeredUntil);
  const { result, isNew } = await completeAttempt(db, attempt.id, closingOf(attempt, questions, counted, now), {
    userId: attempt.userId,
    quizType: attempt.quizType,
    quizLevel: null,
    quizConcept: null,
    score: scored.score,
    totalQuestions: questions.length,
    estimatedLevel: ASSESSMENT_SCALE[QUIZ_LEVELS.indexOf(estimate.level)],
    studyTimeSeconds: Math.max(0, Math.round((answeredUntil - attempt.startedAt.getTime()) / 1000)),
    metadata: {
      title: attempt.title,
      ...breakdownsOf(scored),
      assessmentType: state.mode,
      topic: attempt.title,
      submittedLate: !inTime,
      placement: {
        level: estimate.level,
        confidence: estimate.confidence,
        standardError: estimate.standardError,
        theta: estimate.theta,
        levelProbabilities: estimate.levelProbabilities,
        blocks: state.blockEnds.length,
        measured: isPlacementMeasured(estimate),
      },
      ...(attempt.certified && !paced ? { tooFastToCertify: true } : {}),
    },
    ...(paced && placementEarnsCertificate(state, estimate) && (await isCleanCertifiedAttempt(db, attempt))
      ? await certificateFor(db, attempt.userId, attempt.learnerId)
      : { certificateCode: null, certificateName: null }),
  });
  if (isNew) return { result: toResultDto(result), review: reviewFor(attempt, scored.review) };
  // Another call closed it first: the answers it stored are the ones scored.
  const closed = await findOwnAttempt(db, attempt.id, attempt.userId);
  return {
    result: toResultDto(result),
    review: reviewFor(attempt, scoreAnswers(questions, (closed?.answers ?? {}) as Answers).review),
  };
}

/**
 * quiz.answerBlock on a placement test: records the current block's answers (answers to other
 * items are ignored) and serves the next block chosen from every answer so far, or, after the last
 * block (or when the block arrives after the deadline and its grace), ends the test.
 */
export async function answerPlacementBlock(
  services: Services,
  attempt: AttemptRow,
  state: PlacementState,
  answers: Answers,
  clock: Clock,
) {
  const { db } = services;
  // A repeated send of a block already answered (a retry, a second tab) gets the block its first
  // send served, rather than sending the current block unanswered.
  const current = new Set(attempt.questionIds.slice(state.finalItems));
  const ids = Object.keys(answers);
  if (ids.some((id) => attempt.questionIds.includes(id)) && !ids.some((id) => current.has(id)))
    return blockView(db, attempt, state);
  if (!clock.inTime || isLastBlock(state))
    return { done: true as const, ...(await finishPlacement(services, attempt, state, answers, clock)) };
  const counted = { ...((attempt.answers ?? {}) as Answers), ...blockAnswers(attempt, state, answers) };
  const questions = await servedQuestions(db, attempt);
  const responses = responsesFrom(state, questions, counted);
  const estimate = estimateAbility(responses);
  const pool = await loadPool(db, attempt.userId, state.mode, new Set(attempt.questionIds), clock.now, {
    certified: attempt.certified,
    keys: await loadKeyExposure(db, clock.now),
  });
  const block = nextPlacementBlock(state.mode, pool, responses, random) ?? [];
  if (block.length === 0)
    return { done: true as const, ...(await finishPlacement(services, attempt, state, answers, clock)) };

  const drawn = await getQuestionsInOrder(
    db,
    block.map((item) => item.id),
  );
  const questionIds = [...attempt.questionIds, ...drawn.map((q) => q.id)];
  const next: PlacementState = {
    ...state,
    blockEnds: [...state.blockEnds, questionIds.length],
    finalItems: attempt.questionIds.length,
    items: { ...state.items, ...parametersOf(block) },
    estimates: [...state.estimates, { theta: estimate.theta, standardError: estimate.standardError }],
  };
  const optionOrders = { ...(attempt.optionOrders as OptionOrders | null), ...drawOptionOrders(drawn) };
  const served = await appendPlacementBlock(db, {
    attemptId: attempt.id,
    userId: attempt.userId,
    servedIds: attempt.questionIds,
    questionIds,
    optionOrders,
    answers: counted,
    placement: next,
  });
  if (served) return blockView(db, { ...attempt, questionIds, optionOrders, answers: counted, placement: next }, next);
  // Another call sent this block first: answer with what it served (or the result it stored).
  const latest = await findOwnAttempt(db, attempt.id, attempt.userId);
  const latestState = latest && readPlacement(latest);
  if (!latest || !latestState) throw new AppError("NOT_FOUND", QUIZ_MESSAGES.quizNotFound);
  if (latest.submittedAt) {
    const stored = await findResultByAttempt(db, latest.id);
    if (!stored) throw new AppError("NOT_FOUND", QUIZ_MESSAGES.quizNotFound);
    const all = await servedQuestions(db, latest);
    return {
      done: true as const,
      result: toResultDto(stored),
      review: reviewFor(latest, scoreAnswers(all, (latest.answers ?? {}) as Answers).review),
    };
  }
  return blockView(db, latest, latestState);
}

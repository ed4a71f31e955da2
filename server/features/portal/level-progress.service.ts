import { isQuizLevel } from "../../../shared/quiz-catalog.ts";
import type { Db } from "../../db.ts";
import { groupByAttempt, itemParameters } from "../quiz/item-statistics.ts";
import { estimateAbility } from "../quiz/placement/estimate.ts";
import { recordLearnerId } from "./learners.service.ts";
import {
  findAttemptAnswers,
  findMeasuringResults,
  findMeasuringResultsOf,
  findSkillTags,
  findSkillTagsOf,
} from "./level-progress.data.ts";
import { type LevelPoint, pointFromEstimate, pointFromTag } from "./level-progress.ts";

type Metadata = { title?: unknown; placement?: { theta?: unknown; standardError?: unknown } } | null;

const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

type MeasuringResult = Awaited<ReturnType<typeof findMeasuringResults>>[number];

/**
 * Level points from the tests the server scored: a placement's own estimate, and a level or
 * concept test estimated from its stored answers on the same scale (an older result without
 * stored answers gives no point). One query for all the results' answers, whoever took them.
 */
async function pointsOfResults<R extends MeasuringResult>(db: Db, results: R[]) {
  const unplaced = results.filter((r) => r.quizType !== "general").flatMap((r) => (r.attemptId ? [r.attemptId] : []));
  const { responses, items } = await findAttemptAnswers(db, unplaced);
  const byAttempt = groupByAttempt(responses);
  const itemOf = new Map(items.map((item) => [item.id, item]));
  return results.flatMap((result): { result: R; point: LevelPoint }[] => {
    const meta = result.metadata as Metadata;
    const label = typeof meta?.title === "string" ? meta.title : result.quizType;
    if (result.quizType === "general") {
      const placed = meta?.placement;
      if (!isNumber(placed?.theta) || !isNumber(placed?.standardError)) return [];
      const estimate = { theta: placed.theta, standardError: placed.standardError };
      return [{ result, point: pointFromEstimate(result.createdAt, "placement", estimate, label) }];
    }
    const answered = (byAttempt.get(result.attemptId ?? "") ?? []).flatMap((r) => {
      const item = itemOf.get(r.questionId);
      return item ? [{ ...itemParameters(item), correct: r.correct }] : [];
    });
    if (answered.length === 0) return [];
    const source = result.quizType === "level" ? "level_test" : "concept_test";
    return [{ result, point: pointFromEstimate(result.createdAt, source, estimateAbility(answered), label) }];
  });
}

/** The account's level points from the tests the server scored (a null learner: results naming none). */
export async function quizLevelPoints(db: Db, userId: string, learnerId: string | null): Promise<LevelPoint[]> {
  const results = await findMeasuringResults(db, userId, learnerId);
  return (await pointsOfResults(db, results)).map((p) => p.point);
}

/** The teacher's skill tags of a learner's reports, each a point at its level. */
async function tagLevelPoints(db: Db, learnerId: string): Promise<LevelPoint[]> {
  const tags = await findSkillTags(db, learnerId);
  return tags.flatMap((tag) => (isQuizLevel(tag.level) ? [pointFromTag(tag.date, tag.level, tag.skill)] : []));
}

/** One learner's measurements from every source, oldest first. */
export async function learnerLevelPoints(db: Db, accountId: string, learnerId: string | null) {
  const [quiz, tags] = await Promise.all([
    quizLevelPoints(db, accountId, learnerId),
    learnerId ? tagLevelPoints(db, learnerId) : [],
  ]);
  return [...quiz, ...tags].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * `GET /api/student/progress/levels`: the family's learner named by `learner_id` (another
 * family's is a 404), else the account holder's own learner or the family's only one.
 */
export async function getLevelProgress(db: Db, accountId: string, learnerId: string | undefined) {
  const learner = await recordLearnerId(db, accountId, learnerId);
  return { learner_id: learner, points: await learnerLevelPoints(db, accountId, learner) };
}

/**
 * Many learners' measurements from every source, each learner's oldest first, in four queries
 * whatever their number (the teacher's glance over all her students).
 */
export async function levelPointsOf(db: Db, learnerIds: string[]): Promise<Map<string, LevelPoint[]>> {
  const byLearner = new Map<string, LevelPoint[]>(learnerIds.map((id) => [id, []]));
  if (learnerIds.length === 0) return byLearner;
  const [results, tags] = await Promise.all([findMeasuringResultsOf(db, learnerIds), findSkillTagsOf(db, learnerIds)]);
  for (const { result, point } of await pointsOfResults(db, results)) {
    if (result.learnerId) byLearner.get(result.learnerId)?.push(point);
  }
  for (const tag of tags) {
    if (tag.learnerId && isQuizLevel(tag.level))
      byLearner.get(tag.learnerId)?.push(pointFromTag(tag.date, tag.level, tag.skill));
  }
  for (const points of byLearner.values()) points.sort((a, b) => a.date.localeCompare(b.date));
  return byLearner;
}

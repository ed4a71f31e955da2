// Choosing a test's questions: by level, by concept, the general assessments, and the AI test
// (new items from the model, topped up from the bank).

import { randomUUID } from "node:crypto";
import {
  AI_QUIZ_QUESTIONS,
  ASSESSMENT_SCALE,
  CONCEPT_CATALOG,
  CONCEPT_LEVELS,
  type ConceptSlug,
  DEFAULT_QUIZ_SECONDS,
  isConceptSlug,
  isQuizLevel,
  LEVEL_CATALOG,
  levelDifficulty,
  MIN_LEVEL_CONCEPT_QUESTIONS,
  QUESTIONS_PER_CONCEPT_TEST,
  QUESTIONS_PER_LEVEL_CONCEPT,
  QUESTIONS_PER_LEVEL_TEST,
  QUIZ_LEVELS,
  QUIZ_MESSAGES,
  type QUIZ_TYPES,
  type QuizLevel,
} from "../../../shared/quiz-catalog.ts";
import { type Breakdown, estimateLevel, findWeakAreas } from "../../../shared/quiz-scoring.ts";
import { conceptLabel } from "../../../shared/quiz-texts.ts";
import type { Db } from "../../db.ts";
import type { Env } from "../../env.ts";
import { AppError, type LocalisedText } from "../../errors.ts";
import { translator } from "../../i18n.ts";
import { loadKeyExposure } from "./certification.service.ts";
import { drawItems, type KeyExposure, NO_KEY_EXPOSURE, withoutReserve } from "./certification.ts";
import { withoutEnemies } from "./enemies.ts";
import type { PlacementState } from "./placement.service.ts";
import { insertAiQuestions, listBankCandidates, listOwnResults, type QuestionCandidate } from "./quiz.data.ts";
import { generateAiItems } from "./quiz-ai.service.ts";
import { shuffled } from "./served.ts";

export type Services = { db: Db; env: Env; log?: { warn(obj: unknown, msg?: string): void } };

// ---------------------------------------------------------------------------------------------
// Choosing questions

const levelIndex = (level: string) => QUIZ_LEVELS.indexOf(level as QuizLevel);
const byLevel = (a: { level: string }, b: { level: string }) => levelIndex(a.level) - levelIndex(b.level);

/** n questions spread evenly over the levels (the first levels get the remainder), easiest first. */
function spreadOverLevels(
  candidates: QuestionCandidate[],
  n: number,
  levels: readonly string[],
  random?: () => number,
): QuestionCandidate[] {
  const pools = new Map(
    levels.map((l) => [
      l,
      shuffled(
        candidates.filter((c) => c.level === l),
        random,
      ),
    ]),
  );
  const chosen: QuestionCandidate[] = [];
  for (let round = 0; chosen.length < n; round++) {
    let added = false;
    for (const level of levels) {
      const next = pools.get(level)?.[round];
      if (next && chosen.length < n) {
        chosen.push(next);
        added = true;
      }
    }
    if (!added) break;
  }
  return chosen.sort(byLevel);
}

export type Plan = {
  quizType: (typeof QUIZ_TYPES)[number];
  quizLevel: string | null;
  quizConcept: string | null;
  variant: string | null;
  title: string;
  topic: string;
  seconds: number;
  questionIds: string[];
  focus?: { levels: string[]; weakAreas: string[]; source: "ai" | "bank" | "mixed" };
  /** A placement test's state between blocks (placement.service.ts). */
  placement?: PlacementState;
};

export function parseLevel(value: string | undefined): QuizLevel | "mixed" | null {
  const v = (value ?? "mixed").trim().toLowerCase();
  if (v === "mixed") return "mixed";
  const upper = v.toUpperCase();
  return isQuizLevel(upper) ? upper : null;
}

/**
 * §8's "Not enough questions available for …" (QUIZ_MESSAGES), said by the quiz catalogue with the
 * level and the concept's name in the reader's language.
 */
function notEnoughQuestions(
  key: "quiz.message.notEnoughForLevelWithConcept" | "quiz.message.notEnoughForConceptAtLevel",
  level: string,
  concept: ConceptSlug,
): LocalisedText {
  return {
    key,
    values: (locale) => ({ level: level.toUpperCase(), concept: conceptLabel(translator(locale), concept) }),
  };
}

/**
 * A level test, whole or on one concept. With `draw`, items the student was shown recently are
 * avoided (a certified attempt takes only unseen ones, a practice attempt takes them first), a
 * certified attempt takes no item whose key a review revealed, and practice leaves the reserve.
 */
export async function planLevelTest(
  db: Db,
  levelValue: string,
  conceptValue: string | undefined,
  draw?: { shownAt: ReadonlyMap<string, Date>; certified: boolean; keys: KeyExposure },
): Promise<Plan> {
  const level = parseLevel(levelValue);
  if (!level || level === "mixed") throw new AppError("BAD_REQUEST", QUIZ_MESSAGES.invalidLevel);
  const conceptSlug = (conceptValue ?? "mixed").trim().toLowerCase();
  const info = LEVEL_CATALOG[level];
  if (conceptSlug === "mixed") {
    const candidates = await listBankCandidates(db, { levels: [level] });
    const chosen = drawItems(
      candidates,
      draw?.shownAt ?? new Map(),
      QUESTIONS_PER_LEVEL_TEST,
      draw?.certified ?? false,
      draw?.keys,
    );
    if (!chosen || chosen.length < QUESTIONS_PER_LEVEL_TEST)
      throw new AppError("UNAVAILABLE", QUIZ_MESSAGES.failedToLoadQuestions);
    return {
      quizType: "level",
      quizLevel: level,
      quizConcept: null,
      variant: null,
      title: `${level} ${info.name} Test`,
      topic: `${level} ${info.name}`,
      seconds: info.minutes * 60,
      questionIds: chosen.map((c) => c.id),
    };
  }
  if (!isConceptSlug(conceptSlug)) throw new AppError("BAD_REQUEST", QUIZ_MESSAGES.invalidConcept);
  const conceptName = CONCEPT_CATALOG[conceptSlug].name;
  const candidates = await listBankCandidates(db, { levels: [level], concept: conceptSlug });
  // Enemies (enemies.ts) count once, as the draw serves them.
  if (withoutEnemies(candidates).length < MIN_LEVEL_CONCEPT_QUESTIONS) {
    throw new AppError(
      "BAD_REQUEST",
      notEnoughQuestions("quiz.message.notEnoughForLevelWithConcept", level, conceptSlug),
    );
  }
  return {
    quizType: "level",
    quizLevel: level,
    quizConcept: conceptSlug,
    variant: null,
    title: `${level} ${info.name} Test: ${conceptName}`,
    topic: conceptName,
    seconds: DEFAULT_QUIZ_SECONDS,
    questionIds: (
      drawItems(candidates, draw?.shownAt ?? new Map(), QUESTIONS_PER_LEVEL_CONCEPT, false, draw?.keys) ?? []
    ).map((c) => c.id),
  };
}

/** A concept test: practice, so it leaves the levels' reserves alone while it can (certification.ts). */
export async function planConceptTest(
  db: Db,
  conceptValue: string,
  levelValue: string | undefined,
  keys: KeyExposure = NO_KEY_EXPOSURE,
): Promise<Plan> {
  const slug = conceptValue.trim().toLowerCase();
  if (!isConceptSlug(slug)) throw new AppError("BAD_REQUEST", QUIZ_MESSAGES.invalidConcept);
  const level = parseLevel(levelValue);
  if (!level) throw new AppError("BAD_REQUEST", QUIZ_MESSAGES.invalidLevel);
  const name = CONCEPT_CATALOG[slug].name;
  const levels: readonly string[] = level === "mixed" ? CONCEPT_LEVELS[slug] : [level];
  const candidates = await listBankCandidates(db, { levels: [...levels], concept: slug });
  // Enemies (enemies.ts) count once: however the draw falls, it keeps one item of each point.
  if (withoutEnemies(candidates).length < QUESTIONS_PER_CONCEPT_TEST) {
    if (level === "mixed") throw new AppError("UNAVAILABLE", QUIZ_MESSAGES.failedToLoadQuestions);
    throw new AppError("BAD_REQUEST", notEnoughQuestions("quiz.message.notEnoughForConceptAtLevel", level, slug));
  }
  const chosen = chooseConceptItems(candidates, level === "mixed" ? levels : null, keys);
  return {
    quizType: "concept",
    quizLevel: level === "mixed" ? "mixed" : level,
    quizConcept: slug,
    variant: null,
    title: `${name} Test${level === "mixed" ? " (Mixed Levels)" : ` (${level})`}`,
    topic: name,
    seconds: DEFAULT_QUIZ_SECONDS,
    questionIds: chosen.map((c) => c.id),
  };
}

/**
 * A concept test's items: one of each point (enemies.ts), from outside the levels' reserves while
 * enough are, spread over `levels` for a mixed-level test. `random` replays a draw in tests.
 */
export function chooseConceptItems(
  candidates: readonly QuestionCandidate[],
  levels: readonly string[] | null,
  keys: KeyExposure = NO_KEY_EXPOSURE,
  random?: () => number,
): QuestionCandidate[] {
  const practice = withoutReserve(withoutEnemies(shuffled(candidates, random)), keys, QUESTIONS_PER_CONCEPT_TEST);
  return levels
    ? spreadOverLevels(practice, QUESTIONS_PER_CONCEPT_TEST, levels, random)
    : practice.slice(0, QUESTIONS_PER_CONCEPT_TEST);
}

/**
 * What the student's server-scored results say: their level on the A1..C2 scale and their weak
 * areas. Self-reported results never shape it.
 */
export async function buildLearnerProfile(db: Db, userId: string) {
  const results = await listOwnResults(db, userId, { limit: 30, verifiedOnly: true });
  const levels: Breakdown = {};
  const topics: Breakdown = {};
  let latestEstimate: string | null = null;
  for (const r of results) {
    const meta = (r.metadata ?? {}) as { levelBreakdown?: Breakdown; topicBreakdown?: Breakdown };
    for (const [k, t] of Object.entries(meta.levelBreakdown ?? {})) {
      levels[k] ??= { correct: 0, total: 0 };
      const sum = levels[k];
      sum.correct += t.correct;
      sum.total += t.total;
    }
    for (const [k, t] of Object.entries(meta.topicBreakdown ?? {})) {
      topics[k] ??= { correct: 0, total: 0 };
      const sum = topics[k];
      sum.correct += t.correct;
      sum.total += t.total;
    }
    if (!latestEstimate && r.quizType === "general" && r.estimatedLevel) latestEstimate = r.estimatedLevel;
  }
  const estimate = latestEstimate ?? (results.length ? estimateLevel(levels) : null);
  const scaleIndex = estimate
    ? Math.max(0, ASSESSMENT_SCALE.indexOf(estimate as (typeof ASSESSMENT_SCALE)[number]))
    : 2;
  const around = [scaleIndex - 1, scaleIndex, scaleIndex + 1]
    .filter((i) => i >= 0 && i < QUIZ_LEVELS.length)
    .map((i) => QUIZ_LEVELS[i]);
  const weakAreas = findWeakAreas(topics).map((w) => w.key);
  return { level: QUIZ_LEVELS[scaleIndex], levels: around, weakAreas, hasHistory: results.length > 0 };
}

export async function planAiTest(services: Services, userId: string): Promise<Plan> {
  const { db, env } = services;
  const profile = await buildLearnerProfile(db, userId);
  const weakSet = new Set(profile.weakAreas);
  const label = (key: string) => (isConceptSlug(key) ? CONCEPT_CATALOG[key].name : key);
  let aiIds: string[] = [];
  if (env.ai) {
    try {
      const { items, dropped } = await generateAiItems(env.ai, {
        levels: profile.levels,
        weakAreas: profile.weakAreas.slice(0, 5).map(label),
        count: AI_QUIZ_QUESTIONS,
      });
      // Only items at and around the student's level; the rest count as dropped.
      const kept = items.filter((i) => profile.levels.includes(i.level)).slice(0, AI_QUIZ_QUESTIONS);
      if (kept.length) {
        const rows = kept.map((i) => ({
          id: `ai-${randomUUID()}`,
          question: i.question,
          options: i.options,
          correctAnswer: i.correctAnswer,
          explanation: i.explanation,
          skill: i.skill,
          level: i.level,
          difficulty: levelDifficulty(i.level),
          concept:
            i.concept && (CONCEPT_LEVELS[i.concept as ConceptSlug] as readonly string[]).includes(i.level)
              ? i.concept
              : null,
          topic:
            i.topic?.trim() || (i.concept ? CONCEPT_CATALOG[i.concept as ConceptSlug].name.toLowerCase() : i.skill),
        }));
        await insertAiQuestions(db, rows);
        aiIds = rows.map((r) => r.id);
      }
      const discarded = dropped + items.length - kept.length;
      if (discarded)
        services.log?.warn({ dropped: discarded, kept: kept.length }, "AI quiz: dropped invalid generated items");
    } catch (error) {
      services.log?.warn({ err: (error as Error).message }, "AI quiz: generation failed, composing from the bank");
    }
  }
  // Top up from the bank: weak areas at and around the student's level first, then the rest.
  const need = AI_QUIZ_QUESTIONS - aiIds.length;
  let bankIds: string[] = [];
  if (need > 0) {
    const [bank, keys] = await Promise.all([
      listBankCandidates(db, { levels: profile.levels }),
      loadKeyExposure(db, new Date()),
    ]);
    const candidates = withoutReserve(withoutEnemies(shuffled(bank)), keys, need);
    const weakFirst = [
      ...candidates.filter((c) => weakSet.has(c.concept ?? c.topic)),
      ...candidates.filter((c) => !weakSet.has(c.concept ?? c.topic)),
    ];
    const picked = weakSet.size ? weakFirst.slice(0, need) : spreadOverLevels(candidates, need, profile.levels);
    bankIds = picked.sort(byLevel).map((c) => c.id);
  }
  const questionIds = [...aiIds, ...bankIds];
  if (questionIds.length < AI_QUIZ_QUESTIONS) throw new AppError("UNAVAILABLE", QUIZ_MESSAGES.failedToLoadQuestions);
  return {
    quizType: "ai",
    quizLevel: profile.level,
    quizConcept: null,
    variant: null,
    title: "Your Personalized Test",
    topic: profile.weakAreas.length
      ? `Focus: ${profile.weakAreas.slice(0, 3).map(label).join(", ")}`
      : "Personalized practice",
    seconds: DEFAULT_QUIZ_SECONDS,
    questionIds,
    focus: {
      levels: profile.levels,
      weakAreas: profile.weakAreas.slice(0, 5).map(label),
      source: aiIds.length === 0 ? "bank" : bankIds.length ? "mixed" : "ai",
    },
  };
}

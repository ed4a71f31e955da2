// The quiz area's rules: the server picks the questions, keeps the clock and scores the answers.
// Answer keys and explanations leave the server only in the review of a submitted attempt.

import { randomInt, randomUUID } from "node:crypto";
import { INVALID_CERTIFICATE_MESSAGE } from "../../../shared/constants.ts";
import {
  AI_QUIZ_QUESTIONS,
  ASSESSMENT_SCALE,
  CONCEPT_CATALOG,
  CONCEPT_LEVELS,
  type ConceptSlug,
  DEFAULT_QUIZ_SECONDS,
  GENERAL_ASSESSMENTS,
  isConceptSlug,
  isQuizLevel,
  LEVEL_CATALOG,
  MIN_LEVEL_CONCEPT_QUESTIONS,
  QUESTIONS_PER_CONCEPT_TEST,
  QUESTIONS_PER_LEVEL_CONCEPT,
  QUESTIONS_PER_LEVEL_TEST,
  QUIZ_LEVELS,
  QUIZ_MESSAGES,
  type QUIZ_TYPES,
  type QuizLevel,
} from "../../../shared/quiz-catalog.ts";
import { certificateCodeSchema, type SaveResultInput, type StartQuizInput } from "../../../shared/quiz-schemas.ts";
import { addTo, type Breakdown, estimateLevel, findWeakAreas, percentOf } from "../../../shared/quiz-scoring.ts";
import { newCertificateCode } from "../../codes.ts";
import type { Db } from "../../db.ts";
import type { Env } from "../../env.ts";
import { AppError } from "../../errors.ts";
import type { SessionUser } from "../auth/session.data.ts";
import {
  type AttemptRow,
  completeAttempt,
  findCertificate,
  findOpenAttempt,
  findOwnAttempt,
  findOwnResult,
  findResultByAttempt,
  findUserName,
  getQuestionsInOrder,
  insertAiQuestions,
  insertAttempt,
  insertUnverifiedResult,
  listBankCandidates,
  listOwnResults,
  type QuestionCandidate,
  type QuestionRow,
  type ResultRow,
  recordAttemptAnswer,
  sumOwnResults,
} from "./quiz.data.ts";
import { generateAiItems } from "./quiz-ai.service.ts";

type Services = { db: Db; env: Env; log?: { warn(obj: unknown, msg?: string): void } };

/** A submission arriving this long after the deadline still counts in full (network, auto-submit). */
export const SUBMIT_GRACE_SECONDS = 15;
/** The hub's distinct tests: 2 general assessments, 6 level tests, 9 concept tests, the AI test. */
export const AVAILABLE_QUIZZES =
  Object.keys(GENERAL_ASSESSMENTS).length + QUIZ_LEVELS.length + Object.keys(CONCEPT_LEVELS).length + 1;

// ---------------------------------------------------------------------------------------------
// Choosing questions

function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

const levelIndex = (level: string) => QUIZ_LEVELS.indexOf(level as QuizLevel);
const byLevel = (a: { level: string }, b: { level: string }) => levelIndex(a.level) - levelIndex(b.level);

/** n questions spread evenly over the levels (the first levels get the remainder), easiest first. */
function spreadOverLevels(candidates: QuestionCandidate[], n: number, levels: readonly string[]): QuestionCandidate[] {
  const pools = new Map(levels.map((l) => [l, shuffle(candidates.filter((c) => c.level === l))]));
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

type Plan = {
  quizType: (typeof QUIZ_TYPES)[number];
  quizLevel: string | null;
  quizConcept: string | null;
  variant: string | null;
  title: string;
  topic: string;
  seconds: number;
  questionIds: string[];
  focus?: { levels: string[]; weakAreas: string[]; source: "ai" | "bank" | "mixed" };
};

function parseLevel(value: string | undefined): QuizLevel | "mixed" | null {
  const v = (value ?? "mixed").trim().toLowerCase();
  if (v === "mixed") return "mixed";
  const upper = v.toUpperCase();
  return isQuizLevel(upper) ? upper : null;
}

async function planLevelTest(db: Db, levelValue: string, conceptValue: string | undefined): Promise<Plan> {
  const level = parseLevel(levelValue);
  if (!level || level === "mixed") throw new AppError("BAD_REQUEST", QUIZ_MESSAGES.invalidLevel);
  const conceptSlug = (conceptValue ?? "mixed").trim().toLowerCase();
  const info = LEVEL_CATALOG[level];
  if (conceptSlug === "mixed") {
    const candidates = await listBankCandidates(db, { levels: [level] });
    if (candidates.length < QUESTIONS_PER_LEVEL_TEST)
      throw new AppError("UNAVAILABLE", QUIZ_MESSAGES.failedToLoadQuestions);
    return {
      quizType: "level",
      quizLevel: level,
      quizConcept: null,
      variant: null,
      title: `${level} ${info.name} Test`,
      topic: `${level} ${info.name}`,
      seconds: info.minutes * 60,
      questionIds: shuffle(candidates)
        .slice(0, QUESTIONS_PER_LEVEL_TEST)
        .map((c) => c.id),
    };
  }
  if (!isConceptSlug(conceptSlug)) throw new AppError("BAD_REQUEST", QUIZ_MESSAGES.invalidConcept);
  const conceptName = CONCEPT_CATALOG[conceptSlug].name;
  const candidates = await listBankCandidates(db, { levels: [level], concept: conceptSlug });
  if (candidates.length < MIN_LEVEL_CONCEPT_QUESTIONS) {
    throw new AppError("BAD_REQUEST", QUIZ_MESSAGES.notEnoughForLevelWithConcept(conceptName, level));
  }
  return {
    quizType: "level",
    quizLevel: level,
    quizConcept: conceptSlug,
    variant: null,
    title: `${level} ${info.name} Test: ${conceptName}`,
    topic: conceptName,
    seconds: DEFAULT_QUIZ_SECONDS,
    questionIds: shuffle(candidates)
      .slice(0, QUESTIONS_PER_LEVEL_CONCEPT)
      .map((c) => c.id),
  };
}

async function planConceptTest(db: Db, conceptValue: string, levelValue: string | undefined): Promise<Plan> {
  const slug = conceptValue.trim().toLowerCase();
  if (!isConceptSlug(slug)) throw new AppError("BAD_REQUEST", QUIZ_MESSAGES.invalidConcept);
  const level = parseLevel(levelValue);
  if (!level) throw new AppError("BAD_REQUEST", QUIZ_MESSAGES.invalidLevel);
  const name = CONCEPT_CATALOG[slug].name;
  const levels: readonly string[] = level === "mixed" ? CONCEPT_LEVELS[slug] : [level];
  const candidates = await listBankCandidates(db, { levels: [...levels], concept: slug });
  if (candidates.length < QUESTIONS_PER_CONCEPT_TEST) {
    if (level === "mixed") throw new AppError("UNAVAILABLE", QUIZ_MESSAGES.failedToLoadQuestions);
    throw new AppError("BAD_REQUEST", QUIZ_MESSAGES.notEnoughForConceptAtLevel(level, name));
  }
  const chosen =
    level === "mixed"
      ? spreadOverLevels(candidates, QUESTIONS_PER_CONCEPT_TEST, levels)
      : shuffle(candidates).slice(0, QUESTIONS_PER_CONCEPT_TEST);
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

async function planGeneral(db: Db, typeValue: string | undefined): Promise<Plan> {
  const type = (typeValue ?? "comprehensive").trim().toLowerCase();
  if (type !== "quick" && type !== "comprehensive") throw new AppError("BAD_REQUEST", QUIZ_MESSAGES.quizNotFound);
  const spec = GENERAL_ASSESSMENTS[type];
  const candidates = await listBankCandidates(db, {});
  const chosen = spreadOverLevels(candidates, spec.questions, QUIZ_LEVELS);
  if (chosen.length < spec.questions) throw new AppError("UNAVAILABLE", QUIZ_MESSAGES.failedToLoadQuestions);
  return {
    quizType: "general",
    quizLevel: null,
    quizConcept: null,
    variant: type,
    title: spec.title,
    topic: "General English",
    seconds: spec.seconds,
    questionIds: chosen.map((c) => c.id),
  };
}

/** What the student's saved results say: their level on the A1..C2 scale and their weak areas. */
export async function buildLearnerProfile(db: Db, userId: string) {
  const results = await listOwnResults(db, userId, { limit: 30 });
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

async function planAiTest(services: Services, userId: string): Promise<Plan> {
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
          difficulty: levelIndex(i.level) + 1,
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
    const candidates = shuffle(await listBankCandidates(db, { levels: profile.levels }));
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

// ---------------------------------------------------------------------------------------------
// Attempts

export type PublicQuestion = {
  id: string;
  question: string;
  options: string[];
  skill: string;
  level: string;
  concept: string | null;
  topic: string;
};

/** The question as the browser may see it before submission: no answer key, no explanation. */
const toPublicQuestion = (q: QuestionRow): PublicQuestion => ({
  id: q.id,
  question: q.question,
  options: q.options,
  skill: q.skill,
  level: q.level,
  concept: q.concept,
  topic: q.topic,
});

/**
 * Which test a start asks for, as attempts store it; null when the input is invalid (the plan
 * then refuses it with the spec's message).
 */
function requestedTest(
  input: StartQuizInput,
): { quizType: string; quizLevel?: string | null; quizConcept: string | null; variant: string | null } | null {
  if (input.kind === "level") {
    const level = parseLevel(input.level);
    const concept = (input.concept ?? "mixed").trim().toLowerCase();
    if (!level || level === "mixed" || (concept !== "mixed" && !isConceptSlug(concept))) return null;
    return { quizType: "level", quizLevel: level, quizConcept: concept === "mixed" ? null : concept, variant: null };
  }
  if (input.kind === "concept") {
    const slug = input.concept.trim().toLowerCase();
    const level = parseLevel(input.level);
    if (!isConceptSlug(slug) || !level) return null;
    return { quizType: "concept", quizLevel: level, quizConcept: slug, variant: null };
  }
  if (input.kind === "general") {
    const type = (input.type ?? "comprehensive").trim().toLowerCase();
    if (type !== "quick" && type !== "comprehensive") return null;
    return { quizType: "general", quizLevel: null, quizConcept: null, variant: type };
  }
  return { quizType: "ai", quizConcept: null, variant: null };
}

/** The topic line (and the personalised test's focus) of a stored attempt. */
async function describeAttempt(services: Services, attempt: AttemptRow): Promise<Pick<Plan, "topic" | "focus">> {
  const concept =
    attempt.quizConcept && isConceptSlug(attempt.quizConcept) ? CONCEPT_CATALOG[attempt.quizConcept] : null;
  if (attempt.quizType === "ai") {
    const profile = await buildLearnerProfile(services.db, attempt.userId);
    const label = (key: string) => (isConceptSlug(key) ? CONCEPT_CATALOG[key].name : key);
    const generated = attempt.questionIds.filter((id) => id.startsWith("ai-")).length;
    return {
      topic: profile.weakAreas.length
        ? `Focus: ${profile.weakAreas.slice(0, 3).map(label).join(", ")}`
        : "Personalized practice",
      focus: {
        levels: profile.levels,
        weakAreas: profile.weakAreas.slice(0, 5).map(label),
        source: generated === 0 ? "bank" : generated === attempt.questionIds.length ? "ai" : "mixed",
      },
    };
  }
  if (concept) return { topic: concept.name };
  if (attempt.quizType === "level" && attempt.quizLevel && isQuizLevel(attempt.quizLevel))
    return { topic: `${attempt.quizLevel} ${LEVEL_CATALOG[attempt.quizLevel].name}` };
  return { topic: "General English" };
}

/** What the runner needs: questions without answer keys, the clock, and the answers saved so far. */
async function toStartedQuiz(services: Services, attempt: AttemptRow, about: Pick<Plan, "topic" | "focus">) {
  const questions = await getQuestionsInOrder(services.db, attempt.questionIds);
  return {
    attemptId: attempt.id,
    quizType: attempt.quizType as Plan["quizType"],
    quizLevel: attempt.quizLevel,
    quizConcept: attempt.quizConcept,
    variant: attempt.variant,
    title: attempt.title,
    topic: about.topic,
    timeLimitSeconds: Math.round((attempt.deadlineAt.getTime() - attempt.startedAt.getTime()) / 1000),
    startedAt: attempt.startedAt.toISOString(),
    deadlineAt: attempt.deadlineAt.toISOString(),
    focus: about.focus ?? null,
    questions: questions.map(toPublicQuestion),
    /** The server's clock now, so the browser counts from `startedAt` whatever its own clock says. */
    serverTime: new Date().toISOString(),
    /** {questionId: optionIndex} recorded so far: empty for a new attempt. */
    answers: { ...((attempt.answers ?? {}) as Record<string, number>) },
  };
}

/**
 * Starts a test, or resumes it: while an unfinished attempt of the same test is before its
 * deadline, starting again (a refresh, leaving and coming back) returns that attempt with the
 * answers saved so far and its original clock, so a refresh neither resets the timer nor
 * draws new questions.
 */
export async function startQuiz(services: Services, student: SessionUser, input: StartQuizInput, now = new Date()) {
  const test = requestedTest(input);
  const open = test ? await findOpenAttempt(services.db, student.id, test, now) : null;
  if (open) return toStartedQuiz(services, open, await describeAttempt(services, open));
  const plan =
    input.kind === "level"
      ? await planLevelTest(services.db, input.level, input.concept)
      : input.kind === "concept"
        ? await planConceptTest(services.db, input.concept, input.level)
        : input.kind === "general"
          ? await planGeneral(services.db, input.type)
          : await planAiTest(services, student.id);
  const seconds = Math.max(5, Math.round(plan.seconds * services.env.quizTimeScale));
  const attempt = await insertAttempt(services.db, {
    userId: student.id,
    quizType: plan.quizType,
    quizLevel: plan.quizLevel,
    quizConcept: plan.quizConcept,
    variant: plan.variant,
    title: plan.title,
    questionIds: plan.questionIds,
    startedAt: now,
    deadlineAt: new Date(now.getTime() + seconds * 1000),
  });
  return toStartedQuiz(services, attempt, plan);
}
export type StartedQuiz = Awaited<ReturnType<typeof startQuiz>>;

async function requireOwnAttempt(db: Db, attemptId: string, userId: string) {
  const attempt = await findOwnAttempt(db, attemptId, userId);
  if (!attempt) throw new AppError("NOT_FOUND", QUIZ_MESSAGES.quizNotFound);
  return attempt;
}

/** "A selected answer is recorded on Next": kept only while the attempt is open and in time. */
export async function recordAnswer(
  services: Services,
  student: SessionUser,
  input: { attemptId: string; questionId: string; answer: number },
  now = new Date(),
) {
  const recorded = await recordAttemptAnswer(services.db, {
    ...input,
    userId: student.id,
    deadlineNotBefore: new Date(now.getTime() - SUBMIT_GRACE_SECONDS * 1000),
  });
  if (!recorded) await requireOwnAttempt(services.db, input.attemptId, student.id);
  return { recorded };
}

/** Certificates of completion: a full level test or the in-depth assessment, scored by the server. */
const earnsCertificate = (a: Pick<AttemptRow, "quizType" | "quizConcept" | "variant">) =>
  (a.quizType === "level" && !a.quizConcept) || (a.quizType === "general" && a.variant === "comprehensive");

type ReviewEntry = {
  questionId: string;
  question: string;
  options: string[];
  selectedAnswer: number | null;
  correctAnswer: number;
  isCorrect: boolean;
  explanation: string;
  skill: string;
  level: string;
  concept: string | null;
  topic: string;
  /** Answered only in a submission that arrived after the deadline: shown, not counted. */
  isLate: boolean;
};

function scoreAttempt(questions: QuestionRow[], counted: Record<string, number>, submitted: Record<string, number>) {
  const skillBreakdown: Breakdown = {};
  const difficultyBreakdown: Breakdown = {};
  const levelBreakdown: Breakdown = {};
  const topicBreakdown: Breakdown = {};
  const review: ReviewEntry[] = [];
  let score = 0;
  for (const q of questions) {
    const selected = Object.hasOwn(counted, q.id) ? counted[q.id] : null;
    const isCorrect = selected === q.correctAnswer;
    if (isCorrect) score++;
    addTo(skillBreakdown, q.skill, isCorrect);
    addTo(difficultyBreakdown, String(q.difficulty), isCorrect);
    addTo(levelBreakdown, q.level, isCorrect);
    addTo(topicBreakdown, q.concept ?? q.topic, isCorrect);
    const late = selected === null && Object.hasOwn(submitted, q.id);
    review.push({
      questionId: q.id,
      question: q.question,
      options: q.options,
      selectedAnswer: late ? submitted[q.id] : selected,
      correctAnswer: q.correctAnswer,
      isCorrect,
      explanation: q.explanation,
      skill: q.skill,
      level: q.level,
      concept: q.concept,
      topic: q.topic,
      isLate: late,
    });
  }
  return { score, review, skillBreakdown, difficultyBreakdown, levelBreakdown, topicBreakdown };
}

/**
 * Scores a server-issued attempt. In time (deadline + grace), every submitted answer counts;
 * later, only the answers recorded in time do. Whatever the browser claims about its score is
 * never read. Submitting twice returns the first result.
 */
export async function submitAttempt(
  services: Services,
  student: SessionUser,
  input: { attemptId: string; answers: Record<string, number> },
  now = new Date(),
) {
  const { db } = services;
  const attempt = await requireOwnAttempt(db, input.attemptId, student.id);
  const questions = await getQuestionsInOrder(db, attempt.questionIds);
  const recorded = (attempt.answers ?? {}) as Record<string, number>;
  const inQuiz = new Set(attempt.questionIds);
  const submitted = Object.fromEntries(Object.entries(input.answers).filter(([id]) => inQuiz.has(id)));
  const inTime = now.getTime() <= attempt.deadlineAt.getTime() + SUBMIT_GRACE_SECONDS * 1000;
  const counted = inTime ? { ...recorded, ...submitted } : recorded;

  if (attempt.submittedAt) {
    const existing = await findResultByAttempt(db, attempt.id);
    if (!existing) throw new AppError("NOT_FOUND", QUIZ_MESSAGES.quizNotFound);
    return { result: toResultDto(existing), review: scoreAttempt(questions, recorded, {}).review };
  }
  const scored = scoreAttempt(questions, counted, submitted);
  const answeredUntil = Math.min(now.getTime(), attempt.deadlineAt.getTime());
  const studyTimeSeconds = Math.max(0, Math.round((answeredUntil - attempt.startedAt.getTime()) / 1000));
  const { result } = await completeAttempt(
    db,
    attempt.id,
    { submittedAt: now, answers: counted },
    {
      userId: student.id,
      quizType: attempt.quizType,
      quizLevel: attempt.quizLevel,
      quizConcept: attempt.quizConcept,
      score: scored.score,
      totalQuestions: questions.length,
      estimatedLevel: estimateLevel(scored.levelBreakdown),
      studyTimeSeconds,
      metadata: {
        title: attempt.title,
        skillBreakdown: scored.skillBreakdown,
        difficultyBreakdown: scored.difficultyBreakdown,
        levelBreakdown: scored.levelBreakdown,
        topicBreakdown: scored.topicBreakdown,
        assessmentType: attempt.variant ?? attempt.quizType,
        topic: attempt.quizConcept
          ? (CONCEPT_CATALOG[attempt.quizConcept as ConceptSlug]?.name ?? attempt.title)
          : attempt.title,
        submittedLate: !inTime,
      },
      certificateCode: earnsCertificate(attempt) ? newCertificateCode() : null,
    },
  );
  return { result: toResultDto(result), review: scored.review };
}
export type SubmittedQuiz = Awaited<ReturnType<typeof submitAttempt>>;

export type ResultMetadata = {
  title?: string;
  skillBreakdown?: Breakdown;
  difficultyBreakdown?: Breakdown;
  levelBreakdown?: Breakdown;
  topicBreakdown?: Breakdown;
  assessmentType?: string;
  topic?: string;
  submittedLate?: boolean;
};

export function toResultDto(r: ResultRow) {
  const metadata = (r.metadata ?? {}) as ResultMetadata;
  return {
    id: r.id,
    attemptId: r.attemptId,
    quizType: r.quizType,
    quizLevel: r.quizLevel,
    quizConcept: r.quizConcept,
    title: metadata.title ?? metadata.topic ?? r.quizType,
    score: r.score,
    totalQuestions: r.totalQuestions,
    percent: percentOf({ correct: r.score, total: r.totalQuestions }),
    estimatedLevel: r.estimatedLevel,
    studyTimeSeconds: r.studyTimeSeconds,
    metadata,
    isVerified: r.isVerified,
    certificateCode: r.certificateCode,
    createdAt: r.createdAt.toISOString(),
  };
}
export type ResultDto = ReturnType<typeof toResultDto>;

/**
 * POST /api/quiz-results/save. With an attemptId the server scores the attempt itself and the
 * body's score, level and breakdowns are ignored. Without one (the built-in sample, a quiz
 * passed in navigation state) the browser's score is stored as it is, marked unverified.
 */
export async function saveResult(services: Services, student: SessionUser, body: SaveResultInput) {
  if (body.attemptId)
    return submitAttempt(services, student, { attemptId: body.attemptId, answers: body.answers ?? {} });
  const row = await insertUnverifiedResult(services.db, {
    userId: student.id,
    quizType: body.quizType,
    quizLevel: body.quizLevel ?? null,
    quizConcept: body.quizConcept ?? null,
    score: body.score,
    totalQuestions: body.totalQuestions,
    estimatedLevel: body.estimatedLevel ?? null,
    studyTimeSeconds: body.studyTimeSeconds,
    metadata: { ...(body.metadata ?? {}), title: body.metadata?.topic ?? "Practice quiz" },
  });
  return { result: toResultDto(row), review: null };
}

export async function getOwnResult(services: Services, student: SessionUser, resultId: string) {
  const result = await findOwnResult(services.db, resultId, student.id);
  if (!result) throw new AppError("NOT_FOUND", "Result not found.");
  let review: ReviewEntry[] | null = null;
  if (result.attemptId) {
    const attempt = await findOwnAttempt(services.db, result.attemptId, student.id);
    if (attempt?.submittedAt) {
      const questions = await getQuestionsInOrder(services.db, attempt.questionIds);
      review = scoreAttempt(questions, (attempt.answers ?? {}) as Record<string, number>, {}).review;
    }
  }
  return { result: toResultDto(result), review };
}

export async function listHistory(db: Db, student: SessionUser, filter: { limit: number; quizType?: string }) {
  return { results: (await listOwnResults(db, student.id, filter)).map(toResultDto) };
}

/** The hub's tiles: average score in percent, study time in minutes; all 0 without results. */
export async function getStats(db: Db, student: SessionUser) {
  const rows = await sumOwnResults(db, student.id);
  const percents = rows.map((r) => (r.totalQuestions ? (r.score / r.totalQuestions) * 100 : 0));
  return {
    stats: {
      totalQuizzes: AVAILABLE_QUIZZES,
      completedQuizzes: rows.length,
      averageScore: percents.length ? Math.round(percents.reduce((a, b) => a + b, 0) / percents.length) : 0,
      studyTime: Math.round(rows.reduce((a, r) => a + r.studyTimeSeconds, 0) / 60),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Certificates

function levelReached(r: ResultRow) {
  if (r.quizType === "level" && r.quizLevel && isQuizLevel(r.quizLevel)) {
    const name = LEVEL_CATALOG[r.quizLevel].name;
    const passed = r.score * 100 >= 60 * r.totalQuestions;
    return passed ? `${r.quizLevel} ${name}` : `${r.quizLevel} ${name} (not yet reached)`;
  }
  const i = ASSESSMENT_SCALE.indexOf((r.estimatedLevel ?? "Foundation") as (typeof ASSESSMENT_SCALE)[number]);
  return `${ASSESSMENT_SCALE[Math.max(0, i)]} (${QUIZ_LEVELS[Math.max(0, i)]})`;
}

/** The student's own printable certificate: full name, test, level, score, date, code. */
export async function getOwnCertificate(services: Services, student: SessionUser, resultId: string) {
  const r = await findOwnResult(services.db, resultId, student.id);
  if (!r?.isVerified || !r.certificateCode) throw new AppError("NOT_FOUND", "No certificate for this result.");
  const user = await findUserName(services.db, student.id);
  const dto = toResultDto(r);
  return {
    name: user?.name ?? student.name,
    test: dto.title,
    level: levelReached(r),
    score: dto.score,
    totalQuestions: dto.totalQuestions,
    percent: dto.percent,
    issuedAt: dto.createdAt,
    code: r.certificateCode,
    verifyUrl: `${services.env.PUBLIC_URL}/certificates/${r.certificateCode}`,
  };
}

/** Public verification: only the first name and the last name's initial (students may be minors). */
export async function verifyCertificate(db: Db, rawCode: string) {
  const code = certificateCodeSchema.safeParse(rawCode.toUpperCase());
  const r = code.success ? await findCertificate(db, code.data) : null;
  if (!r?.isVerified) throw new AppError("NOT_FOUND", INVALID_CERTIFICATE_MESSAGE);
  const parts = r.user.name.trim().split(/\s+/);
  const first = parts[0] ?? "";
  const lastInitial = parts.length > 1 ? `${parts[parts.length - 1][0].toUpperCase()}.` : "";
  return {
    certificate: {
      code: r.certificateCode,
      holder: [first, lastInitial].filter(Boolean).join(" "),
      test: toResultDto(r).title,
      level: levelReached(r),
      issuedAt: r.createdAt.toISOString(),
    },
  };
}

// The quiz area's attempts: the server picks the questions, keeps the clock and scores the answers.
// Answer keys and explanations leave the server only in the review of a submitted attempt.

import {
  AI_QUIZ_QUESTIONS,
  CONCEPT_CATALOG,
  type ConceptSlug,
  DEFAULT_QUIZ_SECONDS,
  isConceptSlug,
  isQuizLevel,
  LEVEL_CATALOG,
  QUIZ_MESSAGES,
} from "../../../shared/quiz-catalog.ts";
import { breakdownsOf, estimateLevel, scoreAnswers } from "../../../shared/quiz-scoring.ts";
import { asGeneralStart } from "../../../shared/quiz-texts.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import type { SessionUser } from "../auth/session.data.ts";
import { findAccountLearner, findDefaultLearnerId } from "../portal/learners.data.ts";
import {
  certificateFor,
  describeCertification,
  earnsLevelCertificate,
  levelExposure,
  loadKeyExposure,
  placementCertification,
  wasPlausiblyPaced,
} from "./certification.service.ts";
import type { Certification } from "./certification.ts";
import { placementLength } from "./placement/placement.ts";
import {
  answerPlacementBlock,
  currentBlock,
  finishPlacement,
  planPlacement,
  readPlacement,
} from "./placement.service.ts";
import {
  buildLearnerProfile,
  type Plan,
  parseLevel,
  planAiTest,
  planConceptTest,
  planLevelTest,
  type Services,
} from "./question-plans.service.ts";
import {
  type AttemptRow,
  completeAttempt,
  findOpenAttempt,
  findOwnAttempt,
  findResultByAttempt,
  getQuestionsInOrder,
  insertAttemptUnlessOpen,
  recordAttemptAnswer,
} from "./quiz.data.ts";
import type { StartQuizInput } from "./quiz.schemas.ts";
import { toResultDto } from "./result-dto.ts";
import { reviewFor } from "./result-review.ts";
import { closingOf, drawOptionOrders, publicQuestions, servedQuestions } from "./served.ts";

/** A submission arriving this long after the deadline still counts in full (network, auto-submit). */
export const SUBMIT_GRACE_SECONDS = 15;

const isInTime = (attempt: Pick<AttemptRow, "deadlineAt">, now: Date) =>
  now.getTime() <= attempt.deadlineAt.getTime() + SUBMIT_GRACE_SECONDS * 1000;

// ---------------------------------------------------------------------------------------------
// Attempts

/**
 * Which test a start asks for, as attempts store it; null when the input is invalid (the plan
 * then refuses it with the spec's message).
 */
function requestedTest(
  input: Exclude<StartQuizInput, { kind: "placement" }>,
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

/** What the start screen tells about an attempt besides its questions. */
type AttemptAbout = Pick<Plan, "topic" | "focus"> & { certification?: Certification | null };

async function describeAttempt(services: Services, attempt: AttemptRow): Promise<AttemptAbout> {
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
  const certification = await describeCertification(services.db, attempt);
  if (attempt.quizType === "level" && attempt.quizLevel && isQuizLevel(attempt.quizLevel))
    return { topic: `${attempt.quizLevel} ${LEVEL_CATALOG[attempt.quizLevel].name}`, certification };
  return { topic: "General English", certification };
}

/**
 * What the runner needs: questions without answer keys, the clock, and the answers saved so far.
 * A placement test gives its current block only, and where that block stands in the test.
 */
async function toStartedQuiz(services: Services, attempt: AttemptRow, about: AttemptAbout) {
  const placement = readPlacement(attempt);
  const block = placement ? currentBlock(placement) : null;
  const questions = (await servedQuestions(services.db, attempt)).slice(block?.offset ?? 0);
  const shown = new Set(questions.map((q) => q.id));
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
    questions: await publicQuestions(services.db, questions),
    /** The server's clock now, so the browser counts from `startedAt` whatever its own clock says. */
    serverTime: new Date().toISOString(),
    /** {questionId: optionIndex} recorded so far (of the questions given): empty for a new attempt. */
    answers: Object.fromEntries(
      Object.entries((attempt.answers ?? {}) as Record<string, number>).filter(([id]) => shown.has(id)),
    ),
    /** A placement test's current block (null: a fixed form, all questions at once). */
    block,
    /** Level tests: whether this attempt can earn a certificate, and if not why and from when. */
    certification: toCertificationDto(about.certification ?? null),
  };
}

function toCertificationDto(c: Certification | null) {
  if (!c) return null;
  return c.certified
    ? { certified: true as const, reasons: [], availableAt: null }
    : { certified: false as const, reasons: c.reasons, availableAt: c.availableAt?.toISOString() ?? null };
}

/**
 * What a new start of a test would be, without storing it: its plan (the questions drawn, or the
 * spec's message when the test cannot be given) and whether it is certified. Level tests avoid
 * what the student was shown recently; a whole-level test and the In-Depth Assessment may be
 * certified.
 */
async function planStart(
  services: Services,
  student: SessionUser,
  input: Exclude<StartQuizInput, { kind: "placement" }>,
  test: ReturnType<typeof requestedTest>,
  now: Date,
) {
  const keys = await loadKeyExposure(services.db, now);
  const exposure =
    input.kind === "level" && test
      ? await levelExposure(services.db, student.id, { ...test, quizLevel: test.quizLevel ?? null }, now, keys)
      : null;
  const certification =
    exposure?.certification ??
    (test ? await placementCertification(services.db, student.id, { ...test, quizLevel: null }, now, keys) : null);
  const certified = certification?.certified ?? false;
  const plan =
    input.kind === "level"
      ? await planLevelTest(
          services.db,
          input.level,
          input.concept,
          exposure ? { shownAt: exposure.shownAt, certified, keys } : undefined,
        )
      : input.kind === "concept"
        ? await planConceptTest(services.db, input.concept, input.level, keys)
        : input.kind === "general"
          ? await planPlacement(services.db, student.id, input.type, now, { certified, keys })
          : null; // the personalised test: built (and the model called) only by a real start
  return { plan, certification, certified };
}

/**
 * Issue 31: the learner of the family taking a test: the one named (another family's is a 404,
 * as for bookings), else the account holder's own learner (or the family's only one).
 */
async function takerOf(db: Db, student: SessionUser, learnerId: string | undefined) {
  if (!learnerId) return findDefaultLearnerId(db, student.id);
  const learner = await findAccountLearner(db, student.id, learnerId);
  if (!learner) throw new AppError("NOT_FOUND", { key: "errors.learnerNotFound" });
  return learner.id;
}

/**
 * Starts a test, or resumes it: while an unfinished attempt of the same test is before its
 * deadline, starting again (a refresh, leaving and coming back) returns that attempt with the
 * answers saved so far and its original clock, so a refresh neither resets the timer nor
 * draws new questions.
 */
export async function startQuiz(services: Services, student: SessionUser, start: StartQuizInput, now = new Date()) {
  const learnerId = await takerOf(services.db, student, start.learnerId);
  const input = asGeneralStart(start);
  const test = requestedTest(input);
  const open = test ? await findOpenAttempt(services.db, student.id, test, now, learnerId) : null;
  if (open) return toStartedQuiz(services, open, await describeAttempt(services, open));
  const planned = await planStart(services, student, input, test, now);
  const { certification, certified } = planned;
  const plan = planned.plan ?? (await planAiTest(services, student.id));
  const seconds = timeLimitOf(services, plan.seconds);
  const drawn = await getQuestionsInOrder(services.db, plan.questionIds);
  // Checked again under a lock as it is stored: a start racing this one may have stored it first.
  const { attempt, isNew } = await insertAttemptUnlessOpen(
    services.db,
    {
      userId: student.id,
      quizType: plan.quizType,
      quizLevel: plan.quizLevel,
      quizConcept: plan.quizConcept,
      variant: plan.variant,
      title: plan.title,
      questionIds: plan.questionIds,
      optionOrders: drawOptionOrders(drawn),
      placement: plan.placement,
      certified,
      startedAt: now,
      deadlineAt: new Date(now.getTime() + seconds * 1000),
      learnerId,
    },
    test ?? plan,
  );
  if (!isNew) return toStartedQuiz(services, attempt, await describeAttempt(services, attempt));
  return toStartedQuiz(services, attempt, { ...plan, certification });
}

const timeLimitOf = (services: Services, planSeconds: number) =>
  Math.max(5, Math.round(planSeconds * services.env.quizTimeScale));

/**
 * The start screen of a test (nothing is stored and no clock runs): its title, how many
 * questions, the time limit, whether it can earn a certificate, or the attempt in progress that
 * Start resumes. A test that cannot be given fails here with the message its start would give.
 */
export async function previewQuiz(services: Services, student: SessionUser, start: StartQuizInput, now = new Date()) {
  const learnerId = await takerOf(services.db, student, start.learnerId);
  const input = asGeneralStart(start);
  const test = requestedTest(input);
  const open = test ? await findOpenAttempt(services.db, student.id, test, now, learnerId) : null;
  if (open) {
    const about = await describeAttempt(services, open);
    const placement = readPlacement(open);
    return {
      title: open.title,
      topic: about.topic,
      questionCount: placement ? placementLength(placement.mode) : open.questionIds.length,
      adaptive: placement !== null,
      timeLimitSeconds: Math.round((open.deadlineAt.getTime() - open.startedAt.getTime()) / 1000),
      certification: toCertificationDto(about.certification ?? null),
      inProgress: {
        answered: Object.keys(open.answers ?? {}).length,
        secondsLeft: Math.max(0, Math.round((open.deadlineAt.getTime() - now.getTime()) / 1000)),
      },
    };
  }
  const { plan, certification } = await planStart(services, student, input, test, now);
  const about = plan ?? {
    title: "Your Personalized Test",
    topic: "Personalized practice",
    seconds: DEFAULT_QUIZ_SECONDS,
  };
  return {
    title: about.title,
    topic: about.topic,
    questionCount: plan?.placement
      ? placementLength(plan.placement.mode)
      : (plan?.questionIds.length ?? AI_QUIZ_QUESTIONS),
    adaptive: Boolean(plan?.placement),
    timeLimitSeconds: timeLimitOf(services, about.seconds),
    certification: toCertificationDto(certification),
    inProgress: null,
  };
}
export type QuizPreview = Awaited<ReturnType<typeof previewQuiz>>;

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

/**
 * Certificates of completion of a fixed-form test, scored by the server: a passed, certified level
 * test (see certification.service.ts). The in-depth assessment's rule is placement.service.ts's.
 */
async function earnsCertificate(db: Db, attempt: AttemptRow, score: { correct: number; total: number }) {
  return attempt.quizType === "level" && earnsLevelCertificate(db, attempt, score);
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
  const placement = readPlacement(attempt);
  if (placement && !attempt.submittedAt)
    return finishPlacement(services, attempt, placement, input.answers, { now, inTime: isInTime(attempt, now) });
  const questions = await servedQuestions(db, attempt);
  const recorded = (attempt.answers ?? {}) as Record<string, number>;
  const inQuiz = new Set(attempt.questionIds);
  const submitted = Object.fromEntries(Object.entries(input.answers).filter(([id]) => inQuiz.has(id)));
  const inTime = isInTime(attempt, now);
  const counted = inTime ? { ...recorded, ...submitted } : recorded;

  if (attempt.submittedAt) {
    const existing = await findResultByAttempt(db, attempt.id);
    if (!existing) throw new AppError("NOT_FOUND", QUIZ_MESSAGES.quizNotFound);
    return { result: toResultDto(existing), review: reviewFor(attempt, scoreAnswers(questions, recorded).review) };
  }
  const scored = scoreAnswers(questions, counted, submitted);
  const answeredUntil = Math.min(now.getTime(), attempt.deadlineAt.getTime());
  const studyTimeSeconds = Math.max(0, Math.round((answeredUntil - attempt.startedAt.getTime()) / 1000));
  const paced = wasPlausiblyPaced(services.env.quizReadingScale, attempt, questions, counted, answeredUntil);
  const withCertificate =
    paced && (await earnsCertificate(db, attempt, { correct: scored.score, total: questions.length }));
  const { result } = await completeAttempt(db, attempt.id, closingOf(attempt, questions, counted, now), {
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
      ...breakdownsOf(scored),
      assessmentType: attempt.variant ?? attempt.quizType,
      topic: attempt.quizConcept
        ? (CONCEPT_CATALOG[attempt.quizConcept as ConceptSlug]?.name ?? attempt.title)
        : attempt.title,
      submittedLate: !inTime,
      ...(attempt.certified && !paced ? { tooFastToCertify: true } : {}),
    },
    ...(withCertificate
      ? await certificateFor(db, student.id, attempt.learnerId)
      : { certificateCode: null, certificateName: null }),
  });
  return { result: toResultDto(result), review: reviewFor(attempt, scored.review) };
}
export type SubmittedQuiz = Awaited<ReturnType<typeof submitAttempt>>;

/**
 * Sends the answers to the current block: a placement test serves its next block or, after the
 * last, its result; a fixed-form test is one block, so this submits it.
 */
export async function answerBlock(
  services: Services,
  student: SessionUser,
  input: { attemptId: string; answers: Record<string, number> },
  now = new Date(),
) {
  const attempt = await requireOwnAttempt(services.db, input.attemptId, student.id);
  const placement = readPlacement(attempt);
  if (!placement || attempt.submittedAt)
    return { done: true as const, ...(await submitAttempt(services, student, input, now)) };
  return answerPlacementBlock(services, attempt, placement, input.answers, { now, inTime: isInTime(attempt, now) });
}
export type AnsweredBlock = Awaited<ReturnType<typeof answerBlock>>;

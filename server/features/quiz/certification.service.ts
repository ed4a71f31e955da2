// Which attempts are certified, on the student's own history (the items they were shown in the
// last 30 days, their certified starts in the last 24 hours) and on everyone's (the keys practice
// reviews revealed); rules in certification.ts.

import { newCertificateCode } from "../../codes.ts";
import type { Db } from "../../db.ts";
import { findAccountLearner } from "../portal/learners.data.ts";
import {
  CERTIFIED_COOLDOWN_MS,
  type Certification,
  decideCertification,
  isPlausiblyPaced,
  type KeyExposure,
  keyExposureOf,
  passesLevelTest,
  SEEN_WINDOW_MS,
} from "./certification.ts";
import { placementLength } from "./placement/placement.ts";
import {
  type AttemptRow,
  findLatestCertifiedStart,
  findUserName,
  listBankCandidates,
  listBankKeyItems,
  listShownItems,
  wasShownElsewhere,
} from "./quiz.data.ts";

/** The keys revealed at `at`, each level's reserve, and how many servable items keep their key. */
export async function loadKeyExposure(db: Db, at: Date): Promise<KeyExposure & { unrevealed: number }> {
  const items = await listBankKeyItems(db);
  const keys = keyExposureOf(items, at);
  return { ...keys, unrevealed: items.length - keys.revealedAt.size };
}

type TestKey = Pick<AttemptRow, "quizType" | "quizLevel" | "quizConcept" | "variant">;

/** Level tests of a whole level (no concept) are the tests that can be certified. */
export const isCertifiableTest = (t: TestKey) => t.quizType === "level" && t.quizLevel !== null && !t.quizConcept;

export type Exposure = {
  /** Items shown to the student in the 30 days before `at`, with when each was last shown. */
  shownAt: Map<string, Date>;
  keys: KeyExposure;
  /** Null for tests that cannot be certified. */
  certification: Certification | null;
};

/** The student's exposure to a level test's bank at `at` (a start, or the start of an attempt being resumed). */
export async function levelExposure(
  db: Db,
  userId: string,
  test: TestKey,
  at: Date,
  loadedKeys?: KeyExposure,
): Promise<Exposure> {
  const [shown, keys] = await Promise.all([
    listShownItems(db, userId, new Date(at.getTime() - SEEN_WINDOW_MS), at),
    loadedKeys ?? loadKeyExposure(db, at),
  ]);
  if (!isCertifiableTest(test) || !test.quizLevel) return { shownAt: shown, keys, certification: null };
  const [items, lastCertifiedStart] = await Promise.all([
    listBankCandidates(db, { levels: [test.quizLevel] }),
    findLatestCertifiedStart(db, userId, test, new Date(at.getTime() - CERTIFIED_COOLDOWN_MS), at),
  ]);
  return {
    shownAt: shown,
    keys,
    certification: decideCertification({
      now: at,
      levelItems: items.map((i) => i.id),
      shownAt: shown,
      revealedAt: keys.revealedAt,
      lastCertifiedStart,
    }),
  };
}

/**
 * What the screen says about an attempt being resumed: a certified attempt is certified; a
 * practice attempt gets the reasons it had when it started (recomputed as at its start).
 */
export async function describeCertification(db: Db, attempt: AttemptRow): Promise<Certification | null> {
  if (!isCertifiableTest(attempt) && !isInDepthPlacement(attempt)) return null;
  if (attempt.certified) return { certified: true };
  const certification = isInDepthPlacement(attempt)
    ? await placementCertification(db, attempt.userId, attempt, attempt.startedAt)
    : (await levelExposure(db, attempt.userId, attempt, attempt.startedAt)).certification;
  // Started as practice while the rules would have allowed a certified one (e.g. before this rule existed).
  return certification?.certified === false ? certification : { certified: false, reasons: [], availableAt: null };
}

/**
 * Whether a submitted attempt earns a certificate: a passed, certified level test whose items no
 * other attempt has shown the student since (two tests open side by side cannot feed it keys)
 * and that was the first certified attempt of its 24 hours (two starts racing each other).
 */
export async function earnsLevelCertificate(
  db: Db,
  attempt: AttemptRow,
  score: { correct: number; total: number },
): Promise<boolean> {
  if (!isCertifiableTest(attempt) || !passesLevelTest(score.correct, score.total)) return false;
  return isCleanCertifiedAttempt(db, attempt);
}

const isInDepthPlacement = (t: TestKey) => t.quizType === "general" && t.variant === "comprehensive";

/**
 * The In-Depth Assessment: a start is certified when no certified one started in the 24 hours
 * before and the bank holds enough unrevealed items to choose every block from (null for the
 * other placement and practice tests, which never earn a certificate).
 */
export async function placementCertification(
  db: Db,
  userId: string,
  test: TestKey,
  at: Date,
  loadedKeys?: { unrevealed: number },
): Promise<Certification | null> {
  if (!isInDepthPlacement(test)) return null;
  const { unrevealed } = loadedKeys ?? (await loadKeyExposure(db, at));
  // As the pool leaves out items a student has seen: twice a whole test, or no certified attempt.
  if (unrevealed < 2 * placementLength("comprehensive"))
    return { certified: false, reasons: ["revealed"], availableAt: null };
  const earlier = await findLatestCertifiedStart(
    db,
    userId,
    { ...test, quizLevel: null },
    new Date(at.getTime() - CERTIFIED_COOLDOWN_MS),
    at,
  );
  return earlier
    ? { certified: false, reasons: ["cooldown"], availableAt: new Date(earlier.getTime() + CERTIFIED_COOLDOWN_MS) }
    : { certified: true };
}

/**
 * A certified attempt that may carry a certificate: the first certified attempt of its 24 hours
 * (two starts racing each other), none of whose items another attempt has shown the student
 * since (two tests open side by side cannot feed it keys).
 */
export async function isCleanCertifiedAttempt(db: Db, attempt: AttemptRow): Promise<boolean> {
  if (!attempt.certified) return false;
  const [earlier, leaked] = await Promise.all([
    findLatestCertifiedStart(
      db,
      attempt.userId,
      attempt,
      new Date(attempt.startedAt.getTime() - CERTIFIED_COOLDOWN_MS),
      attempt.startedAt,
      attempt.id,
    ),
    wasShownElsewhere(db, {
      userId: attempt.userId,
      attemptId: attempt.id,
      questionIds: attempt.questionIds,
      since: new Date(attempt.startedAt.getTime() - SEEN_WINDOW_MS),
    }),
  ]);
  return earlier === null && !leaked;
}

/**
 * Whether a certified attempt's answers could have been read: from when its items were served
 * (the start) until its answers arrived (`answeredUntil`), both by the server's clock.
 */
export function wasPlausiblyPaced(
  scale: number,
  attempt: Pick<AttemptRow, "startedAt">,
  questions: readonly { id: string; question: string; options: readonly string[] }[],
  counted: Record<string, number>,
  answeredUntil: number,
): boolean {
  const answered = questions.filter((q) => Object.hasOwn(counted, q.id));
  return isPlausiblyPaced(answered, answeredUntil - attempt.startedAt.getTime(), scale);
}

/** A new certificate's code, with the holder's name as it is now: a later rename does not change it. */
export async function certificateFor(db: Db, userId: string, learnerId: string | null = null) {
  // Issue 31: a child's certificate bears the child's name; the account holder's, theirs.
  const learner = learnerId ? await findAccountLearner(db, userId, learnerId) : null;
  const name = learner && !learner.isSelf ? learner.name : ((await findUserName(db, userId))?.name ?? "");
  return { certificateCode: newCertificateCode(), certificateName: name };
}

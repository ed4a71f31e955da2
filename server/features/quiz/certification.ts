// Certified and practice attempts of a level test. A review returns every key of the attempt it
// reviews, so a certificate must never rest on an item whose key the student may hold: a
// certified attempt draws only items the student has not been shown in the last 30 days, and
// at most one certified attempt of a test starts in 24 hours. Everything else is practice:
// unlimited, and never earns a certificate.

import { QUESTIONS_PER_LEVEL_TEST } from "../../../shared/quiz-catalog.ts";
import { shuffled } from "./served.ts";

export const CERTIFIED_COOLDOWN_MS = 24 * 60 * 60 * 1000;
/** An item shown (served in a submitted attempt) within this window counts as seen. */
export const SEEN_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** The pass mark of a level test, in percent of all its questions. */
export const LEVEL_PASS_PERCENT = 60;

export type PracticeReason = "cooldown" | "seen";
export type Certification =
  | { certified: true }
  | {
      certified: false;
      /** Why this attempt is practice, in the order the screen explains them. */
      reasons: PracticeReason[];
      /** When a certified attempt becomes possible again (null: the bank is too small for one). */
      availableAt: Date | null;
    };

/**
 * Whether a new attempt of a level test is certified. `shownAt` maps each item the student was
 * shown within the seen window to when it was last shown; `levelItems` are the test's active
 * bank items; `lastCertifiedStart` is the latest start of a certified attempt of the same test.
 */
export function decideCertification(input: {
  now: Date;
  levelItems: readonly string[];
  shownAt: ReadonlyMap<string, Date>;
  lastCertifiedStart: Date | null;
  needed?: number;
}): Certification {
  const needed = input.needed ?? QUESTIONS_PER_LEVEL_TEST;
  const now = input.now.getTime();
  const reasons: PracticeReason[] = [];
  let availableAt = now;

  const cooldownEnds = input.lastCertifiedStart ? input.lastCertifiedStart.getTime() + CERTIFIED_COOLDOWN_MS : 0;
  if (cooldownEnds > now) {
    reasons.push("cooldown");
    availableAt = cooldownEnds;
  }

  const seenTimes = input.levelItems
    .map((id) => input.shownAt.get(id)?.getTime())
    .filter((t): t is number => t !== undefined && t + SEEN_WINDOW_MS > now)
    .sort((a, b) => a - b);
  const unseen = input.levelItems.length - seenTimes.length;
  if (unseen < needed) {
    reasons.push("seen");
    // The (needed - unseen)-th item to leave the window makes `needed` unseen again.
    const freedBy = seenTimes[needed - unseen - 1];
    if (input.levelItems.length < needed || freedBy === undefined)
      return { certified: false, reasons, availableAt: null };
    availableAt = Math.max(availableAt, freedBy + SEEN_WINDOW_MS);
  }
  return reasons.length ? { certified: false, reasons, availableAt: new Date(availableAt) } : { certified: true };
}

/**
 * n items for an attempt: a certified attempt takes only unseen ones (null when there are too
 * few); a practice attempt takes unseen ones first, then those seen longest ago.
 */
export function drawItems<C extends { id: string }>(
  candidates: readonly C[],
  shownAt: ReadonlyMap<string, Date>,
  n: number,
  certified: boolean,
): C[] | null {
  const unseen = shuffled(candidates.filter((c) => !shownAt.has(c.id)));
  if (certified) return unseen.length >= n ? unseen.slice(0, n) : null;
  const seen = shuffled(candidates.filter((c) => shownAt.has(c.id))).sort(
    (a, b) => (shownAt.get(a.id)?.getTime() ?? 0) - (shownAt.get(b.id)?.getTime() ?? 0),
  );
  return [...unseen, ...seen].slice(0, n);
}

/** A level test passes at 60% of all its questions (exact arithmetic: 27 of 45 passes). */
export const passesLevelTest = (score: number, total: number) => total > 0 && score * 100 >= LEVEL_PASS_PERCENT * total;

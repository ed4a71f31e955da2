// Certified and practice attempts of a level test. A certificate must never rest on an item whose
// key its holder may have, from their own reviews or from anyone's:
// - a practice review shows every key it served, and those keys count as revealed to everyone
//   (a second account harvests them as easily as the first) for KEY_REST_MS; certified attempts
//   draw only items whose key is not revealed, and their own reviews show no key, no explanation
//   and no right or wrong (result-review.ts), so they reveal nothing;
// - practice draws leave each level's reserve (items kept for certified attempts) alone while
//   other items are enough, so practising does not use up what certifies;
// - a certified attempt draws only items the student has not been shown in the last 30 days, and
//   at most one certified attempt of a test starts in 24 hours;
// - answers that came faster than a person can read earn no certificate (isPlausiblyPaced).
// Everything else is practice: unlimited, and never earns a certificate.

import { createHash } from "node:crypto";
import { QUESTIONS_PER_CONCEPT_TEST, QUESTIONS_PER_LEVEL_TEST } from "../../../shared/quiz-catalog.ts";
import { type Pointed, withoutEnemies } from "./enemies.ts";
import { shuffled } from "./served.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
export const CERTIFIED_COOLDOWN_MS = DAY_MS;
/** An item shown (served in a submitted attempt) within this window counts as seen. */
export const SEEN_WINDOW_MS = 30 * DAY_MS;
/** The pass mark of a level test, in percent of all its questions. */
export const LEVEL_PASS_PERCENT = 60;

/**
 * A key a practice review showed keeps its item out of certified attempts this long: a harvested
 * key is only worth something while the item still certifies, and a year outlasts any sitting a
 * harvester would prepare for (the limits are in docs/placement.md).
 */
export const KEY_REST_MS = 365 * DAY_MS;
/** Items of a level kept out of practice, so certified attempts always have unrevealed ones. */
export const RESERVE_PER_LEVEL = 90;
/** A level's reserve never leaves practice fewer items than this (a whole practice test and some). */
const PRACTICE_ITEMS_PER_LEVEL = 60;

/** Which keys are revealed now (item -> when) and which items practice leaves alone. */
export type KeyExposure = { revealedAt: ReadonlyMap<string, Date>; reserved: ReadonlySet<string> };
export const NO_KEY_EXPOSURE: KeyExposure = { revealedAt: new Map(), reserved: new Set() };

type BankKeyItem = {
  id: string;
  level: string;
  concept: string | null;
  keyRevealedAt: Date | null;
  /** A question about a reading text: only the placement tests serve it, so it is kept out of the reserve. */
  testletId?: string | null;
};

/** A fixed order nobody chooses: the reserve does not change from one request to the next. */
const hashOrder = (id: string) => createHash("sha256").update(id).digest("hex");
const byHash = <T extends { id: string }>(items: T[]) =>
  items
    .map((i) => [hashOrder(i.id), i] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, i]) => i);

/**
 * The keys revealed within KEY_REST_MS of `now`, and each level's reserve: up to RESERVE_PER_LEVEL
 * unrevealed items, leaving practice PRACTICE_ITEMS_PER_LEVEL of the level. Items of no concept
 * come first (only whole-level tests, placement and the AI test serve them), then a concept's
 * items beyond the 15 its concept tests need, so reserving never empties a concept test.
 */
export function keyExposureOf(items: readonly BankKeyItem[], now: Date): KeyExposure {
  const revealedAt = new Map<string, Date>();
  for (const i of items)
    if (i.keyRevealedAt && i.keyRevealedAt.getTime() + KEY_REST_MS > now.getTime())
      revealedAt.set(i.id, i.keyRevealedAt);
  const reserved = new Set<string>();
  for (const level of new Set(items.map((i) => i.level))) {
    // The reserve keeps certified level tests possible: only the items they draw (no reading text's).
    const ofLevel = items.filter((i) => i.level === level && !i.testletId);
    const room = Math.min(RESERVE_PER_LEVEL, ofLevel.length - PRACTICE_ITEMS_PER_LEVEL);
    const spare: BankKeyItem[] = [];
    const byConcept = new Map<string, BankKeyItem[]>();
    for (const i of byHash(ofLevel.filter((i) => !revealedAt.has(i.id)))) {
      if (i.concept === null) spare.push(i);
      else byConcept.set(i.concept, [...(byConcept.get(i.concept) ?? []), i]);
    }
    // A concept keeps its first 15 items (revealed ones count: practice may serve them) in practice.
    for (const [concept, unrevealed] of byConcept) {
      const revealed = ofLevel.filter((i) => i.concept === concept && revealedAt.has(i.id)).length;
      spare.push(...unrevealed.slice(Math.max(0, QUESTIONS_PER_CONCEPT_TEST - revealed)));
    }
    for (const i of spare.slice(0, Math.max(0, room))) reserved.add(i.id);
  }
  return { revealedAt, reserved };
}

/**
 * Practice candidates: the ones outside the reserve while they are at least `n`, else all of
 * them with the unreserved first (a test that cannot be given without the reserve still is).
 */
export function withoutReserve<C extends { id: string }>(candidates: readonly C[], keys: KeyExposure, n: number): C[] {
  const free = candidates.filter((c) => !keys.reserved.has(c.id));
  return free.length >= n ? free : [...free, ...candidates.filter((c) => keys.reserved.has(c.id))];
}

export type PracticeReason = "cooldown" | "seen" | "revealed";
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
 * shown within the seen window to when it was last shown; `revealedAt` each item whose key a
 * practice review revealed within KEY_REST_MS; `levelItems` are the test's active bank items;
 * `lastCertifiedStart` is the latest start of a certified attempt of the same test.
 */
export function decideCertification(input: {
  now: Date;
  levelItems: readonly string[];
  shownAt: ReadonlyMap<string, Date>;
  revealedAt?: ReadonlyMap<string, Date>;
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

  // When each item may serve a certified attempt again: once out of the seen window and rested.
  const freeAt = (id: string) => {
    const seen = input.shownAt.get(id)?.getTime();
    const revealed = input.revealedAt?.get(id)?.getTime();
    return Math.max(
      seen !== undefined ? seen + SEEN_WINDOW_MS : 0,
      revealed !== undefined ? revealed + KEY_REST_MS : 0,
    );
  };
  const blockedTimes = input.levelItems
    .map(freeAt)
    .filter((t) => t > now)
    .sort((a, b) => a - b);
  const available = input.levelItems.length - blockedTimes.length;
  if (available < needed) {
    const revealed = (id: string) =>
      (input.revealedAt?.get(id)?.getTime() ?? Number.NEGATIVE_INFINITY) + KEY_REST_MS > now;
    const unrevealed = input.levelItems.filter((id) => !revealed(id)).length;
    // Too few unrevealed keys is nobody's own doing; otherwise the student saw the rest.
    reasons.push(unrevealed < needed && unrevealed < input.levelItems.length ? "revealed" : "seen");
    // The (needed - available)-th item to come free makes `needed` available again.
    const freedBy = blockedTimes[needed - available - 1];
    if (input.levelItems.length < needed || freedBy === undefined)
      return { certified: false, reasons, availableAt: null };
    availableAt = Math.max(availableAt, freedBy);
  }
  return reasons.length ? { certified: false, reasons, availableAt: new Date(availableAt) } : { certified: true };
}

/**
 * n items for an attempt. A certified attempt takes only items neither shown to the student nor
 * with a revealed key, reserved ones first (null when there are too few); a practice attempt
 * takes unreserved items, unseen first, then those seen longest ago, and the reserve last. Either
 * takes at most one item of each point (enemies.ts).
 */
export function drawItems<C extends { id: string } & Pointed>(
  candidates: readonly C[],
  shownAt: ReadonlyMap<string, Date>,
  n: number,
  certified: boolean,
  keys: KeyExposure = NO_KEY_EXPOSURE,
  random?: () => number,
): C[] | null {
  const isReserved = (c: C) => keys.reserved.has(c.id);
  const unseenFirst = (items: C[]) => [
    ...shuffled(
      items.filter((c) => !shownAt.has(c.id)),
      random,
    ),
    ...shuffled(
      items.filter((c) => shownAt.has(c.id)),
      random,
    ).sort((a, b) => (shownAt.get(a.id)?.getTime() ?? 0) - (shownAt.get(b.id)?.getTime() ?? 0)),
  ];
  if (certified) {
    const open = candidates.filter((c) => !shownAt.has(c.id) && !keys.revealedAt.has(c.id));
    // One item of each point (enemies.ts), the first in this order.
    const ordered = withoutEnemies([
      ...shuffled(open.filter(isReserved), random),
      ...shuffled(
        open.filter((c) => !isReserved(c)),
        random,
      ),
    ]);
    return ordered.length >= n ? ordered.slice(0, n) : null;
  }
  return withoutEnemies([
    ...unseenFirst(candidates.filter((c) => !isReserved(c))),
    ...unseenFirst(candidates.filter(isReserved)),
  ]).slice(0, n);
}

/** A fast reader's pace: words a minute, and the moment it takes to pick an option and go on. */
export const READING_WORDS_PER_MINUTE = 400;
export const SECONDS_TO_CHOOSE = 0.5;

/** The least time a person needs to read an item (its stem and options) and answer it. */
export function minimumReadingSeconds(q: { question: string; options: readonly string[] }): number {
  const words = [q.question, ...q.options].join(" ").split(/\s+/).filter(Boolean).length;
  return SECONDS_TO_CHOOSE + (words * 60) / READING_WORDS_PER_MINUTE;
}

/**
 * Whether the answers could have been read: the time between serving the items and receiving the
 * answers (both the server's clock) is at least the sum of the answered items' reading times.
 * `scale` is the deployment's QUIZ_READING_SCALE (1 in production).
 */
export function isPlausiblyPaced(
  answered: readonly { question: string; options: readonly string[] }[],
  elapsedMs: number,
  scale = 1,
): boolean {
  const neededMs = answered.reduce((sum, q) => sum + minimumReadingSeconds(q), 0) * 1000 * scale;
  return elapsedMs >= neededMs;
}

/** A level test passes at 60% of all its questions (exact arithmetic: 27 of 45 passes). */
export const passesLevelTest = (score: number, total: number) => total > 0 && score * 100 >= LEVEL_PASS_PERCENT * total;

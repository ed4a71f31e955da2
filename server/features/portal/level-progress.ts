// Progress on one CEFR scale (issue 31, item 4). Every measurement of a learner is placed on the
// placement engine's logit scale (docs/placement.md: A1 −3.75 … C2 3.75, 1.5 logits apart):
// - a placement result keeps the ability and standard error the adaptive test estimated;
// - a level or concept test scored by the server is estimated from its own stored answers with the
//   same 3PL model and item parameters (calibrated where there are enough answers, else the label);
// - the teacher's skill tag ("speaking: B1") says the ability lies somewhere in that level's band:
//   its centre, with the standard deviation of a uniform spread over the band (1.5 / √12 ≈ 0.43).
// So a learner placed B1 ± 0.3 and tagged B2 later reads as progress: the two differ by 1.5 logits,
// well past the noise of both.
import { QUIZ_LEVELS, type QuizLevel } from "../../../shared/quiz-catalog.ts";
import { LABEL_DIFFICULTY, LEVEL_SPACING, levelAt } from "../quiz/placement/irt.ts";

export const LEVEL_SOURCES = ["placement", "level_test", "concept_test", "teacher"] as const;
export type LevelSource = (typeof LEVEL_SOURCES)[number];

export type LevelPoint = {
  /** ISO instant of the measurement. */
  date: string;
  source: LevelSource;
  level: QuizLevel;
  /** Logits on the placement scale. */
  ability: number;
  /** The measurement's standard error, in logits. */
  precision: number;
  /** What was measured: a test's title, or the skill the teacher tagged. */
  label: string;
};

/** A teacher's tag places the ability uniformly within the level's band: its standard deviation. */
export const TAG_PRECISION = LEVEL_SPACING / Math.sqrt(12);

/** How far apart two measurements must be, in their combined standard errors, to count as a move. */
export const MOVE_Z = 1.96;

const round2 = (n: number) => Math.round(n * 100) / 100;

export function pointFromEstimate(
  at: Date,
  source: Exclude<LevelSource, "teacher">,
  estimate: { theta: number; standardError: number },
  label: string,
): LevelPoint {
  return {
    date: at.toISOString(),
    source,
    level: levelAt(estimate.theta),
    ability: round2(estimate.theta),
    precision: round2(estimate.standardError),
    label,
  };
}

export function pointFromTag(at: Date, level: QuizLevel, skill: string): LevelPoint {
  return {
    date: at.toISOString(),
    source: "teacher",
    level,
    ability: LABEL_DIFFICULTY[level],
    precision: round2(TAG_PRECISION),
    label: skill,
  };
}

const levelIndex = (level: QuizLevel) => QUIZ_LEVELS.indexOf(level);

/**
 * Whether `later` is a level up from `earlier`: a higher level whose ability is beyond both
 * measurements' noise (a B1 ± 0.3 then a B1/B2 border reading is not yet a move).
 */
export function movedUp(earlier: LevelPoint, later: LevelPoint): boolean {
  if (levelIndex(later.level) <= levelIndex(earlier.level)) return false;
  const noise = MOVE_Z * Math.hypot(earlier.precision, later.precision);
  return later.ability - earlier.ability > noise;
}

/**
 * The Italian school year's terms, which the teacher's glance counts in: 1 September to 31 January,
 * 1 February to 30 June, and the summer (1 July to 31 August). Dates are calendar days in her zone,
 * given as "yyyy-mm-dd".
 */
export function termStart(day: string): string {
  const [year, month] = day.split("-").map(Number);
  if (month >= 9) return `${year}-09-01`;
  if (month === 1) return `${year - 1}-09-01`;
  if (month <= 6) return `${year}-02-01`;
  return `${year}-07-01`;
}

export type LearnerGlance = {
  /** Moved up a level this term: the first level this term (or the last before it) → the latest. */
  movedUp: { from: QuizLevel; to: QuizLevel } | null;
  /** The latest measurement, or null when never measured. */
  latest: LevelPoint | null;
  /** No measurement in the last three months (or never). */
  stale: boolean;
};

/**
 * What the teacher sees of one learner at a glance. `points` in any order; `today` and
 * `threeMonthsAgo` as instants computed in her zone by the caller.
 */
export function glanceAt(points: readonly LevelPoint[], termBegins: Date, threeMonthsAgo: Date): LearnerGlance {
  const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
  const latest = sorted.at(-1) ?? null;
  const stale = latest === null || new Date(latest.date) < threeMonthsAgo;
  const before = sorted.filter((p) => new Date(p.date) < termBegins).at(-1);
  const during = sorted.filter((p) => new Date(p.date) >= termBegins);
  const baseline = before ?? during[0];
  const last = during.at(-1);
  const up = baseline && last && baseline !== last && movedUp(baseline, last);
  return { movedUp: up ? { from: baseline.level, to: last.level } : null, latest, stale };
}

// How well the placement tests place people, measured on simulated learners: each answers with a
// 3PL model (guessing 0.25) whose item parameters differ from what the test believes (labels
// are imperfect, items discriminate unevenly). The figures go into docs/placement.md and a test
// holds them to the aims of issue 14 on a fixed seed. A reading text's questions are answered with
// a testlet effect: each learner's grasp of each text moves all its questions together.
import { type GeneralAssessmentType, QUIZ_LEVELS, type QuizLevel } from "../../../../shared/quiz-catalog.ts";
import { calibrateItem, type ObservedAnswer } from "./calibrate.ts";
import { type EstimateOptions, estimateAbility, TESTLET_SD } from "./estimate.ts";
import { LABEL_DIFFICULTY, LEVEL_CUTS, LEVEL_SPACING, probabilityCorrect } from "./irt.ts";
import { placementLength, runPlacement } from "./placement.ts";
import type { PlacementCandidate, Random } from "./select.ts";

/** A small, fast, seedable generator (mulberry32), so a run can be repeated exactly. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(random: Random): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export type BankEntry = {
  id: string;
  level: string;
  topic: string;
  point?: string | null;
  testletId?: string | null;
  testletPosition?: number | null;
};

/** Reading texts the simulation adds to a bank that has none yet: as many as the issue asks for per level. */
export const SIMULATED_TESTLETS: Readonly<Record<QuizLevel, number>> = { A1: 5, A2: 5, B1: 8, B2: 8, C1: 8, C2: 8 };

/**
 * The bank, with simulated reading texts when it has none (the texts arrive level by level): per
 * level SIMULATED_TESTLETS texts of 4, 5 or 6 questions in turn, each on a topic of its own.
 */
export function withSimulatedTestlets<T extends BankEntry>(bank: readonly T[]): BankEntry[] {
  if (bank.some((entry) => entry.testletId)) return [...bank];
  const texts = QUIZ_LEVELS.flatMap((level) =>
    Array.from({ length: SIMULATED_TESTLETS[level] }, (_, n) => {
      const testletId = `sim-${level.toLowerCase()}-text-${n + 1}`;
      return Array.from({ length: 4 + (n % 3) }, (_, q) => ({
        id: `${testletId}-q${q + 1}`,
        level,
        topic: `reading: ${testletId}`,
        point: null,
        testletId,
        testletPosition: q + 1,
      }));
    }),
  );
  return [...bank, ...texts.flat()];
}

export type SimulationOptions = {
  seed: number;
  /** Learners simulated per level (and as many pure guessers). */
  learnersPerLevel: number;
  /** Spread (logits) of the items' true difficulty around their label's. */
  labelNoise: number;
  /** Share of items whose true level is one away from their label. */
  mislabelledShare: number;
  /** Spread of log discrimination around 1. */
  discriminationNoise: number;
  /** Spread (logits) of the true testlet effect: one learner's grasp of one text, on all its questions. */
  testletSd: number;
  /** The spread the estimator assumes (0: a text's questions as independent items). */
  estimatorTestletSd: number;
  /**
   * Placement tests taken (by learners spread over every level, half quick, half in-depth) before
   * the measured ones, whose answers calibrate the items online; 0 measures day one, when every
   * item still has its label's difficulty.
   */
  calibrationTests: number;
};

export const DEFAULT_SIMULATION: SimulationOptions = {
  seed: 20261125,
  learnersPerLevel: 1000,
  labelNoise: 0.5,
  mislabelledShare: 0.05,
  discriminationNoise: 0.25,
  testletSd: TESTLET_SD,
  estimatorTestletSd: TESTLET_SD,
  calibrationTests: 0,
};

/**
 * A simulated learner of ability `theta` taking one test: a 3PL answer per item, on a reading
 * text's questions at the ability plus the learner's effect for that text (drawn at its first
 * question, normal with spread `testletSd`).
 */
function learner(theta: number, testletSd: number, random: Random) {
  const effects = new Map<string, number>();
  return (item: SimulatedItem) => {
    let effect = 0;
    if (item.testlet) {
      if (!effects.has(item.testlet)) effects.set(item.testlet, normal(random) * testletSd);
      effect = effects.get(item.testlet) ?? 0;
    }
    return random() < probabilityCorrect(theta + effect, item.truth);
  };
}

const CALIBRATION_PASSES = 3;

type SimulatedItem = PlacementCandidate & { label: number; truth: { difficulty: number; discrimination: number } };

function simulatedPool(bank: readonly BankEntry[], options: SimulationOptions, random: Random): SimulatedItem[] {
  return bank.map((entry) => {
    const label = LABEL_DIFFICULTY[entry.level as QuizLevel];
    const shift = random() < options.mislabelledShare ? (random() < 0.5 ? -1 : 1) * LEVEL_SPACING : 0;
    const truth = {
      difficulty: label + shift + normal(random) * options.labelNoise,
      discrimination: Math.exp(normal(random) * options.discriminationNoise),
    };
    return {
      id: entry.id,
      topic: entry.topic,
      point: entry.point,
      testlet: entry.testletId ?? null,
      position: entry.testletPosition ?? null,
      testletSize: entry.testletId ? bank.filter((other) => other.testletId === entry.testletId).length : null,
      label,
      difficulty: label,
      truth,
    };
  });
}

/** A learner's true ability, drawn evenly within the level's band (the end bands are 1.5 wide). */
/**
 * Calibrates the pool from the answers of `tests` placement tests, as the live site does: each
 * pass re-estimates every test's ability with the items' current parameters, then re-calibrates
 * every item from those abilities.
 */
function calibratePool(pool: SimulatedItem[], tests: number, options: SimulationOptions, random: Random) {
  const estimating: EstimateOptions = { testletSd: options.estimatorTestletSd };
  const taken: { item: SimulatedItem; correct: boolean }[][] = [];
  for (let n = 0; n < tests; n++) {
    const theta = abilityIn(QUIZ_LEVELS[Math.floor(random() * QUIZ_LEVELS.length)], random);
    const answered: { item: SimulatedItem; correct: boolean }[] = [];
    const answer = learner(theta, options.testletSd, random);
    runPlacement(
      n % 2 ? "quick" : "comprehensive",
      pool,
      (item) => {
        const correct = answer(item);
        answered.push({ item, correct });
        return correct;
      },
      random,
      estimating,
    );
    taken.push(answered);
  }
  for (let pass = 0; pass < CALIBRATION_PASSES; pass++) {
    const answers = new Map<SimulatedItem, ObservedAnswer[]>();
    for (const answered of taken) {
      const { theta } = estimateAbility(
        answered.map(({ item, correct }) => ({ ...item, correct })),
        estimating,
      );
      for (const { item, correct } of answered) {
        const list = answers.get(item) ?? [];
        list.push({ theta, correct });
        answers.set(item, list);
      }
    }
    for (const item of pool) {
      const calibration = calibrateItem(item.label, answers.get(item) ?? []);
      item.difficulty = calibration.difficulty;
      item.discrimination = calibration.discrimination;
    }
  }
}

function abilityIn(level: QuizLevel, random: Random): number {
  const index = QUIZ_LEVELS.indexOf(level);
  const low = index === 0 ? LEVEL_CUTS[0] - LEVEL_SPACING : LEVEL_CUTS[index - 1];
  const high = index === QUIZ_LEVELS.length - 1 ? LEVEL_CUTS[index - 1] + LEVEL_SPACING : LEVEL_CUTS[index];
  return low + random() * (high - low);
}

export type ModeFigures = {
  mode: GeneralAssessmentType;
  items: number;
  /** Per true level: share placed exactly right, and within one level. */
  byLevel: Record<QuizLevel, { exact: number; withinOne: number }>;
  exact: number;
  withinOne: number;
  /** Share of pure guessers placed at A1. */
  guesserAtA1: number;
  /** Mean confidence the test states, against how often it is actually right. */
  statedConfidence: number;
  /** The largest share of tests any single item appeared in. */
  maxExposure: number;
};

/**
 * The simulated bank (true parameters, and what the test believes after calibration) for one set
 * of options: drawn and calibrated once, then shared by both tests' measurements, which each
 * start from fresh copies. The measurement draws from a random stream of its own.
 */
const preparedPools = new Map<string, SimulatedItem[]>();
function preparedPool(bank: readonly BankEntry[], options: SimulationOptions): SimulatedItem[] {
  const key = JSON.stringify({ ...options, learnersPerLevel: 0, bank: bank.map((entry) => entry.id) });
  let pool = preparedPools.get(key);
  if (!pool) {
    const random = seededRandom(options.seed);
    pool = simulatedPool(bank, options, random);
    if (options.calibrationTests > 0) calibratePool(pool, options.calibrationTests, options, random);
    preparedPools.set(key, pool);
  }
  return pool.map((item) => ({ ...item, exposure: 0 }));
}

export function simulatePlacement(
  bank: readonly BankEntry[],
  mode: GeneralAssessmentType,
  options: SimulationOptions = DEFAULT_SIMULATION,
): ModeFigures {
  const pool = preparedPool(bank, options);
  const random = seededRandom(options.seed + 1);
  const exposure = new Map<string, number>();
  let tests = 0;
  let items = 0;
  const take = (answer: (item: SimulatedItem) => boolean) => {
    const result = runPlacement(mode, pool, answer, random, { testletSd: options.estimatorTestletSd });
    tests += 1;
    items = result.items.length;
    for (const item of result.items) exposure.set(item.id, (exposure.get(item.id) ?? 0) + 1);
    for (const item of pool) item.exposure = (exposure.get(item.id) ?? 0) / tests;
    return result;
  };

  const byLevel = {} as ModeFigures["byLevel"];
  let exact = 0;
  let withinOne = 0;
  let confidence = 0;
  for (const [index, level] of QUIZ_LEVELS.entries()) {
    let levelExact = 0;
    let levelWithin = 0;
    for (let n = 0; n < options.learnersPerLevel; n++) {
      const theta = abilityIn(level, random);
      const result = take(learner(theta, options.testletSd, random));
      const distance = Math.abs(QUIZ_LEVELS.indexOf(result.level) - index);
      if (distance === 0) levelExact++;
      if (distance <= 1) levelWithin++;
      confidence += result.confidence;
    }
    byLevel[level] = {
      exact: levelExact / options.learnersPerLevel,
      withinOne: levelWithin / options.learnersPerLevel,
    };
    exact += levelExact;
    withinOne += levelWithin;
  }
  let guesserAtA1 = 0;
  for (let n = 0; n < options.learnersPerLevel; n++) {
    if (take(() => random() < 0.25).level === "A1") guesserAtA1++;
  }
  const learners = options.learnersPerLevel * QUIZ_LEVELS.length;
  return {
    mode,
    items,
    byLevel,
    exact: exact / learners,
    withinOne: withinOne / learners,
    guesserAtA1: guesserAtA1 / options.learnersPerLevel,
    statedConfidence: confidence / learners,
    maxExposure: Math.max(...exposure.values()) / tests,
  };
}

/**
 * The rule the placement tests used before (§9 of the spec): a fixed form spread evenly over the
 * six levels, and the highest level with at least 60% right. Measured the same way, for comparison.
 */
export function simulateFixedForm(
  bank: readonly BankEntry[],
  mode: GeneralAssessmentType,
  options: SimulationOptions = DEFAULT_SIMULATION,
): Pick<ModeFigures, "exact" | "withinOne" | "guesserAtA1"> & { guesserAtB1OrAbove: number } {
  const random = seededRandom(options.seed);
  const pool = simulatedPool(bank, options, random);
  const length = placementLength(mode);
  const perLevel = QUIZ_LEVELS.map((_, i) => Math.floor(length / 6) + (i < length % 6 ? 1 : 0));
  const take = (answer: (item: SimulatedItem) => boolean) => {
    let reached = 0;
    for (const [i, level] of QUIZ_LEVELS.entries()) {
      const items = pool.filter((item) => item.label === LABEL_DIFFICULTY[level]);
      let right = 0;
      for (let n = 0; n < perLevel[i]; n++) if (answer(items[Math.floor(random() * items.length)])) right++;
      if (right * 100 >= 60 * perLevel[i]) reached = i;
    }
    return reached;
  };
  let exact = 0;
  let withinOne = 0;
  for (const [index, level] of QUIZ_LEVELS.entries()) {
    for (let n = 0; n < options.learnersPerLevel; n++) {
      const theta = abilityIn(level, random);
      const distance = Math.abs(take((item) => random() < probabilityCorrect(theta, item.truth)) - index);
      if (distance === 0) exact++;
      if (distance <= 1) withinOne++;
    }
  }
  let atA1 = 0;
  let atB1 = 0;
  for (let n = 0; n < options.learnersPerLevel; n++) {
    const reached = take(() => random() < 0.25);
    if (reached === 0) atA1++;
    if (reached >= 2) atB1++;
  }
  const learners = options.learnersPerLevel * QUIZ_LEVELS.length;
  return {
    exact: exact / learners,
    withinOne: withinOne / learners,
    guesserAtA1: atA1 / options.learnersPerLevel,
    guesserAtB1OrAbove: atB1 / options.learnersPerLevel,
  };
}

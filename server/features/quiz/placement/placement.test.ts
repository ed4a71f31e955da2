import { describe, expect, it } from "vitest";
import { QUIZ_LEVELS } from "../../../../shared/quiz-catalog.ts";
import { CALIBRATION_PRIOR_ANSWERS, calibrateItem, fitItem } from "./calibrate.ts";
import { estimateAbility, PRIOR_MEAN, type Response } from "./estimate.ts";
import { LABEL_DIFFICULTY, LEVEL_CUTS, levelAt, probabilityCorrect } from "./irt.ts";
import { nextPlacementBlock, PLACEMENT_BLOCKS, runPlacement } from "./placement.ts";
import { chooseBlock, MAX_EXPOSURE } from "./select.ts";
import { seededRandom } from "./simulation.ts";

const pool = QUIZ_LEVELS.flatMap((level) =>
  Array.from({ length: 40 }, (_, n) => ({
    id: `${level}-${n}`,
    topic: `${level}-topic-${n % 10}`,
    difficulty: LABEL_DIFFICULTY[level],
  })),
);

describe("the ability estimate", () => {
  it("starts at the prior's centre, B1, and sure of no level, when nothing is answered", () => {
    const estimate = estimateAbility([]);
    expect(estimate.theta).toBeCloseTo(PRIOR_MEAN, 1);
    expect(levelAt(estimate.theta)).toBe("B1");
    expect(estimate.confidence).toBeLessThan(0.35);
    expect(Object.values(estimate.levelProbabilities).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });

  it("places someone who answers every C1 and C2 item right at C2, and every A1 item wrong at A1", () => {
    const top = estimateAbility(
      pool.filter((i) => i.difficulty >= LABEL_DIFFICULTY.C1).map((i) => ({ ...i, correct: true })),
    );
    expect(top.level).toBe("C2");
    expect(top.confidence).toBeGreaterThan(0.9);
    const bottom = estimateAbility(pool.slice(0, 15).map((i) => ({ ...i, correct: false })));
    expect(bottom.level).toBe("A1");
  });

  it("classifies a pure guesser (a quarter right, whatever the level) at A1", () => {
    const answers = pool.filter((_, n) => n % 10 < 4).map((item, n) => ({ ...item, correct: n % 4 === 0 }));
    expect(estimateAbility(answers).level).toBe("A1");
  });

  it("narrows as answers accumulate: the standard error falls", () => {
    const theta = LABEL_DIFFICULTY.B2;
    const b2 = pool.filter((i) => i.difficulty === theta);
    const few = estimateAbility(b2.slice(0, 5).map((item, n) => ({ ...item, correct: n % 3 !== 0 })));
    const many = estimateAbility(b2.slice(0, 30).map((item, n) => ({ ...item, correct: n % 3 !== 0 })));
    expect(many.standardError).toBeLessThan(few.standardError);
  });

  it("puts the level boundaries halfway between the level centres", () => {
    expect(LEVEL_CUTS).toHaveLength(5);
    expect(levelAt(LABEL_DIFFICULTY.A2)).toBe("A2");
    expect(levelAt(LEVEL_CUTS[2] - 0.01)).toBe("B1");
    expect(levelAt(LEVEL_CUTS[2] + 0.01)).toBe("B2");
  });
});

describe("the blocks of a placement test", () => {
  it.each([
    ["quick", 3],
    ["comprehensive", 8],
  ] as const)("serves the %s test in %i blocks of 5, then stops", (mode, blocks) => {
    const random = seededRandom(1);
    const responses: Response[] = [];
    expect(PLACEMENT_BLOCKS[mode]).toEqual(Array(blocks).fill(5));
    for (const size of PLACEMENT_BLOCKS[mode]) {
      const block = nextPlacementBlock(mode, pool, responses, random);
      expect(block).toHaveLength(size);
      responses.push(...(block ?? []).map((item) => ({ ...item, correct: true })));
    }
    expect(nextPlacementBlock(mode, pool, responses, random)).toBeNull();
  });

  it("follows the answers: after a block all right the next is harder, after all wrong easier", () => {
    const random = seededRandom(2);
    const first = nextPlacementBlock("comprehensive", pool, [], random) ?? [];
    const mean = (items: { difficulty: number }[]) => items.reduce((s, i) => s + i.difficulty, 0) / items.length;
    const afterRight = nextPlacementBlock(
      "comprehensive",
      pool,
      first.map((i) => ({ ...i, correct: true })),
      random,
    );
    const afterWrong = nextPlacementBlock(
      "comprehensive",
      pool,
      first.map((i) => ({ ...i, correct: false })),
      random,
    );
    expect(mean(afterRight ?? [])).toBeGreaterThan(mean(first));
    expect(mean(afterWrong ?? [])).toBeLessThan(mean(first));
  });

  it("never serves an item twice in one test and takes one item a topic while others remain", () => {
    const result = runPlacement("comprehensive", pool, () => true, seededRandom(3));
    expect(new Set(result.items.map((i) => i.id)).size).toBe(result.items.length);
    const block = chooseBlock(pool, 0, 8, seededRandom(4));
    expect(new Set(block.map((i) => i.topic)).size).toBe(8);
  });

  it("rests over-exposed items while enough others remain", () => {
    const worn = pool.map((item) => ({ ...item, exposure: item.id.startsWith("B1") ? MAX_EXPOSURE : 0 }));
    const block = chooseBlock(worn, LABEL_DIFFICULTY.B1, 8, seededRandom(5));
    expect(block.every((item) => !item.id.startsWith("B1"))).toBe(true);
  });

  it("places a learner at the centre of B2 at B2 in most in-depth tests", () => {
    const random = seededRandom(6);
    const theta = LABEL_DIFFICULTY.B2;
    const levels = Array.from(
      { length: 50 },
      () => runPlacement("comprehensive", pool, (item) => random() < probabilityCorrect(theta, item), random).level,
    );
    expect(levels.filter((level) => level === "B2").length).toBeGreaterThan(40);
  });
});

describe("online calibration", () => {
  const random = seededRandom(7);
  const answersFor = (difficulty: number, discrimination: number, n: number) =>
    Array.from({ length: n }, () => {
      const theta = -4 + random() * 8;
      return { theta, correct: random() < probabilityCorrect(theta, { difficulty, discrimination }) };
    });

  it("keeps the label's parameters with no answers", () => {
    expect(calibrateItem(-0.75, [])).toEqual({ difficulty: -0.75, discrimination: 1, answers: 0 });
  });

  it("moves an item from its label in proportion to its answers: 30 a little, 300 most of the way", () => {
    const label = -0.75;
    for (const [n, share] of [
      [30, 30 / 45],
      [300, 300 / 315],
    ] as const) {
      const answers = answersFor(2, 1.6, n);
      const fit = fitItem(label, answers);
      const used = calibrateItem(label, answers);
      expect(CALIBRATION_PRIOR_ANSWERS).toBe(15);
      expect(used.answers).toBe(n);
      expect(used.difficulty - label).toBeCloseTo((fit.difficulty - label) * share, 10);
      expect(Math.log(used.discrimination)).toBeCloseTo(Math.log(fit.discrimination) * share, 10);
    }
    // Thirty answers that put a B1 item at C2 move it at most two thirds of the way.
    const thirty = calibrateItem(label, answersFor(2, 1, 30));
    expect(thirty.difficulty).toBeLessThanOrEqual(label + ((2 - label) * 2) / 3);
    expect(thirty.difficulty).toBeGreaterThan(label);
  });

  it("recovers an item's true difficulty and discrimination from its answers", () => {
    const calibrated = calibrateItem(LABEL_DIFFICULTY.B1, answersFor(0.9, 1.5, 3000));
    expect(calibrated.difficulty).toBeCloseTo(0.9, 0);
    expect(Math.abs(calibrated.difficulty - 0.9)).toBeLessThan(0.25);
    expect(Math.abs(calibrated.discrimination - 1.5)).toBeLessThan(0.3);
  });
});

// Reading texts in the placement tests (issue 34, item 2): a text's questions are scored as one
// unit (a random testlet effect integrated out), and a block that serves a text serves it whole.
import { describe, expect, it } from "vitest";
import { QUIZ_LEVELS } from "../../../../shared/quiz-catalog.ts";
import { areEnemies } from "../enemies.ts";
import { estimateAbility, PRIOR_MEAN, PRIOR_SD, type Response, TESTLET_SD } from "./estimate.ts";
import { LABEL_DIFFICULTY, probabilityCorrect } from "./irt.ts";
import { nextPlacementBlock, PLACEMENT_BLOCKS, READING_BLOCKS, runPlacement } from "./placement.ts";
import { type PlacementCandidate, testletsIn } from "./select.ts";
import { seededRandom } from "./simulation.ts";

const text = (id: string, answers: boolean[], difficulty = 0): Response[] =>
  answers.map((correct) => ({ difficulty, correct, testlet: id }));
const independent = (responses: Response[]) => responses.map(({ testlet: _, ...r }) => r);

/**
 * The posterior mean and spread by brute force, on a finer grid than the estimator's: the prior
 * times, for each text, the integral over its effect u ~ N(0, sd) of its answers' joint probability
 * at ability + u (Bradlow, Wainer and Wang 1999), computed with a plain Riemann sum.
 */
function bruteForce(responses: Response[], sd: number) {
  const grid = Array.from({ length: 1201 }, (_, i) => PRIOR_MEAN - 12 + i * 0.02);
  const effects = Array.from({ length: 201 }, (_, i) => -5 * sd + (i * 10 * sd) / 200);
  const density = effects.map((u) => Math.exp(-0.5 * (u / sd) ** 2));
  const total = density.reduce((a, b) => a + b, 0);
  const texts = new Map<string, Response[]>();
  const singles = responses.filter((r) => !r.testlet);
  for (const r of responses) if (r.testlet) texts.set(r.testlet, [...(texts.get(r.testlet) ?? []), r]);
  const weights = grid.map((theta) => {
    let w = Math.exp(-0.5 * ((theta - PRIOR_MEAN) / PRIOR_SD) ** 2);
    for (const a of singles) w *= a.correct ? probabilityCorrect(theta, a) : 1 - probabilityCorrect(theta, a);
    for (const answers of texts.values()) {
      let integral = 0;
      effects.forEach((u, q) => {
        let p = density[q] / total;
        for (const a of answers) {
          const right = probabilityCorrect(theta + u, a);
          p *= a.correct ? right : 1 - right;
        }
        integral += p;
      });
      w *= integral;
    }
    return w;
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const mean = grid.reduce((m, theta, g) => m + (theta * weights[g]) / sum, 0);
  const variance = grid.reduce((v, theta, g) => v + ((theta - mean) ** 2 * weights[g]) / sum, 0);
  return { theta: mean, standardError: Math.sqrt(variance) };
}

describe("scoring a reading text as one unit (testlet)", () => {
  const fiveRight = text("t1", [true, true, true, true, true]);

  it("moves the ability less for a text of 5 answered right than for 5 independent items, and is less sure", () => {
    const asText = estimateAbility(fiveRight);
    const asItems = estimateAbility(independent(fiveRight));
    expect(asText.theta).toBeGreaterThan(PRIOR_MEAN);
    expect(asText.theta - PRIOR_MEAN).toBeLessThan(asItems.theta - PRIOR_MEAN);
    expect(asText.standardError).toBeGreaterThan(asItems.standardError);
  });

  it("is less sure than independent items after a mixed text, with a whole test around it", () => {
    const discrete: Response[] = QUIZ_LEVELS.flatMap((level, i) =>
      [0, 1].map((n) => ({ difficulty: LABEL_DIFFICULTY[level], correct: i < 3 || (i === 3 && n === 0) })),
    );
    const mixed = text("t1", [true, true, false, true, false], LABEL_DIFFICULTY.B1);
    const asText = estimateAbility([...discrete, ...mixed]);
    const asItems = estimateAbility([...discrete, ...independent(mixed)]);
    expect(asText.standardError).toBeGreaterThan(asItems.standardError);
    expect(asText.confidence).toBeLessThan(asItems.confidence);
  });

  it("gives the known values: the brute-force integral of the testlet model", () => {
    for (const responses of [
      fiveRight,
      text("t1", [true, false, true, true, false], -0.75),
      [...text("t1", [true, true, true, false]), ...text("t2", [false, false, true, false, false], 1.5)],
      [...text("t1", [true, true, true, true], 2.25), { difficulty: -2.25, correct: true }],
    ]) {
      const expected = bruteForce(responses, TESTLET_SD);
      const got = estimateAbility(responses);
      expect(got.theta).toBeCloseTo(expected.theta, 1);
      expect(Math.abs(got.theta - expected.theta)).toBeLessThan(0.03);
      expect(Math.abs(got.standardError - expected.standardError)).toBeLessThan(0.03);
    }
    // Five right at difficulty 0, prior N(B1 centre, 4): fixed here so a change to the model shows.
    expect(estimateAbility(fiveRight).theta).toBeCloseTo(3.64, 1);
    expect(estimateAbility(fiveRight).standardError).toBeCloseTo(2.32, 1);
    expect(estimateAbility(independent(fiveRight)).theta).toBeCloseTo(3.72, 1);
  }, 60_000);

  it("is the independent items' estimate when the testlet effect is 0, and does not depend on the questions' order", () => {
    const mixed = text("t1", [true, false, true, true, false], 0.75);
    expect(estimateAbility(mixed, { testletSd: 0 })).toEqual(estimateAbility(independent(mixed)));
    expect(estimateAbility([...mixed].reverse()).theta).toBeCloseTo(estimateAbility(mixed).theta, 10);
  });

  it("scores two texts as two units: the same answers in one text of 10 say less than in two of 5", () => {
    const answers = [true, true, true, true, false];
    const two = [...text("t1", answers), ...text("t2", answers)];
    const one = text("t1", [...answers, ...answers]);
    expect(estimateAbility(two).standardError).toBeLessThan(estimateAbility(one).standardError);
  });
});

/** A bank of single items and reading texts of 4 to 6 questions at every level. */
function bankWithTexts() {
  const pool: PlacementCandidate[] = [];
  for (const level of QUIZ_LEVELS) {
    for (let n = 0; n < 40; n++)
      pool.push({ id: `${level}-${n}`, topic: `${level}-topic-${n % 10}`, difficulty: LABEL_DIFFICULTY[level] });
    for (let t = 0; t < 6; t++) {
      const size = 4 + (t % 3);
      const testlet = `${level}-text-${t}`;
      for (let q = 1; q <= size; q++)
        pool.push({
          id: `${testlet}-q${q}`,
          topic: `reading ${testlet}`,
          difficulty: LABEL_DIFFICULTY[level],
          testlet,
          position: q,
          testletSize: size,
          point: `${testlet}-point-${q}`,
        });
    }
  }
  return pool;
}

describe("serving reading texts in the placement tests", () => {
  const pool = bankWithTexts();

  it.each(["quick", "comprehensive"] as const)(
    "%s: serves each text whole, its questions together and in order, in the reading blocks only, and keeps the test's length",
    (mode) => {
      for (let seed = 1; seed <= 40; seed++) {
        const random = seededRandom(seed);
        const theta = -4 + (seed % 9);
        const blocks: PlacementCandidate[][] = [];
        const responses: Response[] = [];
        const left = new Set(pool);
        for (;;) {
          const block = nextPlacementBlock(mode, [...left], responses, random);
          if (!block) break;
          blocks.push(block);
          for (const item of block) {
            for (const other of left) if (other === item || areEnemies(other, item)) left.delete(other);
            responses.push({ ...item, correct: random() < probabilityCorrect(theta, item) });
          }
        }
        expect(blocks).toHaveLength(PLACEMENT_BLOCKS[mode].length);
        expect(responses).toHaveLength(PLACEMENT_BLOCKS[mode].reduce((a, b) => a + b, 0));
        blocks.forEach((block, index) => {
          const texts = testletsIn(block, 6);
          if (!READING_BLOCKS[mode].includes(index)) expect(block.some((item) => item.testlet)).toBe(false);
          else {
            expect(texts).toHaveLength(1);
            const [questions] = texts;
            // Whole, first in the block, in the text's order.
            expect(questions).toHaveLength(questions[0].testletSize ?? 0);
            expect(block.slice(0, questions.length).map((q) => q.position)).toEqual(questions.map((_, i) => i + 1));
            expect(block.slice(questions.length).some((item) => item.testlet)).toBe(false);
          }
        });
      }
    },
  );

  it("never serves a text one of whose questions is gone (served, or an enemy's point taken)", () => {
    const random = seededRandom(7);
    const partial = pool.filter((item) => item.id !== "B1-text-0-q2" && item.id !== "B2-text-1-q1");
    for (let n = 0; n < 200; n++) {
      const block =
        nextPlacementBlock(
          "quick",
          partial,
          [{ difficulty: 0, correct: true }, ...Array(4).fill({ difficulty: 0, correct: false })],
          random,
        ) ?? [];
      expect(block.some((item) => item.testlet === "B1-text-0" || item.testlet === "B2-text-1")).toBe(false);
    }
  });

  it("serves the single items as before when the bank has no texts", () => {
    const singles = pool.filter((item) => !item.testlet);
    const withTexts = runPlacement("comprehensive", pool, () => true, seededRandom(3));
    const without = runPlacement("comprehensive", singles, () => true, seededRandom(3));
    expect(withTexts.items.filter((item) => item.testlet).length).toBeGreaterThanOrEqual(4);
    expect(without.items).toHaveLength(40);
  });
});

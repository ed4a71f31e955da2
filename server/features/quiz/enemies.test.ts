// Issue 34, item 4: items that test the same point never share an attempt, whatever the draw. A
// property test over the real bank: 2,000 seeded attempts of each test type that draws items.
import { describe, expect, it } from "vitest";
import { readBank } from "../../../prisma/quiz-bank.ts";
import {
  CONCEPT_LEVELS,
  type ConceptSlug,
  QUESTIONS_PER_CONCEPT_TEST,
  QUESTIONS_PER_LEVEL_CONCEPT,
  QUESTIONS_PER_LEVEL_TEST,
  QUIZ_LEVELS,
  type QuizLevel,
} from "../../../shared/quiz-catalog.ts";
import { drawItems, keyExposureOf, NO_KEY_EXPOSURE } from "./certification.ts";
import { type Pointed, withoutEnemies } from "./enemies.ts";
import { LABEL_DIFFICULTY, probabilityCorrect } from "./placement/irt.ts";
import { runPlacement } from "./placement/placement.ts";
import { seededRandom } from "./placement/simulation.ts";
import { chooseConceptItems } from "./question-plans.service.ts";

const ATTEMPTS = 2000;
const bank = readBank().map(({ item }) => ({
  id: item.id,
  level: item.level,
  concept: item.concept,
  topic: item.topic,
  skill: item.skill,
  point: item.point ?? null,
}));
const keys = keyExposureOf(
  bank.map((item) => ({ ...item, keyRevealedAt: null })),
  new Date("2026-11-29T12:00:00Z"),
);

/** The points that appear more than once in one attempt (none, for a test that keeps the rule). */
function repeatedPoints(items: readonly Pointed[]) {
  const points = items.flatMap((item) => (item.point ? [item.point] : []));
  return points.filter((point, i) => points.indexOf(point) !== i);
}

/** Counts attempts that served some item of a point, so the property is not held by an empty bank. */
function tally() {
  let withPoints = 0;
  return {
    check(items: readonly Pointed[]) {
      expect(repeatedPoints(items)).toEqual([]);
      if (items.some((item) => item.point)) withPoints++;
    },
    get withPoints() {
      return withPoints;
    },
  };
}

describe("enemy items", () => {
  it("keeps the first item of each point, in order, and drops the points already served", () => {
    const items = [
      { id: "a", point: "rise-raise" },
      { id: "b", point: null },
      { id: "c", point: "rise-raise" },
      { id: "d", point: "lie-lay" },
      { id: "e" },
    ];
    expect(withoutEnemies(items).map((i) => i.id)).toEqual(["a", "b", "d", "e"]);
    expect(withoutEnemies(items, ["lie-lay"]).map((i) => i.id)).toEqual(["a", "b", "e"]);
  });

  it("the bank names points that a random draw would put together", () => {
    const points = new Map<string, number>();
    for (const item of bank) if (item.point) points.set(item.point, (points.get(item.point) ?? 0) + 1);
    expect(points.size).toBeGreaterThanOrEqual(10);
    // At least one point has two items in one level and concept: a concept test of that cell
    // would meet both often if nothing kept them apart.
    const cells = bank.filter((item) => item.point).map((item) => `${item.level} ${item.concept} ${item.point}`);
    expect(cells.some((cell, i) => cells.indexOf(cell) !== i)).toBe(true);
  });

  it(`never meet in a level test, practice or certified, whole or on one concept (${ATTEMPTS} seeded attempts)`, () => {
    const random = seededRandom(34_04_01);
    const seen = tally();
    for (let n = 0; n < ATTEMPTS; n++) {
      const level = QUIZ_LEVELS[n % QUIZ_LEVELS.length];
      const certified = n % 3 === 0;
      const onConcept = n % 4 === 1;
      const concepts = Object.entries(CONCEPT_LEVELS)
        .filter(([, levels]) => (levels as readonly string[]).includes(level))
        .map(([concept]) => concept);
      const concept = concepts[Math.floor(random() * concepts.length)];
      const candidates = bank.filter((item) => item.level === level && (!onConcept || item.concept === concept));
      // Some items shown recently, so the unseen-first order differs between attempts.
      const shownAt = new Map(
        candidates.filter(() => random() < 0.2).map((item) => [item.id, new Date(2026, 10, 1 + (n % 28))]),
      );
      const size = onConcept ? QUESTIONS_PER_LEVEL_CONCEPT : QUESTIONS_PER_LEVEL_TEST;
      const drawn = drawItems(candidates, shownAt, size, certified && !onConcept, keys, random);
      if (drawn === null) continue;
      expect(drawn.length).toBe(Math.min(size, withoutEnemies(candidates).length));
      seen.check(drawn);
    }
    expect(seen.withPoints).toBeGreaterThan(ATTEMPTS / 4);
  });

  it(`never meet in a concept test, at one level or mixed (${ATTEMPTS} seeded attempts)`, () => {
    const random = seededRandom(34_04_02);
    const seen = tally();
    const concepts = Object.keys(CONCEPT_LEVELS) as ConceptSlug[];
    for (let n = 0; n < ATTEMPTS; n++) {
      const concept = concepts[n % concepts.length];
      const levels: readonly QuizLevel[] = CONCEPT_LEVELS[concept];
      const mixed = n % 2 === 0;
      const at = mixed ? levels : [levels[Math.floor(random() * levels.length)]];
      const candidates = bank.filter((item) => item.concept === concept && at.includes(item.level as QuizLevel));
      const chosen = chooseConceptItems(candidates, mixed ? levels : null, n % 5 ? keys : NO_KEY_EXPOSURE, random);
      expect(chosen.length).toBe(QUESTIONS_PER_CONCEPT_TEST);
      seen.check(chosen);
    }
    expect(seen.withPoints).toBeGreaterThan(ATTEMPTS / 10);
  });

  it(`never meet in a placement test, quick or in-depth (${ATTEMPTS} seeded attempts)`, () => {
    const random = seededRandom(34_04_03);
    const seen = tally();
    const pool = bank.map((item) => ({
      ...item,
      difficulty: LABEL_DIFFICULTY[item.level as QuizLevel],
      discrimination: 1,
    }));
    for (let n = 0; n < ATTEMPTS; n++) {
      // Learners across the whole scale, so blocks aim at every level boundary.
      const theta = -5 + random() * 10;
      const { items } = runPlacement(
        n % 2 ? "quick" : "comprehensive",
        pool,
        (item) => random() < probabilityCorrect(theta, item),
        random,
      );
      seen.check(items);
    }
    expect(seen.withPoints).toBeGreaterThan(ATTEMPTS / 10);
  }, 120_000);
});

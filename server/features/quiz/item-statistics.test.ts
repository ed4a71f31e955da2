import { describe, expect, it } from "vitest";
import { nextVersionId } from "../admin/question-bank.service.ts";
import { computeItemStatistics, emptyStatistics, flagItem, type ScoredResponse } from "./item-statistics.ts";

const batch = (rows: [string, boolean[]][], items: string[]): ScoredResponse[] =>
  rows.flatMap(([attemptId, answers]) => answers.map((correct, i) => ({ attemptId, questionId: items[i], correct })));

const b1 = { level: "B1", correctAnswer: 0, optionCount: 4 };

describe("item statistics", () => {
  it("computes facility and the point-biserial against the rest-score share", () => {
    const responses = batch(
      [
        ["a1", [true, true, true]],
        ["a2", [true, true, false]],
        ["a3", [true, false, false]],
        ["a4", [false, true, true]],
      ],
      ["x", "y", "z"],
    );
    const stats = computeItemStatistics(responses, () => b1, new Map());
    expect(stats.get("x")?.facility).toBe(0.75);
    expect(stats.get("x")?.discrimination).toBeCloseTo(-0.375 / Math.sqrt(0.75 * 0.6875), 10);
    expect(stats.get("y")?.discrimination).toBeCloseTo(1 / 3, 10);
    expect(stats.get("z")?.discrimination).toBeCloseTo(0, 10);
    // No ability known: no prediction from the level.
    expect(stats.get("x")?.expectedFacility).toBeNull();
  });

  it("rests the discrimination only on attempts with other items, and needs variation", () => {
    const stats = computeItemStatistics(
      batch(
        [
          ["solo", [true]],
          ["b", [false, true]],
          ["c", [false, false]],
        ],
        ["x", "y"],
      ),
      () => ({ level: "A1", correctAnswer: 0, optionCount: 4 }),
      new Map([["solo", 0]]),
    );
    expect(stats.get("x")).toMatchObject({ served: 3, correct: 1, discriminationAnswers: 2, discrimination: null });
  });

  it("flags only from 20 answers: too easy, too hard, negative discrimination", () => {
    const base = { ...emptyStatistics, served: 20, correct: 0, discriminationAnswers: 20 };
    expect(flagItem({ ...base, served: 19, facility: 0, expectedFacility: 0.9 })).toEqual([]);
    expect(flagItem({ ...base, facility: 0, expectedFacility: 0.9 })).toEqual(["too-hard"]);
    expect(flagItem({ ...base, facility: 0.95, expectedFacility: 0.6 })).toEqual(["too-easy"]);
    expect(flagItem({ ...base, facility: 0.7, expectedFacility: 0.6, discrimination: 0.3 })).toEqual([]);
    expect(flagItem({ ...base, facility: 0.6, expectedFacility: 0.6, discrimination: -0.05 })).toEqual([
      "negative-discrimination",
    ]);
  });

  it("splits those who answered at their median ability and flags a wrong option the stronger choose more", () => {
    // Twenty students; the ten stronger (ability 1) mostly choose the key 0 but three choose 2; of
    // the ten weaker (ability -1) one chooses 2, the rest 1 and 3.
    const chosen = [0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 1, 1, 1, 1, 3, 3, 3, 3, 0, 2];
    const responses = chosen.map((option, i) => ({
      attemptId: `s${i}`,
      questionId: "x",
      correct: option === 0,
      chosen: option,
    }));
    const thetas = new Map(chosen.map((_, i) => [`s${i}`, i < 10 ? 1 : -1]));
    const stats = computeItemStatistics(responses, () => b1, thetas).get("x");
    expect(stats?.halves).toEqual({ stronger: 10, weaker: 10 });
    expect(stats?.options).toEqual([
      { stronger: 0.7, weaker: 0.1 },
      { stronger: 0, weaker: 0.4 },
      { stronger: 0.3, weaker: 0.1 },
      { stronger: 0, weaker: 0.4 },
    ]);
    // Option 2 draws the stronger (30 % against 10 %); the key's own lead is not a flag.
    expect(stats?.attractsStronger).toEqual([2]);
    // (40 % right where a B1 label predicts more for these students: too hard as well.)
    expect(stats && flagItem(stats)).toEqual(["too-hard", "distractor-attracts-stronger"]);
    // The same answers with the key at 2: nothing wrong draws the stronger.
    const keyed = computeItemStatistics(responses, () => ({ ...b1, correctAnswer: 2 }), thetas).get("x");
    expect(keyed?.attractsStronger).toEqual([0]);
    // An unanswered item and a student of unknown ability are in neither half.
    const partial = computeItemStatistics(
      [...responses, { attemptId: "blank", questionId: "x", correct: false, chosen: null }],
      () => b1,
      thetas,
    ).get("x");
    expect(partial?.halves).toEqual({ stronger: 10, weaker: 10 });
  });

  it("numbers a correction's id from the first version", () => {
    expect(nextVersionId({ id: "b1-irreg-02", version: 1 })).toBe("b1-irreg-02-v2");
    expect(nextVersionId({ id: "b1-irreg-02-v2", version: 2 })).toBe("b1-irreg-02-v3");
  });
});

import { describe, expect, it } from "vitest";
import { nextVersionId } from "../admin/question-bank.service.ts";
import { computeItemStatistics, emptyStatistics, flagItem, type ScoredResponse } from "./item-statistics.ts";

const batch = (rows: [string, boolean[]][], items: string[]): ScoredResponse[] =>
  rows.flatMap(([attemptId, answers]) => answers.map((correct, i) => ({ attemptId, questionId: items[i], correct })));

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
    const stats = computeItemStatistics(responses, () => "B1", new Map());
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
      () => "A1",
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

  it("numbers a correction's id from the first version", () => {
    expect(nextVersionId({ id: "b1-irreg-02", version: 1 })).toBe("b1-irreg-02-v2");
    expect(nextVersionId({ id: "b1-irreg-02-v2", version: 2 })).toBe("b1-irreg-02-v3");
  });
});

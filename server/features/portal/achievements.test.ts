import { describe, expect, it } from "vitest";
import {
  ACHIEVEMENT_CATEGORIES,
  type AchievementInputs,
  listAchievements,
  summarizeAchievements,
  tierOf,
} from "./achievements.ts";

const zero: AchievementInputs = {
  completedLessons: 0,
  referrals: 0,
  quizzesCompleted: 0,
  quizAccuracies: [],
  resources: 0,
  longestStreakWeeks: 0,
  studyMinutes: 0,
};

const COUNT_THRESHOLDS: [keyof AchievementInputs, string, number[]][] = [
  ["completedLessons", "lessons", [1, 3, 5, 10, 15, 20, 30, 50, 75, 100]],
  ["referrals", "referrals", [1, 2, 3, 5, 7, 10, 15, 20, 30, 50]],
  ["quizzesCompleted", "quizzes", [1, 3, 5, 8, 12, 18, 25, 35, 50, 75]],
  ["resources", "resources", [1, 2, 3, 5, 7, 10, 15, 20, 30, 50]],
  ["longestStreakWeeks", "streak", [2, 3, 4, 5, 6, 8, 10, 12, 16, 26]],
  ["studyMinutes", "studyMinutes", [60, 120, 240, 480, 960, 2400, 4800, 9600, 20000, 40000]],
];

const unlockedLevels = (inputs: AchievementInputs, category: string) =>
  listAchievements(inputs)
    .filter((a) => a.category === category && a.unlocked)
    .map((a) => a.level);

describe("achievement thresholds (§9)", () => {
  it("has 7 categories of 10 levels", () => {
    expect(ACHIEVEMENT_CATEGORIES).toHaveLength(7);
    for (const c of ACHIEVEMENT_CATEGORIES) expect(c.levels).toHaveLength(10);
    expect(listAchievements(zero)).toHaveLength(70);
  });

  for (const [field, category, thresholds] of COUNT_THRESHOLDS) {
    thresholds.forEach((threshold, index) => {
      it(`${category} level ${index + 1}: locked at ${threshold - 1}, unlocked at ${threshold}`, () => {
        const below = unlockedLevels({ ...zero, [field]: threshold - 1 }, category);
        const at = unlockedLevels({ ...zero, [field]: threshold }, category);
        expect(below).not.toContain(index + 1);
        expect(at).toContain(index + 1);
        expect(Math.max(0, ...at)).toBe(index + 1);
      });
    });
  }

  // The bars and numbers of quizzes are pinned by the spec's sentences; each level is then
  // checked at its own bar.
  it("quiz scores: the spec's bar and number of quizzes at each level", () => {
    const quizScores = listAchievements(zero).filter((a) => a.category === "quizScores");
    expect(quizScores.map((a) => a.description)).toEqual([
      "Score 60% or more on 2 quizzes",
      "Score 70% or more on 3 quizzes",
      "Score 75% or more on 5 quizzes",
      "Score 80% or more on 5 quizzes",
      "Score 85% or more on 7 quizzes",
      "Score 90% or more on 8 quizzes",
      "Score 90% or more on 12 quizzes",
      "Score 95% or more on 10 quizzes",
      "Score 95% or more on 15 quizzes",
      "Score 100% or more on 10 quizzes",
    ]);
  });
  // The spec's bars and counts, written out: the levels are checked against these, not against
  // the code's own table (a bar typed 0.854 would still read "85%" in a description).
  const SCORE_LEVELS: [number, number][] = [
    [0.6, 2],
    [0.7, 3],
    [0.75, 5],
    [0.8, 5],
    [0.85, 7],
    [0.9, 8],
    [0.9, 12],
    [0.95, 10],
    [0.95, 15],
    [1, 10],
  ];
  it("quiz scores: the code's bars and counts are the spec's", () => {
    const levels = ACHIEVEMENT_CATEGORIES.find((c) => c.id === "quizScores")?.levels ?? [];
    expect(levels.map((l) => [l.minAccuracy, l.target])).toEqual(SCORE_LEVELS);
  });
  SCORE_LEVELS.forEach(([bar, count], index) => {
    it(`quiz scores level ${index + 1}: ${bar * 100}% on ${count} quizzes`, () => {
      const level = index + 1;
      const unlockedWith = (accuracies: number[]) =>
        unlockedLevels({ ...zero, quizAccuracies: accuracies }, "quizScores");
      expect(unlockedWith(Array(count).fill(bar))).toContain(level);
      expect(unlockedWith(Array(count - 1).fill(bar))).not.toContain(level);
      // Just under the bar does not count, however many quizzes.
      expect(unlockedWith(Array(count + 5).fill(bar - 0.01))).not.toContain(level);
    });
  });

  it("counts a 7/10 quiz (0.7) toward the 70% level despite floating point", () => {
    const accuracies = [7 / 10, 14 / 20, 21 / 30];
    expect(unlockedLevels({ ...zero, quizAccuracies: accuracies }, "quizScores")).toEqual([1, 2]);
  });

  it("summarises completed as the highest unlocked and next as the lowest locked, per category", () => {
    const summary = summarizeAchievements({ ...zero, completedLessons: 12, studyMinutes: 720, longestStreakWeeks: 1 });
    const lessons = summary.completed.find((a) => a.category === "lessons");
    expect(lessons).toMatchObject({ level: 4, target: 10, unlocked: true });
    const nextLessons = summary.next.find((a) => a.category === "lessons");
    expect(nextLessons).toMatchObject({ level: 5, target: 15, current: 12, unlocked: false });
    expect(nextLessons?.progress).toBeCloseTo(12 / 15);
    expect(summary.completed.map((a) => a.category).sort()).toEqual(["lessons", "studyMinutes"]);
    expect(summary.next).toHaveLength(7);
    expect(summary.next.find((a) => a.category === "streak")).toMatchObject({ level: 1, target: 2, current: 1 });
    // 4 lesson levels + 4 study levels (60, 120, 240, 480).
    expect(summary.unlockedCount).toBe(8);
  });

  it("has no next achievement in a category whose every level is unlocked", () => {
    const summary = summarizeAchievements({ ...zero, completedLessons: 100 });
    expect(summary.next.find((a) => a.category === "lessons")).toBeUndefined();
    expect(summary.completed.find((a) => a.category === "lessons")?.level).toBe(10);
  });

  it("styles levels 5-8 richer and 9 up richest", () => {
    expect([1, 4, 5, 8, 9, 10].map(tierOf)).toEqual(["standard", "standard", "rich", "rich", "richest", "richest"]);
  });
});

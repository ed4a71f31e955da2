// Achievements of the spec (§9): 7 categories x 10 levels, derived from counts. A level is
// unlocked when its count reaches the threshold; "completed" is the highest unlocked level of
// each category and "next" the lowest locked one, with its progress.

export type AchievementCategoryId =
  | "lessons"
  | "referrals"
  | "quizzes"
  | "quizScores"
  | "resources"
  | "streak"
  | "studyMinutes";

export type AchievementInputs = {
  completedLessons: number;
  referrals: number;
  quizzesCompleted: number;
  /** Accuracy (0 to 1) of every quiz result: the quiz-score levels count those at or above a bar. */
  quizAccuracies: number[];
  resources: number;
  longestStreakWeeks: number;
  studyMinutes: number;
};

type Level = { target: number; minAccuracy?: number };

type Category = {
  id: AchievementCategoryId;
  title: string;
  levels: Level[];
  describe(level: Level): string;
  measure(inputs: AchievementInputs, level: Level): number;
};

const plain = (targets: number[]): Level[] => targets.map((target) => ({ target }));
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type CountedCategoryId = Exclude<AchievementCategoryId, "quizScores">;

/** The spec's thresholds of the categories that count one input, level 1 to 10. */
const COUNT_TARGETS: Record<CountedCategoryId, number[]> = {
  lessons: [1, 3, 5, 10, 15, 20, 30, 50, 75, 100],
  referrals: [1, 2, 3, 5, 7, 10, 15, 20, 30, 50],
  quizzes: [1, 3, 5, 8, 12, 18, 25, 35, 50, 75],
  resources: [1, 2, 3, 5, 7, 10, 15, 20, 30, 50],
  streak: [2, 3, 4, 5, 6, 8, 10, 12, 16, 26],
  studyMinutes: [60, 120, 240, 480, 960, 2400, 4800, 9600, 20000, 40000],
};

/** A category whose levels are thresholds on one count of the inputs. */
const countOf = (
  id: CountedCategoryId,
  title: string,
  input: Exclude<keyof AchievementInputs, "quizAccuracies">,
  phrase: (target: number) => string,
): Category => ({
  id,
  title,
  levels: plain(COUNT_TARGETS[id]),
  describe: (l) => phrase(l.target),
  measure: (i) => i[input],
});

export const ACHIEVEMENT_CATEGORIES: Category[] = [
  countOf("lessons", "Lessons", "completedLessons", (n) => `Complete ${plural(n, "lesson", "lessons")}`),
  countOf("referrals", "Referrals", "referrals", (n) => `Refer ${plural(n, "friend", "friends")}`),
  countOf("quizzes", "Quizzes", "quizzesCompleted", (n) => `Complete ${plural(n, "quiz", "quizzes")}`),
  {
    id: "quizScores",
    title: "Quiz Scores",
    levels: [
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
    ].map(([minAccuracy, target]) => ({ minAccuracy, target })),
    describe: (l) =>
      `Score ${Math.round((l.minAccuracy ?? 0) * 100)}% or more on ${plural(l.target, "quiz", "quizzes")}`,
    // Compared in whole percent so 0.7 stored as 0.69999 still counts as 70%.
    measure: (i, l) =>
      i.quizAccuracies.filter((a) => Math.round(a * 1000) >= Math.round((l.minAccuracy ?? 0) * 1000)).length,
  },
  countOf("resources", "Resources", "resources", (n) => `Receive ${plural(n, "resource", "resources")}`),
  countOf("streak", "Streaks", "longestStreakWeeks", (n) => `Study ${n} weeks in a row`),
  countOf("studyMinutes", "Study Time", "studyMinutes", (n) => `Study for ${formatMinutes(n)}`),
];

function formatMinutes(minutes: number) {
  const hours = minutes / 60;
  return Number.isInteger(hours) ? plural(hours, "hour", "hours") : `${Math.round(hours * 10) / 10} hours`;
}

/** Levels 5-8 get richer styling, 9 and up the richest (§9). */
export type AchievementTier = "standard" | "rich" | "richest";
export const tierOf = (level: number): AchievementTier => (level >= 9 ? "richest" : level >= 5 ? "rich" : "standard");

export type Achievement = {
  id: string;
  category: AchievementCategoryId;
  categoryTitle: string;
  level: number;
  title: string;
  description: string;
  tier: AchievementTier;
  target: number;
  /** The quiz-score levels' bar (0 to 1), so a page can word the level in its own language; else null. */
  minAccuracy: number | null;
  current: number;
  unlocked: boolean;
  /** 0 to 1, capped. */
  progress: number;
};

export function listAchievements(inputs: AchievementInputs): Achievement[] {
  return ACHIEVEMENT_CATEGORIES.flatMap((category) =>
    category.levels.map((level, index) => {
      const current = category.measure(inputs, level);
      return {
        id: `${category.id}-${index + 1}`,
        category: category.id,
        categoryTitle: category.title,
        level: index + 1,
        title: `${category.title} · Level ${index + 1}`,
        description: category.describe(level),
        tier: tierOf(index + 1),
        target: level.target,
        minAccuracy: level.minAccuracy ?? null,
        current,
        unlocked: current >= level.target,
        progress: Math.min(1, current / level.target),
      };
    }),
  );
}

/** Completed: the highest unlocked level per category. Next: the lowest locked level per category. */
export function summarizeAchievements(inputs: AchievementInputs) {
  const all = listAchievements(inputs);
  const completed: Achievement[] = [];
  const next: Achievement[] = [];
  for (const category of ACHIEVEMENT_CATEGORIES) {
    const levels = all.filter((a) => a.category === category.id);
    const highest = levels.filter((a) => a.unlocked).at(-1);
    const lowestLocked = levels.find((a) => !a.unlocked);
    if (highest) completed.push(highest);
    if (lowestLocked) next.push(lowestLocked);
  }
  return { unlockedCount: all.filter((a) => a.unlocked).length, total: all.length, completed, next };
}

// Pure scoring rules of the quiz area (§9): scoring answers, level estimation, bands, weak areas.
// Used by the server when it scores an attempt, by the browser when it scores a quiz the server
// did not issue, and by the results pages when they describe a score.
import {
  ASSESSMENT_SCALE,
  type AssessmentLevel,
  ESTIMATE_PASS_PERCENT,
  QUIZ_LEVELS,
  WEAK_AREA_MIN_QUESTIONS,
  WEAK_AREA_PERCENT,
} from "./quiz-catalog.ts";

export type Tally = { correct: number; total: number };
export type Breakdown = Record<string, Tally>;

export const percentOf = ({ correct, total }: Tally) => (total > 0 ? Math.round((correct / total) * 100) : 0);

/**
 * §9: the highest level with at least 60% correct, Foundation by default. A level the quiz
 * asked nothing about cannot be reached. Exact arithmetic (no rounding): 3 of 5 passes, 5 of 9 does not.
 */
export function estimateLevel(levelBreakdown: Breakdown): AssessmentLevel {
  let reached: AssessmentLevel = ASSESSMENT_SCALE[0];
  QUIZ_LEVELS.forEach((level, i) => {
    const tally = levelBreakdown[level];
    if (tally && tally.total > 0 && tally.correct * 100 >= ESTIMATE_PASS_PERCENT * tally.total)
      reached = ASSESSMENT_SCALE[i];
  });
  return reached;
}

/**
 * What a tally says of an area: weak (under 70% correct), fine, or nothing yet: on fewer than
 * four questions one slip would decide it, so it is not judged.
 */
export function judgeArea({ correct, total }: Tally): "weak" | "fine" | "too-few" {
  if (total < WEAK_AREA_MIN_QUESTIONS) return "too-few";
  return correct * 100 < WEAK_AREA_PERCENT * total ? "weak" : "fine";
}

/** Keys under 70% correct on enough questions to judge, weakest first. */
export function findWeakAreas(breakdown: Breakdown): { key: string; percent: number }[] {
  return Object.entries(breakdown)
    .filter(([, t]) => judgeArea(t) === "weak")
    .map(([key, t]) => ({ key, percent: percentOf(t) }))
    .sort((a, b) => a.percent - b.percent || a.key.localeCompare(b.key));
}

export type GeneralBand = "excellent" | "good" | "not-bad" | "keep-practicing" | "encouragement";

/** The general results page's five bands with their messages. */
export function generalBand(percent: number): { band: GeneralBand; title: string; message: string } {
  if (percent >= 90)
    return {
      band: "excellent",
      title: "Excellent!",
      message: "Outstanding work: you have a strong command of English at this level.",
    };
  if (percent >= 80)
    return {
      band: "good",
      title: "Great job!",
      message: "A very good result. A little polishing and you will master this level.",
    };
  if (percent >= 70)
    return { band: "not-bad", title: "Not bad!", message: "A solid base. Review the areas below to move up a level." };
  if (percent >= 60)
    return {
      band: "keep-practicing",
      title: "Keep practicing!",
      message: "You are on your way. Regular practice on your weak areas will make the difference.",
    };
  return {
    band: "encouragement",
    title: "Don't give up!",
    message: "Every learner starts somewhere. Focus on one area at a time and try again soon.",
  };
}

export const basicBand = (percent: number) => (percent >= 80 ? "Excellent" : percent >= 60 ? "Good" : "Needs Work");

export const conceptBand = (percent: number) =>
  percent >= 80 ? "Strong" : percent >= 60 ? "Developing" : "Needs Significant Work";

/** The four breakdowns of a scored attempt, as a result's metadata keeps them. */
export const breakdownsOf = (scored: ReturnType<typeof scoreAnswers>) => ({
  skillBreakdown: scored.skillBreakdown,
  difficultyBreakdown: scored.difficultyBreakdown,
  levelBreakdown: scored.levelBreakdown,
  topicBreakdown: scored.topicBreakdown,
});

export function addTo(breakdown: Breakdown, key: string, isCorrect: boolean) {
  breakdown[key] ??= { correct: 0, total: 0 };
  const tally = breakdown[key];
  tally.total += 1;
  if (isCorrect) tally.correct += 1;
}

/** A question with its answer key: as the quiz bank holds it and as scoring reads it. */
export type QuizQuestion = {
  id: string;
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string;
  skill: string;
  level: string;
  difficulty: number;
  concept: string | null;
  topic: string;
  /** The grammar or vocabulary point the item tests ("rise-raise"): items sharing one never meet in an attempt. */
  point?: string | null;
};

export type ReviewEntry = {
  questionId: string;
  question: string;
  options: string[];
  selectedAnswer: number | null;
  correctAnswer: number;
  isCorrect: boolean;
  explanation: string;
  skill: string;
  level: string;
  concept: string | null;
  topic: string;
  /** Answered only in a submission that arrived after the deadline: shown, not counted. */
  isLate: boolean;
};

/**
 * Scores the `counted` answers (question id -> option index) and tallies them by skill, difficulty,
 * level and topic. An answer only in `submitted` (sent too late) is shown in the review, not counted.
 */
export function scoreAnswers(
  questions: QuizQuestion[],
  counted: Record<string, number>,
  submitted: Record<string, number> = {},
) {
  const skillBreakdown: Breakdown = {};
  const difficultyBreakdown: Breakdown = {};
  const levelBreakdown: Breakdown = {};
  const topicBreakdown: Breakdown = {};
  const review: ReviewEntry[] = [];
  let score = 0;
  for (const q of questions) {
    const selected = Object.hasOwn(counted, q.id) ? counted[q.id] : null;
    const isCorrect = selected === q.correctAnswer;
    if (isCorrect) score++;
    addTo(skillBreakdown, q.skill, isCorrect);
    addTo(difficultyBreakdown, String(q.difficulty), isCorrect);
    addTo(levelBreakdown, q.level, isCorrect);
    addTo(topicBreakdown, q.concept ?? q.topic, isCorrect);
    const late = selected === null && Object.hasOwn(submitted, q.id);
    review.push({
      questionId: q.id,
      question: q.question,
      options: q.options,
      selectedAnswer: late ? submitted[q.id] : selected,
      correctAnswer: q.correctAnswer,
      isCorrect,
      explanation: q.explanation,
      skill: q.skill,
      level: q.level,
      concept: q.concept,
      topic: q.topic,
      isLate: late,
    });
  }
  return { score, review, skillBreakdown, difficultyBreakdown, levelBreakdown, topicBreakdown };
}

import { describe, expect, it } from "vitest";
import { type QuizQuestion, scoreAnswers } from "./quiz-scoring.ts";

const question = (id: string, level: string, correctAnswer: number): QuizQuestion => ({
  id,
  question: `Question ${id}`,
  options: ["a", "b", "c"],
  correctAnswer,
  explanation: "Because.",
  skill: "grammar",
  level,
  difficulty: level === "A1" ? 1 : 3,
  concept: null,
  topic: "tenses",
});

describe("scoreAnswers", () => {
  const questions = [question("q1", "A1", 0), question("q2", "B1", 1), question("q3", "B1", 2)];

  it("counts the correct answers and tallies them by skill, difficulty, level and topic", () => {
    const scored = scoreAnswers(questions, { q1: 0, q2: 2, q3: 2 });
    expect(scored.score).toBe(2);
    expect(scored.skillBreakdown).toEqual({ grammar: { correct: 2, total: 3 } });
    expect(scored.difficultyBreakdown).toEqual({ "1": { correct: 1, total: 1 }, "3": { correct: 1, total: 2 } });
    expect(scored.levelBreakdown).toEqual({ A1: { correct: 1, total: 1 }, B1: { correct: 1, total: 2 } });
    expect(scored.topicBreakdown).toEqual({ tenses: { correct: 2, total: 3 } });
    expect(scored.review.map((r) => [r.questionId, r.selectedAnswer, r.isCorrect])).toEqual([
      ["q1", 0, true],
      ["q2", 2, false],
      ["q3", 2, true],
    ]);
  });

  it("shows a late answer in the review without counting it", () => {
    const scored = scoreAnswers(questions, { q1: 0 }, { q2: 1 });
    expect(scored.score).toBe(1);
    expect(scored.review[1]).toMatchObject({ selectedAnswer: 1, isCorrect: false, isLate: true });
    expect(scored.review[2]).toMatchObject({ selectedAnswer: null, isCorrect: false, isLate: false });
  });
});

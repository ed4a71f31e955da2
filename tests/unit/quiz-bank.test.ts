import { describe, expect, it } from "vitest";
import { countBank, findBankProblems, readBank } from "../../prisma/quiz-bank.ts";
import { CONCEPT_LEVELS, QUESTIONS_PER_CONCEPT_TEST, QUESTIONS_PER_LEVEL_TEST, QUIZ_LEVELS } from "../../shared/quiz-catalog.ts";

const entries = readBank();
const counts = countBank(entries);

describe("the quiz bank", () => {
  it("has well-formed items: unique ids and texts, 4 distinct options, a valid answer, an explanation, matching difficulty", () => {
    expect(findBankProblems(entries)).toEqual([]);
  });

  it.each(QUIZ_LEVELS)("has at least 45 questions at %s", (level) => {
    expect(counts.get(level) ?? 0).toBeGreaterThanOrEqual(QUESTIONS_PER_LEVEL_TEST);
  });

  const conceptLevels = Object.entries(CONCEPT_LEVELS).flatMap(([concept, levels]) => levels.map((level) => [concept, level] as const));
  it.each(conceptLevels)("has at least 15 questions of %s at %s", (concept, level) => {
    expect(counts.get(`${level} ${concept}`) ?? 0).toBeGreaterThanOrEqual(QUESTIONS_PER_CONCEPT_TEST);
  });

  it.each(QUIZ_LEVELS)("covers more than the nine concepts at %s (the level's key skills)", (level) => {
    const other = entries.filter(({ item }) => item.level === level && item.concept === null);
    expect(new Set(other.map(({ item }) => item.topic)).size).toBeGreaterThanOrEqual(3);
  });

  it("spreads the correct answer over all four positions", () => {
    const positions = [0, 1, 2, 3].map((i) => entries.filter(({ item }) => item.correctAnswer === i).length);
    for (const n of positions) expect(n / entries.length).toBeGreaterThan(0.2);
  });

  it("detects a broken item (the checker can fail)", () => {
    const [first] = entries;
    const broken = { ...first.item, id: "broken-1", question: "A new question?", options: ["a", "a", "b", "c"], correctAnswer: 4, difficulty: 9 };
    expect(findBankProblems([first, { file: "x.json", item: broken }]).length).toBeGreaterThanOrEqual(3);
  });
});

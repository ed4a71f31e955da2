import { describe, expect, it } from "vitest";
import { countBank, findBankProblems, readBank } from "../../prisma/quiz-bank.ts";
import {
  CONCEPT_LEVELS,
  QUESTIONS_PER_CONCEPT_TEST,
  QUESTIONS_PER_LEVEL_TEST,
  QUIZ_LEVELS,
} from "../../shared/quiz-catalog.ts";

const entries = readBank();
const counts = countBank(entries);

describe("the quiz bank", () => {
  it("has well-formed items: unique ids and texts, 4 distinct options, a valid answer, an explanation, matching difficulty", () => {
    expect(findBankProblems(entries)).toEqual([]);
  });

  it.each(QUIZ_LEVELS)("has at least 45 questions at %s", (level) => {
    expect(counts.get(level) ?? 0).toBeGreaterThanOrEqual(QUESTIONS_PER_LEVEL_TEST);
  });

  const conceptLevels = Object.entries(CONCEPT_LEVELS).flatMap(([concept, levels]) =>
    levels.map((level) => [concept, level] as const),
  );
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
    const broken = {
      ...first.item,
      id: "broken-1",
      question: "A new question?",
      options: ["a", "a", "b", "c"],
      correctAnswer: 4,
      difficulty: 9,
    };
    expect(findBankProblems([first, { file: "x.json", item: broken }]).length).toBeGreaterThanOrEqual(3);
  });

  const [base] = entries;
  it.each([
    ["a duplicate id", { question: "Something entirely new ___?" }, /duplicate id/],
    [
      "a duplicate question text (case and spaces aside)",
      { id: "dup-text-1", question: ` ${base.item.question.toUpperCase()} ` },
      /duplicate question text/,
    ],
    ["three options", { id: "x-3", question: "Q3 ___?", options: ["a", "b", "c"] }, /exactly 4 options/],
    [
      "options equal but for case",
      { id: "x-4", question: "Q4 ___?", options: ["Go", "go", "went", "gone"] },
      /distinct/,
    ],
    ["a negative answer index", { id: "x-5", question: "Q5 ___?", correctAnswer: -1 }, /correctAnswer/],
    ["a missing explanation", { id: "x-6", question: "Q6 ___?", explanation: " " }, /explanation/],
    [
      "a difficulty that does not match the level",
      { id: "x-7", question: "Q7 ___?", difficulty: base.item.difficulty === 1 ? 2 : 1 },
      /difficulty must match level/,
    ],
    [
      "an answer key that depends on British versus American English",
      {
        id: "x-9",
        question: "Last year I ___ to drive.",
        options: ["learnt", "learned", "have learnt", "was learning"],
        correctAnswer: 0,
      },
      /British and American forms must both be accepted/,
    ],
    [
      "a concept outside its levels",
      { id: "x-8", question: "Q8 ___?", level: "A1", difficulty: 1, concept: "phrasal-verbs" },
      /not taught at A1/,
    ],
  ])("reports %s", (_name, change, message) => {
    const problems = findBankProblems([
      base,
      { file: "x.json", item: { ...base.item, ...change } as typeof base.item },
    ]);
    expect(problems.join("\n")).toMatch(message);
  });
});

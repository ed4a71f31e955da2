import { describe, expect, it } from "vitest";
import { parseModelContent, validateAiItems } from "../../server/features/quiz/quiz-ai.service.ts";
import {
  basicBand,
  conceptBand,
  estimateLevel,
  findWeakAreas,
  generalBand,
  judgeArea,
} from "../../shared/quiz-scoring.ts";

describe("level estimation (highest level with at least 60% correct)", () => {
  it("is Foundation by default: no answers, or nothing at 60%", () => {
    expect(estimateLevel({})).toBe("Foundation");
    expect(estimateLevel({ A1: { correct: 1, total: 3 }, B1: { correct: 0, total: 3 } })).toBe("Foundation");
  });

  it("passes at exactly 60% and fails just below it", () => {
    expect(estimateLevel({ A1: { correct: 5, total: 5 }, A2: { correct: 3, total: 5 } })).toBe("Elementary");
    expect(estimateLevel({ A1: { correct: 5, total: 5 }, A2: { correct: 5, total: 9 } })).toBe("Foundation"); // 55.6%
    expect(estimateLevel({ B2: { correct: 6, total: 10 } })).toBe("Upper-Intermediate");
    expect(estimateLevel({ B2: { correct: 59, total: 100 } })).toBe("Foundation");
  });

  it("takes the highest passing level even above a failed one, and reaches Expert", () => {
    const breakdown = {
      A1: { correct: 3, total: 3 },
      A2: { correct: 3, total: 3 },
      B1: { correct: 1, total: 3 },
      B2: { correct: 2, total: 3 },
      C1: { correct: 1, total: 2 },
      C2: { correct: 0, total: 2 },
    };
    expect(estimateLevel(breakdown)).toBe("Upper-Intermediate");
    expect(estimateLevel({ ...breakdown, C2: { correct: 2, total: 2 } })).toBe("Expert");
    expect(estimateLevel({ C1: { correct: 0, total: 0 } })).toBe("Foundation");
  });
});

describe("bands", () => {
  it.each([
    [100, "excellent"],
    [90, "excellent"],
    [89, "good"],
    [80, "good"],
    [79, "not-bad"],
    [70, "not-bad"],
    [69, "keep-practicing"],
    [60, "keep-practicing"],
    [59, "encouragement"],
    [0, "encouragement"],
  ])("general page: %i%% is %s", (percent, band) => {
    expect(generalBand(percent).band).toBe(band);
  });

  // The basic and the concept scales have the same two bars, 80% and 60%.
  describe.each([
    ["basic", basicBand, "Excellent", "Good", "Needs Work"],
    ["concept", conceptBand, "Strong", "Developing", "Needs Significant Work"],
  ])("%s", (_, band, high, middle, low) => {
    it.each([
      [80, high],
      [79, middle],
      [60, middle],
      [59, low],
    ])("%i%% is %s", (p, label) => {
      expect(band(p)).toBe(label);
    });
  });
});

describe("weak areas (under 70%)", () => {
  it("flags 69.9% but not 70%, weakest first, and ignores empty tallies", () => {
    const weak = findWeakAreas({
      articles: { correct: 7, total: 10 },
      prepositions: { correct: 699, total: 1000 },
      "phrasal-verbs": { correct: 0, total: 4 },
      conditionals: { correct: 0, total: 0 },
    });
    expect(weak.map((w) => w.key)).toEqual(["phrasal-verbs", "prepositions"]);
    expect(weak[0].percent).toBe(0);
  });

  it("judges an area only on four questions or more", () => {
    expect(judgeArea({ correct: 0, total: 1 })).toBe("too-few");
    expect(judgeArea({ correct: 0, total: 3 })).toBe("too-few");
    expect(judgeArea({ correct: 2, total: 4 })).toBe("weak");
    expect(judgeArea({ correct: 3, total: 4 })).toBe("fine");
    expect(findWeakAreas({ articles: { correct: 0, total: 3 }, modals: { correct: 1, total: 4 } })).toEqual([
      { key: "modals", percent: 25 },
    ]);
  });
});

const good = {
  question: "If I ___ you, I would apologise.",
  options: ["am", "was being", "were", "be"],
  correctAnswer: 2,
  explanation: "Second conditional: past subjunctive 'were' after if for an unreal present.",
  level: "b1",
  skill: "grammar",
  concept: "conditionals",
  topic: "second conditional",
};

describe("AI item validation", () => {
  it("keeps a good item (level normalised) and drops each kind of bad one", () => {
    const { items, dropped } = validateAiItems({
      questions: [
        good,
        { ...good, question: "Three options only ___?", options: ["a", "b", "c"] },
        { ...good, question: "Duplicate options ___?", options: ["go", "Go", "went", "gone"] },
        { ...good, question: "Answer out of range ___?", correctAnswer: 4 },
        { ...good, question: "No explanation here ___?", explanation: "" },
        { ...good, question: "Unknown level ___?", level: "D1" },
        { ...good, question: "Fractional index ___?", correctAnswer: 1.5 },
        { ...good },
        "not an object",
      ],
    });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ level: "B1", correctAnswer: 2, concept: "conditionals" });
    expect(dropped).toBe(8);
  });

  it("turns an unknown concept into none and an unknown skill into grammar", () => {
    const { items } = validateAiItems([{ ...good, concept: "modal-verbs", skill: "spelling" }]);
    expect(items[0]).toMatchObject({ concept: null, skill: "grammar" });
  });

  it("reads fenced JSON and refuses non-JSON", () => {
    expect(parseModelContent('```json\n{"questions":[]}\n```')).toEqual({ questions: [] });
    expect(parseModelContent("Sure! Here are your questions")).toBeNull();
    expect(validateAiItems(null)).toEqual({ items: [], dropped: 0 });
  });
});

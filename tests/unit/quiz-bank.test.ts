import { describe, expect, it } from "vitest";
import {
  type BankItem,
  countBank,
  explanationMentionsDistractor,
  findBankProblems,
  findNearDuplicates,
  findPointProblems,
  readBank,
} from "../../prisma/quiz-bank.ts";
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

/** A fair B1 item; each test changes what it needs. */
function item(change: Partial<BankItem>): BankItem {
  return {
    id: "t-1",
    question: "Giulia is very good ___ maths.",
    options: ["at", "in", "on", "for"],
    correctAnswer: 0,
    explanation: "We say 'good at' a subject; 'good in' is a common mistake.",
    skill: "grammar",
    level: "B1",
    difficulty: 3,
    concept: "prepositions",
    topic: "prepositions",
    ...change,
  };
}
const problemsOf = (...items: BankItem[]) => findBankProblems(items.map((i) => ({ file: "t.json", item: i })));

describe("near-duplicates across the bank", () => {
  it.each([
    [
      "the same frame with a name and a city swapped, options reordered",
      item({
        id: "nd-1",
        question: "Marco ___ in Milan with his parents.",
        options: ["lives", "live", "living", "is live"],
      }),
      item({
        id: "nd-2",
        level: "A2",
        difficulty: 2,
        question: "Giulia ___ in Turin with her parents, near the station.",
        options: ["live", "lives", "is live", "living"],
        correctAnswer: 1,
      }),
    ],
    [
      "identical options and key in different sentences",
      item({
        id: "nd-3",
        question: "Our team ___ the match 3-1 on Sunday.",
        options: ["winned", "won", "win", "wan"],
        correctAnswer: 1,
      }),
      item({
        id: "nd-4",
        question: "Have you ever ___ a prize?",
        options: ["wan", "win", "won", "winned"],
        correctAnswer: 2,
      }),
    ],
    [
      "the same key next to the same word",
      item({
        id: "nd-5",
        question: "Is there ___ university in your town?",
        options: ["a", "an", "the", "(no article)"],
      }),
      item({
        id: "nd-6",
        question: "Bocconi is ___ university in Milan.",
        options: ["(no article)", "an", "the", "a"],
        correctAnswer: 3,
      }),
    ],
    [
      "the same sentence with the point asked in two ways",
      item({
        id: "nd-7",
        question: "If I ___ about the strike, I would have taken a taxi.",
        options: ["had known", "knew", "have known", "would know"],
      }),
      item({
        id: "nd-8",
        question: "___ I known about the strike, I would have taken the car.",
        options: ["Had", "If", "Should", "Were"],
      }),
    ],
  ])("catches %s and names both items", (_name, a, b) => {
    const problems = problemsOf(a, b).join("\n");
    expect(problems).toMatch(new RegExp(`${a.id}: near-duplicate of t.json ${b.id}`));
  });

  it("lets items pass that share only the grammar words of their options", () => {
    const apple = item({
      id: "f-1",
      question: "My brother eats ___ apple every morning.",
      options: ["a", "an", "the", "(no article)"],
      correctAnswer: 1,
      explanation: "'Apple' starts with a vowel sound, so 'an'; 'a apple' is a common mistake.",
    });
    const hour = item({
      id: "f-2",
      question: "The film is ___ hour long.",
      options: ["an", "a", "(no article)", "the"],
      correctAnswer: 0,
      explanation: "The 'h' of 'hour' is silent, so 'an'; 'a hour' is a common mistake.",
    });
    const at = item({ id: "f-3" });
    const on = item({ id: "f-4", question: "Your keys are ___ the table.", options: ["on", "in", "at", "for"] });
    expect(findNearDuplicates([apple, hour, at, on].map((i) => ({ item: i })))).toEqual([]);
    expect(problemsOf(apple, hour, at, on)).toEqual([]);
  });
});

describe("length give-aways", () => {
  // Four C1 items with sentence options: the key (index 0) is the longest in the first `longest` of them.
  const sentenceItems = (longest: number) =>
    [
      [
        "Which ending suits a formal email?",
        "Please do not hesitate to contact me.",
        "Drop me a line whenever you like.",
        "Just give me a shout if you need me.",
        "Any questions, just ask away, OK?",
      ],
      [
        "Which opening suits a letter of complaint?",
        "I am writing to complain about my order.",
        "Hey, my order was a total disaster!",
        "Just so you know, the order was bad.",
        "Your order thing went wrong again.",
      ],
      [
        "Which request suits an email to a professor?",
        "Could you send me the reading list?",
        "Send me the reading list now, please.",
        "I want the reading list for the course.",
        "Reading list, please, when you can.",
      ],
      [
        "Which sentence is hedged for a research paper?",
        "The data suggest a possible link.",
        "The data prove it beyond any doubt.",
        "Everyone knows the link is obvious.",
        "The link is super clear, honestly.",
      ],
    ].map(([question, ...options], i) => {
      const [key, ...others] = options;
      // Lengthen one distractor where the key must not be the longest.
      const distractors = i < longest ? others : [`${others[0]} Thanks a lot!`, ...others.slice(1)];
      return item({
        id: `s-${i + 1}`,
        level: "C1",
        difficulty: 5,
        concept: null,
        topic: "formal register",
        question,
        options: [key, ...distractors],
        explanation: `'${key}' is formal; '${distractors[0]}' is too casual.`,
      });
    });

  it("fails a key far longer than every distractor", () => {
    const giveAway = item({
      id: "len-1",
      question: "What does 'mull over' mean in 'I need a few days to mull it over'?",
      options: ["forget it", "refuse it", "think about it carefully for a while", "sign it"],
      correctAnswer: 2,
      explanation: "'Mull over' means think carefully; it does not mean 'forget it' or 'refuse it'.",
    });
    expect(problemsOf(giveAway).join("\n")).toMatch(/len-1: the key \(36 characters\) is at least 15% longer/);
    const fair = {
      ...giveAway,
      options: [
        "forget about it completely",
        "refuse it politely at once",
        "think about it carefully",
        "sign it straight away",
      ],
    };
    expect(problemsOf(fair)).toEqual([]);
  });

  it("fails a key 15% longer than every distractor (46 characters against 40) and passes one 12.5% longer (45)", () => {
    // One-word options, so that only the length rule is at stake (not the share of longest keys).
    const distractor = (letter: string) => `wrong${letter}`.padEnd(40, letter);
    const withKey = (length: number) =>
      item({
        id: "len-2",
        question: "Which of these ___ the right one?",
        options: ["right".padEnd(length, "t"), distractor("a"), distractor("b"), distractor("c")],
        correctAnswer: 0,
        explanation: `The key is right; '${distractor("a")}' is the tempting one, and it is wrong.`,
      });
    expect(problemsOf(withKey(46)).join("\n")).toMatch(
      /len-2: the key \(46 characters\) is at least 15% longer than every distractor \(40\)/,
    );
    expect(problemsOf(withKey(45))).toEqual([]);
  });

  it("passes a short key a few letters longer (into against at): no clue", () => {
    const preposition = item({
      id: "len-3",
      question: "She walked ___ the room and sat down.",
      options: ["into", "at", "on", "by"],
      explanation: "We walk 'into' a room when we enter it; 'at' gives a position, not a movement.",
    });
    expect(problemsOf(preposition)).toEqual([]);
  });

  it("fails a level where the key is the uniquely longest phrase option in more than 30% of items", () => {
    const tooOften = sentenceItems(2);
    expect(problemsOf(...tooOften).join("\n")).toMatch(
      /C1: the key is the longest option in 2 of 4 items with phrase options/,
    );
    const byChance = sentenceItems(1);
    expect(problemsOf(...byChance)).toEqual([]);
  });
});

describe("article cues (issue 34, item 5)", () => {
  const panel = item({
    id: "art-1",
    question: "The report was reviewed by a ___ panel of experts with nothing to gain from its findings.",
    options: ["disinterested", "uninterested", "unconcerned", "careless"],
    correctAnswer: 0,
    level: "C2",
    difficulty: 6,
    concept: null,
    topic: "word choice",
    explanation: "'Disinterested' means impartial; 'uninterested' means bored, a common confusion.",
  });

  it("fails 'a ___' when an option begins with a vowel sound", () => {
    expect(problemsOf(panel).join("\n")).toMatch(/art-1: 'a ___' rules out 'unconcerned' by its sound alone/);
  });

  it("fails 'an ___' when an option begins with a consonant sound, a silent h and a 'you' sound included", () => {
    const an = {
      ...panel,
      question: "It was an ___ decision.",
      options: ["honest", "useful", "unusual", "hasty"],
      explanation: "'Honest' fits; 'useful' begins with a 'you' sound and 'hasty' with an h we say.",
    };
    expect(problemsOf(an).join("\n")).toMatch(/'an ___' rules out 'useful', 'hasty' by its sound alone/);
  });

  it("passes options that all fit the article, and an article inside the options", () => {
    expect(
      problemsOf({
        ...panel,
        options: ["disinterested", "dispassionate", "detached", "distant"],
        explanation: "'Disinterested' means impartial; 'detached' means uninvolved, and says nothing of gain.",
      }),
    ).toEqual([]);
    expect(
      problemsOf({
        ...panel,
        question: "The report was reviewed by ___ panel of experts with nothing to gain from its findings.",
        options: ["a disinterested", "an uninterested", "an unconcerned", "a careless"],
      }),
    ).toEqual([]);
    // "a ___" inside a word is not an article.
    expect(
      problemsOf({
        ...panel,
        question: "Sofia ___ the panel of experts.",
        options: ["asked", "told", "ordered", "invited"],
        explanation: "'Asked' fits a request; 'ordered' is too strong for a panel of experts.",
      }),
    ).toEqual([]);
  });
});

describe("wording", () => {
  it("fails 'Milano' in English text and accepts 'Milan'", () => {
    expect(problemsOf(item({ question: "Giulia is very good ___ maths at her school in Milano." })).join("\n")).toMatch(
      /'Milano' in English text/,
    );
    expect(problemsOf(item({ question: "Giulia is very good ___ maths at her school in Milan." }))).toEqual([]);
  });

  it("tells an explanation that says why a wrong option is wrong from one that only states the rule", () => {
    const why = item({ explanation: "We say 'good at' a subject; 'good in' is a common mistake." });
    const ruleOnly = item({ id: "t-2", explanation: "We say 'good at' a subject or an activity." });
    const sentence = item({
      id: "t-3",
      question: "Read: 'Ahmed is 32 and comes from Pakistan.' Which sentence is true?",
      options: ["Ahmed is 23.", "Ahmed is Pakistani.", "Ahmed is Italian.", "Ahmed is a student."],
      correctAnswer: 1,
      explanation: "He comes from Pakistan, not Italy or India, so he is Pakistani, not Italian.",
    });
    expect(explanationMentionsDistractor(why)).toBe(true);
    expect(explanationMentionsDistractor(ruleOnly)).toBe(false);
    expect(explanationMentionsDistractor(sentence)).toBe(true);
    expect(problemsOf(ruleOnly)).toEqual([
      expect.stringMatching(/the explanation must say why a tempting wrong option is wrong/),
    ]);
    expect(problemsOf(why)).toEqual([]);
  });
});

describe("points (issue 34, item 4)", () => {
  const rose = item({
    id: "p-1",
    question: "The river ___ quickly after the storm.",
    options: ["rose", "raised", "rised", "risen"],
    explanation: "'Rise' has no object: the river rose; 'raised' needs an object.",
    concept: "irregular-verbs",
    topic: "irregular verbs",
    point: "rise-raise",
  });
  const raised = item({
    id: "p-2",
    question: "The government has ___ taxes on petrol.",
    options: ["raised", "rose", "risen", "rised"],
    explanation: "'Raise' takes an object: has raised taxes; 'risen' has none.",
    concept: "irregular-verbs",
    topic: "irregular verbs",
    point: "rise-raise",
  });

  it("accepts a point two items share", () => {
    expect(problemsOf(rose, raised)).toEqual([]);
  });

  it("fails a point in another format", () => {
    expect(problemsOf(rose, { ...raised, point: "Rise/raise" }).join("\n")).toMatch(
      /p-2: point must be lowercase words joined by hyphens/,
    );
  });

  it("accepts a point only one item names (each item records the point it tests)", () => {
    expect(problemsOf(rose)).toEqual([]);
  });

  it("fails a point that leaves a concept test too few items that are not enemies", () => {
    const cell = Array.from({ length: QUESTIONS_PER_CONCEPT_TEST }, (_, i) =>
      item({
        id: `cell-${i}`,
        question: `Question number ${"abcdefghijklmnop"[i]} about the bank, with ___ in it.`,
        options: [`key${i}`, `wrong${i}a`, `wrong${i}b`, `wrong${i}c`],
        explanation: `The key is key${i}; wrong${i}a is a common mistake.`,
        point: i < 2 ? "shared-point" : null,
      }),
    );
    const pointProblems = (items: BankItem[]) => findPointProblems(items.map((q) => ({ file: "t.json", item: q })));
    expect(pointProblems(cell)).toEqual([
      `B1 prepositions: only ${QUESTIONS_PER_CONCEPT_TEST - 1} items that are not enemies (${QUESTIONS_PER_CONCEPT_TEST} needed for a concept test): add items or split a point`,
    ]);
    expect(pointProblems(cell.map((q) => ({ ...q, point: null })))).toEqual([]);
  });
});

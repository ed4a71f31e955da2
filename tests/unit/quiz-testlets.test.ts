// The reading texts' rules (issue 34, item 2; the format in prisma/data/quiz/testlets/README.md):
// a well-formed fixture passes, and a copy built to break each rule is caught.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  findBankProblems,
  parseBankFile,
  readBank,
  readTestlets,
  type Testlet,
  testletItems,
} from "../../prisma/quiz-bank.ts";

const FIXTURE = "tests/fixtures/testlets/b1.json";
const [good] = JSON.parse(readFileSync(FIXTURE, "utf8")) as Testlet[];

/** The checker's problems for these testlets, their questions checked as bank items too. */
function problemsOf(...testlets: Testlet[]) {
  const file = "tests/fixtures/testlets/b1.json";
  const entries = testlets.flatMap((t) => testletItems(t).map((item) => ({ file, item })));
  return findBankProblems(
    entries,
    testlets.map((testlet) => ({ file, testlet })),
  ).join("\n");
}

const withQuestion = (index: number, change: Partial<Testlet["questions"][number]>): Testlet => ({
  ...good,
  questions: good.questions.map((q, i) => (i === index ? { ...q, ...change } : q)),
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("reading texts (testlets)", () => {
  it("reads a testlet file: each question a reading item at the text's level, topic and difficulty, in order", () => {
    const entries = readBank([FIXTURE]);
    expect(entries.map(({ item }) => item.id)).toEqual(good.questions.map((q) => q.id));
    expect(entries[0].item).toMatchObject({
      skill: "reading",
      level: "B1",
      difficulty: 3,
      topic: "reading: school and study",
      concept: "reading-purpose",
      point: "b1-text-90-writer-purpose",
      testletId: "b1-text-90",
      testletPosition: 1,
    });
    expect(entries.map(({ item }) => item.testletPosition)).toEqual([1, 2, 3, 4, 5]);
    expect(readTestlets([FIXTURE]).map(({ testlet }) => testlet.id)).toEqual(["b1-text-90"]);
    expect(parseBankFile(readFileSync(FIXTURE, "utf8")).testlets).toHaveLength(1);
  });

  it("passes the well-formed fixture, alone and with the whole bank", () => {
    expect(problemsOf(good)).toBe("");
    const all = [...readBank(), ...readBank([FIXTURE])];
    expect(findBankProblems(all, readTestlets([FIXTURE]))).toEqual([]);
  });

  it.each([
    ["a text too short for B1", { ...good, text: words(150) }, /has 150 words; at B1 it needs 200-300/],
    ["a text too long for B1", { ...good, text: words(320) }, /has 320 words; at B1 it needs 200-300/],
    ["three questions", { ...good, questions: good.questions.slice(0, 3) }, /3 questions; a text needs 4-6/],
    [
      "seven questions",
      {
        ...good,
        questions: [
          ...good.questions,
          { ...good.questions[1], id: "b1-text-90-q6", question: "Another question?" },
          { ...good.questions[2], id: "b1-text-90-q7", question: "One more question?" },
        ],
      },
      /7 questions; a text needs 4-6/,
    ],
    ["three options", withQuestion(1, { options: good.questions[1].options.slice(0, 3) }), /needs exactly 4 options/],
    ["a question id without the testlet's", withQuestion(2, { id: "b1-club-03" }), /must start with the testlet's id/],
    ["two questions with one id", withQuestion(2, { id: "b1-text-90-q2" }), /b1-text-90-q2: duplicate id/],
    [
      "a key more than 15% longer than the longest distractor",
      withQuestion(1, {
        options: [
          "A teacher told her",
          "She wanted stories",
          "Her friend Luca asked her to go along",
          "She needed help",
        ],
      }),
      /b1-text-90-q2: the key \(\d+ characters\) is more than 15% longer/,
    ],
    ["no explanation", withQuestion(0, { explanation: "" }), /b1-text-90-q1: explanation missing/],
    [
      "an explanation that names no wrong option",
      withQuestion(0, { explanation: "The last question in the email is an invitation to Thursday." }),
      /b1-text-90-q1: the explanation must say why a tempting wrong option is wrong/,
    ],
    [
      "a concept outside the reading list",
      withQuestion(1, { concept: "prepositions" }),
      /b1-text-90-q2: concept must be one of reading-gist/,
    ],
    ["no gist or purpose question", withQuestion(0, { concept: "reading-detail" }), /needs a gist or purpose question/],
    ["no inference question from B1 up", withQuestion(3, { concept: "reading-detail" }), /needs an inference question/],
    [
      "a point that does not name the text",
      withQuestion(1, { point: "first-visit" }),
      /point must start with the testlet's id/,
    ],
    ["a topic not 'reading: ...'", { ...good, topic: "school" }, /topic must read "reading: <topic>"/],
    ["a genre off the list", { ...good, genre: "poem" }, /genre must be one of/],
    ["a C1 text in the B1 file", { ...good, level: "C1", text: words(320) }, /a C1 text in the B1 file/],
    ["a bad testlet id", { ...good, id: "B1 Text" }, /id must be lowercase letters, digits, hyphens/],
    [
      "an 'all of the above' option",
      withQuestion(2, { options: ["All of the above", ...good.questions[2].options.slice(1)] }),
      /"all\/none of the above"/,
    ],
  ] as const)("fails %s", (_, testlet, problem) => {
    expect(problemsOf(testlet as Testlet)).toMatch(problem);
  });

  it("fails two texts with one id, and accepts one question asked of two texts", () => {
    const other: Testlet = {
      ...good,
      id: "b1-text-91",
      questions: good.questions.map((q) => ({
        ...q,
        id: q.id.replace("b1-text-90", "b1-text-91"),
        point: q.point?.replace("b1-text-90", "b1-text-91"),
      })),
    };
    expect(problemsOf(good, other)).toBe("");
    expect(problemsOf(good, { ...other, id: "b1-text-90" })).toMatch(/duplicate testlet id/);
  });

  it("fails a reading concept on an item that is not about a text", () => {
    const [item] = readBank().map(({ item }) => item);
    expect(findBankProblems([{ file: "b1.json", item: { ...item, concept: "reading-gist" } }]).join("\n")).toMatch(
      /bad concept reading-gist/,
    );
  });
});

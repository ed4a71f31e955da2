// The quiz bank's rules, shared by the checker script and the bank test.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { projectPath } from "../server/paths.ts";
import { CONCEPT_LEVELS, levelDifficulty, QUESTIONS_PER_CONCEPT_TEST, QUIZ_LEVELS } from "../shared/quiz-catalog.ts";
import type { QuizQuestion } from "../shared/quiz-scoring.ts";

/** A bank item; a question about a reading text also names its testlet and its place there (1, 2, ...). */
export type BankItem = QuizQuestion & { testletId?: string | null; testletPosition?: number | null };

export const BANK_DIR = projectPath("prisma/data/quiz");
/** Reading texts with their questions (testlets, issue 34, item 2): one file per level, a1.json ... c2.json. */
export const TESTLET_DIR = path.join(BANK_DIR, "testlets");
const SKILLS = ["grammar", "vocabulary", "reading", "functional language"];

/** A question about a reading text as its file holds it: level, topic and skill are the testlet's. */
export type TestletQuestion = Pick<
  QuizQuestion,
  "id" | "question" | "options" | "correctAnswer" | "explanation" | "concept" | "point"
>;
/** A reading text with its questions, as prisma/data/quiz/testlets/<level>.json holds it. */
export type Testlet = {
  id: string;
  level: string;
  title: string;
  topic: string;
  genre: string;
  text: string;
  questions: TestletQuestion[];
};

/** What a testlet question may test. */
export const READING_CONCEPTS = [
  "reading-gist",
  "reading-detail",
  "reading-inference",
  "reading-vocabulary",
  "reading-reference",
  "reading-purpose",
  "reading-attitude",
] as const;

export const TESTLET_GENRES = [
  "email",
  "article",
  "blog post",
  "notice",
  "story",
  "review",
  "interview",
  "report",
  "letter",
  "essay",
];

/** Words in a text, per level: the shortest and the longest it may be. */
export const TESTLET_WORDS: Readonly<Record<string, readonly [number, number]>> = {
  A1: [150, 200],
  A2: [150, 250],
  B1: [200, 300],
  B2: [250, 350],
  C1: [300, 400],
  C2: [300, 400],
};
export const TESTLET_QUESTIONS = [4, 6] as const;

const jsonFiles = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith(".json"))
        .sort()
        .map((f) => path.join(dir, f))
    : [];

/** The bank's data files: the items' files, then the testlets' (what the seed's checksum covers). */
export const bankFiles = () => [...jsonFiles(BANK_DIR), ...jsonFiles(TESTLET_DIR)];

const isTestlet = (entry: unknown): entry is Testlet =>
  typeof entry === "object" && entry !== null && Array.isArray((entry as Testlet).questions);

/** A testlet's questions as bank items: reading, at the testlet's level and topic, in the text's order. */
export function testletItems(testlet: Testlet): BankItem[] {
  return (testlet.questions ?? []).map((q, i) => ({
    id: q.id,
    question: q.question,
    options: q.options,
    correctAnswer: q.correctAnswer,
    explanation: q.explanation,
    concept: q.concept ?? null,
    point: q.point ?? null,
    skill: "reading",
    level: testlet.level,
    difficulty: levelDifficulty(testlet.level),
    topic: testlet.topic,
    testletId: testlet.id,
    testletPosition: i + 1,
  }));
}

/** Parses one data file: items, or testlets (an entry with `questions`) with their questions as items. */
export function parseBankFile(text: string): { items: BankItem[]; testlets: Testlet[] } {
  const entries = JSON.parse(text) as unknown[];
  const testlets = entries.filter(isTestlet);
  const items = entries.filter((e) => !isTestlet(e)) as BankItem[];
  return { items: [...items, ...testlets.flatMap(testletItems)], testlets };
}

export function readBank(files = bankFiles()) {
  return files.flatMap((file) => parseBankFile(readFileSync(file, "utf8")).items.map((item) => ({ file, item })));
}

export function readTestlets(files = bankFiles()) {
  return files.flatMap((file) =>
    parseBankFile(readFileSync(file, "utf8")).testlets.map((testlet) => ({ file, testlet })),
  );
}

/**
 * The bank is written in British English and accepts American English where the two differ: no
 * item may mark one variety's form right and the other's wrong. These pairs are the differences
 * a grammar or vocabulary item could hinge on (British form first).
 */
export const VARIETY_PAIRS: readonly (readonly [string, string])[] = [
  ["learnt", "learned"],
  ["dreamt", "dreamed"],
  ["burnt", "burned"],
  ["spelt", "spelled"],
  ["spoilt", "spoiled"],
  ["leant", "leaned"],
  ["leapt", "leaped"],
  ["smelt", "smelled"],
  ["got", "gotten"],
  ["colour", "color"],
  ["favourite", "favorite"],
  ["centre", "center"],
  ["theatre", "theater"],
  ["travelled", "traveled"],
  ["cancelled", "canceled"],
  ["organise", "organize"],
  ["realise", "realize"],
  ["in hospital", "in the hospital"],
  ["at the weekend", "on the weekend"],
  ["at weekends", "on weekends"],
  ["different to", "different from"],
  ["fill in", "fill out"],
  ["in the street", "on the street"],
  ["in a team", "on a team"],
];

function mentions(option: string, form: string) {
  return new RegExp(`\\b${form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "i").test(option);
}

/** Items whose answer key depends on British versus American usage. */
function varietyProblem(q: BankItem): string | null {
  if (!Array.isArray(q.options)) return null;
  for (const [british, american] of VARIETY_PAIRS) {
    const withBritish = q.options.map((o) => mentions(o, british));
    const withAmerican = q.options.map((o) => mentions(o, american));
    for (let i = 0; i < q.options.length; i++) {
      for (let j = 0; j < q.options.length; j++) {
        if (i === j || !withBritish[i] || !withAmerican[j] || withAmerican[i] || withBritish[j]) continue;
        if ((i === q.correctAnswer) !== (j === q.correctAnswer)) {
          return `marks '${british}' or '${american}' wrong: British and American forms must both be accepted`;
        }
      }
    }
  }
  return null;
}

// ---- Near-duplicates -------------------------------------------------------------------------

/**
 * Words that carry grammar rather than subject matter. Two stems that share only these share no
 * content, and an option set made only of them (a/an/the, at/in/on) is common to many fair items.
 */
const FUNCTION_WORDS = new Set(
  (
    "a an the no any some many much and or but nor of to in on at for with by from about into onto out off over " +
    "under up down across through since until till during before after behind between among around within without " +
    "near past as than so if then whether unless while though although because whereas also just even only still yet " +
    "very too not is are was were be been being am do does did have has had having can could will would shall should " +
    "may might must ought get got i me my you your he him his she her it its we us our they them their this that " +
    "these those there here what which who whom whose how when where why yes article s d ll m re ve t b " +
    "more most less every please really usually always never often sometimes " +
    "don't doesn't didn't isn't aren't wasn't weren't won't wouldn't can't couldn't shouldn't mustn't haven't " +
    "hasn't hadn't i'm i'd i'll i've you're he's she's it's we're they're there's that's what's"
  ).split(" "),
);

const BLANK = /_{2,}/g;

/** Capitalised words never written in lower case anywhere in the bank: names of people, places and days. */
function properNames(entries: { item: BankItem }[]) {
  const lower = new Set<string>();
  const capitalised = new Set<string>();
  for (const { item } of entries) {
    for (const text of [item.question, ...item.options]) {
      for (const word of text.match(/[A-Za-z][A-Za-z']*/g) ?? []) {
        if (word === word.toLowerCase()) lower.add(word);
        // Acronyms (TV, UK) are words, not names.
        else if (/^[A-Z][a-z']/.test(word)) capitalised.add(word);
      }
    }
  }
  return new Set([...capitalised].map((w) => w.toLowerCase()).filter((w) => w !== "i" && !lower.has(w)));
}

/** Lowercase words, without punctuation, digits and proper names; the blank becomes "_". */
function normaliseText(text: string, names: Set<string>) {
  const words =
    text
      .replace(/’/g, "'")
      .replace(BLANK, " _ ")
      .match(/_|[A-Za-z][A-Za-z']*/g) ?? [];
  return words.map((w) => w.toLowerCase().replace(/'s$/, "")).filter((w) => !names.has(w));
}

function bigrams(words: string[]) {
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < words.length; i++) pairs.add(`${words[i]} ${words[i + 1]}`);
  if (words.length === 1) pairs.add(words[0]);
  return pairs;
}

function jaccard<T>(a: Set<T>, b: Set<T>) {
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

const contentWords = (words: string[]) => new Set(words.filter((w) => w !== "_" && !FUNCTION_WORDS.has(w)));

/** What a near-duplicate comparison looks at in one item. */
function itemShape(q: BankItem, names: Set<string>) {
  const keyText = q.options[q.correctAnswer] ?? "";
  const stem = normaliseText(q.question, names);
  // The stem read with the key in its blank(s) ("does / cost" fills two), or followed by the key.
  const fills = keyText.split(" / ");
  let blank = 0;
  const filled = q.question.includes("__")
    ? q.question.replace(BLANK, () => ` ${fills[Math.min(blank++, fills.length - 1)]} `)
    : `${q.question} ${keyText}`;
  // The content words either side of the blank, names kept: the word the item is about ("___ hour").
  const raw: string[] =
    q.question
      .toLowerCase()
      .replace(BLANK, " _ ")
      .match(/_|[a-z][a-z']*/g) ?? [];
  const neighbours = new Set<string>();
  const at = raw.indexOf("_");
  if (at >= 0) {
    for (const step of [-1, 1]) {
      for (let i = at + step; i >= 0 && i < raw.length; i += step) {
        if (!FUNCTION_WORDS.has(raw[i]) && raw[i] !== "_") {
          neighbours.add(raw[i]);
          break;
        }
      }
    }
  }
  const options = q.options.map((o) => o.trim().toLowerCase().replace(/\s+/g, " "));
  return {
    id: q.id,
    key: keyText.trim().toLowerCase().replace(/\s+/g, " "),
    content: contentWords(stem),
    frame: bigrams(normaliseText(filled, names)),
    neighbours,
    keyWords: normaliseText(keyText, names),
    keyContent: contentWords(normaliseText(keyText, names)),
    options,
    optionSet: [...options].sort().join(" | "),
    // Options that carry content (won/winned, fell through), not only grammar words (a/an/the, at/in/on).
    hasContentOptions: options.some((o) => contentWords(normaliseText(o, names)).size > 0),
  };
}

/** One key inside the other ("did" and "did / watch") or sharing half their content words (two sentences). */
function keysAlike(
  a: { keyWords: string[]; keyContent: Set<string> },
  b: { keyWords: string[]; keyContent: Set<string> },
) {
  const [short, long] = a.keyWords.length <= b.keyWords.length ? [a, b] : [b, a];
  if (short.keyWords.length > 0 && short.keyWords.every((w) => long.keyWords.includes(w))) return true;
  let shared = 0;
  for (const w of short.keyContent) if (long.keyContent.has(w)) shared++;
  return shared > 0 && shared * 2 >= short.keyContent.size;
}

/** Filled-in stems this alike are one sentence frame (a name or a noun swapped). */
const SAME_FRAME = 0.33;
/** Identical grammar-word options (a/an/the) and key count only with stems this alike in content. */
const SHARED_CONTENT = 0.25;
/** Same key, and stems sharing this share of their content words. */
const SAME_CONTENT = 0.5;

/**
 * Pairs of items across the whole bank that test the same thing in (nearly) the same words, with
 * the reason. Names, digits, punctuation and case are ignored, so a swapped name does not hide a
 * copy. A pair is flagged for any of: the stems read with their keys filled in share a third of their
 * word pairs (and the keys or two options agree); the same key and half the stem's content words;
 * the same key next to the same word ("___ hour"); the same option set and key, where the options
 * carry content or the stems share some; the same key and three options of content, in stems that
 * share a word. Sets of grammar words alone (a/an/the, at/in/on) recur in fair items and do not count.
 */
export function findNearDuplicates(entries: { item: BankItem }[]) {
  const names = properNames(entries);
  // A question about a reading text is about that text: its stem ("What is the writer's main
  // purpose?") may recur over texts, and its options are the text's own.
  const shapes = entries
    .filter(({ item }) => Array.isArray(item.options) && !item.testletId)
    .map(({ item }) => itemShape(item, names));
  const found: { a: string; b: string; why: string }[] = [];
  for (let i = 0; i < shapes.length; i++) {
    for (let j = i + 1; j < shapes.length; j++) {
      const a = shapes[i];
      const b = shapes[j];
      const sameKey = a.key === b.key;
      const sharedOptions = a.options.filter((o) => b.options.includes(o)).length;
      const keysOverlap = sameKey || keysAlike(a, b);
      // Every rule below needs the same key, overlapping keys or two shared options: most pairs
      // have none, and skipping them keeps the check fast on a bank of a thousand items.
      if (!keysOverlap && sharedOptions < 2) continue;
      const frame = jaccard(a.frame, b.frame);
      const content = jaccard(a.content, b.content);
      let why = "";
      if (frame >= SAME_FRAME && (keysOverlap || sharedOptions >= 2))
        why = `the same sentence with its key (${Math.round(frame * 100)}% alike)`;
      else if (sameKey && content >= SAME_CONTENT)
        why = `the same key and ${Math.round(content * 100)}% of the stem's words`;
      else if (sameKey && [...a.neighbours].some((w) => b.neighbours.has(w)))
        why = `the same key next to the same word`;
      else if (sameKey && a.optionSet === b.optionSet && (a.hasContentOptions || content >= SHARED_CONTENT))
        why = "the same options and the same key";
      else if (sameKey && sharedOptions >= 3 && a.hasContentOptions && b.hasContentOptions && content > 0)
        why = "three of the four options and the key";
      if (why) found.push({ a: a.id, b: b.id, why });
    }
  }
  return found;
}

// ---- Length give-aways -----------------------------------------------------------------------

/** The bank's label for "leave the gap empty": an answer label, not text whose length could give it away. */
const NO_ARTICLE = "(no article)";
/**
 * A key this much longer than the longest distractor stands out (issue 34, item 5: the review
 * found test-takers can pick a key 15 % longer than every other option) ...
 */
const LONGER_KEY = 0.15;
/** ... if it is also this many characters longer: into/at or does/do are no clue. */
const LONGER_KEY_CHARS = 4;
/** Options of this many words or more are phrases or sentences, where length is a clue test-takers use. */
const PHRASE_WORDS = 3;
/** The share of phrase items, per level, whose key may be the uniquely longest option (chance is 25%). */
const LONGEST_KEY_SHARE = 0.3;

const wordCount = (text: string) => text.trim().split(/\s+/).length;

function keyAndLongestDistractor(q: BankItem) {
  const key = q.options[q.correctAnswer] ?? "";
  const longest = Math.max(...q.options.filter((_, i) => i !== q.correctAnswer).map((o) => o.trim().length));
  return { key: key.trim(), longest };
}

/**
 * A question about a reading text keeps its key within this much of the longest distractor, at any
 * length (the testlet format's rule: at most 15% longer than the longest distractor).
 */
export const TESTLET_LONGER_KEY = 0.15;

/**
 * An item whose key is at least 15 % longer than every distractor (and 4 characters); a question
 * about a reading text, more than 15% longer at any length.
 */
function lengthGiveAway(q: BankItem): string | null {
  const { key, longest } = keyAndLongestDistractor(q);
  if (key === NO_ARTICLE) return null;
  if (q.testletId) {
    if (key.length > longest * (1 + TESTLET_LONGER_KEY))
      return `the key (${key.length} characters) is more than ${TESTLET_LONGER_KEY * 100}% longer than every distractor (${longest}): rewrite the distractors`;
    return null;
  }
  if (key.length >= longest * (1 + LONGER_KEY) && key.length - longest >= LONGER_KEY_CHARS) {
    return `the key (${key.length} characters) is at least ${LONGER_KEY * 100}% longer than every distractor (${longest}): rewrite the distractors`;
  }
  return null;
}

// ---- Article cues -----------------------------------------------------------------------------

/**
 * Options that begin with a vowel sound. Spelling stands in for sound: a vowel letter, except the
 * "you" and "w" sounds (one, once, unit, use, usual, euro, ewe, uranium), and a silent h (hour,
 * honest, honour, heir).
 */
const VOWEL_SOUND = /^(?!(?:one|once|uni|use|usu|uti|ura|ure|eu|ewe)[a-z]*)[aeiou]|^(?:hour|honest|honou?r|heir)/i;

/**
 * A gap after "a" or "an" that rules options out (issue 34, item 5: "a ___ panel" with an option
 * starting with a vowel): "a" before a vowel sound, or "an" before a consonant, is wrong whatever
 * the option means, so the item tests the article, not the word.
 */
function articleCue(q: BankItem): string | null {
  const article = /(?:^|[^a-z'])(a|an)\s+_{2,}/i.exec(q.question)?.[1]?.toLowerCase();
  if (!article) return null;
  const ruledOut = q.options.filter((o) => o.trim() !== NO_ARTICLE && (article === "a") === VOWEL_SOUND.test(o.trim()));
  if (ruledOut.length === 0) return null;
  return `'${article} ___' rules out ${ruledOut.map((o) => `'${o}'`).join(", ")} by its sound alone: move the article into the options or choose options that all fit it`;
}

/** Per level, the items whose options are all phrases and the ones among them whose key is the uniquely longest. */
export function countLongestKeys(entries: { item: BankItem }[]) {
  const byLevel = new Map<string, { phraseItems: number; longestKey: string[] }>();
  for (const { item: q } of entries) {
    if (!Array.isArray(q.options) || !q.options.every((o) => wordCount(o) >= PHRASE_WORDS)) continue;
    const level = byLevel.get(q.level) ?? { phraseItems: 0, longestKey: [] };
    level.phraseItems++;
    const { key, longest } = keyAndLongestDistractor(q);
    if (key.length > longest) level.longestKey.push(q.id);
    byLevel.set(q.level, level);
  }
  return byLevel;
}

// ---- Explanations ---------------------------------------------------------------------------

const plainText = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z0-9' ]+/g, " ")
    .replace(/(^|\s)'|'(\s|$)/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Whether the explanation names a wrong option: quotes one, part of one or a phrase around one
 * ('doesn't', 'Had spoke', 'good in'), contains one as it stands (a single word of four letters
 * or more, or a phrase), or uses a content word only a wrong option has ('Pakistani, not Italian').
 * Saying why a tempting option is wrong is what teaches; the rule behind the key alone does not.
 */
export function explanationMentionsDistractor(q: BankItem) {
  const explanation = ` ${plainText(q.explanation ?? "")} `;
  const key = ` ${plainText(q.options[q.correctAnswer] ?? "")} `;
  const quoted = [...(q.explanation ?? "").matchAll(/(?:^|[\s(/])['‘](.+?)['’](?=[\s.,;:!?)/]|$)/g)]
    .flatMap((m) => m[1].split("/"))
    .map((fragment) => ` ${plainText(fragment)} `)
    .filter((fragment) => fragment.trim() && !key.includes(fragment) && !fragment.includes(key));
  return q.options.some((option, i) => {
    const d = ` ${plainText(option)} `;
    if (i === q.correctAnswer || option.trim() === NO_ARTICLE || key.includes(d)) return false;
    if ((d.trim().includes(" ") || d.trim().length >= 4) && explanation.includes(d)) return true;
    if (quoted.some((fragment) => d.includes(fragment) || fragment.includes(d))) return true;
    const own = d.split(" ").filter((w) => w.length >= 4 && !FUNCTION_WORDS.has(w) && !key.includes(` ${w} `));
    return own.some((w) => explanation.includes(` ${w} `));
  });
}

// ---- Points: items that must never meet in one attempt ------------------------------------------

/** A point's name: lowercase words joined by hyphens ("rise-raise", "third-conditional-inversion"). */
export const POINT_FORMAT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Problems with the items' `point` (issue 34, items 1 and 4): a point is named the same way
 * everywhere, and never leaves a level's concept too few items that are not enemies for a concept
 * test, since one attempt serves at most one item of each point. Every item names the point it
 * tests (the re-levelling records it), so a point one item names is fine: it keeps nothing apart
 * until a second item tests the same thing.
 */
export function findPointProblems(entries: { file: string; item: BankItem }[]): string[] {
  const problems: string[] = [];
  for (const { file, item: q } of entries) {
    if (q.point === undefined || q.point === null) continue;
    if (typeof q.point !== "string" || !POINT_FORMAT.test(q.point)) {
      problems.push(`${path.basename(file)} ${q.id}: point must be lowercase words joined by hyphens ("rise-raise")`);
    }
  }
  // A concept test draws QUESTIONS_PER_CONCEPT_TEST items of one concept at one level.
  const cells = new Map<string, BankItem[]>();
  for (const { item } of entries) {
    if (!item.concept) continue;
    const key = `${item.level} ${item.concept}`;
    cells.set(key, [...(cells.get(key) ?? []), item]);
  }
  for (const [cell, items] of cells) {
    const apart = items.filter((q) => !q.point).length + new Set(items.flatMap((q) => (q.point ? [q.point] : []))).size;
    if (items.length >= QUESTIONS_PER_CONCEPT_TEST && apart < QUESTIONS_PER_CONCEPT_TEST)
      problems.push(
        `${cell}: only ${apart} items that are not enemies (${QUESTIONS_PER_CONCEPT_TEST} needed for a concept test): add items or split a point`,
      );
  }
  return problems;
}

/** Structural problems of the bank (and of its testlets, when given); an empty list means every item is well formed. */
export function findBankProblems(
  entries: { file: string; item: BankItem }[],
  testlets: { file: string; testlet: Testlet }[] = [],
): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const texts = new Set<string>();
  for (const { file, item: q } of entries) {
    const where = `${path.basename(file)} ${q.id}`;
    if (!/^[a-z0-9-]+$/.test(q.id)) problems.push(`${where}: id must be lowercase letters, digits, hyphens`);
    if (ids.has(q.id)) problems.push(`${where}: duplicate id`);
    ids.add(q.id);
    // Two texts may ask the same question ("What is the writer's main purpose?"); one text may not.
    const text = `${q.testletId ?? ""} ${q.question.trim().toLowerCase()}`;
    if (texts.has(text)) problems.push(`${where}: duplicate question text`);
    texts.add(text);
    if (!Array.isArray(q.options) || q.options.length !== 4) problems.push(`${where}: needs exactly 4 options`);
    else if (new Set(q.options.map((o) => o.trim().toLowerCase())).size !== 4)
      problems.push(`${where}: options must be distinct`);
    if (!Number.isInteger(q.correctAnswer) || q.correctAnswer < 0 || q.correctAnswer > 3)
      problems.push(`${where}: correctAnswer must be 0..3`);
    if (!q.explanation || q.explanation.trim().length < 15) problems.push(`${where}: explanation missing or too short`);
    const levelIndex = QUIZ_LEVELS.indexOf(q.level as (typeof QUIZ_LEVELS)[number]);
    if (levelIndex < 0) problems.push(`${where}: bad level ${q.level}`);
    else if (q.difficulty !== levelIndex + 1) problems.push(`${where}: difficulty must match level`);
    if (!SKILLS.includes(q.skill)) problems.push(`${where}: bad skill ${q.skill}`);
    if (q.testletId) {
      if (!READING_CONCEPTS.includes(q.concept as never))
        problems.push(`${where}: concept must be one of ${READING_CONCEPTS.join(", ")}`);
    } else if (q.concept !== null && !(q.concept in CONCEPT_LEVELS))
      problems.push(`${where}: bad concept ${q.concept}`);
    if (
      !q.testletId &&
      q.concept &&
      q.concept in CONCEPT_LEVELS &&
      levelIndex >= 0 &&
      !CONCEPT_LEVELS[q.concept as keyof typeof CONCEPT_LEVELS].includes(q.level as never)
    ) {
      problems.push(`${where}: concept ${q.concept} is not taught at ${q.level}`);
    }
    if (!q.topic) problems.push(`${where}: topic missing`);
    const variety = varietyProblem(q);
    if (variety) problems.push(`${where}: ${variety}`);
    if (Array.isArray(q.options)) {
      const giveAway = lengthGiveAway(q);
      if (giveAway) problems.push(`${where}: ${giveAway}`);
      const cue = articleCue(q);
      if (cue) problems.push(`${where}: ${cue}`);
      if (!explanationMentionsDistractor(q))
        problems.push(`${where}: the explanation must say why a tempting wrong option is wrong, naming it`);
    }
    if (
      [q.question, q.explanation, ...(Array.isArray(q.options) ? q.options : [])].some((t) =>
        /\bMilano\b/.test(t ?? ""),
      )
    )
      problems.push(`${where}: 'Milano' in English text: write 'Milan'`);
  }
  problems.push(...findPointProblems(entries));
  problems.push(...findTestletProblems(testlets));
  const fileOf = new Map(entries.map(({ file, item }) => [item.id, path.basename(file)]));
  for (const { a, b, why } of findNearDuplicates(entries)) {
    problems.push(`${fileOf.get(a)} ${a}: near-duplicate of ${fileOf.get(b)} ${b}: ${why}`);
  }
  for (const [level, { phraseItems, longestKey }] of countLongestKeys(entries)) {
    if (longestKey.length > phraseItems * LONGEST_KEY_SHARE) {
      problems.push(
        `${level}: the key is the longest option in ${longestKey.length} of ${phraseItems} items with phrase options ` +
          `(at most ${LONGEST_KEY_SHARE * 100}%): ${longestKey.join(", ")}`,
      );
    }
  }
  return problems;
}

// ---- Reading texts (testlets, issue 34, item 2) ----------------------------------------------

export const countWords = (text: string) => text.match(/[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*/g)?.length ?? 0;

/**
 * Problems of the testlets themselves, beyond what every item is checked for (their questions are
 * bank items too): a unique id, a level whose file it is in, a title, a "reading: ..." topic, a
 * genre of the list, a text of the level's length, 4 to 6 questions whose ids start with the
 * testlet's and whose points name it, at least one gist or purpose question and, from B1 up, one
 * inference question; no "all of the above".
 */
export function findTestletProblems(testlets: { file: string; testlet: Testlet }[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const { file, testlet: t } of testlets) {
    const where = `${path.basename(file)} ${t.id}`;
    if (typeof t.id !== "string" || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(t.id))
      problems.push(`${where}: id must be lowercase letters, digits, hyphens`);
    if (ids.has(t.id)) problems.push(`${where}: duplicate testlet id`);
    ids.add(t.id);
    const levelIndex = QUIZ_LEVELS.indexOf(t.level as (typeof QUIZ_LEVELS)[number]);
    if (levelIndex < 0) problems.push(`${where}: bad level ${t.level}`);
    const fileLevel = /^([abc][12])\.json$/.exec(path.basename(file))?.[1]?.toUpperCase();
    if (fileLevel && levelIndex >= 0 && fileLevel !== t.level)
      problems.push(`${where}: a ${t.level} text in the ${fileLevel} file`);
    if (!t.title?.trim()) problems.push(`${where}: title missing`);
    if (!/^reading: \S/.test(t.topic ?? "")) problems.push(`${where}: topic must read "reading: <topic>"`);
    if (!TESTLET_GENRES.includes(t.genre)) problems.push(`${where}: genre must be one of ${TESTLET_GENRES.join(", ")}`);
    const words = countWords(t.text ?? "");
    const range = TESTLET_WORDS[t.level];
    if (range && (words < range[0] || words > range[1]))
      problems.push(`${where}: the text has ${words} words; at ${t.level} it needs ${range[0]}-${range[1]}`);
    if (/\bMilano\b/.test(`${t.title} ${t.text}`)) problems.push(`${where}: 'Milano' in English text: write 'Milan'`);
    const questions = Array.isArray(t.questions) ? t.questions : [];
    if (questions.length < TESTLET_QUESTIONS[0] || questions.length > TESTLET_QUESTIONS[1])
      problems.push(
        `${where}: ${questions.length} questions; a text needs ${TESTLET_QUESTIONS[0]}-${TESTLET_QUESTIONS[1]}`,
      );
    for (const q of questions) {
      if (typeof q.id !== "string" || !q.id.startsWith(`${t.id}-`))
        problems.push(`${where}: question ${q.id} must start with the testlet's id (${t.id}-)`);
      if (q.point && !q.point.startsWith(`${t.id}-`))
        problems.push(`${where}: question ${q.id}'s point must start with the testlet's id (${t.id}-)`);
      if ((q.options ?? []).some((o) => /\b(all|none) of the above\b/i.test(o)))
        problems.push(`${where}: question ${q.id} has an "all/none of the above" option`);
    }
    const concepts = new Set(questions.map((q) => q.concept));
    if (!concepts.has("reading-gist") && !concepts.has("reading-purpose"))
      problems.push(`${where}: needs a gist or purpose question (reading-gist, reading-purpose)`);
    if (levelIndex >= QUIZ_LEVELS.indexOf("B1") && !concepts.has("reading-inference"))
      problems.push(`${where}: from B1 up a text needs an inference question (reading-inference)`);
  }
  return problems;
}

/** The testlet counts the issue asks for: at least 5 texts at A1 and A2, 8 from B1 to C2. */
export const TESTLETS_WANTED: Readonly<Record<string, number>> = { A1: 5, A2: 5, B1: 8, B2: 8, C1: 8, C2: 8 };

export function countBank(entries: { item: BankItem }[]) {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const { item } of entries) {
    add(`${item.level}`);
    if (item.concept) add(`${item.level} ${item.concept}`);
    add(`${item.level} topic ${item.topic}`);
  }
  return counts;
}

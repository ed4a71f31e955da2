// The quiz bank's rules, shared by the checker script and the bank test.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { projectPath } from "../server/paths.ts";
import { CONCEPT_LEVELS, QUIZ_LEVELS } from "../shared/quiz-catalog.ts";
import type { QuizQuestion } from "../shared/quiz-scoring.ts";

export type BankItem = QuizQuestion;

export const BANK_DIR = projectPath("prisma/data/quiz");
const SKILLS = ["grammar", "vocabulary", "reading", "functional language"];

export function readBank(
  files = readdirSync(BANK_DIR)
    .filter((f) => f.endsWith(".json"))
    .map((f) => path.join(BANK_DIR, f)),
) {
  return files.flatMap((file) =>
    (JSON.parse(readFileSync(file, "utf8")) as BankItem[]).map((item) => ({ file, item })),
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

/** Structural problems of the bank; an empty list means every item is well formed. */
export function findBankProblems(entries: { file: string; item: BankItem }[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const texts = new Set<string>();
  for (const { file, item: q } of entries) {
    const where = `${path.basename(file)} ${q.id}`;
    if (!/^[a-z0-9-]+$/.test(q.id)) problems.push(`${where}: id must be lowercase letters, digits, hyphens`);
    if (ids.has(q.id)) problems.push(`${where}: duplicate id`);
    ids.add(q.id);
    const text = q.question.trim().toLowerCase();
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
    if (q.concept !== null && !(q.concept in CONCEPT_LEVELS)) problems.push(`${where}: bad concept ${q.concept}`);
    if (
      q.concept &&
      levelIndex >= 0 &&
      !CONCEPT_LEVELS[q.concept as keyof typeof CONCEPT_LEVELS].includes(q.level as never)
    ) {
      problems.push(`${where}: concept ${q.concept} is not taught at ${q.level}`);
    }
    if (!q.topic) problems.push(`${where}: topic missing`);
    const variety = varietyProblem(q);
    if (variety) problems.push(`${where}: ${variety}`);
  }
  return problems;
}

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

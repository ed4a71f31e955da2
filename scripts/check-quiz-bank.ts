// Checks the structure of the versioned quiz bank files: `node --import tsx scripts/check-quiz-bank.ts [file...]`.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const LEVELS = ["A1", "A2", "B1", "B2", "C1", "C2"] as const;
const CONCEPTS = [
  "present-simple", "past-simple", "conditionals", "articles", "passive-voice",
  "prepositions", "irregular-verbs", "past-participle", "phrasal-verbs",
] as const;
const SKILLS = ["grammar", "vocabulary", "reading", "functional language"] as const;

type Item = {
  id: string; question: string; options: string[]; correctAnswer: number; explanation: string;
  skill: string; level: string; difficulty: number; concept: string | null; topic: string;
};

const dir = "prisma/data/quiz";
const files = process.argv.slice(2).length ? process.argv.slice(2) : readdirSync(dir).filter((f) => f.endsWith(".json")).map((f) => join(dir, f));
const problems: string[] = [];
const ids = new Set<string>();
const texts = new Set<string>();
const counts = new Map<string, number>();
for (const file of files) {
  const items = JSON.parse(readFileSync(file, "utf8")) as Item[];
  for (const q of items) {
    const where = `${file} ${q.id}`;
    if (!/^[a-z0-9-]+$/.test(q.id)) problems.push(`${where}: id must be lowercase letters, digits, hyphens`);
    if (ids.has(q.id)) problems.push(`${where}: duplicate id`);
    ids.add(q.id);
    const key = q.question.trim().toLowerCase();
    if (texts.has(key)) problems.push(`${where}: duplicate question text`);
    texts.add(key);
    if (!Array.isArray(q.options) || q.options.length !== 4) problems.push(`${where}: needs exactly 4 options`);
    else if (new Set(q.options.map((o) => o.trim().toLowerCase())).size !== 4) problems.push(`${where}: options must be distinct`);
    if (!Number.isInteger(q.correctAnswer) || q.correctAnswer < 0 || q.correctAnswer > 3) problems.push(`${where}: correctAnswer must be 0..3`);
    if (!q.explanation || q.explanation.length < 15) problems.push(`${where}: explanation missing or too short`);
    if (!LEVELS.includes(q.level as never)) problems.push(`${where}: bad level ${q.level}`);
    if (q.difficulty !== LEVELS.indexOf(q.level as never) + 1) problems.push(`${where}: difficulty must match level`);
    if (!SKILLS.includes(q.skill as never)) problems.push(`${where}: bad skill ${q.skill}`);
    if (q.concept !== null && !CONCEPTS.includes(q.concept as never)) problems.push(`${where}: bad concept ${q.concept}`);
    if (!q.topic) problems.push(`${where}: topic missing`);
    counts.set(`${q.level} total`, (counts.get(`${q.level} total`) ?? 0) + 1);
    if (q.concept) counts.set(`${q.level} ${q.concept}`, (counts.get(`${q.level} ${q.concept}`) ?? 0) + 1);
    counts.set(`${q.level} topic ${q.topic}`, (counts.get(`${q.level} topic ${q.topic}`) ?? 0) + 1);
  }
}
for (const [k, v] of [...counts].sort()) console.log(`${k}: ${v}`);
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`OK: ${ids.size} questions`);

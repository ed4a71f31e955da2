// Prints the quiz bank's counts and fails on its problems (structure, near-duplicates, length
// give-aways, 'Milano', explanations that name no wrong option, points: format, two items each, concept
// tests still served with one item of each; reading texts: length per level, 4-6 questions, ids,
// points and concepts, a gist and an inference question):
// `node --import tsx scripts/check-quiz-bank.ts [file...]`.
import { countBank, findBankProblems, readBank, readTestlets, TESTLETS_WANTED } from "../prisma/quiz-bank.ts";
import { QUIZ_LEVELS } from "../shared/quiz-catalog.ts";

const files = process.argv.slice(2);
const entries = readBank(files.length ? files : undefined);
const testlets = readTestlets(files.length ? files : undefined);
for (const [key, n] of [...countBank(entries)].sort()) console.log(`${key}: ${n}`);
// The texts the issue asks for: a count short of it is reported, not a failure (texts arrive level by level).
for (const level of QUIZ_LEVELS) {
  const n = testlets.filter(({ testlet }) => testlet.level === level).length;
  console.log(
    `${level} reading texts: ${n}${n < TESTLETS_WANTED[level] ? ` (fewer than the ${TESTLETS_WANTED[level]} wanted)` : ""}`,
  );
}
const problems = findBankProblems(entries, testlets);
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`OK: ${entries.length} questions, ${testlets.length} reading texts`);

// Prints the quiz bank's counts and fails on its problems (structure, near-duplicates, length
// give-aways, 'Milano', explanations that name no wrong option, points: format, two items each, concept
// tests still served with one item of each):
// `node --import tsx scripts/check-quiz-bank.ts [file...]`.
import { countBank, findBankProblems, readBank } from "../prisma/quiz-bank.ts";

const files = process.argv.slice(2);
const entries = readBank(files.length ? files : undefined);
for (const [key, n] of [...countBank(entries)].sort()) console.log(`${key}: ${n}`);
const problems = findBankProblems(entries);
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`OK: ${entries.length} questions`);

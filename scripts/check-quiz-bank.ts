// Prints the quiz bank's counts and fails on its problems (structure, near-duplicates, length
// give-aways, 'Milano'): `node --import tsx scripts/check-quiz-bank.ts [file...]`.
import { countBank, findBankProblems, findExplanationsWithoutDistractor, readBank } from "../prisma/quiz-bank.ts";

const files = process.argv.slice(2);
const entries = readBank(files.length ? files : undefined);
for (const [key, n] of [...countBank(entries)].sort()) console.log(`${key}: ${n}`);
// Reported, not yet a failure: the explanations are being rewritten to say why a distractor is wrong.
const silent = findExplanationsWithoutDistractor(entries);
console.log(`Explanations that name no wrong option: ${silent.length} of ${entries.length}`);
const problems = findBankProblems(entries);
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`OK: ${entries.length} questions`);

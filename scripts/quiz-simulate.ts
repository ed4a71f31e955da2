// Prints how well the placement tests place simulated learners (docs/placement.md):
// `npm run quiz:simulate [-- --learners N --seed S]`. A bank without reading texts yet gets
// simulated ones (withSimulatedTestlets), so the placement is measured with texts served whole.
import { parseArgs } from "node:util";
import { readBank } from "../prisma/quiz-bank.ts";
import {
  DEFAULT_SIMULATION,
  simulateFixedForm,
  simulatePlacement,
  withSimulatedTestlets,
} from "../server/features/quiz/placement/simulation.ts";
import { QUIZ_LEVELS } from "../shared/quiz-catalog.ts";

const { values } = parseArgs({
  options: { learners: { type: "string" }, seed: { type: "string" }, calibrated: { type: "string" } },
});
const real = readBank().map(({ item }) => item);
const bank = withSimulatedTestlets(real);
const texts = new Set(bank.flatMap((entry) => (entry.testletId ? [entry.testletId] : []))).size;
console.log(
  real.some((item) => item.testletId)
    ? `the bank's ${texts} reading texts`
    : `the bank has no reading texts yet: ${texts} simulated ones added (4-6 questions each)`,
);
const percent = (x: number) => `${(x * 100).toFixed(1)}%`;

const sd = DEFAULT_SIMULATION.testletSd;
for (const scenario of [
  { name: "day one: difficulties from the level labels", calibrationTests: 0 },
  { name: "after 3000 placement tests calibrated the items online", calibrationTests: 3000 },
  {
    name: `the same, the estimator taking a text's questions as independent items (true text effect ${sd})`,
    calibrationTests: 3000,
    estimatorTestletSd: 0,
  },
  { name: "the same, testlet model, a smaller true text effect (0.4)", calibrationTests: 3000, testletSd: 0.4 },
  { name: "the same, testlet model, a larger true text effect (1.0)", calibrationTests: 3000, testletSd: 1.0 },
]) {
  const options = {
    ...DEFAULT_SIMULATION,
    ...scenario,
    learnersPerLevel: Number(values.learners ?? DEFAULT_SIMULATION.learnersPerLevel),
    seed: Number(values.seed ?? DEFAULT_SIMULATION.seed),
    calibrationTests: scenario.calibrationTests,
  };
  console.log(
    `\n${scenario.name} (${bank.length} items, ${options.learnersPerLevel} learners a level, seed ${options.seed})`,
  );
  console.log(["test", ...QUIZ_LEVELS, "exact", "within 1", "guesser A1", "stated", "max exposure"].join("\t"));
  for (const mode of ["quick", "comprehensive"] as const) {
    const f = simulatePlacement(bank, mode, options);
    console.log(
      [
        `${mode} (${f.items})`,
        ...QUIZ_LEVELS.map((l) => percent(f.byLevel[l].exact)),
        percent(f.exact),
        percent(f.withinOne),
        percent(f.guesserAtA1),
        percent(f.statedConfidence),
        percent(f.maxExposure),
      ].join("\t"),
    );
  }
}

console.log("\nthe rule before (a fixed form spread over the levels, the highest level with 60% right)");
console.log(["test", "exact", "within 1", "guesser A1", "guesser B1+"].join("\t"));
for (const mode of ["quick", "comprehensive"] as const) {
  const f = simulateFixedForm(bank, mode, {
    ...DEFAULT_SIMULATION,
    learnersPerLevel: Number(values.learners ?? DEFAULT_SIMULATION.learnersPerLevel),
    seed: Number(values.seed ?? DEFAULT_SIMULATION.seed),
  });
  console.log(
    [mode, percent(f.exact), percent(f.withinOne), percent(f.guesserAtA1), percent(f.guesserAtB1OrAbove)].join("\t"),
  );
}

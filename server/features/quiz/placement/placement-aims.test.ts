// Issue 14's aims for the placement tests, held on a fixed seed over the real bank: simulated
// learners of every level answer with a 3PL model whose item parameters differ from the labels
// (docs/placement.md, "Simulation"). The measured scenario is the steady state, after 3000
// placement tests have calibrated the items online; day one is printed by `npm run quiz:simulate`
// and stated in docs/placement.md, where it falls short of these aims.
import { describe, expect, it } from "vitest";
import { readBank } from "../../../../prisma/quiz-bank.ts";
import { DEFAULT_SIMULATION, simulatePlacement, withSimulatedTestlets } from "./simulation.ts";

// Reading texts served whole and scored as testlets (issue 34, item 2): simulated ones while the
// bank has none.
const bank = withSimulatedTestlets(readBank().map(({ item }) => item));
const options = { ...DEFAULT_SIMULATION, learnersPerLevel: 500, calibrationTests: 3000 };

describe("placement on the calibrated bank (seed 20261125, 500 learners a level and 500 guessers)", () => {
  it.each([
    ["quick", 15, 0.65, 0.98],
    ["comprehensive", 40, 0.8, 0.995],
  ] as const)(
    "%s (%i items): exact level >= %d, within one level >= %d, a guesser at A1 >= 95%",
    (mode, items, exact, withinOne) => {
      const figures = simulatePlacement(bank, mode, options);
      expect(figures.items).toBe(items);
      expect(figures.exact).toBeGreaterThanOrEqual(exact);
      expect(figures.withinOne).toBeGreaterThanOrEqual(withinOne);
      expect(figures.guesserAtA1).toBeGreaterThanOrEqual(0.95);
      // Exposure control: no item goes to more than about a quarter of the tests.
      expect(figures.maxExposure).toBeLessThanOrEqual(0.3);
    },
    300_000,
  );
});

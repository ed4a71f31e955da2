// Vitest sequencer of the integration project: the files that take longest start first, so the two
// workers finish together instead of one running a 50-second file alone at the end. Vitest orders
// by its results cache, which a fresh clone (CI) does not have, and then by file size, which says
// little here: the slowest files are short ones that start servers or simulate a year. The list is
// the slowest files of a whole run (docs/testing.md); a file missing from it keeps Vitest's order.
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SLOWEST_FIRST = [
  "tests/integration/year.int.test.ts",
  "tests/reliability/random-input.int.test.ts",
  "tests/integration/backup.int.test.ts",
  "tests/reliability/first-start.int.test.ts",
  "tests/integration/mail-restart.int.test.ts",
  "tests/integration/pglite-thread.int.test.ts",
  "tests/security/queries-never-write.int.test.ts",
  "tests/reliability/process-faults.int.test.ts",
  "tests/integration/data-dir.int.test.ts",
  "tests/security/csrf-everywhere.int.test.ts",
  "tests/integration/built-server.int.test.ts",
  "tests/security/session-edges.int.test.ts",
  "tests/integration/uploads-across-processes.int.test.ts",
  "tests/integration/question-bank.int.test.ts",
  "tests/integration/seed-restart.int.test.ts",
  "tests/integration/quiz.int.test.ts",
  "tests/security/abuse-limits.int.test.ts",
];

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const i = SLOWEST_FIRST.findIndex((name) => file.moduleId.endsWith(name));
      return i === -1 ? SLOWEST_FIRST.length : i;
    };
    // Array.prototype.sort is stable: files off the list keep the order Vitest chose.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

import { defineConfig } from "vitest/config";
import SlowestFirst from "./tests/helpers/slowest-first.ts";

// Tests run in a zone far from UTC so code that forgets a time zone fails (Rallly's trick).
process.env.TZ = "Asia/Kathmandu";

export default defineConfig({
  test: {
    env: { TZ: "Asia/Kathmandu", NODE_ENV: "test" },
    // The integration suite's slowest files first (a sequencer is a setting of the whole run).
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["server/**/*.test.ts", "shared/**/*.test.ts", "client/**/*.test.ts", "tests/unit/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "int",
          // One migrated (and one seeded) database per run, copied by each file (test-db.ts), and
          // the server bundled once for the suites that start it as a process.
          globalSetup: ["tests/helpers/database-templates.ts", "tests/helpers/server-bundle.ts"],
          include: [
            "server/**/*.int.test.ts",
            "tests/integration/**/*.int.test.ts",
            "tests/security/**/*.int.test.ts",
            "tests/reliability/**/*.int.test.ts",
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // PGlite instances are memory-hungry; two workers on two cores is the sweet spot.
          maxWorkers: 2,
        },
      },
    ],
  },
});

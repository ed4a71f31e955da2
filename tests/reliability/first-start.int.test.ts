// Checklist #27: a first start on an empty data directory killed half-way (SIGKILL at several
// moments: creating the embedded cluster, migrating, seeding) never leaves a directory that will
// not start: the next start finishes the job and serves the catalogue.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServerProcess, waitForHealth } from "../helpers/server-process.ts";
import { testEngine } from "../helpers/test-db.ts";

const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// The embedded database only: with DATABASE_URL the server creates nothing on disk.
describe.runIf(testEngine === "pglite")("an interrupted first start", () => {
  it.each([1_500, 3_000, 5_000])(
    "recovers when killed %i ms into the first start",
    async (delayMs) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "english-first-start-"));
      dirs.push(dataDir);
      const env = { DATA_DIR: dataDir, DEMO_DATA: "1" };

      const first = await startServerProcess(env);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      first.child.kill("SIGKILL");
      await first.exited;

      const second = await startServerProcess(env);
      try {
        await waitForHealth(second, 90_000);
        const response = await fetch(`${second.url}/api/pricing/packages`);
        expect(response.status).toBe(200);
        const { packages } = (await response.json()) as { packages: unknown[] };
        expect(packages.length).toBeGreaterThan(0);
        const teachers = (await (await fetch(`${second.url}/api/pricing/teachers`)).json()) as { teachers: unknown[] };
        expect(teachers.teachers.length).toBeGreaterThan(0);
      } finally {
        second.child.kill("SIGTERM");
        expect(await second.exited, second.output()).toBe(0);
      }
    },
    150_000,
  );
});

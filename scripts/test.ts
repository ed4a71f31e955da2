// `npm test`: lint, type check, unit tests, the integration suite on embedded PGlite and on a real
// PostgreSQL server, then the end-to-end suite in Chromium. Ends with one line
// 'N passed, N failed' summing every runner, after the name of every test that failed (CI keeps
// only the tail of the output).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_PATH } from "../tests/e2e/support/chromium.ts";
import { e2eServerEnv } from "../tests/e2e/support/server-env.ts";
import { freePort, startServerProcess, waitForHealth } from "../tests/helpers/server-process.ts";
import { postgresAdminUrl, postgresAvailable } from "./postgres.ts";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, "test-results");
mkdirSync(reports, { recursive: true });
const isCI = process.env.CI === "true" || process.env.CI === "1";

let passed = 0;
let failed = 0;
const notes: string[] = [];
const failures: string[] = [];
/** How long each phase took, printed in the tail CI keeps: the run has a time budget (docs/testing.md). */
const timings: string[] = [];
const started = performance.now();

function timed<T>(label: string, work: () => T): T {
  const start = performance.now();
  const done = () => timings.push(`${label} ${Math.round((performance.now() - start) / 1000)} s`);
  const result = work();
  if (result instanceof Promise) return result.finally(done) as T;
  done();
  return result;
}

function run(label: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n=== ${label} ===`);
  const result = timed(label, () =>
    spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } }),
  );
  return result.status === 0;
}

function vitest(label: string, project: string, env: Record<string, string> = {}) {
  const out = path.join(reports, `${label.replace(/\W+/g, "-")}.json`);
  rmSync(out, { force: true }); // never count an earlier run's report
  const ok = run(
    label,
    "npx",
    ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`],
    env,
  );
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, "utf8")) as VitestReport;
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    for (const file of report.testResults) {
      for (const test of file.assertionResults) {
        if (test.status === "failed")
          failures.push(
            `${label}: ${path.relative(root, file.name)} › ${test.fullName}${firstLine(test.failureMessages)}`,
          );
      }
      if (file.status === "failed" && file.assertionResults.length === 0)
        failures.push(`${label}: ${path.relative(root, file.name)} did not run`);
    }
    if (!ok && report.numFailedTests === 0) {
      failed += 1; // a suite that crashed before its tests
      failures.push(`${label}: failed outside its tests`);
    }
  } else if (!ok) {
    failed += 1;
    failures.push(`${label}: did not run`);
  }
}

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    status: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
};

/** The first line of a failure's message, so that the tail CI keeps says why, not only what. */
function firstLine(messages: string[] | undefined): string {
  const line = messages?.[0]?.split("\n")[0]?.trim();
  return line ? `\n    ${line.slice(0, 300)}` : "";
}

type PlaywrightSuite = {
  title: string;
  specs?: { title: string; tests: { projectName: string; status: string }[] }[];
  suites?: PlaywrightSuite[];
};
type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky: number }; suites: PlaywrightSuite[] };

function failedPlaywrightTests(suites: PlaywrightSuite[], parents: string[] = []): string[] {
  return suites.flatMap((suite) => {
    const titles = suite.title.endsWith(".spec.ts") ? parents : [...parents, suite.title];
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status === "unexpected")
        .map((t) => `[${t.projectName}] ${[...titles, spec.title].join(" › ")}`),
    );
    return [...own, ...failedPlaywrightTests(suite.suites ?? [], titles)];
  });
}

/** Lint, the type check, the unit tests and the integration suite on both engines. */
async function runServerSuites() {
  if (!run("lint (Biome)", "npx", ["biome", "check", "--error-on-warnings", "."])) {
    failed += 1;
    notes.push("lint failed: `npm run lint` lists the findings, `npx biome check --write .` fixes the mechanical ones");
  }
  if (!run("type check", "npx", ["tsc", "--noEmit"])) {
    failed += 1;
    notes.push("type check failed");
  }
  vitest("unit", "unit");
  vitest("integration on PGlite", "int", { TEST_ENGINE: "pglite" });
  if (await postgresAvailable()) {
    vitest("integration on PostgreSQL", "int", { TEST_ENGINE: "postgresql", TEST_POSTGRES_URL: postgresAdminUrl });
  } else if (isCI) {
    failed += 1;
    notes.push(`PostgreSQL is required in CI but ${postgresAdminUrl} did not answer`);
  } else {
    notes.push(`skipped the PostgreSQL run: nothing answers at ${postgresAdminUrl} (set TEST_POSTGRES_URL)`);
  }
}

// `--only=e2e` (npm run test:e2e): the builds and the browser specs alone.
if (!process.argv.includes("--only=e2e")) await runServerSuites();

/**
 * The longest specs first (as measured in a whole run here, 2026-11-30: 2,120 s of specs in two lanes),
 * so that the lanes finish together; a spec missing from the list runs last.
 */
const SLOWEST_FIRST = [
  "quiz",
  "booking",
  "accessibility",
  "phone-layout",
  "learners",
  "portal",
  "billing",
  "italiano-quiz",
  "platform",
  "prerender",
  "italiano-admin",
  "italiano-booking",
  "question-bank",
  "friction",
  "days-off",
  "italiano-portal",
  "waitlist",
  "bundle",
  "admin",
  "keyboard",
  "booking-return",
  "double-tap",
  "attendance",
  "lesson-report",
];

if (existsSync(CHROMIUM_PATH)) {
  // The specs run what `npm start` runs: the built client and the bundled server.
  if (!run("client build", "npx", ["vite", "build", "--logLevel", "warn"])) failed += 1;
  if (!run("server build", "npm", ["run", "--silent", "build:server"])) failed += 1;
  await timed("end-to-end (Chromium)", runBrowserSpecs);
} else if (isCI) {
  failed += 1;
  notes.push(`Chromium is required in CI but ${CHROMIUM_PATH} is missing`);
} else {
  notes.push(`skipped the browser tests: no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
}

/**
 * One Playwright run per spec file: each starts its server on its own copy of a database prepared
 * once (demo data, migrated and seeded), so one area's bookings, cancellations or settings never
 * change what another area's test sees. Two specs run at once (E2E_LANES), each on its own port
 * and data directory; most of a spec's time is the browser and the server waiting on each other.
 */
async function runBrowserSpecs() {
  const rank = (spec: string) => {
    const i = SLOWEST_FIRST.indexOf(spec.replace(/\.spec\.ts$/, ""));
    return i === -1 ? SLOWEST_FIRST.length : i;
  };
  // `npm run test:e2e -- agenda move`: only the specs named (without .spec.ts).
  const named = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
  const queue = readdirSync(path.join(root, "tests/e2e"))
    .filter((f) => f.endsWith(".spec.ts") && (named.length === 0 || named.includes(f.replace(/\.spec\.ts$/, ""))))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const template = await prepareE2eData();
  if (!template) return;
  const lanes = Math.max(1, Number(process.env.E2E_LANES ?? 2));
  // Ports of our own (unless E2E_PORT is set): a server left on a default port by another run on
  // this machine would otherwise fail every spec.
  const ports = await Promise.all(
    Array.from({ length: lanes }, async (_, i) =>
      process.env.E2E_PORT ? String(Number(process.env.E2E_PORT) + i) : String(await freePort()),
    ),
  );
  await Promise.all(
    ports.map(async (port) => {
      for (let spec = queue.shift(); spec; spec = queue.shift()) await runSpec(spec, port, template);
    }),
  );
}

/** The demo database every spec's server starts from, made by the built server itself. */
async function prepareE2eData(): Promise<string | null> {
  const dir = path.join("tmp", "e2e-template");
  rmSync(path.join(root, dir), { recursive: true, force: true });
  const server = await startServerProcess(e2eServerEnv(await freePort(), dir), [
    "--enable-source-maps",
    "dist/server/index.mjs",
  ]);
  try {
    await waitForHealth(server, 120_000);
  } catch (error) {
    server.child.kill("SIGKILL");
    failed += 1;
    failures.push(`e2e: the demo database could not be prepared: ${(error as Error).message.slice(0, 2000)}`);
    return null;
  }
  server.child.kill("SIGTERM");
  if ((await server.exited) !== 0) {
    failed += 1;
    failures.push(`e2e: the server preparing the demo database did not stop cleanly:\n${server.output()}`);
    return null;
  }
  return dir;
}

async function runSpec(spec: string, port: string, template: string) {
  const out = path.join(reports, `e2e-${spec.replace(/\W+/g, "-")}.json`);
  rmSync(out, { force: true }); // never count an earlier run's report
  const label = `end-to-end (Chromium): ${spec}`;
  // Two specs run at once: each one's output is printed whole when it ends.
  const { ok, output } = await runQuietly("npx", ["playwright", "test", `tests/e2e/${spec}`, "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    E2E_PORT: port,
    E2E_DATA_TEMPLATE: template,
  });
  console.log(`\n=== ${label} ===\n${output}`);
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, "utf8")) as PlaywrightReport;
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    for (const name of failedPlaywrightTests(report.suites)) failures.push(`e2e: ${spec} › ${name}`);
    if (!ok && report.stats.unexpected === 0) {
      failed += 1;
      failures.push(`e2e: ${spec} failed outside its tests`);
    }
  } else if (!ok) {
    failed += 1;
    failures.push(`e2e: ${spec} did not run`);
  }
}

function runQuietly(command: string, args: string[], env: Record<string, string>) {
  return new Promise<{ ok: boolean; output: string }>((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.once("error", (error) => resolve({ ok: false, output: `${output}\n${error.message}` }));
    child.once("close", (code) => resolve({ ok: code === 0, output }));
  });
}

console.log("");
console.log(`took: ${timings.join(", ")}; in all ${Math.round((performance.now() - started) / 60_000)} min`);
for (const note of notes) console.log(`note: ${note}`);
for (const failure of failures) console.log(`failed: ${failure}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

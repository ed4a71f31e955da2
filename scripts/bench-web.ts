// `npm run bench:web` (not part of CI): builds the client, starts the production server on a
// fresh embedded database with demo data, and runs Lighthouse 12 (mobile emulation, Debian's
// Chromium) on the landing page and two booking steps. Prints score, LCP, TBT and CLS against
// issue 7's aims and writes the figures to bench-results/web-<time>.json.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startFlow } from "lighthouse";
import puppeteer from "puppeteer-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/e2e/support/chromium.ts";
import { freePort } from "../tests/helpers/server-process.ts";
import { productionEnv, waitFor } from "./bench/server.ts";

const root = path.resolve(import.meta.dirname, "..");
const AIMS = { score: 98, lcpMs: 1600, tbtMs: 50, cls: 0.02 };

console.log("Building the client and the server…");
execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "english-bench-web-"));
const server: ChildProcess = spawn(process.execPath, ["dist/server/index.mjs"], {
  cwd: root,
  env: { ...process.env, ...productionEnv({ DATA_DIR: dataDir, DATABASE_URL: "" }, port) },
  stdio: ["ignore", "ignore", "inherit"],
});
const exited = new Promise((resolve) => server.once("exit", resolve));

type Row = { page: string; score: number; lcpMs: number; tbtMs: number; cls: number; shifted: string[] };
const rows: Row[] = [];
try {
  await waitFor(`${base}/api/health`);
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    // Storage is kept between steps: the schedule needs the package chosen on the pricing step.
    const flow = await startFlow(page, {
      flags: { formFactor: "mobile", disableStorageReset: true, onlyCategories: ["performance"] },
    });
    await flow.navigate(`${base}/`, { name: "/" });
    await flow.navigate(`${base}/book/pricing`, { name: "/book/pricing" });
    await page.locator("::-p-aria(Select Single Lesson)").click();
    await page.locator("button::-p-text(Continue to Schedule)").click();
    await page.waitForFunction(() => location.pathname === "/book/schedule");
    await flow.navigate(`${base}/book/schedule`, { name: "/book/schedule" });
    const result = await flow.createFlowResult();
    for (const step of result.steps) {
      const lhr = step.lhr;
      rows.push({
        page: step.name,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN),
        cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN) * 1000) / 1000,
        // What moved, for whoever chases a CLS gap.
        shifted: ((lhr.audits["layout-shifts"]?.details as { items?: { node?: { snippet?: string } }[] })?.items ?? [])
          .map((item) => item.node?.snippet ?? "")
          .slice(0, 5),
      });
    }
  } finally {
    await browser.close();
  }
} finally {
  server.kill("SIGTERM");
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}

const mark = (ok: boolean) => (ok ? "ok " : "GAP");
console.log(`\nLighthouse 12 (mobile emulation, simulated throttling), production build on ${base}`);
console.log("page            score      LCP        TBT       CLS");
for (const r of rows) {
  console.log(
    `${r.page.padEnd(15)} ${String(r.score).padStart(3)} ${mark(r.score >= AIMS.score)}  ${String(r.lcpMs).padStart(5)} ms ${mark(r.lcpMs <= AIMS.lcpMs)}  ${String(r.tbtMs).padStart(4)} ms ${mark(r.tbtMs <= AIMS.tbtMs)}  ${r.cls.toFixed(3)} ${mark(r.cls <= AIMS.cls)}`,
  );
}
console.log(`aims: score >= ${AIMS.score}, LCP <= ${AIMS.lcpMs} ms, TBT <= ${AIMS.tbtMs} ms, CLS <= ${AIMS.cls}`);
mkdirSync(path.join(root, "bench-results"), { recursive: true });
const file = path.join(root, "bench-results", `web-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(file, `${JSON.stringify({ aims: AIMS, rows }, null, 2)}\n`);
console.log(`written to ${path.relative(root, file)}`);

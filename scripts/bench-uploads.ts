// The figures of decision 0009: the largest allowed shared file (25 MB) uploaded and downloaded
// over loopback with curl, on the embedded default (DATA_DIR/uploads) and with the bytes in
// PostgreSQL; time, and the server's peak memory above its level before (RSS and Buffers, sampled
// every 5 ms). A client reading at 10 MB/s shows what a download holds: Buffers still alive right
// after a full collection (every 50 ms while it runs). Run:
// `node --expose-gc --import tsx scripts/bench-uploads.ts` (needs PostgreSQL at TEST_POSTGRES_URL).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { seedDatabase } from "../prisma/seed.ts";
import { buildApp } from "../server/app.ts";
import { type Database, openDatabase } from "../server/db.ts";
import { parseEnv } from "../server/env.ts";
import { createSession } from "../server/features/auth/session.service.ts";
import { SHARED_FILE_MAX_BYTES } from "../shared/constants.ts";
import { postgresAdminUrl } from "./postgres.ts";

const run = promisify(execFile);
const scratch = mkdtempSync(path.join(tmpdir(), "bench-uploads-"));
const file = path.join(scratch, "largest.pdf");
writeFileSync(file, Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(SHARED_FILE_MAX_BYTES - 9)]));
const ROUNDS = 3;

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Runs `work`, sampling this process's memory; returns its time and the peaks above the start. */
async function measure(work: () => Promise<unknown>) {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let rss = 0;
  let buffers = 0;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss - before.rss);
    buffers = Math.max(buffers, now.arrayBuffers - before.arrayBuffers);
  }, 5);
  const started = performance.now();
  await work();
  const ms = Math.round(performance.now() - started);
  clearInterval(timer);
  return { ms, rssMb: mb(rss), buffersMb: mb(buffers) };
}

/** The most Buffer memory alive after a full collection while `work` runs, above the level before it. */
async function liveBuffersDuring(work: () => Promise<unknown>) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return null;
  gc();
  const before = process.memoryUsage().arrayBuffers;
  let held = 0;
  const timer = setInterval(() => {
    gc();
    held = Math.max(held, process.memoryUsage().arrayBuffers - before);
  }, 50);
  await work();
  clearInterval(timer);
  return mb(held);
}

async function benchStore(label: string, database: Database, env: Record<string, string>) {
  const appEnv = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", ADMIN_EMAILS: "teacher@bench.test", ...env });
  await seedDatabase(database.prisma, appEnv);
  const app = await buildApp({ env: appEnv, database, logger: false, clientDir: "/nonexistent" });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const teacher = await database.prisma.user.findUniqueOrThrow({ where: { email: "teacher@bench.test" } });
  const cookie = `admin_session=${(await createSession(database.prisma, teacher.id, "admin")).token}`;
  const curl = (...args: string[]) => run("curl", ["-sS", "--fail", "-H", `Cookie: ${cookie}`, ...args]);
  for (let round = 1; round <= ROUNDS; round++) {
    let url = "";
    const upload = await measure(async () => {
      const { stdout } = await curl("-F", `file=@${file};type=application/pdf`, `${base}/api/files/upload`);
      url = JSON.parse(stdout).fileUrl;
    });
    const download = await measure(() => curl("-o", "/dev/null", `${base}${url}`));
    const slow = await measure(() => curl("--limit-rate", "10M", "-o", "/dev/null", `${base}${url}`));
    const held = await liveBuffersDuring(() => curl("--limit-rate", "10M", "-o", "/dev/null", `${base}${url}`));
    const four = await measure(() =>
      Promise.all(Array.from({ length: 4 }, () => curl("-o", "/dev/null", `${base}${url}`))),
    );
    console.log(
      JSON.stringify({
        store: label,
        round,
        upload,
        download,
        slowClient10MBs: slow,
        heldBySlowDownloadMb: held,
        fourDownloadsAtOnce: four,
      }),
    );
  }
  await app.close();
}

const pgliteDir = path.join(scratch, "embedded");
const embedded = await openDatabase({ dataDir: pgliteDir });
try {
  await benchStore("disk (embedded default)", embedded, { DATA_DIR: pgliteDir });
} finally {
  await embedded.close();
}

const name = `bench_uploads_${process.pid}`;
const admin = new URL(postgresAdminUrl);
await run("psql", [admin.toString(), "-qc", `CREATE DATABASE ${name}`]);
const url = new URL(postgresAdminUrl);
url.pathname = `/${name}`;
const postgres = await openDatabase({ databaseUrl: url.toString() });
try {
  await benchStore("PostgreSQL (DATABASE_URL)", postgres, {
    DATA_DIR: path.join(scratch, "pg-data"),
    DATABASE_URL: url.toString(),
  });
} finally {
  await postgres.close();
  await run("psql", [admin.toString(), "-qc", `DROP DATABASE ${name} WITH (FORCE)`]);
  rmSync(scratch, { recursive: true, force: true });
}

// The server's start once index.ts has begun opening the database: builds the app meanwhile,
// seeds, listens, runs the background jobs, shuts down cleanly.
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { seedDatabase } from "../prisma/seed.ts";
import { buildApp, loggerOptions } from "./app.ts";
import type { EmbeddedStart } from "./db/embedded.ts";
import { embeddedDatabase, openDatabase } from "./db.ts";
import type { Env } from "./env.ts";
import { importDiskUploads } from "./features/files/upload-store.ts";
import { type MailWorker, startMailWorker } from "./features/mail/mail.service.ts";
import { serverJobs, startScheduler } from "./features/ops/scheduler.ts";
import { createRedisRateLimiter } from "./plugins/redis.ts";

const JOBS_FIRST_PASS_AFTER_MS = 5_000;
const JOBS_STAGGER_MS = 1_000;
const MAIL_FIRST_PASS_AFTER_MS = 2_000;

/** `embedded`: the embedded database index.ts started opening, or null on PostgreSQL (DATABASE_URL). */
export async function startServer(env: Env, embedded: EmbeddedStart | null): Promise<void> {
  const database = embedded ? embeddedDatabase(embedded) : await openDatabase({ databaseUrl: env.DATABASE_URL ?? "" });
  // Prisma's query compiler (WebAssembly) loads now, while the database's thread opens it.
  const connecting = database.prisma.$connect();
  connecting.catch(() => {}); // awaited below, after the app is built
  const dataDir = path.resolve(env.DATA_DIR);
  // The embedded database can only be read by this process: local tools (npm run backup) reach
  // it through a token-guarded endpoint described in DATA_DIR/control.json.
  const control = database.engine === "pglite" ? { dataDir, token: randomBytes(32).toString("base64url") } : undefined;
  // Several processes share rate-limit counters through Redis; one process counts in memory.
  const rateLimiter = env.REDIS_URL
    ? await createRedisRateLimiter(env.REDIS_URL, (error) =>
        console.warn(`Redis unavailable, counting rate limits in this process: ${(error as Error).message}`),
      )
    : undefined;
  // Built while the embedded database's thread is still opening it; seeded once it is open.
  const app = await buildApp({ env, database, logger: loggerOptions(env.LOG_LEVEL), ops: control, rateLimiter });
  if (embedded) {
    // The database's thread stopping on its own (a crash inside PostgreSQL) ends the process, as it
    // did when PGlite ran on this thread: a supervisor restarts it on the intact data directory.
    embedded.thread.onUnexpectedExit((error) => {
      app.log.fatal({ err: error }, "the embedded database stopped");
      process.exit(1);
    });
    await embedded.opened;
  }
  await connecting;
  await seedDatabase(database.prisma, env);
  if (env.DATABASE_URL) {
    // Files an older version kept in DATA_DIR/uploads move into the database (decision 0009).
    const moved = await importDiskUploads(database.prisma, dataDir);
    if (moved > 0) app.log.info(`moved ${moved} uploaded files from ${dataDir}/uploads into the database`);
  }

  let stopJobs = async () => {};
  let mailWorker: MailWorker | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      const jobsStopped = stopJobs();
      await app.closeGracefully(); // in-flight requests finish; new ones get 503
      await jobsStopped;
      await mailWorker?.stop();
      await rateLimiter?.close();
      if (control) rmSync(path.join(control.dataDir, "control.json"), { force: true });
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  await app.listen({ port: env.PORT, host: env.HOST });
  if (control) {
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    writeFileSync(
      path.join(control.dataDir, "control.json"),
      JSON.stringify({ pid: process.pid, url: `http://${localHost(env.HOST)}:${port}`, token: control.token }),
      { mode: 0o600 },
    );
  }
  // Lesson completion, the standing schedules' top-up, the release of unconfirmed lessons, the daily
  // housekeeping and the calibration: first passes a few seconds after the server is up, a second
  // apart, so a restart's first requests do not queue behind them on the embedded database's single
  // connection.
  if (stopping) return;
  stopJobs = startScheduler(
    serverJobs({
      db: database.prisma,
      publicUrl: env.PUBLIC_URL,
      calendarSecret: env.calendarSecret,
      onSlotsChanged: () => app.availabilityCache.invalidate(),
    }),
    app.log,
    { firstPassAfterMs: JOBS_FIRST_PASS_AFTER_MS, staggerMs: JOBS_STAGGER_MS },
  );
  mailWorker = startMailWorker({
    db: database.prisma,
    env,
    log: app.log,
    intervalMs: env.MAIL_WORKER_INTERVAL_MS,
    firstPassAfterMs: MAIL_FIRST_PASS_AFTER_MS,
  });
  app.log.info(`English with Giulia is running at ${env.PUBLIC_URL} (${database.engine})`);
}

/** The address a local tool uses to reach this server. */
function localHost(host: string) {
  if (host === "0.0.0.0" || host === "::" || host === "") return "127.0.0.1";
  return host.includes(":") ? `[${host}]` : host;
}

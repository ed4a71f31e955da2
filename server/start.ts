// Reads the environment, opens the database, seeds, builds the app, listens, shuts down cleanly.
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { seedDatabase } from "../prisma/seed.ts";
import { buildApp, loggerOptions } from "./app.ts";
import { DataDirLockedError, openDatabase } from "./db.ts";
import { parseEnv } from "./env.ts";
import { type MailWorker, startMailWorker } from "./features/mail/mail.service.ts";
import { serverJobs, startScheduler } from "./features/ops/scheduler.ts";
import { createRedisRateLimiter } from "./plugins/redis.ts";

const JOBS_FIRST_PASS_AFTER_MS = 5_000;
const JOBS_STAGGER_MS = 1_000;
const MAIL_FIRST_PASS_AFTER_MS = 2_000;

async function main() {
  const env = parseEnv();
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: path.resolve(env.DATA_DIR) },
  );
  await seedDatabase(database.prisma, env);
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
  const app = await buildApp({ env, database, logger: loggerOptions(env.LOG_LEVEL), ops: control, rateLimiter });

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
  // Lesson completion, the standing schedules' top-up, the daily housekeeping and the calibration:
  // first passes a few seconds after the server is up, a second apart, so a restart's first
  // requests do not queue behind them on the embedded database's single connection.
  if (stopping) return;
  stopJobs = startScheduler(
    serverJobs({ db: database.prisma, onSlotsChanged: () => app.availabilityCache.invalidate() }),
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

main().catch((error) => {
  if (error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

// Reads the environment, opens the database, seeds, builds the app, listens, shuts down cleanly.
import path from "node:path";
import { buildApp, loggerOptions } from "./app.ts";
import { DataDirLockedError, openDatabase } from "./db.ts";
import { parseEnv } from "./env.ts";
import { seedDatabase } from "../prisma/seed.ts";

async function main() {
  const env = parseEnv();
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: path.resolve(env.DATA_DIR) },
  );
  await seedDatabase(database.prisma, env);
  const app = await buildApp({ env, database, logger: loggerOptions(env.LOG_LEVEL) });

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
      await app.close(); // in-flight requests finish; new ones get 503
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
  app.log.info(`English with Giulia is running at ${env.PUBLIC_URL} (${database.engine})`);
}

main().catch((error) => {
  if (error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

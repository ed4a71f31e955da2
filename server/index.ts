// The server's entry: reads the environment and, on the embedded database, starts opening it
// before anything else (issue 15). PGlite boots PostgreSQL on a thread of its own (db/embedded.ts)
// while this thread loads the rest of the server, a module evaluated only when imported below,
// and builds the app (start.ts): a restart takes the longer of the two, not their sum.
import path from "node:path";
import { DataDirLockedError, startEmbedded } from "./db/embedded.ts";
import { parseEnv } from "./env.ts";
import { SERVER_NODE_FLAGS, startedWithServerFlags } from "./node-flags.ts";

async function main() {
  const env = parseEnv();
  const embedded = env.DATABASE_URL ? null : startEmbedded(path.resolve(env.DATA_DIR));
  if (embedded && !startedWithServerFlags()) {
    console.warn(
      `node was started without ${SERVER_NODE_FLAGS.join(" ")}: the embedded database will take 300-400 MB more memory. Start the server with \`node ${SERVER_NODE_FLAGS.join(" ")} dist/server/index.mjs\` (npm start does).`,
    );
  }
  const { startServer } = await import("./start.ts");
  await startServer(env, embedded);
}

main().catch((error) => {
  if (error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

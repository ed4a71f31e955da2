// A stand-in for server/db/pglite-thread.ts that crashes (pglite-thread.int.test.ts): it reports
// the database open, then exits at its first call, as a fault inside PostgreSQL would end the thread.
import { parentPort } from "node:worker_threads";

parentPort.postMessage({ id: 0 });
parentPort.on("message", () => process.exit(70));

// The embedded database's start (issue 15): the lock on the data directory and the worker that
// opens it (pglite-client.ts), in a module light enough for the server to load first, so the
// database opens on its own thread while the rest of the server loads and builds.
import "./wasm-code-gc.ts";
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PgliteThread } from "./pglite-client.ts";

export class DataDirLockedError extends Error {}

/**
 * A started embedded database: its thread (opening, or open), the release of its lock, and
 * `opened`, which settles when the thread has opened the database; if it could not, the lock is
 * released and `opened` rejects with why.
 */
export type EmbeddedStart = { thread: PgliteThread; releaseLock: () => void; opened: Promise<void> };

/**
 * Starts opening the embedded database and returns at once: `memory://` for a throwaway database
 * (optionally from a dump: `startFrom`), else a directory holding `pglite/` and the lock file,
 * which is taken here (DataDirLockedError if another server holds it).
 */
export function startEmbedded(dataDir: string, startFrom?: ArrayBuffer): EmbeddedStart {
  const memory = dataDir === "memory://";
  if (!memory) mkdirSync(dataDir, { recursive: true });
  const releaseLock = memory ? () => {} : takeDataDirLock(dataDir);
  let thread: PgliteThread;
  try {
    thread = PgliteThread.start(memory ? { dir: dataDir, startFrom } : { dir: path.join(dataDir, "pglite") });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const opened = thread.ready.catch((error: unknown) => {
    releaseLock();
    throw error;
  });
  opened.catch(() => {}); // reported to whoever awaits it, never as an unhandled rejection
  return { thread, releaseLock, opened };
}

/**
 * PGlite takes no lock of its own and two processes on one directory corrupt it, so the server
 * holds `DATA_DIR/server.lock` (its pid) for as long as it runs. A lock whose process is gone
 * (a crash, SIGKILL) is stale and taken over.
 */
function takeDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(path.resolve(dataDir), "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return () => {
        try {
          if (readFileSync(lockPath, "utf8") === String(process.pid)) unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
      if (isRunningNode(holder)) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dataDir)} is in use by another server (pid ${holder}). ` +
            "Only one process may open the embedded database: stop the other server first, " +
            "or set DATABASE_URL to run several processes on PostgreSQL.",
        );
      }
      unlinkSync(lockPath);
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${lockPath}; another server is starting.`);
}

function isRunningNode(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  // After a reboot the pid may belong to an unrelated program: only a node process counts.
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("node");
  } catch {
    return true;
  }
}

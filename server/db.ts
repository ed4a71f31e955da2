// The Prisma client on one of two engines: embedded PGlite in DATA_DIR (default) or a real
// PostgreSQL server when DATABASE_URL is set. Migrations are applied here, before first use.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { type Prisma, PrismaClient } from "./db/generated/client.ts";
import { applyMigrations, type SqlRunner } from "./db/migrate.ts";

export type Db = PrismaClient;
/** The client inside an interactive transaction; data functions that run in one or outside take DbOrTx. */
export type Tx = Prisma.TransactionClient;
export type DbOrTx = Db | Tx;
type PrismaClientAdapter = NonNullable<ConstructorParameters<typeof PrismaClient>[0]>["adapter"];

export type Database = {
  prisma: PrismaClient;
  engine: "pglite" | "postgresql";
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * Writes a consistent snapshot of the whole database to `file`: PGlite's data directory as a
   * gzipped tar (taken inside this process, which holds the directory), or a pg_dump archive.
   */
  writeSnapshot(file: string): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  /**
   * `memory://` for a throwaway database, else a directory holding `pglite/` and the lock file.
   * `startFrom`, for `memory://` only: a data directory as `writeSnapshot` writes it, so a test
   * suite migrates once and opens copies instead of running initdb and every migration per file.
   */
  | { dataDir: string; startFrom?: Blob };

export class DataDirLockedError extends Error {}

/**
 * Prisma's defaults (2 s to get a connection for a transaction, 5 s to finish it) turn a burst of
 * bookings on a busy machine into internal errors instead of waits; transactions here are short,
 * so waiting longer is the right answer to load.
 */
const TRANSACTION_DEFAULTS = { maxWait: 15_000, timeout: 20_000 };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return "databaseUrl" in opts
    ? openPostgres(opts.databaseUrl, opts.poolSize)
    : openPglite(opts.dataDir, opts.startFrom);
}

async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  // A database host that stops answering must turn into errors (and a 503 from /api/health),
  // not requests that hang: bounded connection attempts, TCP keepalive on open connections.
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5_000, keepAlive: true });
  // An idle connection dropped by the server (restart, failover, admin shutdown) must not crash
  // the process: the pool replaces it, queries on it fail on their own, and health reports it.
  pool.on("error", (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const client = await pool.connect();
  try {
    await applyMigrations(
      {
        exec: async (sql) => void (await client.query(sql)),
        query: async (sql, params) => (await client.query(sql, params as unknown[])).rows,
      },
      { advisoryLock: true },
    );
  } finally {
    client.release();
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: TRANSACTION_DEFAULTS });
  return {
    prisma,
    engine: "postgresql",
    ping: () => pingWith(prisma),
    writeSnapshot: (file) => runPgDump(connectionString, file),
    close: async () => {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    },
  };
}

/**
 * PostgreSQL's default 128 MB of shared buffers is WebAssembly memory here, which never shrinks:
 * under load the server grew past 580 MB. One teacher's data is a few megabytes and the data
 * directory's files stay in the OS cache, so 16 MB is plenty (the benchmark: about 420 MB).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

async function openPglite(dataDir: string, startFrom?: Blob): Promise<Database> {
  let pglite: PGlite;
  let releaseLock = () => {};
  if (dataDir === "memory://") {
    pglite = await PGlite.create("memory://", { extensions: { btree_gist }, loadDataDir: startFrom });
  } else {
    mkdirSync(dataDir, { recursive: true });
    releaseLock = takeDataDirLock(dataDir);
    try {
      const dir = path.join(dataDir, "pglite");
      await initialiseAtomically(dir);
      pglite = await PGlite.create(dir, { extensions: { btree_gist }, startParams: PGLITE_START_PARAMS });
    } catch (error) {
      releaseLock();
      throw error;
    }
  }
  const runner: SqlRunner = {
    exec: async (sql) => void (await pglite.exec(sql)),
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
  };
  try {
    await applyMigrations(runner, { advisoryLock: false });
  } catch (error) {
    await pglite.close().catch(() => {});
    releaseLock();
    throw error;
  }
  // pglite-prisma-adapter 0.6 is typed against an older @prisma/driver-adapter-utils than the
  // client; the runtime interface is the same (0.7 would need Prisma 7, which cannot migrate here).
  const adapter = new PrismaPGlite(pglite) as unknown as PrismaClientAdapter;
  const prisma = new PrismaClient({ adapter, transactionOptions: TRANSACTION_DEFAULTS });
  let closed = false;
  return {
    prisma,
    engine: "pglite",
    ping: () => (closed || pglite.closed ? Promise.resolve(false) : pingWith(prisma)),
    writeSnapshot: async (file) => {
      // dumpDataDir runs between queries of this one connection, so the copy is consistent.
      const blob = await pglite.dumpDataDir("gzip");
      writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await prisma.$disconnect();
      await pglite.close();
      releaseLock();
    },
  };
}

/** pg_dump in its custom format (restored with pg_restore): one consistent snapshot, even under load. */
function runPgDump(connectionString: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "pg_dump",
      ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, `--dbname=${connectionString}`],
      {
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.once("error", (error) =>
      reject(new Error(`pg_dump could not run (install postgresql-client): ${error.message}`)),
    );
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`pg_dump failed: ${stderr.trim().slice(0, 500)}`)),
    );
  });
}

const PING_TIMEOUT_MS = 3_000;

/** True when the database answers within PING_TIMEOUT_MS: a health check must not hang. */
async function pingWith(prisma: PrismaClient): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  const query = prisma.$queryRaw`SELECT 1`.then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
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

/**
 * The first start creates the cluster in a scratch directory and renames it into place, so a
 * start killed half-way leaves only scratch that the next start throws away.
 */
async function initialiseAtomically(dir: string): Promise<void> {
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  const scratch = `${dir}.initialising`;
  rmSync(scratch, { recursive: true, force: true });
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const fresh = await PGlite.create(scratch, { extensions: { btree_gist } });
  await fresh.exec("CREATE EXTENSION IF NOT EXISTS btree_gist");
  await fresh.close();
  renameSync(scratch, dir);
}

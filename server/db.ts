// The Prisma client on one of two engines: embedded PGlite in DATA_DIR (default), on a thread of
// its own (db/pglite-thread.ts, decision 0008), or a real PostgreSQL server when DATABASE_URL is
// set. Migrations are applied before first use (by the worker on PGlite).
import "./db/wasm-code-gc.ts";
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { DataDirLockedError, type EmbeddedStart, startEmbedded } from "./db/embedded.ts";
import { type Prisma, PrismaClient } from "./db/generated/client.ts";
import { applyMigrations } from "./db/migrate.ts";

export { DataDirLockedError };

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

async function openPglite(dataDir: string, startFrom?: Blob): Promise<Database> {
  const started = startEmbedded(dataDir, await startFrom?.arrayBuffer());
  await started.opened;
  return embeddedDatabase(started);
}

/**
 * The embedded database, which runs on a thread of its own (db/pglite-thread.ts), as the server's
 * Database: usable at once, its queries waiting while the thread is still opening it. The server
 * builds itself meanwhile (server/index.ts).
 */
export function embeddedDatabase({ thread, releaseLock }: EmbeddedStart): Database {
  const adapter = thread.adapterFactory() as unknown as PrismaClientAdapter;
  const prisma = new PrismaClient({ adapter, transactionOptions: TRANSACTION_DEFAULTS });
  let closed = false;
  return {
    prisma,
    engine: "pglite",
    ping: () => (closed || !thread.running ? Promise.resolve(false) : pingWith(prisma)),
    writeSnapshot: async (file) => writeFileSync(file, await thread.dump()),
    close: async () => {
      if (closed) return;
      closed = true;
      await prisma.$disconnect();
      await thread.close();
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

// The embedded database's own thread (issue 15). PGlite runs PostgreSQL compiled to WebAssembly on
// whichever thread created it, and its work is CPU work: on the server's thread it held up every
// request while a query ran, and at start its 0.6 s of booting PostgreSQL came on top of loading
// the server's code and building the app. Here it runs beside them, on another core: this worker
// opens the data directory, applies the migrations, and answers Prisma's driver-adapter calls
// (pglite-prisma-adapter, run here) sent by pglite-client.ts on the server's thread.
//
// Only the worker's entry: it runs as a module of its own (built to dist/server/pglite-thread.mjs,
// or from this file with Node's type stripping), so it imports nothing but types from the server.
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { applyMigrations, type SqlRunner } from "./migrate.ts";

/**
 * What the worker opens: `memory://` (optionally from a dump) or a data directory's `pglite/`
 * folder. `pgliteThread` marks the worker's data, so that importing this module elsewhere starts nothing.
 */
export type ThreadOpen = { pgliteThread: true; dir: string; startFrom?: ArrayBuffer };

type SqlQuery = { sql: string; args: unknown[]; argTypes: unknown[] };

export type ThreadRequest = { id: number } & (
  | { op: "queryRaw" | "executeRaw"; tx: number | null; query: SqlQuery }
  | { op: "executeScript"; script: string }
  | { op: "startTransaction"; isolationLevel?: string }
  | { op: "commit" | "rollback"; tx: number }
  | { op: "dump" }
  | { op: "close" }
);

/** An error as it crosses threads: Prisma recognises a driver-adapter error by its name and cause. */
export type ThreadError = { name: string; message: string; stack?: string; cause?: unknown };
export type ThreadReply = { id: number; value?: unknown; error?: ThreadError };

/** The id of the reply the worker sends once the database is open (or could not be opened). */
export type ReadyId = 0;
const READY_ID: ReadyId = 0;

type Queryable = {
  queryRaw(query: SqlQuery): Promise<unknown>;
  executeRaw(query: SqlQuery): Promise<number>;
};
type AdapterTransaction = Queryable & { options: unknown; commit(): Promise<void>; rollback(): Promise<void> };
type Adapter = Queryable & {
  executeScript(script: string): Promise<void>;
  startTransaction(isolationLevel?: string): Promise<AdapterTransaction>;
};

function crossing(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const cause = (error as { cause?: unknown }).cause;
  let clonedCause: unknown;
  try {
    clonedCause = typeof cause === "object" && cause !== null ? structuredClone(cause) : undefined;
  } catch {
    clonedCause = undefined; // a cause that cannot cross is left behind; the message still does
  }
  return { name: error.name, message: error.message, stack: error.stack, cause: clonedCause };
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

/**
 * PostgreSQL's default 128 MB of shared buffers is WebAssembly memory here, which never shrinks:
 * under load the server grew past 580 MB. One teacher's data is a few megabytes and the data
 * directory's files stay in the OS cache, so 16 MB is plenty (the benchmark: about 420 MB).
 */
const START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

async function open({ dir, startFrom }: ThreadOpen): Promise<PGlite> {
  let pglite: PGlite;
  if (dir === "memory://") {
    const loadDataDir = startFrom ? new Blob([startFrom]) : undefined;
    pglite = await PGlite.create("memory://", { extensions: { btree_gist }, loadDataDir });
  } else {
    await initialiseAtomically(dir);
    pglite = await PGlite.create(dir, { extensions: { btree_gist }, startParams: START_PARAMS });
  }
  const runner: SqlRunner = {
    exec: async (sql) => void (await pglite.exec(sql)),
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
  };
  try {
    await applyMigrations(runner, { advisoryLock: false });
  } catch (error) {
    await pglite.close().catch(() => {});
    throw error;
  }
  return pglite;
}

async function serve(port: NonNullable<typeof parentPort>, pglite: PGlite): Promise<void> {
  const adapter = (await new PrismaPGlite(pglite).connect()) as unknown as Adapter;
  const transactions = new Map<number, AdapterTransaction>();
  let nextTransaction = 1;
  const openTransaction = (tx: number): AdapterTransaction => {
    const transaction = transactions.get(tx);
    if (!transaction) throw new Error(`Transaction ${tx} is not open`);
    return transaction;
  };
  const on = (tx: number | null): Queryable => (tx === null ? adapter : openTransaction(tx));
  const finish = (tx: number): AdapterTransaction => {
    const transaction = openTransaction(tx);
    transactions.delete(tx);
    return transaction;
  };

  const handle = async (request: ThreadRequest): Promise<unknown> => {
    switch (request.op) {
      case "queryRaw":
        return on(request.tx).queryRaw(request.query);
      case "executeRaw":
        return on(request.tx).executeRaw(request.query);
      case "executeScript":
        return adapter.executeScript(request.script);
      case "startTransaction": {
        const transaction = await adapter.startTransaction(request.isolationLevel);
        const tx = nextTransaction++;
        transactions.set(tx, transaction);
        return { tx, options: transaction.options };
      }
      case "commit":
        return finish(request.tx).commit();
      case "rollback":
        return finish(request.tx).rollback();
      case "dump": {
        // Between two queries of the one connection, so the copy is consistent.
        const blob = await pglite.dumpDataDir("gzip");
        return new Uint8Array(await blob.arrayBuffer());
      }
      case "close":
        await pglite.close();
        return undefined;
    }
  };

  const reply = (id: number, value: unknown, transfer: ArrayBuffer[] = []) => {
    try {
      port.postMessage({ id, value } satisfies ThreadReply, transfer);
    } catch (error) {
      // A value that cannot be copied across threads fails its call, not the thread.
      port.postMessage({ id, error: crossing(error) } satisfies ThreadReply);
    }
  };
  port.on("message", (request: ThreadRequest) => {
    handle(request).then(
      (value) => {
        reply(
          request.id,
          value,
          value instanceof Uint8Array && request.op === "dump" ? [value.buffer as ArrayBuffer] : [],
        );
      },
      (error: unknown) => port.postMessage({ id: request.id, error: crossing(error) } satisfies ThreadReply),
    );
  });
}

const opening = workerData as ThreadOpen | null;
if (parentPort && opening?.pgliteThread === true) {
  const port = parentPort;
  open(opening).then(
    async (pglite) => {
      await serve(port, pglite);
      port.postMessage({ id: READY_ID } satisfies ThreadReply);
    },
    // The port stays open (closing it could drop the message just sent): the server's side ends
    // this thread once it has read the answer, as it does after "close".
    (error: unknown) => port.postMessage({ id: READY_ID, error: crossing(error) } satisfies ThreadReply),
  );
}

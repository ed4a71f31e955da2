// The server's side of the embedded database's thread (pglite-thread.ts, issue 15): starts the
// worker, and gives Prisma a driver adapter whose every call is a message to it. The worker runs
// pglite-prisma-adapter itself, so results arrive as Prisma's result sets, already typed.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { ReadyId, ThreadError, ThreadOpen, ThreadReply, ThreadRequest } from "./pglite-thread.ts";

type SqlQuery = Extract<ThreadRequest, { op: "queryRaw" }>["query"];
type Distribute<T> = T extends unknown ? Omit<T, "id"> : never;
type Call = Distribute<ThreadRequest>;

const READY_ID: ReadyId = 0;

/** The worker's entry: beside the server's bundle once built, else the TypeScript source. */
function threadEntry(): URL {
  const built = new URL("./pglite-thread.mjs", import.meta.url);
  return existsSync(fileURLToPath(built)) ? built : new URL("./pglite-thread.ts", import.meta.url);
}

/** A thread's error as the server's: a driver-adapter error keeps its name and cause, which Prisma reads. */
function revive(error: ThreadError): Error {
  const revived = new Error(error.message, error.cause === undefined ? undefined : { cause: error.cause });
  revived.name = error.name;
  if (error.stack) revived.stack = error.stack;
  return revived;
}

export class PgliteThread {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = READY_ID + 1;
  private exitError: Error | null = null;
  private closing = false;
  private readonly exitListeners: ((error: Error) => void)[] = [];

  /** Settles once the worker has opened the database, or failed to (the worker then stops). */
  readonly ready: Promise<void>;

  private constructor(private readonly worker: Worker) {
    this.ready = new Promise<unknown>((resolve, reject) => this.pending.set(READY_ID, { resolve, reject })).then(
      () => {},
      async (error: unknown) => {
        this.closing = true; // reported through `ready`, not as a crash
        await worker.terminate();
        throw error;
      },
    );
    // A start that fails is reported through `ready` (or the calls), never as an unhandled rejection.
    this.ready.catch(() => {});
    worker.on("message", (reply: ThreadReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.error) waiting.reject(revive(reply.error));
      else waiting.resolve(reply.value);
    });
    const fail = (error: Error) => {
      this.exitError ??= error;
      for (const waiting of this.pending.values()) waiting.reject(this.exitError);
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => {
      fail(new Error(`The embedded database's thread stopped (exit code ${code})`));
      if (!this.closing) for (const listener of this.exitListeners) listener(this.exitError ?? new Error("stopped"));
    });
  }

  /** Calls `listener` if the thread stops without being closed (a crash inside the database). */
  onUnexpectedExit(listener: (error: Error) => void): void {
    this.exitListeners.push(listener);
  }

  /**
   * Starts the worker and returns at once: calls wait until the database is open and migrated,
   * and `ready` says when it is (or rejects with why it could not be opened). `entry`: the
   * worker's script, another one only in tests.
   */
  static start(options: Omit<ThreadOpen, "pgliteThread">, entry: URL = threadEntry()): PgliteThread {
    const open: ThreadOpen = { pgliteThread: true, ...options };
    const worker = new Worker(entry, {
      workerData: open,
      transferList: options.startFrom ? [options.startFrom] : [],
      // The worker only relays messages: under load its young generation alone grew to 80-170 MB
      // committed, which V8 kept after the load (issue 27). 12 MB (4 MB semi-spaces) is plenty.
      resourceLimits: { maxYoungGenerationSizeMb: 12 },
    });
    return new PgliteThread(worker);
  }

  /** Starts the worker and waits until the database is open and migrated. */
  static async open(options: Omit<ThreadOpen, "pgliteThread">): Promise<PgliteThread> {
    const thread = PgliteThread.start(options);
    await thread.ready;
    return thread;
  }

  /** False once the worker has stopped or was closed. */
  get running(): boolean {
    return this.exitError === null;
  }

  /** One call to the worker, sent once the database has opened. */
  async call<T>(request: Call): Promise<T> {
    await this.ready;
    if (this.exitError) throw this.exitError;
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  /** The data directory as a gzipped tar, taken between two queries. */
  async dump(): Promise<Uint8Array> {
    return this.call<Uint8Array>({ op: "dump" });
  }

  async close(): Promise<void> {
    if (!this.running) return;
    this.closing = true;
    try {
      // A database that never opened has nothing to close but its worker.
      const opened = await this.ready.then(
        () => true,
        () => false,
      );
      if (opened) await this.call({ op: "close" });
    } finally {
      await this.worker.terminate();
    }
  }

  /** Prisma's driver-adapter factory (the interface of @prisma/driver-adapter-utils) over this thread. */
  adapterFactory() {
    const info = { provider: "postgres", adapterName: "pglite-prisma-adapter" } as const;
    const queryable = (tx: number | null) => ({
      ...info,
      queryRaw: (query: SqlQuery) => this.call({ op: "queryRaw", tx, query }),
      executeRaw: (query: SqlQuery) => this.call<number>({ op: "executeRaw", tx, query }),
    });
    return {
      ...info,
      connect: async () => ({
        ...queryable(null),
        executeScript: (script: string) => this.call<void>({ op: "executeScript", script }),
        startTransaction: async (isolationLevel?: string) => {
          const { tx, options } = await this.call<{ tx: number; options: { usePhantomQuery: boolean } }>({
            op: "startTransaction",
            isolationLevel,
          });
          return {
            ...queryable(tx),
            options,
            commit: () => this.call<void>({ op: "commit", tx }),
            rollback: () => this.call<void>({ op: "rollback", tx }),
          };
        },
        getConnectionInfo: () => ({ supportsRelationJoins: true }),
        dispose: async () => {},
      }),
    };
  }
}

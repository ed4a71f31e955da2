// The embedded database on its own thread (server/db/pglite-thread.ts, issue 15): Prisma's calls
// cross to it and back with their results and errors intact, transactions stay isolated from
// the queries around them, and a thread that stops or cannot open says so.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PgliteThread } from "../../server/db/pglite-client.ts";
import { openDatabase } from "../../server/db.ts";
import { isConstraintConflict } from "../../server/errors.ts";
import { createTestDatabase, testEngine } from "../helpers/test-db.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(testEngine === "pglite")("the embedded database's thread", () => {
  it("answers queries, keeps an interactive transaction's writes to itself until it commits, and rolls back on error", async () => {
    const database = await createTestDatabase("pglite", { catalogue: true });
    try {
      const db = database.prisma;
      const packages = await db.package.findMany({ orderBy: { id: "asc" } });
      expect(packages.length).toBeGreaterThan(0);

      await expect(
        db.$transaction(async (tx) => {
          await tx.appMeta.create({ data: { key: "rolled-back", value: "1" } });
          expect(await tx.appMeta.count({ where: { key: "rolled-back" } })).toBe(1);
          throw new Error("changed my mind");
        }),
      ).rejects.toThrow("changed my mind");
      expect(await db.appMeta.count({ where: { key: "rolled-back" } })).toBe(0);

      await db.$transaction(async (tx) => {
        await tx.appMeta.create({ data: { key: "committed", value: "1" } });
      });
      expect(await db.appMeta.findUnique({ where: { key: "committed" } })).toMatchObject({ value: "1" });

      // Many calls at once: each answer reaches its own caller.
      const keys = Array.from({ length: 40 }, (_, i) => `k${i}`);
      await Promise.all(keys.map((key, i) => db.appMeta.create({ data: { key, value: String(i) } })));
      const read = await Promise.all(keys.map((key) => db.appMeta.findUniqueOrThrow({ where: { key } })));
      expect(read.map((row) => row.value)).toEqual(keys.map((_, i) => String(i)));
    } finally {
      await database.close();
    }
  });

  it("carries PostgreSQL's errors across with their SQLSTATE, which the app's conflict check reads", async () => {
    const database = await createTestDatabase("pglite");
    try {
      const db = database.prisma;
      await db.appMeta.create({ data: { key: "once", value: "1" } });
      const duplicate = await db.appMeta.create({ data: { key: "once", value: "2" } }).catch((error: unknown) => error);
      expect(duplicate).toMatchObject({ name: "DriverAdapterError", cause: { kind: "postgres", code: "23505" } });
      expect(isConstraintConflict(duplicate)).toBe(true);
      const missing = await db.$queryRawUnsafe("SELECT * FROM no_such_table").catch((error: unknown) => error);
      expect(missing).toMatchObject({ code: "P2010", meta: { driverAdapterError: { cause: { code: "42P01" } } } });
      expect(isConstraintConflict(missing)).toBe(false);
      // Still answering after errors.
      expect(await db.appMeta.count()).toBe(1);
    } finally {
      await database.close();
    }
  });

  it("after close, pings false and refuses queries with a clear error", async () => {
    const database = await createTestDatabase("pglite");
    expect(await database.ping()).toBe(true);
    await database.close();
    expect(await database.ping()).toBe(false);
    await expect(database.prisma.appMeta.count()).rejects.toThrow();
  });

  it("a data directory that cannot be opened is an error, and its lock is released", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "english-thread-"));
    dirs.push(dataDir);
    // A cluster of a PostgreSQL version this one cannot read.
    mkdirSync(path.join(dataDir, "pglite"));
    writeFileSync(path.join(dataDir, "pglite", "PG_VERSION"), "9\n");
    await expect(openDatabase({ dataDir })).rejects.toThrow();
    // The lock was released: once the directory is cleared, the next open creates the cluster.
    rmSync(path.join(dataDir, "pglite"), { recursive: true });
    const database = await openDatabase({ dataDir });
    try {
      expect(await database.ping()).toBe(true);
    } finally {
      await database.close();
    }
  });

  it("a thread that stops without being closed fails the calls and tells its listener", async () => {
    // A worker that opens, answers one call, then stops as a crash inside PostgreSQL would stop it.
    const thread = PgliteThread.start({ dir: "memory://" }, new URL("../helpers/crashing-thread.mjs", import.meta.url));
    await thread.ready;
    const stopped = new Promise<Error>((resolve) => thread.onUnexpectedExit(resolve));
    await expect(thread.call({ op: "executeScript", script: "SELECT 1" })).rejects.toThrow(/thread stopped/);
    expect((await stopped).message).toMatch(/thread stopped \(exit code 70\)/);
    expect(thread.running).toBe(false);
    await expect(thread.call({ op: "executeScript", script: "SELECT 1" })).rejects.toThrow(/thread stopped/);
    await thread.close(); // nothing left to close; does not throw
  });
});

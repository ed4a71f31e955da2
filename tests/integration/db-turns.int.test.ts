// A chain of statements must not hold the server's thread from its first statement to its last:
// PGlite runs each statement synchronously on that thread, and requests needing no database (a
// cached availability grid) waited for whole chains (a background refresh, a mail pass). db.ts
// lets the event loop turn before each statement outside a transaction.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-db.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** What happened, in order: the chain's statements and the event loop's turns (setImmediate). */
async function runChain(chain: () => Promise<void>, events: string[]) {
  let ticking = true;
  const tick = () => {
    events.push("turn");
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    await chain();
  } finally {
    ticking = false;
  }
}

/** The events between consecutive statements. */
function gaps(events: string[]): string[][] {
  const at = events.flatMap((e, i) => (e.startsWith("statement") ? [i] : []));
  return at.slice(1).map((end, k) => events.slice(at[k] + 1, end));
}

it("lets the event loop turn between the statements of a chain", async () => {
  const events: string[] = [];
  await runChain(async () => {
    for (let i = 0; i < 4; i++) {
      await database.prisma.$queryRaw`SELECT count(*) FROM generate_series(1, 20000)`;
      events.push(`statement ${i}`);
    }
  }, events);
  expect(gaps(events)).toHaveLength(3);
  for (const gap of gaps(events)) expect(gap).toContain("turn");
});

it("runs a transaction's statements one after another on PGlite, and commits it", async () => {
  const events: string[] = [];
  await runChain(async () => {
    await database.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`CREATE TEMP TABLE turns (n int)`;
      for (let i = 0; i < 3; i++) {
        await tx.$executeRaw`INSERT INTO turns VALUES (${i})`;
        events.push(`statement ${i}`);
      }
    });
  }, events);
  expect(gaps(events)).toHaveLength(2);
  if (testEngine === "pglite") {
    // It holds the embedded database's only connection: finishing it at once lets the next one in.
    for (const gap of gaps(events)) expect(gap).not.toContain("turn");
  }
  const [{ count }] = await database.prisma.$queryRaw<{ count: number }[]>`SELECT count(*)::int AS count FROM turns`;
  expect(count).toBe(3);
});

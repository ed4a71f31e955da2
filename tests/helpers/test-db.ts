// A fresh, migrated database per test file: in-memory PGlite by default, a new PostgreSQL
// database when TEST_ENGINE=postgresql (dropped afterwards), so runs never share state.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "../../server/db.ts";

export const testEngine = process.env.TEST_ENGINE === "postgresql" ? "postgresql" : "pglite";
export const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export type TestDatabase = Database & { url?: string };

export async function createTestDatabase(engine = testEngine): Promise<TestDatabase> {
  if (engine === "pglite") return openDatabase({ dataDir: "memory://" });
  const name = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: postgresAdminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

// A fresh, migrated database per test file: in-memory PGlite by default, a new PostgreSQL
// database when TEST_ENGINE=postgresql (dropped afterwards), so runs never share state. Inside the
// integration project, a PGlite one is a copy of a dump made once per run (database-templates.ts).
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openDatabase } from "../../server/db.ts";
import type { DatabaseTemplates } from "./database-templates.ts";

export const testEngine = process.env.TEST_ENGINE === "postgresql" ? "postgresql" : "pglite";
export const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export type TestDatabase = Database & { url?: string };

/** This run's dump of a migrated (or also seeded) PGlite database, when the run made one. */
function pgliteTemplate(contents: keyof DatabaseTemplates): Blob | undefined {
  let templates: DatabaseTemplates | null = null;
  try {
    templates = inject("pgliteTemplates");
  } catch {
    return undefined; // outside a Vitest worker
  }
  return templates ? new Blob([readFileSync(templates[contents])]) : undefined;
}

/** This run's migrated PostgreSQL database to copy, when the run made one. */
function postgresTemplate(): string | null {
  try {
    return inject("postgresTemplate") ?? null;
  } catch {
    return null; // outside a Vitest worker
  }
}

/**
 * A migrated database, empty; with `catalogue`, also holding what every seed writes first (the
 * packages, the quiz bank, the settings row), which saves each file the slowest part of seeding.
 */
export async function createTestDatabase(
  engine = testEngine,
  { catalogue = false }: { catalogue?: boolean } = {},
): Promise<TestDatabase> {
  if (engine === "pglite") {
    return openDatabase({ dataDir: "memory://", startFrom: pgliteTemplate(catalogue ? "catalogue" : "migrated") });
  }
  const name = `test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const template = postgresTemplate();
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
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

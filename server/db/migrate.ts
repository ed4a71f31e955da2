// Applies prisma/migrations/* in process, keeping Prisma's own `_prisma_migrations` bookkeeping
// so `prisma migrate status` agrees. In process because a second process must never open the
// embedded PGlite directory, and because in-memory test databases exist only here.
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { projectPath } from "../paths.ts";

export type SqlRunner = {
  /** Runs a script that may hold several statements (simple query protocol). */
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
};

const BOOKKEEPING = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

// Any constant works as long as every process uses the same one.
const MIGRATION_LOCK_KEY = 727_211_305;

export const migrationsDir = projectPath("prisma/migrations");

export function listMigrations(dir = migrationsDir): { name: string; sql: string; checksum: string }[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * Applies every migration not yet finished, each in its own transaction. With `advisoryLock`
 * (PostgreSQL), processes starting together take turns instead of racing.
 */
export async function applyMigrations(db: SqlRunner, opts: { advisoryLock: boolean }): Promise<string[]> {
  if (opts.advisoryLock) await db.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
  try {
    await db.exec(BOOKKEEPING);
    const done = await db.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(done.map((r) => [r.migration_name, r.checksum]));
    const newlyApplied: string[] = [];
    for (const m of listMigrations()) {
      const previous = applied.get(m.name);
      if (previous) {
        if (previous !== m.checksum) {
          throw new Error(`Migration ${m.name} was changed after it was applied; write a new migration instead.`);
        }
        continue;
      }
      const id = randomUUID();
      await db.exec("BEGIN");
      try {
        await db.exec(m.sql);
        await db.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
          [id, m.checksum, m.name],
        );
        await db.exec("COMMIT");
      } catch (error) {
        await db.exec("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${(error as Error).message}`);
      }
      newlyApplied.push(m.name);
    }
    return newlyApplied;
  } finally {
    if (opts.advisoryLock) await db.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
  }
}

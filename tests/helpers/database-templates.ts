// Vitest global setup of the integration project: on embedded PGlite, one migrated database and
// one with the catalogue and quiz bank seeded, made once per run and written as data-directory
// dumps. Each test file then loads a copy into memory instead of running initdb, every migration
// and the seed again (about 4 s a file); the copies hold exactly what a fresh database holds after
// the same steps, made from this run's code. On PostgreSQL, CREATE DATABASE and the migrations are
// fast already, so each file makes its own.
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { seedCatalogueAndSettings } from "../../prisma/seed.ts";
import { openDatabase } from "../../server/db.ts";
import { postgresAdminUrl, testEngine } from "./test-db.ts";

export type DatabaseTemplates = { migrated: string; catalogue: string };

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplates: DatabaseTemplates | null;
    /** The migrated PostgreSQL database each file's database is copied from, on that engine. */
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  if (testEngine !== "pglite") {
    project.provide("pgliteTemplates", null);
    const template = await migratedPostgresTemplate();
    project.provide("postgresTemplate", template);
    return () => runAdmin(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  }
  project.provide("postgresTemplate", null);
  const dir = path.resolve(import.meta.dirname, "../../tmp", `test-templates-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const templates = { migrated: path.join(dir, "migrated.tar.gz"), catalogue: path.join(dir, "catalogue.tar.gz") };
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await database.writeSnapshot(templates.migrated);
    await seedCatalogueAndSettings(database.prisma);
    await database.writeSnapshot(templates.catalogue);
  } finally {
    await database.close();
  }
  project.provide("pgliteTemplates", templates);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function runAdmin(sql: string) {
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A database migrated by this run's code, left without connections so that it can be copied. */
async function migratedPostgresTemplate(): Promise<string> {
  const name = `test_template_${process.pid}_${randomBytes(4).toString("hex")}`;
  await runAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await database.close();
  return name;
}

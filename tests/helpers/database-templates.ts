// Vitest global setup of the integration project: on embedded PGlite, one migrated database and
// one with the catalogue and quiz bank seeded, made once per run and written as data-directory
// dumps. Each test file then loads a copy into memory instead of running initdb, every migration
// and the seed again (about 4 s a file); the copies hold exactly what a fresh database holds after
// the same steps, made from this run's code. On PostgreSQL, CREATE DATABASE and the migrations are
// fast already, so each file makes its own.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { seedCatalogueAndSettings } from "../../prisma/seed.ts";
import { openDatabase } from "../../server/db.ts";
import { testEngine } from "./test-db.ts";

export type DatabaseTemplates = { migrated: string; catalogue: string };

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplates: DatabaseTemplates | null;
  }
}

export default async function setup(project: TestProject) {
  if (testEngine !== "pglite") {
    project.provide("pgliteTemplates", null);
    return;
  }
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

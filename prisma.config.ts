// Configuration for the Prisma CLI only (generate, migrate diff/status). The server applies
// migrations itself, in process, so no second process ever opens the embedded data directory.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { defineConfig } from "prisma/config";

function pgliteLocation(): string {
  if (process.env.PRISMA_PGLITE_DIR === "memory://") return "memory://";
  const dir = process.env.PRISMA_PGLITE_DIR ?? path.join(process.env.DATA_DIR ?? "./data", "pglite");
  mkdirSync(dir, { recursive: true });
  return dir;
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  adapter: async () =>
    process.env.DATABASE_URL
      ? new PrismaPg({ connectionString: process.env.DATABASE_URL })
      : // Typed against an older driver-adapter-utils than the CLI; the runtime interface matches.
        (new PrismaPGlite(new PGlite(pgliteLocation(), { extensions: { btree_gist } })) as unknown as PrismaPg),
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});

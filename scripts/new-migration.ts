// Writes a new migration by diffing the last committed schema against the current one, because
// `prisma migrate dev` cannot replay migrations here: `npm run db:new-migration -- add_thing`.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_").toLowerCase();
if (!name) {
  console.error("usage: npm run db:new-migration -- <name>");
  process.exit(1);
}
const root = path.resolve(import.meta.dirname, "..");
const previous = path.join(mkdtempSync(path.join(tmpdir(), "schema-")), "schema.prisma");
writeFileSync(previous, execFileSync("git", ["show", "HEAD:prisma/schema.prisma"], { cwd: root }));
const sql = execFileSync(
  "npx",
  [
    "prisma",
    "migrate",
    "diff",
    "--from-schema-datamodel",
    previous,
    "--to-schema-datamodel",
    "prisma/schema.prisma",
    "--script",
  ],
  { cwd: root, env: { ...process.env, PRISMA_PGLITE_DIR: "memory://" }, encoding: "utf8" },
);
if (!sql.trim() || /This is an empty migration/.test(sql)) {
  console.log("No schema changes since the last commit.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(root, "prisma/migrations", `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "migration.sql"), sql);
console.log(`Wrote ${path.relative(root, dir)}/migration.sql; review it, then restart the server to apply it.`);

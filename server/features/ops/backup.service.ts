// Backups: one dated .tar.gz holding a consistent database snapshot (PGlite's data directory, or a
// pg_dump archive) and the upload directory. With DATABASE_URL the uploads' bytes are rows of the
// database (decision 0009), so the snapshot holds them; the directory holds only files not yet
// moved in. Restores go into an empty data directory or an empty PostgreSQL database only, so a
// restore can never silently merge into live data.
import "../../db/wasm-code-gc.ts";
import { execFile } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import pg from "pg";
import type { Database } from "../../db.ts";
import { countUploadsInDatabase } from "../files/files.data.ts";

const run = promisify(execFile);

export type BackupManifest = {
  format: 1;
  createdAt: string;
  engine: "pglite" | "postgresql";
  database: "database.tar.gz" | "database.pgdump";
  /** Files in the archive's uploads/ plus the uploads whose bytes are in its database snapshot. */
  uploads: number;
};

const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[:.]/g, "-")
    .replace(/-\d{3}Z$/, "Z");

/**
 * Writes `<outDir>/backup-<UTC time>.tar.gz`. The database is snapshotted first and the uploads
 * copied after: every file a snapshotted row points at was written before that row, so it is in
 * the archive.
 */
export async function createBackupArchive(
  database: Database,
  opts: { uploadsDir: string; outDir: string; now?: Date },
): Promise<string> {
  const now = opts.now ?? new Date();
  mkdirSync(opts.outDir, { recursive: true });
  const work = mkdtempSync(path.join(tmpdir(), "backup-"));
  try {
    const databaseFile = database.engine === "pglite" ? "database.tar.gz" : "database.pgdump";
    await database.writeSnapshot(path.join(work, databaseFile));
    // Counted after the snapshot: an upload that arrives meanwhile is counted and not in it.
    let uploads = await countUploadsInDatabase(database.prisma);
    if (existsSync(opts.uploadsDir)) {
      await run("cp", ["-a", opts.uploadsDir, path.join(work, "uploads")]);
      uploads += readdirSync(path.join(work, "uploads")).length;
    } else {
      mkdirSync(path.join(work, "uploads"));
    }
    const manifest: BackupManifest = {
      format: 1,
      createdAt: now.toISOString(),
      engine: database.engine,
      database: databaseFile,
      uploads,
    };
    writeFileSync(path.join(work, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const target = path.join(opts.outDir, `backup-${stamp(now)}.tar.gz`);
    const partial = `${target}.partial`;
    await run("tar", ["-czf", partial, "-C", work, "manifest.json", databaseFile, "uploads"]);
    renameSync(partial, target); // a backup file that exists is a complete one
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export class RestoreRefusedError extends Error {}

async function unpack(archive: string) {
  const work = mkdtempSync(path.join(tmpdir(), "restore-"));
  await run("tar", ["-xzf", archive, "-C", work]);
  const manifest = JSON.parse(readFileSync(path.join(work, "manifest.json"), "utf8")) as BackupManifest;
  if (manifest.format !== 1) throw new RestoreRefusedError(`Unknown backup format ${manifest.format}.`);
  return { work, manifest };
}

function restoreUploads(work: string, uploadsDir: string) {
  const from = path.join(work, "uploads");
  if (existsSync(uploadsDir) && readdirSync(uploadsDir).length > 0) {
    throw new RestoreRefusedError(`${uploadsDir} is not empty: restore into an empty data directory.`);
  }
  mkdirSync(path.dirname(uploadsDir), { recursive: true });
  rmSync(uploadsDir, { recursive: true, force: true });
  return run("cp", ["-a", from, uploadsDir]);
}

/** Restores a PGlite backup into `dataDir`, which must not hold a database yet. */
export async function restoreIntoDataDir(archive: string, dataDir: string): Promise<BackupManifest> {
  const pgliteDir = path.join(dataDir, "pglite");
  if (existsSync(path.join(pgliteDir, "PG_VERSION"))) {
    throw new RestoreRefusedError(`${dataDir} already holds a database: restore into an empty data directory.`);
  }
  if (existsSync(path.join(dataDir, "server.lock"))) throw new RestoreRefusedError(`${dataDir} is in use by a server.`);
  const { work, manifest } = await unpack(archive);
  try {
    if (manifest.engine !== "pglite") {
      throw new RestoreRefusedError("This backup is of a PostgreSQL server: restore it with DATABASE_URL set.");
    }
    await restoreUploads(work, path.join(dataDir, "uploads"));
    const blob = new Blob([readFileSync(path.join(work, manifest.database))]);
    const scratch = `${pgliteDir}.restoring`;
    rmSync(scratch, { recursive: true, force: true });
    mkdirSync(scratch, { recursive: true });
    const restored = await PGlite.create(scratch, { loadDataDir: blob, extensions: { btree_gist } });
    await restored.query("SELECT 1");
    await restored.close();
    rmSync(pgliteDir, { recursive: true, force: true });
    renameSync(scratch, pgliteDir);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Restores a pg_dump backup into an empty PostgreSQL database (no tables in public) and its uploads. */
export async function restoreIntoPostgres(
  archive: string,
  databaseUrl: string,
  uploadsDir: string,
): Promise<BackupManifest> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
    );
    if (rows[0].n > 0)
      throw new RestoreRefusedError("The target database is not empty: restore into a new, empty database.");
  } finally {
    await client.end();
  }
  const { work, manifest } = await unpack(archive);
  try {
    if (manifest.engine !== "postgresql") {
      throw new RestoreRefusedError(
        "This backup is of the embedded database: restore it without DATABASE_URL, into a data directory.",
      );
    }
    await restoreUploads(work, uploadsDir);
    await run("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      `--dbname=${databaseUrl}`,
      path.join(work, manifest.database),
    ]);
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

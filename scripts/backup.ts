// `npm run backup`: a dated archive of the database and the uploads in DATA_DIR/backups (or the
// folder given as the first argument). Works while the server runs: with the embedded database
// it asks the running server (the only process that may read it); with DATABASE_URL it runs
// pg_dump, which holds the uploaded files too (decision 0009).
import { copyFileSync, existsSync, mkdirSync, readFileSync, unlinkSync } from "node:fs";
import path from "node:path";
import { openDatabase } from "../server/db.ts";
import { parseEnv } from "../server/env.ts";
import { createBackupArchive } from "../server/features/ops/backup.service.ts";

const env = parseEnv();
const dataDir = path.resolve(env.DATA_DIR);
const outDir = path.resolve(process.argv[2] ?? path.join(dataDir, "backups"));
const uploadsDir = path.join(dataDir, "uploads");

async function viaRunningServer(): Promise<string | null> {
  const controlFile = path.join(dataDir, "control.json");
  if (env.DATABASE_URL || !existsSync(controlFile)) return null;
  const control = JSON.parse(readFileSync(controlFile, "utf8")) as { pid: number; url: string; token: string };
  try {
    process.kill(control.pid, 0);
  } catch {
    return null; // a stale file from a crashed server: open the database directly
  }
  const response = await fetch(`${control.url}/api/internal/backup`, {
    method: "POST",
    headers: { authorization: `Bearer ${control.token}` },
  });
  if (!response.ok) throw new Error(`The running server refused the backup (HTTP ${response.status}).`);
  const { file } = (await response.json()) as { file: string };
  return file;
}

let file = await viaRunningServer();
if (file) {
  if (path.dirname(file) !== outDir) {
    // The server writes inside its own DATA_DIR/backups; move the archive where it was asked for.
    mkdirSync(outDir, { recursive: true });
    const moved = path.join(outDir, path.basename(file));
    copyFileSync(file, moved);
    unlinkSync(file);
    file = moved;
  }
  console.log(`Backup written by the running server: ${file}`);
} else {
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir });
  try {
    file = await createBackupArchive(database, { uploadsDir, outDir });
  } finally {
    await database.close();
  }
  console.log(`Backup written: ${file}`);
}

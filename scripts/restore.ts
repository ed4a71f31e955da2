// `npm run restore FILE`: brings a backup back into an empty DATA_DIR (embedded database) or, with
// DATABASE_URL, into an empty PostgreSQL database, whose rows hold the uploaded files (files the
// archive holds outside it go to DATA_DIR/uploads and move into the database when the server
// starts). Start the server afterwards; pending migrations apply at start as usual.
import path from "node:path";
import { parseEnv } from "../server/env.ts";
import { RestoreRefusedError, restoreIntoDataDir, restoreIntoPostgres } from "../server/features/ops/backup.service.ts";

const archive = process.argv[2];
if (!archive) {
  console.error("usage: npm run restore -- <backup-file.tar.gz>");
  process.exit(1);
}
const env = parseEnv();
const dataDir = path.resolve(env.DATA_DIR);
try {
  const manifest = env.DATABASE_URL
    ? await restoreIntoPostgres(path.resolve(archive), env.DATABASE_URL, path.join(dataDir, "uploads"))
    : await restoreIntoDataDir(path.resolve(archive), dataDir);
  console.log(
    `Restored the ${manifest.engine} backup of ${manifest.createdAt} (${manifest.uploads} uploaded files) into ${env.DATABASE_URL ? "the PostgreSQL database" : dataDir}.`,
  );
} catch (error) {
  console.error(error instanceof RestoreRefusedError ? `Restore refused: ${error.message}` : error);
  process.exit(1);
}

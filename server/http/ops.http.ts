// Operations endpoints for local tools, not for browsers: `npm run backup` asks the running server
// for a snapshot because only the process holding the embedded database may read it. Guarded by
// a random token that only the server's own user can read (DATA_DIR/control.json, mode 0600).
import { timingSafeEqual } from "node:crypto";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db.ts";
import { createBackupArchive } from "../features/ops/backup.service.ts";

export type OpsOptions = { database: Database; dataDir: string; token: string };

function tokenMatches(header: string | undefined, token: string) {
  const given = Buffer.from(header?.replace(/^Bearer /, "") ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function opsRoutes(app: FastifyInstance, opts: OpsOptions) {
  app.post("/api/internal/backup", async (request, reply) => {
    // Unknown to anyone without the token: the same 404 as any missing route.
    if (!tokenMatches(request.headers.authorization, opts.token)) return reply.code(404).send({ error: "Not found." });
    // A large database takes longer than the idle-socket timeout that protects ordinary routes.
    request.raw.socket.setTimeout(30 * 60_000);
    const file = await createBackupArchive(opts.database, {
      uploadsDir: path.join(opts.dataDir, "uploads"),
      outDir: path.join(opts.dataDir, "backups"),
    });
    return { file };
  });
}

// GET /api/health: asks the database, not a procedure, so a plain route (decision 0006).
import type { FastifyInstance } from "fastify";
import type { Database } from "../db.ts";

export async function healthRoute(app: FastifyInstance, opts: { database: Database }) {
  app.get("/api/health", async (_request, reply) => {
    const ok = await opts.database.ping();
    return reply.code(ok ? 200 : 503).send({ status: ok ? "ok" : "unavailable" });
  });
}

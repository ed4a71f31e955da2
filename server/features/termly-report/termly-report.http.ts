// The termly report over HTTP (issue 31, item 5). Sending it is a procedure with a REST row; the
// PDF is a download (decision 0006), a plain route beside it, for the teacher only.
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db.ts";
import { type ProcedureRoute, route } from "../../http/procedure-routes.ts";
import { requireAdmin } from "../auth/roles.ts";
import { parseTermlyQuery, termlyReportFile } from "./termly-report.service.ts";

export const termlyReportProcedureRoutes: ProcedureRoute[] = [
  route("POST", "/api/admin/students/:id/report", "admin.termlyReport.send", {
    input: ({ params, body }) => ({ id: params.id, data: body ?? {} }),
  }),
];

/** `GET /api/admin/students/{id}/report.pdf?from=&to=&learner_id=&comment=`: the preview, shown in the browser. */
export async function termlyReportFileRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  app.get("/api/admin/students/:id/report.pdf", async (request, reply) => {
    await requireAdmin(request.sessionUser);
    const { id } = request.params as { id: string };
    const { pdf, fileName } = await termlyReportFile(db, id, parseTermlyQuery(request.query));
    return reply
      .header("Content-Disposition", `inline; filename="${fileName}"`)
      .header("Cache-Control", "private, no-store")
      .type("application/pdf")
      .send(pdf);
  });
}

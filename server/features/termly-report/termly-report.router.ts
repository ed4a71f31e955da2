// The termly report's procedures (issue 31, item 5), under `admin.termlyReport`: sending it to the
// family (POST /api/admin/students/{id}/report) and when it was last sent (the profile's card).
// The PDF itself is a download: a plain route (termly-report.http.ts).
import { z } from "zod";
import { adminProcedure, router } from "../../trpc/init.ts";
import { idempotencyKeyOf, oncePerKey } from "../booking/idempotency.service.ts";
import { termlyReportSendSchema } from "./termly-report.schemas.ts";
import { sendTermlyReport, termlyReportStatus } from "./termly-report.service.ts";

export const termlyReportRouter = router({
  // A double tap with the same Idempotency-Key (the page sends one per send) is one mail: the
  // second call replays the first's answer, and the key names the outbox row too.
  send: adminProcedure.input(termlyReportSendSchema).mutation(({ ctx, input }) => {
    const { idempotency_key, ...query } = input.data;
    const requestKey = idempotencyKeyOf(ctx.headers, idempotency_key);
    return oncePerKey(
      { ...ctx, userId: ctx.admin.id },
      "admin.termlyReport.send",
      { ...input.data, id: input.id },
      () => sendTermlyReport(ctx.db, input.id, query, { publicUrl: ctx.env.PUBLIC_URL, requestKey }),
    );
  }),
  status: adminProcedure
    .input(z.object({ student_id: z.string().max(100), learner_id: z.string().max(100).optional() }))
    .query(({ ctx, input }) => termlyReportStatus(ctx.db, input.student_id, input.learner_id)),
});

// Every spec /api path that is a procedure, in one table: app.ts registers it, and
// tests/integration/rest-parity.int.test.ts walks it. Each feature keeps its rows beside its router
// (server/features/<area>/<area>.http.ts). Paths that are no procedure (OAuth redirects, uploads,
// downloads, calendar files, the data export, logout, health) stay plain Fastify routes in
// server/http/, each named in docs/decisions/0006.
import { adminProcedureRoutes } from "../features/admin/admin.http.ts";
import { authProcedureRoutes } from "../features/auth/auth.http.ts";
import { availabilityProcedureRoutes } from "../features/availability/availability.http.ts";
import { bookingProcedureRoutes, catalogueProcedureRoutes } from "../features/booking/booking.http.ts";
import { calendarsProcedureRoutes } from "../features/calendars/calendars.http.ts";
import { studentProcedureRoutes } from "../features/portal/portal.http.ts";
import { quizProcedureRoutes } from "../features/quiz/quiz.http.ts";
import { termlyReportProcedureRoutes } from "../features/termly-report/termly-report.http.ts";
import type { ProcedureRoute } from "./procedure-routes.ts";

export const procedureRoutes: readonly ProcedureRoute[] = [
  ...catalogueProcedureRoutes,
  ...authProcedureRoutes,
  ...bookingProcedureRoutes,
  ...studentProcedureRoutes,
  ...quizProcedureRoutes,
  ...adminProcedureRoutes,
  ...termlyReportProcedureRoutes,
  ...availabilityProcedureRoutes,
  ...calendarsProcedureRoutes,
];

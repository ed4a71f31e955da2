// Every spec /api path that is a procedure, in one table: app.ts registers it, and
// tests/integration/rest-parity.int.test.ts walks it. Paths that are no procedure (OAuth
// redirects, uploads, downloads, calendar files, the data export, logout) stay plain Fastify
// routes in their own files.
import { availabilityProcedureRoutes } from "../features/availability/availability.http.ts";
import { adminProcedureRoutes } from "./admin.http.ts";
import { authProcedureRoutes } from "./auth.http.ts";
import { bookingProcedureRoutes } from "./bookings.http.ts";
import type { ProcedureRoute } from "./procedure-routes.ts";
import { publicProcedureRoutes } from "./public.http.ts";
import { quizProcedureRoutes } from "./quiz.http.ts";
import { studentProcedureRoutes } from "./student.http.ts";

export const procedureRoutes: readonly ProcedureRoute[] = [
  ...publicProcedureRoutes,
  ...authProcedureRoutes,
  ...bookingProcedureRoutes,
  ...studentProcedureRoutes,
  ...quizProcedureRoutes,
  ...adminProcedureRoutes,
  ...availabilityProcedureRoutes,
];

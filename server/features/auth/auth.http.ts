// The auth router's REST rows. The sign-in redirects, callbacks and logout are plain routes
// (server/http/auth.http.ts).
import { type ProcedureRoute, route } from "../../http/procedure-routes.ts";

/** Who is signed in: the auth router's status procedures. */
export const authProcedureRoutes: ProcedureRoute[] = [
  route("GET", "/api/auth/status", "auth.adminStatus"),
  route("GET", "/api/student-auth/status", "auth.studentStatus"),
];

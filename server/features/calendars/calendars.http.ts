// The teacher's calendars as REST rows, mapped onto admin.calendars.
import { type ProcedureRoute, route } from "../../http/procedure-routes.ts";

export const calendarsProcedureRoutes: ProcedureRoute[] = [
  route("GET", "/api/admin/calendars", "admin.calendars.list"),
  route("POST", "/api/admin/calendars", "admin.calendars.add", {
    input: ({ body }) => body,
    body: (output, { reply }) => {
      reply.code(201);
      return { success: true, ...output };
    },
  }),
  // The calendars a CalDAV account holds, to choose one before adding it.
  route("POST", "/api/admin/calendars/discover", "admin.calendars.discover", { input: ({ body }) => body }),
  route("PUT", "/api/admin/calendars/settings", "admin.calendars.setSyncEvery", { input: ({ body }) => body }),
  route("PUT", "/api/admin/calendars/:id", "admin.calendars.update", {
    input: ({ params, body }) => ({ ...(body && typeof body === "object" ? body : {}), id: params.id }),
  }),
  route("DELETE", "/api/admin/calendars/:id", "admin.calendars.remove", { input: ({ params }) => ({ id: params.id }) }),
  route("POST", "/api/admin/calendars/:id/sync", "admin.calendars.sync", {
    input: ({ params }) => ({ id: params.id }),
  }),
];

// The availability procedures' REST rows (spec §7): a visitor's request for other times, and the
// teacher's own slots. GET /api/availability (two answers by who asks) stays a plain route in
// server/http/availability-grid.http.ts.
import { type ProcedureRoute, route } from "../../http/procedure-routes.ts";

export const availabilityProcedureRoutes: ProcedureRoute[] = [
  route("POST", "/api/bookings/availability-request", "booking.requestCustomAvailability", {
    input: ({ body }) => body,
  }),
  route("GET", "/api/admin/availability", "admin.availability.list", { input: ({ query }) => query }),
  // POST /api/availability and friends: the teacher's own availability.
  route("POST", "/api/availability", "admin.availability.create", { input: ({ body }) => body }),
  route("POST", "/api/availability/bulk", "admin.availability.bulk", { input: ({ body }) => body }),
  // The standing weekly schedule that /bulk sets: read it, or end it (future unbooked slots go).
  route("GET", "/api/availability/schedule", "admin.availability.schedule"),
  route("DELETE", "/api/availability/schedule", "admin.availability.removeSchedule", {
    input: ({ query }) => ({ from: query.from }),
  }),
  route("POST", "/api/availability/days-off", "admin.availability.daysOff", { input: ({ body }) => body }),
  route("DELETE", "/api/availability/:id", "admin.availability.deleteSlot", {
    input: ({ params }) => ({ id: params.id }),
  }),
  route("DELETE", "/api/availability/series/:seriesId", "admin.availability.deleteSeries", {
    input: ({ params, query }) => ({ seriesId: params.seriesId, from: query.from ?? new Date().toISOString() }),
  }),
  // Italy's public holidays of a year (named in the page's language, else the teacher's), and all
  // of them marked as days off in one action.
  route("GET", "/api/admin/holidays", "admin.holidays.list", { input: ({ query }) => query }),
  route("POST", "/api/admin/holidays/apply", "admin.holidays.markDaysOff", { input: ({ body }) => body }),
];

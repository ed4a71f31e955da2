// The spec's admin calls (§7) as mappings onto the tRPC admin router: the role check (admin re-read
// from the database on every call), validation and errors are the procedures'. GET
// /api/admin/public-config is public and lives in booking/booking.http.ts.
import { type ProcedureRoute, route } from "../../http/procedure-routes.ts";

/** `{ success: true, ...answer }`: the spec's body for a write that returns what it wrote. */
const succeeded = <T extends object>(output: T) => ({ success: true, ...output });

export const adminProcedureRoutes: ProcedureRoute[] = [
  route("GET", "/api/admin/dashboard", "admin.dashboardStats", { body: (stats) => ({ stats }) }),

  route("GET", "/api/admin/bookings", "admin.bookings.list", { input: ({ query }) => query }),
  // Issue 32, item 6: the teacher books for a learner or a new student (201).
  route("POST", "/api/admin/bookings", "admin.bookings.create", {
    input: ({ body }) => body,
    body: (output, { reply }) => {
      reply.code(201);
      return succeeded(output);
    },
  }),
  route("GET", "/api/admin/bookings/:id", "admin.bookings.get", {
    input: ({ params }) => ({ id: params.id }),
    body: (booking) => ({ booking }),
  }),
  route("PUT", "/api/admin/bookings/:id", "admin.bookings.update", {
    input: ({ params, body }) => ({ id: params.id, data: body }),
    body: succeeded,
  }),
  // Issue 31: `{ status: "attended" | "no_show" | "late_cancellation" }`, refused before the start.
  route("POST", "/api/admin/bookings/:id/attendance", "admin.bookings.attendance", {
    input: ({ params, body }) => ({ id: params.id, data: body }),
    body: succeeded,
  }),
  // Issue 31, item 2: `{ summary, homework?, homeworkDue?, homeworkLink?, homeworkFileId?, nextFocus?,
  // skills?: [{ skill, level }], sendAgain? }`, refused before the start; emailed on the first save.
  route("PUT", "/api/admin/bookings/:id/report", "admin.bookings.saveReport", {
    input: ({ params, body }) => ({ id: params.id, data: body }),
    body: succeeded,
  }),

  // Issue 16: lessons grouped by order; a whole order confirmed or declined, payments recorded.
  route("GET", "/api/admin/orders", "admin.orders.list", { input: ({ query }) => query }),
  route("GET", "/api/admin/orders/:id", "admin.orders.get", { input: ({ params }) => ({ id: params.id }) }),
  route("PUT", "/api/admin/orders/:id", "admin.orders.update", {
    input: ({ params, body }) => ({ id: params.id, data: body }),
    body: succeeded,
  }),
  route("PUT", "/api/admin/orders/:id/payment", "admin.orders.recordPayment", {
    input: ({ params, body }) => ({ id: params.id, data: body }),
    body: succeeded,
  }),
  // Issue 30: payments as a list. An entry added (201), or one reversed by its opposite.
  route("POST", "/api/admin/orders/:id/payments", "admin.orders.addPayment", {
    input: ({ params, body }) => ({ id: params.id, data: body }),
    body: (output, { reply }) => {
      reply.code(201);
      return succeeded(output);
    },
  }),
  route("POST", "/api/admin/orders/:id/payments/:paymentId/reverse", "admin.orders.reversePayment", {
    input: ({ params, body }) => ({ id: params.id, paymentId: params.paymentId, data: body ?? {} }),
    body: (output, { reply }) => {
      reply.code(201);
      return succeeded(output);
    },
  }),

  // Issue 30: the documents issued; those an order's payments still lack, issued now (201).
  route("GET", "/api/admin/documents", "admin.documents.list", { input: ({ query }) => query }),
  route("POST", "/api/admin/orders/:id/documents", "admin.documents.issue", {
    input: ({ params }) => ({ id: params.id }),
    body: (output, { reply }) => {
      reply.code(201);
      return succeeded(output);
    },
  }),

  // Issue 30: the money view, per month (`?from=2026-01&to=2026-12`, or `?year=2026`).
  route("GET", "/api/admin/money", "admin.money", { input: ({ query }) => query }),

  // Issue 27: the accounts holding pending lessons, how many, and their oldest request.
  route("GET", "/api/admin/pending-holders", "admin.pendingHolders"),

  route("GET", "/api/admin/emails", "admin.emails.list", { input: ({ query }) => query }),
  route("POST", "/api/admin/emails/:id/retry", "admin.emails.retry", { input: ({ params }) => ({ id: params.id }) }),

  route("GET", "/api/admin/calendar-feed", "admin.calendarFeed.get"),
  route("POST", "/api/admin/calendar-feed/reset", "admin.calendarFeed.reset"),

  route("GET", "/api/admin/teachers", "admin.teachers"),
  route("GET", "/api/admin/students", "admin.students", { input: ({ query }) => query }),

  // Issue 30: a student's lesson ledger; an adjustment answers the ledger it leaves (201).
  route("GET", "/api/admin/students/:id/credits", "admin.credits.get", { input: ({ params }) => ({ id: params.id }) }),
  route("POST", "/api/admin/students/:id/credits", "admin.credits.adjust", {
    input: ({ params, body }) => ({ id: params.id, data: body }),
    body: (output, { reply }) => {
      reply.code(201);
      return succeeded(output);
    },
  }),

  // Issue 31, item 7: a weekly cap on a family (the account) or on one of its learners.
  route("PUT", "/api/admin/students/:id/weekly-cap", "admin.weeklyCap.family", {
    input: ({ params, body }) => ({ id: params.id, data: body }),
  }),
  route("PUT", "/api/admin/learners/:id/weekly-cap", "admin.weeklyCap.learner", {
    input: ({ params, body }) => ({ id: params.id, data: body }),
  }),

  // Issue 31, item 4: the teacher's glance at her students' levels.
  route("GET", "/api/admin/progress", "admin.progress"),

  route("GET", "/api/admin/settings", "admin.settings.get"),
  route("PUT", "/api/admin/settings", "admin.settings.update", { input: ({ body }) => body, body: succeeded }),

  route("GET", "/api/admin/student-notes", "admin.notes.list", { input: ({ query }) => query }),
  route("GET", "/api/admin/student-notes/tags/all", "admin.notes.tags"),
  route("POST", "/api/admin/student-notes", "admin.notes.create", { input: ({ body }) => body, body: succeeded }),
  route("GET", "/api/admin/student-notes/:id", "admin.notes.get", { input: ({ params }) => ({ id: params.id }) }),
  route("PUT", "/api/admin/student-notes/:id", "admin.notes.update", {
    input: ({ params, body }) => ({ id: params.id, data: body }),
    body: succeeded,
  }),
  route("DELETE", "/api/admin/student-notes/:id", "admin.notes.delete", { input: ({ params }) => ({ id: params.id }) }),

  route("GET", "/api/admin/shared-files", "admin.files.list", { input: ({ query }) => query }),
  route("POST", "/api/admin/shared-files", "admin.files.create", { input: ({ body }) => body, body: succeeded }),
  route("PUT", "/api/admin/shared-files/:id", "admin.files.update", {
    input: ({ params, body }) => ({ id: params.id, data: body }),
    body: succeeded,
  }),
  route("DELETE", "/api/admin/shared-files/:id", "admin.files.delete", { input: ({ params }) => ({ id: params.id }) }),

  route("GET", "/api/admin/inbox", "admin.inbox.list", { input: ({ query }) => query }),
  route("POST", "/api/admin/inbox/:kind/:id/handled", "admin.inbox.markHandled", {
    input: ({ params, body }) => ({ ...(body as object), kind: params.kind, id: params.id }),
  }),
];

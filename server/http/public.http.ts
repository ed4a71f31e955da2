// The spec's public calls: the catalogue and the contact details as mappings onto the booking
// router's procedures, and the health check (which asks the database, not a procedure).
import type { FastifyInstance } from "fastify";
import type { Database } from "../db.ts";
import { type ProcedureRoute, route } from "./procedure-routes.ts";

export const publicProcedureRoutes: ProcedureRoute[] = [
  route("GET", "/api/pricing/packages", "booking.packages", { body: (packages) => ({ packages }) }),
  route("GET", "/api/pricing/packages/:id", "booking.package", {
    input: ({ params }) => ({ id: params.id }),
    body: (pkg) => ({ packages: [pkg] }),
  }),
  route("GET", "/api/pricing/teachers", "booking.teachers", { body: (teachers) => ({ teachers }) }),
  route("GET", "/api/group-conversation/events", "booking.groupEvents", { body: (events) => ({ events }) }),
  route("GET", "/api/group-conversation/packages", "booking.groupPackages", { body: (packages) => ({ packages }) }),
  route("GET", "/api/admin/public-config", "booking.publicContact", { body: (contact) => ({ contact }) }),
  route("GET", "/api/debug/contact-info", "booking.publicContact", {
    body: (contact) => ({ success: true, adminEmail: contact.email, adminPhoneNumber: contact.phone, error: null }),
  }),
];

export async function healthRoute(app: FastifyInstance, opts: { database: Database }) {
  app.get("/api/health", async (_request, reply) => {
    const ok = await opts.database.ping();
    return reply.code(ok ? 200 : 503).send({ status: ok ? "ok" : "unavailable" });
  });
}

// Public REST adapters of the spec: catalogue, contact, health. They call the same services as
// the booking router.
import type { FastifyInstance } from "fastify";
import type { Database } from "../db.ts";
import type { Env } from "../env.ts";
import {
  getPackage,
  listGroupConversationEvents,
  listGroupConversationPackages,
  listPackages,
  listTeachers,
} from "../features/booking/catalogue.service.ts";
import { getPublicContact } from "../features/booking/contact.service.ts";

export async function publicRoutes(app: FastifyInstance, opts: { database: Database; env: Env }) {
  const db = opts.database.prisma;
  const fallback = { email: opts.env.CONTACT_EMAIL, phone: opts.env.CONTACT_PHONE };

  app.get("/api/health", async (_request, reply) => {
    const ok = await opts.database.ping();
    return reply.code(ok ? 200 : 503).send({ status: ok ? "ok" : "unavailable" });
  });

  app.get("/api/pricing/packages", async () => ({ packages: await listPackages(db) }));
  app.get<{ Params: { id: string } }>("/api/pricing/packages/:id", async (request) => ({
    packages: [await getPackage(db, request.params.id)],
  }));
  app.get("/api/pricing/teachers", async () => ({ teachers: await listTeachers(db) }));
  app.get("/api/group-conversation/events", async () => ({ events: await listGroupConversationEvents(db) }));
  app.get("/api/group-conversation/packages", async () => ({ packages: await listGroupConversationPackages(db) }));

  app.get("/api/admin/public-config", async () => ({ contact: await getPublicContact(db, fallback) }));
  app.get("/api/debug/contact-info", async () => {
    const contact = await getPublicContact(db, fallback);
    return { success: true, adminEmail: contact.email, adminPhoneNumber: contact.phone, error: null };
  });
}

// Calendar files (plain routes, decision 0006): the subscription feed GET
// /api/calendar/feed/{token}.ics (no session: calendar apps poll it with the token alone; rate
// limited per client address, never stored by shared caches), and a lesson's or an order's file.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db.ts";
import type { Env } from "../env.ts";
import { getBookingIcs } from "../features/booking/booking.service.ts";
import { getOrderIcs } from "../features/booking/order.service.ts";
import { renderFeed } from "../features/calendar/calendar-feed.service.ts";
import type { RateLimiter } from "../plugins/rate-limit.ts";

export async function calendarRoutes(app: FastifyInstance, opts: { db: Db; env: Env; rateLimiter: RateLimiter }) {
  // Per client address (plugins/rate-limit.ts): generous for a poller, tight for a token guesser.
  const feed = { config: { rateLimit: "calendar-feed" } } as const;
  app.get<{ Params: { file: string } }>("/api/calendar/feed/:file", feed, async (request, reply) => {
    const token = request.params.file.replace(/\.ics$/, "");
    const body = await renderFeed(opts.db, token, opts.env.PUBLIC_URL);
    return reply
      .header("Content-Type", "text/calendar; charset=utf-8")
      .header("Content-Disposition", 'inline; filename="english-lessons.ics"')
      .header("Cache-Control", "private, max-age=300")
      .header("X-Robots-Tag", "noindex")
      .send(body);
  });
}

/** A lesson's (or an order's) calendar file. */
export async function calendarFileRoutes(app: FastifyInstance, opts: { db: Db; env: Env }) {
  const { db } = opts;
  const icsHost = new URL(opts.env.PUBLIC_URL).hostname;

  // A lesson's file, and (issue 16) one file with every lesson of an order: for its student and admins only.
  const calendarFile = (load: typeof getBookingIcs) =>
    async function sendCalendarFile(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
      const [student, admin] = await Promise.all([request.sessionUser("student"), request.sessionUser("admin")]);
      const viewer = { studentId: student?.id ?? null, isAdmin: admin?.isAdmin === true };
      const { ics, filename } = await load(db, request.params.id, viewer, icsHost);
      return reply
        .header("Content-Type", "text/calendar; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${filename}"`)
        .header("Cache-Control", "private, no-store")
        .send(ics);
    };
  app.get("/api/calendar/booking/:id/ics", calendarFile(getBookingIcs));
  app.get("/api/calendar/order/:id/ics", calendarFile(getOrderIcs));
}

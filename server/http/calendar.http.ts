// GET /api/calendar/feed/{token}.ics: the subscription feed. No session: calendar apps poll it
// with the token alone. Rate limited per client address, and never stored by shared caches.
import type { FastifyInstance } from "fastify";
import type { Db } from "../db.ts";
import type { Env } from "../env.ts";
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

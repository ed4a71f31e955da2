// REST adapters for the spec's /api/student/* calls. Every route but validate-referral (used by
// the unguarded /ref page) needs a student session, and every service call is scoped by the
// session's user id: a foreign id in a path or body finds nothing and answers 404.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Db } from "../db.ts";
import type { Env } from "../env.ts";
import { AppError } from "../errors.ts";
import { getFeedStatus, resetFeed } from "../features/calendar/calendar-feed.service.ts";
import * as portal from "../features/portal/portal.service.ts";
import * as privacy from "../features/privacy/privacy.service.ts";
import type { RateLimiter } from "../plugins/rate-limit.ts";
import { clearSessionCookie } from "../plugins/session.ts";

type Options = { db: Db; env: Env; rateLimiter: RateLimiter; uploadDir: string };

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new AppError(
      "BAD_REQUEST",
      issue?.message && !issue.message.startsWith("Invalid") ? issue.message : "Invalid request.",
    );
  }
  return result.data;
}

export async function studentRoutes(app: FastifyInstance, opts: Options) {
  const { db, env } = opts;
  // Rate-limit buckets of plugins/rate-limit.ts, counted per account (per address for a visitor).
  const write = { config: { rateLimit: "write" } } as const;

  app.get<{ Params: { code: string } }>(
    "/validate-referral/:code",
    { config: { rateLimit: "code-lookup" } },
    async (request) => portal.validateReferralCode(db, request.params.code),
  );

  await app.register(async (scoped) => {
    const student = async (request: FastifyRequest) => {
      const user = await request.sessionUser("student");
      if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
      return user;
    };
    scoped.addHook("onRequest", async (request) => {
      await student(request);
    });

    scoped.get("/stats", async (request) => portal.getDashboardStats(db, (await student(request)).id));
    scoped.get("/profile", async (request) => ({ profile: await portal.getProfile(db, (await student(request)).id) }));
    scoped.put("/profile", write, async (request) => ({
      profile: await portal.saveProfile(
        db,
        (await student(request)).id,
        parse(portal.profileUpdateSchema, request.body),
      ),
    }));
    scoped.get("/lessons", async (request) => ({
      lessons: await portal.listLessons(
        db,
        (await student(request)).id,
        parse(portal.lessonsQuerySchema, request.query),
      ),
    }));
    scoped.get("/progress", async (request) => portal.getProgress(db, (await student(request)).id));

    scoped.get("/referrals", async (request) => portal.getReferralData(db, (await student(request)).id));
    scoped.post("/referrals", write, async (request, reply) => {
      const result = await portal.inviteFriend(
        db,
        await student(request),
        parse(portal.referralInviteSchema, request.body),
      );
      return reply.code(result.created ? 201 : 200).send(result);
    });

    scoped.get("/quiz-results", async (request) => portal.getQuizResults(db, (await student(request)).id));
    scoped.get("/resources", async (request) => portal.listResources(db, (await student(request)).id));
    scoped.get("/files", async (request) => portal.listFiles(db, (await student(request)).id));
    scoped.get("/notes", async (request) => portal.listNotes(db, (await student(request)).id));
    scoped.post("/files/access-log", write, async (request) =>
      portal.logFileAccess(db, (await student(request)).id, parse(portal.fileAccessSchema, request.body)),
    );

    scoped.get("/cancellation-summary", async (request) =>
      portal.getCancellationSummary(db, (await student(request)).id),
    );
    scoped.get<{ Params: { bookingId: string } }>("/can-cancel/:bookingId", async (request) =>
      portal.checkCancellation(db, (await student(request)).id, request.params.bookingId),
    );
    scoped.post("/request-cancellation", { config: { rateLimit: "request" } }, async (request) =>
      portal.requestCancellation(
        db,
        (await student(request)).id,
        parse(portal.cancellationRequestSchema, request.body),
        { publicUrl: env.PUBLIC_URL },
      ),
    );
    scoped.post("/rebook", { config: { rateLimit: "booking" } }, async (request) =>
      portal.rebookWithCredit(db, (await student(request)).id, parse(portal.rebookSchema, request.body), {
        publicUrl: env.PUBLIC_URL,
      }),
    );
    scoped.get("/cancellations", async (request) => portal.listCancellations(db, (await student(request)).id));

    // Data rights: a JSON copy of everything about the student, and erasure of the account.
    scoped.get("/export", async (request, reply) => {
      const data = await privacy.exportStudentData(db, (await student(request)).id);
      return reply
        .header("Content-Disposition", `attachment; filename="${privacy.exportFileName()}"`)
        .header("Cache-Control", "private, no-store")
        .type("application/json; charset=utf-8")
        .send(JSON.stringify(data, null, 2));
    });
    scoped.post("/delete-account", write, async (request, reply) => {
      const user = await student(request);
      const result = await privacy.deleteStudentAccount(
        db,
        user.id,
        parse(privacy.deleteAccountSchema, request.body ?? {}),
        { uploadDir: opts.uploadDir, env },
      );
      // The sessions went with the account; the cookie goes too.
      clearSessionCookie(reply, "student", env.isProduction);
      return result;
    });
    scoped.get("/calendar-feed", async (request) => getFeedStatus(db, (await student(request)).id, "student"));
    scoped.post("/calendar-feed/reset", write, async (request) =>
      resetFeed(db, (await student(request)).id, "student", env.PUBLIC_URL),
    );
  });
}

// REST adapters of the booking calls: validate, call the same services as booking.router.ts.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodType } from "zod";
import {
  availabilityQuerySchema,
  availabilityRequestSchema,
  groupConversationBookingSchema,
  packageBookingSchema,
  referralSignupSchema,
  singleBookingSchema,
  validatePriceSchema,
} from "../../shared/booking-schemas.ts";
import { BOOKING_UNAUTHORIZED_MESSAGE } from "../../shared/constants.ts";
import type { Db } from "../db.ts";
import type { Env } from "../env.ts";
import { AppError } from "../errors.ts";
import { getAdminAvailability } from "../features/booking/availability.service.ts";
import { type AvailabilityCache, cachedAvailability } from "../features/booking/availability-cache.ts";
import { createAvailabilityRequest } from "../features/booking/availability-request.service.ts";
import {
  bookGroupConversation,
  createBooking,
  createPackageBooking,
  getBooking,
  getBookingIcs,
} from "../features/booking/booking.service.ts";
import { validatePrice } from "../features/booking/pricing.service.ts";
import { registerReferralSignup } from "../features/booking/referral.service.ts";
import type { RateLimiter } from "../plugins/rate-limit.ts";

/** zod at the edge: the first problem, in words a person understands. */
function parseBody<T>(schema: ZodType<T>, body: unknown, fallback?: string): T {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (fallback) throw new AppError("BAD_REQUEST", fallback);
  const custom = issue?.message && !/^(Invalid input|Required)/.test(issue.message);
  throw new AppError("BAD_REQUEST", custom ? issue.message : `Invalid ${issue?.path.join(".") || "request"}.`);
}

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers["idempotency-key"];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) return null;
  if (key.length > 200)
    throw new AppError("BAD_REQUEST", "The Idempotency-Key header is too long (at most 200 characters).");
  return key;
}

export async function bookingRoutes(
  app: FastifyInstance,
  opts: { db: Db; env: Env; rateLimiter: RateLimiter; availabilityCache?: AvailabilityCache },
) {
  const { db } = opts;
  const icsHost = new URL(opts.env.PUBLIC_URL).hostname;

  // Every write names its rate-limit buckets (plugins/rate-limit.ts): per account, or per address
  // for visitors, counted with the tRPC twins.
  const booking = { config: { rateLimit: "booking" } } as const;

  const requireStudent = async (request: FastifyRequest) => {
    const student = await request.sessionUser("student");
    if (!student) throw new AppError("UNAUTHORIZED", BOOKING_UNAUTHORIZED_MESSAGE);
    return student;
  };
  const viewerOf = async (request: FastifyRequest) => {
    const [student, admin] = await Promise.all([request.sessionUser("student"), request.sessionUser("admin")]);
    return { studentId: student?.id ?? null, isAdmin: admin?.isAdmin === true };
  };

  // The admin calendar asks the same path for every slot in a range; everyone else gets the
  // bookable lessons of the two-week window.
  app.get<{ Querystring: Record<string, string | undefined> }>("/api/availability", async (request) => {
    const q = request.query;
    const query = parseBody(availabilityQuerySchema, {
      startDate: q.startDate,
      endDate: q.endDate,
      teacherId: q.teacher_id ?? q.teacherId,
    });
    const admin = await request.sessionUser("admin");
    if (admin?.isAdmin) return getAdminAvailability(db, query);
    return cachedAvailability(db, opts.availabilityCache, query);
  });

  // One path, two payloads (spec §7): a lesson booking carries lesson_date and needs a student
  // session; the /ref profile signup carries no lesson_date and needs none.
  app.post("/api/bookings", booking, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const isLessonBooking = typeof body === "object" && ("lesson_date" in body || "studentInfo" in body);
    if (!isLessonBooking) {
      await request.limitRate("request");
      return registerReferralSignup(db, parseBody(referralSignupSchema, body, "Please fill in all required fields"));
    }
    const student = await requireStudent(request);
    const input = parseBody(singleBookingSchema, body);
    return createBooking(db, student, input, {
      publicUrl: opts.env.PUBLIC_URL,
      idempotencyKey: idempotencyKeyOf(request) ?? input.idempotencyKey,
    });
  });

  app.post("/api/bookings/package", booking, async (request) => {
    const student = await requireStudent(request);
    const input = parseBody(packageBookingSchema, request.body);
    return createPackageBooking(db, student, input, {
      publicUrl: opts.env.PUBLIC_URL,
      idempotencyKey: idempotencyKeyOf(request) ?? input.idempotencyKey,
    });
  });

  app.post("/api/bookings/availability-request", { config: { rateLimit: "request" } }, async (request) => {
    const input = parseBody(
      availabilityRequestSchema,
      request.body,
      "Missing Information: Please fill in all required fields.",
    );
    const student = await request.sessionUser("student");
    return createAvailabilityRequest(db, input, student?.id ?? null, opts.env.PUBLIC_URL);
  });

  app.get<{ Params: { id: string } }>("/api/bookings/:id", async (request) => ({
    booking: await getBooking(db, request.params.id, await viewerOf(request)),
  }));

  app.post("/api/pricing/validate", { config: { rateLimit: "quote" } }, async (request) => {
    const input = parseBody(validatePriceSchema, request.body);
    if (input.referralCode) await request.limitRate("code-lookup");
    const student = await request.sessionUser("student");
    return validatePrice(db, student?.id ?? null, input);
  });

  app.post("/api/group-conversation/book", booking, async (request) => {
    const student = await requireStudent(request);
    return bookGroupConversation(
      db,
      student,
      parseBody(groupConversationBookingSchema, request.body),
      opts.env.PUBLIC_URL,
    );
  });

  app.get<{ Params: { id: string } }>("/api/calendar/booking/:id/ics", async (request, reply) => {
    const { ics, filename } = await getBookingIcs(db, request.params.id, await viewerOf(request), icsHost);
    return reply
      .header("Content-Type", "text/calendar; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="${filename}"`)
      .header("Cache-Control", "private, no-store")
      .send(ics);
  });
}

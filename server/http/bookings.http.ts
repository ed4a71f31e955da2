import type { FastifyInstance } from "fastify";
import type { Env } from "../env.ts";
import { AppError } from "../errors.ts";
import { availabilityRequestSchema } from "../../shared/booking-schemas.ts";
import { createAvailabilityRequest } from "../features/booking/availability-request.service.ts";
import type { Db } from "../db.ts";
import { enforceRateLimit, type RateLimiter } from "../plugins/rate-limit.ts";

export async function bookingRoutes(app: FastifyInstance, opts: { db: Db; env: Env; rateLimiter: RateLimiter }) {
  const bookingRule = { limit: opts.env.RATE_LIMIT_BOOKING, windowMs: 60_000 };

  app.addHook("preHandler", async (request) => {
    const student = await request.sessionUser("student");
    await enforceRateLimit(opts.rateLimiter, "booking", student?.id ?? request.ip, bookingRule);
  });

  const requireStudent = async (request: import("fastify").FastifyRequest) => {
    const student = await request.sessionUser("student");
    if (!student) throw new AppError("UNAUTHORIZED", "Please sign in to continue with your booking");
    return student;
  };

  app.post("/api/bookings", async (request) => {
    await requireStudent(request);
    throw new AppError("UNAVAILABLE", "Online booking is not open yet.");
  });
  app.post("/api/bookings/availability-request", async (request) => {
    const input = availabilityRequestSchema.safeParse(request.body);
    if (!input.success) throw new AppError("BAD_REQUEST", "Missing Information: Please fill in all required fields.");
    const student = await request.sessionUser("student");
    return createAvailabilityRequest(opts.db, input.data, student?.id ?? null);
  });
  app.post("/api/bookings/package", async (request) => {
    await requireStudent(request);
    throw new AppError("UNAVAILABLE", "Online booking is not open yet.");
  });
}

// GET /api/availability: one path, two answers. The admin calendar asks it for every slot in a
// range (the admin's listing, admin.availability.list's own function and limit); everyone else
// gets the bookable lessons of the two-week window (booking.availability, from the same cache).
import type { FastifyInstance } from "fastify";
import type { Db } from "../db.ts";
import { AppError } from "../errors.ts";
import { availabilityQuerySchema } from "../features/availability/availability.schemas.ts";
import { type AvailabilityCache, cachedAvailability } from "../features/availability/availability-cache.ts";
import { getAdminAvailability } from "../features/availability/slots.service.ts";
import { validationMessage } from "../trpc/error-policy.ts";

export async function availabilityGridRoute(
  app: FastifyInstance,
  opts: { db: Db; availabilityCache?: AvailabilityCache },
) {
  const { db } = opts;
  app.get<{ Querystring: Record<string, string | undefined> }>("/api/availability", async (request) => {
    const q = request.query;
    const parsed = availabilityQuerySchema.safeParse({
      startDate: q.startDate,
      endDate: q.endDate,
      teacherId: q.teacher_id ?? q.teacherId,
    });
    if (!parsed.success) throw new AppError("BAD_REQUEST", validationMessage(parsed.error));
    const admin = await request.sessionUser("admin");
    if (admin?.isAdmin) return getAdminAvailability(db, parsed.data);
    return cachedAvailability(db, opts.availabilityCache, parsed.data);
  });
}

import type { AvailabilityRequestInput } from "../../../shared/booking-schemas.ts";
import type { Db } from "../../db.ts";
import { insertAvailabilityRequest } from "./booking.data.ts";

/** Stores a visitor's "Can't make any times work?" request for the teacher's inbox. */
export async function createAvailabilityRequest(db: Db, input: AvailabilityRequestInput, userId: string | null) {
  const request = await insertAvailabilityRequest(db, {
    userId,
    name: input.name,
    email: input.email.toLowerCase(),
    phone: input.phone || null,
    availability: input.availability,
    location: input.location,
    packageInfo: (input.packageInfo ?? undefined) as never,
    teacherInfo: (input.teacherInfo ?? undefined) as never,
  });
  return { success: true, id: request.id };
}

import type { Db } from "../../db.ts";
import { AppError, isConstraintConflict } from "../../errors.ts";
import type { Prisma } from "../../db/generated/client.ts";

export type NewBookingRow = Prisma.BookingUncheckedCreateInput;

export const SLOT_TAKEN_MESSAGE = "Sorry, this time slot was just booked by someone else. Please choose another time.";

/**
 * Inserts lessons all-or-nothing. The database's exclusion constraint is the arbiter of
 * double booking (no check-then-insert race): a violation becomes a clean CONFLICT.
 */
export async function insertBookingsAtomically(db: Db, rows: NewBookingRow[]) {
  try {
    return await db.$transaction(async (tx) => {
      const created = [];
      for (const row of rows) {
        created.push(await tx.booking.create({ data: row, select: { id: true, startsAt: true, endsAt: true, status: true, teacherId: true } }));
      }
      return created;
    });
  } catch (error) {
    if (isConstraintConflict(error)) throw new AppError("CONFLICT", SLOT_TAKEN_MESSAGE);
    throw error;
  }
}

export function insertAvailabilityRequest(db: Db, data: Prisma.AvailabilityRequestUncheckedCreateInput) {
  return db.availabilityRequest.create({ data, select: { id: true, createdAt: true } });
}

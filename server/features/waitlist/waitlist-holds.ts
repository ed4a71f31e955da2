// A waitlist hold as the booking sees it (issue 31, item 3), under the teacher's lock: a time held
// for one family is refused to everyone else, and booked by its holder it closes the offer. Apart
// from waitlist.service.ts, which books through the booking service (no import cycle).
import type { Tx } from "../../db.ts";
import { AppError, type ErrorText } from "../../errors.ts";
import { acceptHolds, findHoldsAt } from "./waitlist.data.ts";

export type HeldStarts = Awaited<ReturnType<typeof findHoldsAt>>;

/** The holds on these starts; CONFLICT (`taken`) when one is another family's. */
export async function checkWaitlistHolds(
  tx: Tx,
  input: { teacherId: string; starts: Date[]; studentId: string; now: Date; taken: ErrorText },
): Promise<HeldStarts> {
  const holds = await findHoldsAt(tx, input.teacherId, input.starts, input.now);
  if (holds.some((h) => h.entry.studentId !== input.studentId)) throw new AppError("CONFLICT", input.taken);
  return holds;
}

/** The holder's booking written: each hold it used is accepted, its entry answered. */
export async function acceptWaitlistHolds(
  tx: Tx,
  holds: HeldStarts,
  rows: { id: string; startsAt: Date }[],
  now: Date,
) {
  for (const hold of holds) {
    const row = rows.find((r) => r.startsAt.getTime() === hold.startsAt.getTime());
    if (row) await acceptHolds(tx, [hold], row.id, now);
  }
}

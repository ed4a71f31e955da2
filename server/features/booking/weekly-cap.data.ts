import type { DbOrTx, Tx } from "../../db.ts";
import type { WeekBounds } from "./weekly-cap.ts";

/** The caps that bind a booking for this learner of this family: the learner's and the family's. */
export async function readWeeklyCaps(tx: Tx, accountId: string, learnerId: string | null) {
  const [account, learner] = await Promise.all([
    tx.user.findUnique({ where: { id: accountId }, select: { weeklyLessonCap: true } }),
    learnerId
      ? tx.learner.findUnique({ where: { id: learnerId }, select: { name: true, weeklyLessonCap: true } })
      : null,
  ]);
  return {
    family: account?.weeklyLessonCap ?? null,
    learner: learner ? { name: learner.name, cap: learner.weeklyLessonCap } : null,
  };
}

/**
 * Lessons that count against a cap in this week: every lesson not cancelled (those already held
 * this week too), of the learner or of the whole family, but the one being moved.
 */
export function countWeekLessons(
  tx: Tx,
  owner: { learnerId: string } | { accountId: string },
  week: WeekBounds,
  exceptBookingId: string | null,
) {
  return tx.booking.count({
    where: {
      ...("learnerId" in owner ? { learnerId: owner.learnerId } : { studentId: owner.accountId }),
      status: { not: "cancelled" },
      startsAt: { gte: week.start, lt: week.end },
      ...(exceptBookingId ? { id: { not: exceptBookingId } } : {}),
    },
  });
}

export function setLearnerWeeklyCap(db: DbOrTx, learnerId: string, cap: number | null) {
  return db.learner.updateMany({ where: { id: learnerId }, data: { weeklyLessonCap: cap } });
}

export function setFamilyWeeklyCap(db: DbOrTx, accountId: string, cap: number | null) {
  return db.user.updateMany({ where: { id: accountId, isAdmin: false }, data: { weeklyLessonCap: cap } });
}

// The records a termly report reads: the family, the learner, the lessons of the range with their
// reports, and when one was last sent.
import type { DbOrTx } from "../../db.ts";

/** The family's account (never the teacher's). */
export function findFamily(db: DbOrTx, id: string) {
  return db.user.findFirst({
    where: { id, isAdmin: false },
    select: { id: true, name: true, email: true, locale: true },
  });
}

export function findLearner(db: DbOrTx, id: string) {
  return db.learner.findUnique({ where: { id }, select: { id: true, name: true, isSelf: true, ageGroup: true } });
}

/**
 * The learner's held lessons that start in [start, end), oldest first, with their reports: the
 * learner's when the family has learners, else the account's lessons naming none.
 */
export function listLessonsBetween(
  db: DbOrTx,
  who: { studentId: string; learnerId: string | null },
  start: Date,
  end: Date,
) {
  return db.booking.findMany({
    where: {
      studentId: who.studentId,
      learnerId: who.learnerId,
      status: { in: ["confirmed", "completed"] },
      startsAt: { gte: start, lt: end },
    },
    orderBy: { startsAt: "asc" },
    select: {
      id: true,
      startsAt: true,
      attendance: true,
      report: {
        select: {
          homework: true,
          homeworkLink: true,
          homeworkDoneAt: true,
          homeworkFile: { select: { title: true } },
          skills: { select: { skill: true, level: true } },
        },
      },
    },
  });
}
export type TermlyLessonRow = Awaited<ReturnType<typeof listLessonsBetween>>[number];

/** The newest termly report queued for this learner (or account), by its dedupe key's prefix. */
export function findLastSent(db: DbOrTx, keyPrefix: string) {
  return db.outboxEmail.findFirst({
    where: { kind: "termly_report", dedupeKey: { startsWith: keyPrefix } },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true, toAddress: true },
  });
}

// Lessons move on by themselves: a confirmed lesson whose end has passed is completed.
//
// Why a job that writes the status, rather than deriving "completed" when reading: the status
// is read in many places (portal stats and achievements, the teacher's views, referral
// progress, ICS files), and a stored status keeps them all in agreement with one rule and
// keeps every GET free of writes. The teacher can still set any status afterwards (a past
// lesson set back to pending or cancelled stays so; only confirmed lessons move on).
import { LESSON_COMPLETION_INTERVAL_MS } from "../../../shared/constants.ts";
import type { Db } from "../../db.ts";
import { startScheduler } from "../ops/scheduler.ts";
import { completeEndedLessons } from "./portal.data.ts";

export { completeEndedLessons };

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * The completion job alone, on the server's scheduler (server/features/ops/scheduler.ts runs it
 * with the other periodic jobs): runs once now, then every few minutes; returns a stop function.
 */
export function startLessonCompletionJob(db: Db, log: Log, intervalMs = LESSON_COMPLETION_INTERVAL_MS) {
  return startScheduler(
    [{ name: "lesson completion", everyMs: intervalMs, run: (now) => completeEndedLessons(db, now) }],
    log,
  );
}

// Lessons move on by themselves: a confirmed lesson whose end has passed is completed.
//
// Why a job that writes the status, rather than deriving "completed" when reading: the status
// is read in many places (portal stats and achievements, the teacher's views, referral
// progress, ICS files), and a stored status keeps them all in agreement with one rule and
// keeps every GET free of writes. The teacher can still set any status afterwards (a past
// lesson set back to pending or cancelled stays so; only confirmed lessons move on).
import { LESSON_COMPLETION_INTERVAL_MS } from "../../../shared/constants.ts";
import type { Db } from "../../db.ts";
import { completeEndedLessons } from "./portal.data.ts";

export { completeEndedLessons };

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** Runs once now, then every few minutes; returns a stop function for shutdown. */
export function startLessonCompletionJob(db: Db, log: Log, intervalMs = LESSON_COMPLETION_INTERVAL_MS) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = async () => {
    try {
      const moved = await completeEndedLessons(db, new Date());
      if (moved.lessons || moved.referrals) log.info(moved, "lessons completed after their end");
    } catch (error) {
      if (!stopped) log.error({ err: error }, "lesson completion job failed");
    }
  };
  const run = () => {
    if (!running && !stopped) running = pass().finally(() => (running = null));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  /** Stops the job once its current pass (if any) is over: call before closing the database. */
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

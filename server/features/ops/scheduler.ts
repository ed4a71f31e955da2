// The server's periodic jobs. Each job is a plain function of `now`, so a test drives them with
// a moving clock and no sleeping (tests/integration/year.int.test.ts); the scheduler only calls
// them on timers. Every job is safe to run in several processes at once (PostgreSQL): the top-up
// under the teacher's lock with conflict-skipping inserts, the release of unconfirmed lessons as
// one conditional update per order under its row lock (the payment reminder too), the others as single statements.

import { LESSON_COMPLETION_INTERVAL_MS } from "../../../shared/constants.ts";
import type { Db } from "../../db.ts";
import { autoMarkAttendance } from "../attendance/attendance.service.ts";
import { applyHolidaysAlways } from "../availability/holidays.service.ts";
import { topUpStandingSchedules } from "../availability/standing-schedule.service.ts";
import { emailIssuedDocuments } from "../billing/document-mail.ts";
import { sendPaymentReminders } from "../booking/payment-reminder.service.ts";
import { releaseStalePendingLessons } from "../booking/pending-hold.service.ts";
import { syncDueCalendars } from "../calendars/calendars.service.ts";
import { syncLessonEvents } from "../calendars/lesson-writeback.service.ts";
import { completeEndedLessons } from "../portal/portal.data.ts";
import { CALIBRATION_INTERVAL_MS, runCalibration } from "../quiz/calibration.service.ts";
import { advanceWaitlist } from "../waitlist/waitlist.service.ts";
import { runHousekeeping } from "./housekeeping.service.ts";

const DOCUMENT_MAIL_INTERVAL_MS = 60_000;

export type PeriodicJob = { name: string; everyMs: number; run(now: Date): Promise<Record<string, number>> };
type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

const HOUR_MS = 3_600_000;
const PENDING_RELEASE_INTERVAL_MS = 15 * 60_000;
const PAYMENT_REMINDER_INTERVAL_MS = 15 * 60_000;
const WAITLIST_INTERVAL_MS = 30_000;

/**
 * Lessons move on by themselves: a confirmed lesson whose end has passed is completed.
 *
 * Why a job that writes the status, rather than deriving "completed" when reading: the status is
 * read in many places (portal stats and achievements, the teacher's views, referral progress, ICS
 * files), and a stored status keeps them all in agreement with one rule and keeps every GET free
 * of writes. The teacher can still set any status afterwards (a past lesson set back to pending or
 * cancelled stays so; only confirmed lessons move on). The same pass marks attended the lessons
 * the teacher left unmarked the setting's hours after their end (issue 31, item 1).
 */
export function lessonCompletionJob(db: Db, everyMs = LESSON_COMPLETION_INTERVAL_MS): PeriodicJob {
  return {
    name: "lesson completion",
    everyMs,
    run: async (now) => ({ ...(await completeEndedLessons(db, now)), ...(await autoMarkAttendance(db, now)) }),
  };
}

/**
 * The jobs the server runs. `onSlotsChanged` drops the visitors' cached availability grid;
 * `publicUrl` builds the links of the mail a job queues.
 */
export function serverJobs(opts: {
  db: Db;
  publicUrl: string;
  calendarSecret: string;
  onSlotsChanged?: () => void;
}): PeriodicJob[] {
  const { db } = opts;
  return [
    lessonCompletionJob(db),
    {
      // Hourly, so slots always reach past the horizon (each top-up fills a whole day beyond it).
      name: "standing schedule top-up",
      everyMs: HOUR_MS,
      run: async (now) => {
        // The holidays first (when the teacher asked for them every year), so no top-up fills one.
        const holidays = await applyHolidaysAlways(db, now);
        const result = await topUpStandingSchedules(db, now);
        if (result.created > 0 || holidays.marked > 0) opts.onSlotsChanged?.();
        return { ...result, holidaysMarked: holidays.marked };
      },
    },
    {
      // Off unless the teacher set its hours; a quarter of an hour late at most is soon enough.
      name: "unconfirmed lesson release",
      everyMs: PENDING_RELEASE_INTERVAL_MS,
      run: async (now) => {
        const result = await releaseStalePendingLessons(db, { publicUrl: opts.publicUrl, now });
        if (result.released > 0) opts.onSlotsChanged?.();
        return result;
      },
    },
    {
      // Off when the teacher set 0 days; once per order, whichever process finds it first.
      name: "payment reminders",
      everyMs: PAYMENT_REMINDER_INTERVAL_MS,
      run: (now) => sendPaymentReminders(db, { publicUrl: opts.publicUrl, now }),
    },
    {
      // Issue 31, item 3: held times whose hours are over pass on, freed times are offered. One
      // count when nobody waits; half a minute late at most.
      name: "waitlist offers",
      everyMs: WAITLIST_INTERVAL_MS,
      run: async (now) => {
        const result = await advanceWaitlist(db, { publicUrl: opts.publicUrl, now });
        if (result.expired > 0 || result.offered > 0) opts.onSlotsChanged?.();
        return result;
      },
    },
    { name: "housekeeping", everyMs: 24 * HOUR_MS, run: (now) => runHousekeeping(db, now) },
    // Receipts and invoices reach their payer within a minute of being issued.
    {
      name: "document mail",
      everyMs: DOCUMENT_MAIL_INTERVAL_MS,
      run: (now) => emailIssuedDocuments(db, opts.publicUrl, now),
    },
    {
      // Each pass refreshes the teacher's calendars that are due by her setting (5 minutes by
      // default); with several processes each source is claimed by one (calendars.data.ts).
      name: "calendar refresh",
      everyMs: 60_000,
      run: (now) =>
        syncDueCalendars(
          db,
          { calendarSecret: opts.calendarSecret, PUBLIC_URL: opts.publicUrl },
          now,
          opts.onSlotsChanged,
        ),
    },
    {
      // The teacher's lessons into her receiving calendar: what changed is queued, and the queue's
      // due writes (retried with backoff until her server takes them) are made, one process each.
      name: "calendar write-back",
      everyMs: 60_000,
      run: (now) => syncLessonEvents(db, { calendarSecret: opts.calendarSecret, PUBLIC_URL: opts.publicUrl }, now),
    },
    // Item calibration from placement answers: the estimates move slowly, a few passes a day do.
    { name: "item calibration", everyMs: CALIBRATION_INTERVAL_MS, run: (now) => runCalibration(db, now) },
  ];
}

export type SchedulerOptions = {
  clock?: () => Date;
  /**
   * Milliseconds before the first pass of the first job; each further job's first pass comes
   * `staggerMs` after the previous one's. The server waits a moment after it starts listening: on
   * the embedded database every query takes turns on one connection, so the daily housekeeping
   * and the calibration run at boot made the first requests (and a restart's health check) queue
   * behind them.
   */
  firstPassAfterMs?: number;
  staggerMs?: number;
};

/**
 * Runs every job once (at once unless `firstPassAfterMs`), then every `everyMs`; a job never
 * overlaps itself. Returns a stop function that waits for passes in flight: call it before
 * closing the database.
 */
export function startScheduler(jobs: PeriodicJob[], log: Log, opts: SchedulerOptions = {}) {
  const { clock = () => new Date(), firstPassAfterMs = 0, staggerMs = 0 } = opts;
  let stopped = false;
  const running = new Set<Promise<void>>();
  const cancels = jobs.map((job, index) => {
    let current: Promise<void> | null = null;
    const pass = async () => {
      try {
        const result = await job.run(clock());
        if (Object.values(result).some((n) => n > 0)) log.info({ job: job.name, ...result }, `${job.name} done`);
      } catch (error) {
        if (!stopped) log.error({ err: error, job: job.name }, `${job.name} failed`);
      }
    };
    const tick = () => {
      if (current || stopped) return;
      const p = pass().finally(() => {
        current = null;
        running.delete(p);
      });
      current = p;
      running.add(p);
    };
    let timer: NodeJS.Timeout | undefined;
    const repeat = () => {
      tick();
      timer = setInterval(tick, job.everyMs);
      timer.unref();
    };
    const firstAfter = firstPassAfterMs + index * staggerMs;
    if (firstAfter <= 0) repeat();
    else {
      timer = setTimeout(repeat, firstAfter);
      timer.unref();
    }
    return () => clearTimeout(timer); // clears the interval as well
  });
  return async () => {
    stopped = true;
    for (const cancel of cancels) cancel();
    await Promise.all([...running]);
  };
}

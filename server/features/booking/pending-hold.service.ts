// Slot squatting (issue 27): a pending lesson holds its time until the teacher decides, so one
// account booking the whole horizon unpaid would lock everyone else out. An account may hold only
// so many unpaid pending lessons (the setting, else the largest package: every package stays
// bookable in one go); the teacher sees who holds them; optionally, those she has not confirmed
// within some hours are released and the family is told.
import type { Db, Tx } from "../../db.ts";
import { AppError, type LocalisedText } from "../../errors.ts";
import { recordOrderVoided } from "../credits/credits.service.ts";
import { insertOutboxEmails } from "../mail/mail.data.ts";
import { loadMailContext } from "../mail/mail.service.ts";
import { runInTransaction } from "./booking.data.ts";
import { pendingReleasedMail } from "./booking-mail.ts";
import { lockOrder } from "./order.data.ts";
import {
  findLargestPackageLessons,
  findPendingSettings,
  findStalePendingLessons,
  groupPendingLessonsByAccount,
  lockAccountPendingLessons,
  readPendingRoom,
  releasePendingLessons,
  type StalePendingLesson,
} from "./pending-hold.data.ts";
import { settleReferralReward } from "./referral.service.ts";

/** Why a booking of `adding` pending lessons is refused when the account holds `held` against `cap`. */
export function pendingCapMessage(held: number, adding: number, cap: number): LocalisedText {
  if (held >= cap) return { key: "errors.pendingFull", values: { held } };
  if (held === 0) return { key: "errors.pendingTooBig", values: { cap, adding } };
  return { key: "errors.pendingTooMany", values: { held, cap, adding } };
}

/**
 * Inside the booking's transaction, under the teacher's lock: takes the account's lock, then
 * refuses (CONFLICT, nothing written) a booking that would take the account's unpaid pending
 * lessons past the cap. CONFLICT rather than TOO_MANY_REQUESTS: it is the account's state that
 * refuses, not a rate; no wait makes it pass (there is no Retry-After to give), the teacher's
 * confirmation or a payment does.
 */
export async function ensurePendingRoom(tx: Tx, studentId: string, adding: number, now: Date) {
  await lockAccountPendingLessons(tx, studentId);
  const { cap, held } = await readPendingRoom(tx, studentId, now);
  // No setting and no active package: nothing to measure against (no package booking is possible).
  if (cap !== null && held + adding > cap) throw new AppError("CONFLICT", pendingCapMessage(held, adding, cap));
}

/** What an empty setting means, for the settings page to show: the largest active package, in lessons. */
export function largestPackageLessons(db: Db) {
  return findLargestPackageLessons(db);
}

/** Refuses a cap below the largest package: that package could never be booked. */
export async function checkPendingCapSetting(db: Db, setting: number | null | undefined) {
  if (setting === null || setting === undefined) return;
  const largest = await findLargestPackageLessons(db);
  if (largest !== null && setting < largest) {
    throw new AppError("BAD_REQUEST", { key: "errors.pendingCapSetting", values: { largest } });
  }
}

/** Who holds pending lessons still to come, and since when: the longest-waiting first. */
export async function listPendingHolders(db: Db, now = new Date()) {
  const [{ all, unpaid, users }, site, largest] = await Promise.all([
    groupPendingLessonsByAccount(db, now),
    findPendingSettings(db),
    findLargestPackageLessons(db),
  ]);
  const unpaidOf = new Map(unpaid.map((g) => [g.studentId, g._count._all]));
  const userOf = new Map(users.map((u) => [u.id, u]));
  const holders = all
    .flatMap((g) => {
      const user = g.studentId ? userOf.get(g.studentId) : undefined;
      const since = g._min.createdAt;
      if (!g.studentId || !user || !since) return [];
      return [
        {
          student_id: g.studentId,
          name: user.name,
          email: user.email,
          pending_lessons: g._count._all,
          unpaid_pending_lessons: unpaidOf.get(g.studentId) ?? 0,
          oldest_request_at: since.toISOString(),
        },
      ];
    })
    .sort((a, b) => a.oldest_request_at.localeCompare(b.oldest_request_at));
  return { cap: site?.maxPendingLessons ?? largest, holders };
}

export const RELEASE_REASON = (hours: number) => `Not confirmed within ${hours} hours of the request: released.`;

/** The lessons of one order (or one lesson without an order) are released and mailed together. */
function groupByOrder(rows: StalePendingLesson[]) {
  const groups = new Map<string, StalePendingLesson[]>();
  for (const row of rows) {
    const key = row.orderId ?? row.id;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
}

/**
 * The periodic release: when the setting is on, unpaid pending lessons still to come whose request
 * is older than its hours become cancelled as a declined order's do (the slot is free again), and
 * the family gets one email per order. Each order in its own transaction, its row locked first (as
 * a decision or a payment takes it), so a confirmation or a payment recorded meanwhile wins.
 */
export async function releaseStalePendingLessons(db: Db, opts: { publicUrl: string; now: Date }) {
  const { now } = opts;
  const site = await findPendingSettings(db);
  const hours = site?.releasePendingAfterHours ?? null;
  if (hours === null) return { released: 0, emails: 0 };
  const stale = await findStalePendingLessons(db, new Date(now.getTime() - hours * 3_600_000), now);
  if (stale.length === 0) return { released: 0, emails: 0 };
  const ctx = await loadMailContext(db, { PUBLIC_URL: opts.publicUrl });
  let released = 0;
  let emails = 0;
  for (const group of groupByOrder(stale)) {
    const orderId = group[0].orderId;
    await runInTransaction(db, async (tx) => {
      if (orderId) await lockOrder(tx, orderId);
      const done = await releasePendingLessons(
        tx,
        group.map((l) => l.id),
        now,
        RELEASE_REASON(hours),
      );
      if (done.length === 0) return;
      const sequence = new Map(done.map((d) => [d.id, d.icsSequence]));
      // A friend's first order released withdraws their referrer's reward, as a decline does; an
      // order wholly released loses its lessons not yet booked (issue 30).
      if (orderId) await settleReferralReward(tx, orderId, now);
      if (orderId) await recordOrderVoided(tx, orderId, now);
      const lessons = group
        .filter((l) => sequence.has(l.id))
        .map((l) => ({
          ...l,
          status: "cancelled",
          icsSequence: sequence.get(l.id) ?? l.icsSequence + 1,
          teacherName: l.teacher?.name ?? null,
        }));
      emails += await insertOutboxEmails(
        tx,
        pendingReleasedMail({
          ctx: {
            ...ctx,
            teacherName: lessons[0]?.teacherName ?? ctx.teacherName,
            studentZone: lessons[0]?.studentTimezone,
          },
          key: orderId ?? lessons[0].id,
          hours,
          lessons,
        }),
      );
      released += done.length;
    });
  }
  return { released, emails };
}

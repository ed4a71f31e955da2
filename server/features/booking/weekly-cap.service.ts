import { DateTime } from "luxon";
import { INTL_TAGS, type Locale } from "../../../shared/i18n/locales.ts";
import type { Db, Tx } from "../../db.ts";
import { AppError, type LocalisedText } from "../../errors.ts";
import { lockAccountPendingLessons } from "./pending-hold.data.ts";
import { countWeekLessons, readWeeklyCaps, setFamilyWeeklyCap, setLearnerWeeklyCap } from "./weekly-cap.data.ts";
import { firstWeekOverCap, groupByWeek, type WeekCount } from "./weekly-cap.ts";

/** "Mon, Dec 7" / "lunedì 7 dicembre": the Monday a week starts on, as the refusal names it. */
function describeWeek(start: Date, zone: string, locale: Locale) {
  const local = DateTime.fromJSDate(start, { zone }).setLocale(INTL_TAGS[locale]);
  return locale === "it" ? local.toFormat("cccc d LLLL") : local.toFormat("ccc, LLL d");
}

function capMessage(over: WeekCount, cap: number, zone: string, learnerName: string | null): LocalisedText {
  const total = over.held + over.adding;
  const values = { cap, total, ...(learnerName ? { learner: learnerName } : {}) };
  return {
    key: learnerName ? "errors.weeklyCapLearner" : "errors.weeklyCapFamily",
    values: (locale) => ({ ...values, week: describeWeek(over.start, zone, locale) }),
  };
}

export type WeeklyRoomRequest = {
  accountId: string;
  learnerId: string | null;
  starts: readonly Date[];
  zone: string;
  /** A moved lesson leaves its old week: it never counts against its new one. */
  exceptBookingId?: string | null;
};

/**
 * Why these lessons would take a learner or the family past its weekly cap in one of the
 * teacher's weeks they fall in, or null when they fit. The family's lock is taken first, so two
 * bookings of one family at once are counted one after the other.
 */
export async function weeklyRoomRefusal(tx: Tx, req: WeeklyRoomRequest): Promise<LocalisedText | null> {
  const caps = await readWeeklyCaps(tx, req.accountId, req.learnerId);
  if (caps.family === null && (caps.learner?.cap ?? null) === null) return null;
  await lockAccountPendingLessons(tx, req.accountId);
  const weeks = groupByWeek(req.starts, req.zone);
  const except = req.exceptBookingId ?? null;
  if (req.learnerId && caps.learner && caps.learner.cap !== null) {
    const learnerId = req.learnerId;
    const counted = await Promise.all(
      weeks.map(async (w) => ({ ...w, held: await countWeekLessons(tx, { learnerId }, w, except) })),
    );
    const over = firstWeekOverCap(counted, caps.learner.cap);
    if (over) return capMessage(over, caps.learner.cap, req.zone, caps.learner.name);
  }
  if (caps.family !== null) {
    const accountId = req.accountId;
    const counted = await Promise.all(
      weeks.map(async (w) => ({ ...w, held: await countWeekLessons(tx, { accountId }, w, except) })),
    );
    const over = firstWeekOverCap(counted, caps.family);
    if (over) return capMessage(over, caps.family, req.zone, null);
  }
  return null;
}

/** Inside a booking's or a move's transaction: refuses (CONFLICT, nothing written) lessons past a cap. */
export async function ensureWeeklyRoom(tx: Tx, req: WeeklyRoomRequest) {
  const refusal = await weeklyRoomRefusal(tx, req);
  if (refusal) throw new AppError("CONFLICT", refusal);
}

/** The teacher sets (or clears, with null) a learner's weekly cap. */
export async function setLearnerCap(db: Db, learnerId: string, cap: number | null) {
  const { count } = await setLearnerWeeklyCap(db, learnerId, cap);
  if (count === 0) throw new AppError("NOT_FOUND", { key: "errors.learnerNotFound" });
  return { learner_id: learnerId, weeklyCap: cap };
}

/** The teacher sets (or clears) a family's weekly cap: all its learners' lessons together. */
export async function setFamilyCap(db: Db, accountId: string, cap: number | null) {
  const { count } = await setFamilyWeeklyCap(db, accountId, cap);
  if (count === 0) throw new AppError("NOT_FOUND", { key: "errors.studentNotFound" });
  return { student_id: accountId, weeklyCap: cap };
}

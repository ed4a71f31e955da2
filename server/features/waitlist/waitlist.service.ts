// The waitlist (issue 31, item 3). A family asks for a taken time, or any time on a weekday between
// two hours; when a matching time is free (a cancellation, a move away, new availability, a day off
// removed: whatever frees it, the periodic pass sees it free) it is offered to one entry at a time,
// in the order they asked, by an email whose link holds it for the setting's hours. While held the
// grid hides it and the booking refuses it to everyone else (waitlist-holds.ts, under the teacher's
// lock); the holder books it through the normal booking, whose rules all apply.

import { DateTime } from "luxon";
import {
  DEFAULT_WAITLIST_HOLD_HOURS,
  LESSON_MINUTES,
  WAITLIST_NOT_FOUND_MESSAGE,
  WAITLIST_NOT_TAKEN_MESSAGE,
  WAITLIST_OFFER_GONE_MESSAGE,
  WAITLIST_PAST_MESSAGE,
  WAITLIST_SHAPE_MESSAGE,
} from "../../../shared/constants.ts";
import { isLocale, type Locale, localePath } from "../../../shared/i18n/locales.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import type { SessionUser } from "../auth/session.data.ts";
import {
  bookableLessonsByTeacher,
  bookableLessonsInWindow,
  loadSiteRules,
  type SiteRules,
} from "../availability/availability.service.ts";
import { lessonAt, slotMessage } from "../availability/availability.ts";
import { runWithTeacherLock } from "../booking/booking.data.ts";
import { createBooking, takenMessage } from "../booking/booking.service.ts";
import { weeklyRoomRefusal } from "../booking/weekly-cap.service.ts";
import { insertOutboxEmails, outboxMail } from "../mail/mail.data.ts";
import { loadMailContext } from "../mail/mail.service.ts";
import { type MailContext, waitlistOfferEmail } from "../mail/mail.templates.ts";
import {
  expireHolds,
  findBookingDetails,
  findOwnHeldOffer,
  findOwnOffer,
  findOwnWaitingEntry,
  findSameWaitingEntry,
  hasWaitingEntries,
  insertOffer,
  insertPassedOver,
  insertWaitlistEntry,
  listAllWaitingEntries,
  listOffersOfEntries,
  listWaitingEntries,
  readHoldHours,
  type WaitlistOfferRow,
  withdrawEntry,
} from "./waitlist.data.ts";
import type { WaitlistAcceptInput, WaitlistJoinInput } from "./waitlist.schemas.ts";
import { type FreeLesson, holdExpiry, minuteOfDay, offerKey, planOffers, timeOfDay } from "./waitlist.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type WaitlistOfferDto = { id: string; startTime: string; endTime: string; expires_at: string };
export type WaitlistEntryDto = {
  id: string;
  startTime: string | null;
  weekday: number | null;
  from: string | null;
  to: string | null;
  created_at: string;
  /** The freed time held for this entry now, if any. */
  offer: WaitlistOfferDto | null;
};

const offerDto = (o: WaitlistOfferRow): WaitlistOfferDto => ({
  id: o.id,
  startTime: o.startsAt.toISOString(),
  endTime: lessonAt(o.startsAt).end.toISOString(),
  expires_at: o.expiresAt.toISOString(),
});

function entryDto(e: {
  id: string;
  startsAt: Date | null;
  weekday: number | null;
  fromMinute: number | null;
  toMinute: number | null;
  createdAt: Date;
  offers?: WaitlistOfferRow[];
}): WaitlistEntryDto {
  const offer = e.offers?.[0];
  return {
    id: e.id,
    startTime: e.startsAt?.toISOString() ?? null,
    weekday: e.weekday,
    from: e.fromMinute === null ? null : timeOfDay(e.fromMinute),
    to: e.toMinute === null ? null : timeOfDay(e.toMinute),
    created_at: e.createdAt.toISOString(),
    offer: offer ? offerDto(offer) : null,
  };
}

/** The wish the input names: one instant, or a weekday's window of at least one lesson. */
function parseWish(input: WaitlistJoinInput, now: Date) {
  const hasWindow = input.weekday != null || Boolean(input.from) || Boolean(input.to);
  if (input.startTime && !hasWindow) {
    const parsed = DateTime.fromISO(input.startTime, { setZone: true });
    if (!parsed.isValid || !/T\d{2}:\d{2}/.test(input.startTime) || !/(Z|[+-]\d{2}:?\d{2})$/i.test(input.startTime)) {
      throw new AppError("BAD_REQUEST", WAITLIST_SHAPE_MESSAGE);
    }
    const startsAt = parsed.toJSDate();
    if (startsAt.getTime() <= now.getTime()) throw new AppError("BAD_REQUEST", WAITLIST_PAST_MESSAGE);
    return { startsAt, weekday: null, fromMinute: null, toMinute: null };
  }
  if (input.startTime || input.weekday == null || !input.from || !input.to) {
    throw new AppError("BAD_REQUEST", WAITLIST_SHAPE_MESSAGE);
  }
  const fromMinute = minuteOfDay(input.from);
  const toMinute = minuteOfDay(input.to);
  if (fromMinute === null || toMinute === null || toMinute - fromMinute < LESSON_MINUTES) {
    throw new AppError("BAD_REQUEST", WAITLIST_SHAPE_MESSAGE);
  }
  return { startsAt: null, weekday: input.weekday, fromMinute, toMinute };
}

/** Joins the waitlist; the same wish asked again keeps its first place. */
export async function joinWaitlist(
  db: Db,
  studentId: string,
  input: WaitlistJoinInput,
  opts: { locale: Locale; now?: Date },
): Promise<WaitlistEntryDto> {
  const now = opts.now ?? new Date();
  const wish = parseWish(input, now);
  if (wish.startsAt) {
    // A time past the booking horizon could never be booked, so it is not waited for either.
    const start = wish.startsAt;
    const rules = await loadSiteRules(db);
    const horizon = DateTime.fromJSDate(now, { zone: rules.zone }).plus({ days: rules.maxAdvanceDays });
    if (start.getTime() > horizon.toMillis()) {
      throw new AppError(
        "BAD_REQUEST",
        slotMessage("errors.maxAdvance", start, rules.zone, { days: rules.maxAdvanceDays }),
      );
    }
    // A free time is booked, not waited for.
    const { byTeacher } = await bookableLessonsInWindow(
      db,
      null,
      () => ({ start, end: new Date(start.getTime() + 1) }),
      now,
    );
    if ([...byTeacher.values()].some((lessons) => lessons.some((l) => l.start.getTime() === start.getTime()))) {
      throw new AppError("BAD_REQUEST", WAITLIST_NOT_TAKEN_MESSAGE);
    }
  }
  const entry = { studentId, ...wish, locale: opts.locale, createdAt: now };
  const saved = (await findSameWaitingEntry(db, entry)) ?? (await insertWaitlistEntry(db, entry));
  return entryDto(saved);
}

export async function listWaitlist(db: Db, studentId: string, now = new Date()) {
  return { entries: (await listWaitingEntries(db, studentId, now)).map(entryDto) };
}

/** Withdraws the family's entry: it gets no further offer, and a time it holds passes on. */
export async function withdrawWaitlistEntry(db: Db, studentId: string, id: string, now = new Date()) {
  const entry = UUID.test(id) ? await findOwnWaitingEntry(db, studentId, id) : null;
  if (!entry) throw new AppError("NOT_FOUND", WAITLIST_NOT_FOUND_MESSAGE);
  await withdrawEntry(db, entry.id, now);
  return { success: true as const };
}

/** The offer the email's link names, for its page: the time, until when it is held, and what it became. */
export async function getWaitlistOffer(db: Db, studentId: string, id: string, now = new Date()) {
  const offer = UUID.test(id) ? await findOwnOffer(db, studentId, id) : null;
  if (!offer) throw new AppError("NOT_FOUND", WAITLIST_NOT_FOUND_MESSAGE);
  const held = offer.status === "held" && offer.expiresAt.getTime() > now.getTime();
  const { latest, user } = await findBookingDetails(db, studentId);
  return {
    ...offerDto(offer),
    status: held ? "held" : offer.status === "held" ? "expired" : offer.status,
    /** What the booking will use; the page asks only for what is missing. */
    details: {
      name: latest?.studentName ?? user?.name ?? "",
      phone: latest?.studentPhone ?? user?.phone ?? null,
      english_level: latest?.englishLevel ?? user?.englishLevel ?? null,
      lesson_focus: latest?.lessonFocus ?? user?.lessonFocus ?? null,
    },
  };
}

const LEVELS = ["beginner", "intermediate", "advanced"] as const;
const levelOf = (text: string | null | undefined) => LEVELS.find((l) => l === text) ?? null;

/**
 * Books the held time for its holder through the normal booking (notice, availability, the
 * pending cap, the policy), as a single lesson with the details of the family's latest lesson;
 * the booking's lock sees the hold is theirs and closes it.
 */
export async function acceptWaitlistOffer(
  db: Db,
  student: SessionUser,
  input: WaitlistAcceptInput,
  opts: { publicUrl: string; now?: Date },
) {
  const now = opts.now ?? new Date();
  const offer = UUID.test(input.id) ? await findOwnHeldOffer(db, student.id, input.id, now) : null;
  if (!offer) {
    if (UUID.test(input.id) && (await findOwnOffer(db, student.id, input.id))) {
      throw new AppError("CONFLICT", WAITLIST_OFFER_GONE_MESSAGE);
    }
    throw new AppError("NOT_FOUND", WAITLIST_NOT_FOUND_MESSAGE);
  }
  const { latest, user } = await findBookingDetails(db, student.id);
  const inPerson = latest?.lessonType === "in-person" && Boolean(latest.location);
  return createBooking(
    db,
    student,
    {
      lesson_date: offer.startsAt.toISOString(),
      teacher_id: offer.teacherId,
      lessonType: inPerson ? "in-person" : "online",
      location: inPerson ? latest?.location : null,
      learner_id: latest?.learnerId ?? null,
      locale: input.locale,
      studentInfo: {
        name: latest?.studentName ?? user?.name ?? student.name,
        phone: input.phone ?? latest?.studentPhone ?? user?.phone ?? "",
        english_level: levelOf(input.english_level ?? latest?.englishLevel ?? user?.englishLevel) ?? "beginner",
        lesson_focus: input.lesson_focus ?? latest?.lessonFocus ?? user?.lessonFocus ?? "",
        age_confirmation: latest?.bookedBy === "guardian" ? "guardian" : "adult",
      },
    },
    { publicUrl: opts.publicUrl, now },
  );
}

/** The lessons free now over the whole advance window, each time once (the first teacher offering it). */
async function freeLessons(db: Db, now: Date): Promise<{ rules: SiteRules; free: FreeLesson[] }> {
  const { rules, teachers, byTeacher } = await bookableLessonsInWindow(
    db,
    null,
    (r) => ({ start: now, end: new Date(now.getTime() + r.maxAdvanceDays * 86_400_000) }),
    now,
  );
  const seen = new Set<number>();
  const free: FreeLesson[] = [];
  for (const teacher of teachers) {
    for (const lesson of byTeacher.get(teacher.id) ?? []) {
      if (seen.has(lesson.start.getTime())) continue;
      seen.add(lesson.start.getTime());
      free.push({ teacherId: teacher.id, start: lesson.start });
    }
  }
  return { rules, free };
}

const offerUrl = (ctx: MailContext, locale: Locale, id: string) =>
  `${ctx.publicUrl}${localePath(locale, `/student/waitlist/offer/${id}`)}`;

/**
 * The periodic pass: holds whose hours are over pass on, then each free time that someone waits
 * for is offered to the first of them in the order they asked. Each offer is written under the
 * teacher's lock after the time is checked free again (a booking takes the same lock), and the
 * partial unique indexes keep one hold per time and per entry if two processes race.
 */
export async function advanceWaitlist(db: Db, opts: { publicUrl: string; now: Date }) {
  const { now } = opts;
  const expired = (await expireHolds(db, now)).count;
  if (!(await hasWaitingEntries(db, now))) return { expired, offered: 0 };
  const entries = await listAllWaitingEntries(db, now);
  const offers = await listOffersOfEntries(
    db,
    entries.map((e) => e.id),
  );
  const { rules, free } = await freeLessons(db, now);
  const planned = planOffers({
    free,
    entries,
    holding: new Set(offers.filter((o) => o.status === "held").map((o) => o.entryId)),
    offeredBefore: new Set(offers.map((o) => offerKey(o.entryId, o.startsAt))),
    zone: rules.zone,
  });
  if (planned.length === 0) return { expired, offered: 0 };
  const hours = (await readHoldHours(db))?.waitlistHoldHours ?? DEFAULT_WAITLIST_HOLD_HOURS;
  const ctx = await loadMailContext(db, { PUBLIC_URL: opts.publicUrl });
  const entryOf = new Map(entries.map((e) => [e.id, e]));
  let offered = 0;
  for (const plan of planned) {
    const entry = entryOf.get(plan.entryId);
    if (!entry) continue;
    const locale: Locale = isLocale(entry.locale) ? entry.locale : "en";
    try {
      const made = await runWithTeacherLock(
        db,
        plan.teacherId,
        async (tx) => {
          const still = await bookableLessonsByTeacher(
            tx,
            [plan.teacherId],
            { start: plan.start, end: new Date(plan.start.getTime() + 1) },
            rules,
            now,
          );
          if (!still.get(plan.teacherId)?.some((l) => l.start.getTime() === plan.start.getTime())) return false;
          // A family at its weekly cap that week (issue 31, item 7) is passed over for this time:
          // the next person waiting is offered it on the next pass.
          const { latest } = await findBookingDetails(tx, entry.studentId);
          const capped = await weeklyRoomRefusal(tx, {
            accountId: entry.studentId,
            learnerId: latest?.learnerId ?? null,
            starts: [plan.start],
            zone: rules.zone,
          });
          if (capped) {
            await insertPassedOver(tx, { entryId: entry.id, teacherId: plan.teacherId, startsAt: plan.start, now });
            return false;
          }
          const expiresAt = holdExpiry(now, hours);
          const offer = await insertOffer(tx, {
            entryId: entry.id,
            teacherId: plan.teacherId,
            startsAt: plan.start,
            createdAt: now,
            expiresAt,
          });
          const content = waitlistOfferEmail(
            entry.student.name,
            { startsAt: plan.start, expiresAt, hours, url: offerUrl(ctx, locale, offer.id) },
            { ...ctx, locale },
          );
          await insertOutboxEmails(tx, [
            outboxMail("waitlist_offer", entry.student.email, content, `waitlist_offer:${offer.id}`),
          ]);
          return true;
        },
        takenMessage(plan.start, rules.zone),
      );
      if (made) offered += 1;
    } catch (error) {
      // Another process offered or booked it first: the next pass sees what is left.
      if (!(error instanceof AppError && error.code === "CONFLICT")) throw error;
    }
  }
  return { expired, offered };
}

import type { Prisma } from "../../db/generated/client.ts";
import type { Db, DbOrTx, Tx } from "../../db.ts";

const entrySelect = {
  id: true,
  studentId: true,
  startsAt: true,
  weekday: true,
  fromMinute: true,
  toMinute: true,
  status: true,
  locale: true,
  createdAt: true,
} as const satisfies Prisma.WaitlistEntrySelect;
export type WaitlistEntryRow = Prisma.WaitlistEntryGetPayload<{ select: typeof entrySelect }>;

/** Still waiting, and still to come: an entry for one time that has passed waits for nothing. */
const waitingAt = (now: Date) =>
  ({ status: "waiting", OR: [{ startsAt: null }, { startsAt: { gt: now } }] }) satisfies Prisma.WaitlistEntryWhereInput;

const offerSelect = {
  id: true,
  entryId: true,
  teacherId: true,
  startsAt: true,
  status: true,
  expiresAt: true,
} as const satisfies Prisma.WaitlistOfferSelect;
export type WaitlistOfferRow = Prisma.WaitlistOfferGetPayload<{ select: typeof offerSelect }>;

export type NewWaitlistEntry = {
  studentId: string;
  startsAt: Date | null;
  weekday: number | null;
  fromMinute: number | null;
  toMinute: number | null;
  locale: string;
  createdAt: Date;
};

/** The same wish still waiting: asking twice keeps one place in the queue, the first. */
export function findSameWaitingEntry(db: DbOrTx, entry: NewWaitlistEntry) {
  const { studentId, startsAt, weekday, fromMinute, toMinute } = entry;
  return db.waitlistEntry.findFirst({
    where: { studentId, startsAt, weekday, fromMinute, toMinute, status: "waiting" },
    select: entrySelect,
  });
}

export function insertWaitlistEntry(db: DbOrTx, entry: NewWaitlistEntry) {
  return db.waitlistEntry.create({ data: entry, select: entrySelect });
}

/** The family's entries still waiting, with the offer each holds now (if any). */
export function listWaitingEntries(db: Db, studentId: string, now: Date) {
  return db.waitlistEntry.findMany({
    where: { studentId, ...waitingAt(now) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      ...entrySelect,
      offers: { where: { status: "held", expiresAt: { gt: now } }, select: offerSelect },
    },
  });
}

/** One of this family's entries still waiting; another family's id finds nothing. */
export function findOwnWaitingEntry(db: DbOrTx, studentId: string, id: string) {
  return db.waitlistEntry.findFirst({ where: { id, studentId, status: "waiting" }, select: entrySelect });
}

/** Withdrawn: the entry leaves the queue and a time it holds passes on. */
export async function withdrawEntry(db: Db, id: string, now: Date) {
  await db.$transaction([
    db.waitlistEntry.update({ where: { id }, data: { status: "withdrawn", closedAt: now } }),
    db.waitlistOffer.updateMany({
      where: { entryId: id, status: "held" },
      data: { status: "released", closedAt: now },
    }),
  ]);
}

/** Every entry waiting, in the order they asked. */
export function listAllWaitingEntries(db: DbOrTx, now: Date) {
  return db.waitlistEntry.findMany({
    where: waitingAt(now),
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { ...entrySelect, student: { select: { name: true, email: true } } },
  });
}

/** The offers ever made to these entries (held ones say who is busy, all say what was offered). */
export function listOffersOfEntries(db: DbOrTx, entryIds: string[]) {
  return db.waitlistOffer.findMany({ where: { entryId: { in: entryIds } }, select: offerSelect });
}

/** Holds whose hours are over become expired; the time passes to the next person. */
export function expireHolds(db: DbOrTx, now: Date) {
  return db.waitlistOffer.updateMany({
    where: { status: "held", expiresAt: { lte: now } },
    data: { status: "expired", closedAt: now },
  });
}

/** The starts held now for these teachers in [from, to): hidden from the grid, refused to others. */
export function listHeldStarts(db: DbOrTx, teacherIds: string[], from: Date, to: Date, now: Date) {
  return db.waitlistOffer.findMany({
    where: { teacherId: { in: teacherIds }, status: "held", expiresAt: { gt: now }, startsAt: { gte: from, lt: to } },
    select: { teacherId: true, startsAt: true, entry: { select: { studentId: true } } },
  });
}

/** The holds on these starts of a teacher, with whose they are (under the teacher's lock). */
export function findHoldsAt(tx: Tx, teacherId: string, starts: Date[], now: Date) {
  return tx.waitlistOffer.findMany({
    where: { teacherId, startsAt: { in: starts }, status: "held", expiresAt: { gt: now } },
    select: { id: true, entryId: true, startsAt: true, entry: { select: { studentId: true } } },
  });
}

/** The holder booked it: the offer is accepted and the entry has what it waited for. */
export async function acceptHolds(tx: Tx, holds: { id: string; entryId: string }[], bookingId: string, now: Date) {
  for (const hold of holds) {
    await tx.waitlistOffer.update({
      where: { id: hold.id },
      data: { status: "accepted", closedAt: now, bookingId },
    });
    await tx.waitlistEntry.update({ where: { id: hold.entryId }, data: { status: "booked", closedAt: now } });
  }
}

export function insertOffer(
  tx: Tx,
  offer: { entryId: string; teacherId: string; startsAt: Date; createdAt: Date; expiresAt: Date },
) {
  return tx.waitlistOffer.create({ data: offer, select: offerSelect });
}

/**
 * The time passed over for this entry without an offer (its family is at its weekly cap that
 * week): recorded closed, so the next pass offers it to the next person and never to this entry.
 */
export function insertPassedOver(tx: Tx, offer: { entryId: string; teacherId: string; startsAt: Date; now: Date }) {
  const { now, ...rest } = offer;
  return tx.waitlistOffer.create({
    data: { ...rest, createdAt: now, expiresAt: now, closedAt: now, status: "released" },
    select: { id: true },
  });
}

/** A held offer of this family's, not yet expired; another family's id finds nothing. */
export function findOwnHeldOffer(db: DbOrTx, studentId: string, id: string, now: Date) {
  return db.waitlistOffer.findFirst({
    where: { id, status: "held", expiresAt: { gt: now }, entry: { studentId, status: "waiting" } },
    select: offerSelect,
  });
}

/** Any offer of this family's, whatever became of it (the offer page says what happened). */
export function findOwnOffer(db: DbOrTx, studentId: string, id: string) {
  return db.waitlistOffer.findFirst({ where: { id, entry: { studentId } }, select: offerSelect });
}

export function readHoldHours(db: DbOrTx) {
  return db.adminSettings.findUnique({ where: { id: "site" }, select: { waitlistHoldHours: true } });
}

/** Whether anyone waits at all: the periodic pass costs one count when nobody does. */
export async function hasWaitingEntries(db: DbOrTx, now: Date) {
  return (await db.waitlistEntry.count({ where: waitingAt(now) })) > 0;
}

/** The details the family gave on their latest lesson, else their profile's: an offer books with them. */
export async function findBookingDetails(db: DbOrTx, studentId: string) {
  const [latest, user] = await Promise.all([
    db.booking.findFirst({
      where: { studentId },
      orderBy: { createdAt: "desc" },
      select: {
        studentName: true,
        studentPhone: true,
        englishLevel: true,
        lessonFocus: true,
        lessonType: true,
        location: true,
        learnerId: true,
        bookedBy: true,
      },
    }),
    db.user.findUnique({
      where: { id: studentId },
      select: { name: true, phone: true, englishLevel: true, lessonFocus: true },
    }),
  ]);
  return { latest, user };
}

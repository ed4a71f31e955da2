import type { Prisma } from "../../db/generated/client.ts";
import type { Db, DbOrTx } from "../../db.ts";

/** What the teacher sees of a source: never its address's secret parts, never its password. */
export const calendarSourceSelect = {
  id: true,
  kind: true,
  name: true,
  displayHost: true,
  username: true,
  lastSyncedAt: true,
  busyCount: true,
  lastError: true,
  failingSince: true,
  createdAt: true,
  receivesLessons: true,
} as const satisfies Prisma.CalendarSourceSelect;
export type CalendarSourceRow = Prisma.CalendarSourceGetPayload<{ select: typeof calendarSourceSelect }>;

const credentialsSelect = {
  id: true,
  teacherId: true,
  kind: true,
  urlEncrypted: true,
  username: true,
  passwordEncrypted: true,
  calendarUrlEncrypted: true,
  receivesLessons: true,
} as const satisfies Prisma.CalendarSourceSelect;
export type CalendarCredentialsRow = Prisma.CalendarSourceGetPayload<{ select: typeof credentialsSelect }>;

export type NewCalendarSource = {
  teacherId: string;
  kind: "caldav" | "ics";
  name: string;
  urlEncrypted: string;
  username: string | null;
  passwordEncrypted: string | null;
  calendarUrlEncrypted: string | null;
  displayHost: string;
};

export function insertCalendarSource(db: DbOrTx, source: NewCalendarSource) {
  return db.calendarSource.create({ data: source, select: calendarSourceSelect });
}

export function listCalendarSources(db: DbOrTx, teacherId: string) {
  return db.calendarSource.findMany({
    where: { teacherId },
    select: calendarSourceSelect,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

export function findCalendarSource(db: DbOrTx, id: string) {
  return db.calendarSource.findUnique({ where: { id }, select: { ...calendarSourceSelect, teacherId: true } });
}

export function findCalendarCredentials(db: DbOrTx, id: string) {
  return db.calendarSource.findUnique({ where: { id }, select: credentialsSelect });
}

/** Removes the source and (cascade) its busy times; the count is 0 when it was not the teacher's. */
export async function deleteCalendarSource(db: DbOrTx, teacherId: string, id: string) {
  return (await db.calendarSource.deleteMany({ where: { id, teacherId } })).count;
}

/**
 * Claims the source's refresh for this process until `until`, unless another process holds an
 * unexpired claim: one conditional UPDATE, so of several processes (PostgreSQL) one wins.
 */
export async function claimCalendarSync(db: Db, id: string, now: Date, until: Date): Promise<boolean> {
  const claimed = await db.$executeRaw`
    UPDATE "CalendarSource" SET "syncClaimedUntil" = ${until}, "lastAttemptAt" = ${now}
    WHERE "id" = ${id}::uuid AND ("syncClaimedUntil" IS NULL OR "syncClaimedUntil" <= ${now})`;
  return claimed === 1;
}

/** Whether a refresh of the source is claimed at `now` (by any process). */
export async function isCalendarSyncClaimed(db: Db, id: string, now: Date): Promise<boolean> {
  const row = await db.calendarSource.findUnique({ where: { id }, select: { syncClaimedUntil: true } });
  return row?.syncClaimedUntil != null && row.syncClaimedUntil > now;
}

/** Replaces the source's busy times with a refresh's, and records the success. */
export async function replaceCalendarBusy(
  tx: DbOrTx,
  source: { id: string; teacherId: string },
  busy: { start: Date; end: Date }[],
  now: Date,
) {
  await tx.calendarBusy.deleteMany({ where: { sourceId: source.id } });
  if (busy.length > 0) {
    await tx.calendarBusy.createMany({
      data: busy.map((b) => ({ sourceId: source.id, teacherId: source.teacherId, startsAt: b.start, endsAt: b.end })),
    });
  }
  await tx.calendarSource.update({
    where: { id: source.id },
    data: { lastSyncedAt: now, busyCount: busy.length, lastError: null, failingSince: null, syncClaimedUntil: null },
    select: { id: true },
  });
}

/** A failed refresh: the busy times stay; the error is kept, and since when the source fails. */
export async function recordCalendarFailure(db: Db, id: string, message: string, now: Date) {
  await db.$executeRaw`
    UPDATE "CalendarSource" SET "lastError" = ${message}, "failingSince" = COALESCE("failingSince", ${now}),
      "syncClaimedUntil" = NULL
    WHERE "id" = ${id}::uuid`;
}

/** Sources whose last refresh (tried) is at least `everyMs` old, oldest first. */
export async function listDueCalendarSources(db: Db, now: Date, everyMs: number) {
  const before = new Date(now.getTime() - everyMs);
  const rows = await db.calendarSource.findMany({
    where: { OR: [{ lastAttemptAt: null }, { lastAttemptAt: { lte: before } }] },
    select: { id: true },
    orderBy: [{ lastAttemptAt: { sort: "asc", nulls: "first" } }],
  });
  return rows.map((r) => r.id);
}

export async function readCalendarSyncMinutes(db: DbOrTx): Promise<number | null> {
  const row = await db.adminSettings.findUnique({ where: { id: "site" }, select: { calendarSyncMinutes: true } });
  return row?.calendarSyncMinutes ?? null;
}

export async function writeCalendarSyncMinutes(db: DbOrTx, minutes: number) {
  await db.adminSettings.upsert({
    where: { id: "site" },
    create: { id: "site", calendarSyncMinutes: minutes },
    update: { calendarSyncMinutes: minutes },
    select: { id: true },
  });
}

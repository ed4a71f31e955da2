import { Prisma } from "../../db/generated/client.ts";
import type { Db, DbOrTx, Tx } from "../../db.ts";
import { lessonMailSelect } from "../mail/mail.data.ts";

/**
 * The lessons an account holds without having paid: pending (the teacher has not confirmed them),
 * not over yet, and not from an order paid in full. A lesson without an order (made by the
 * teacher) has nothing paid on it and counts too.
 */
const heldUnpaid = (now: Date) =>
  ({
    status: "pending",
    endsAt: { gt: now },
    OR: [{ orderId: null }, { order: { paymentStatus: { not: "paid" } } }],
  }) as const satisfies Prisma.BookingWhereInput;

/**
 * Serialises this account's new pending lessons: taken after the teacher's lock (always in that
 * order, so two bookings never wait on each other crosswise), it makes the count and the insert
 * of one booking one step for the account, across teachers too. The prefix keeps the key apart
 * from the teachers' (which hash a bare id).
 */
export async function lockAccountPendingLessons(tx: Tx, studentId: string) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`pending-lessons:${studentId}`}))`;
}

/**
 * The cap (the setting, else the catalogue's largest active package) and what the account holds
 * against it, in one round trip: it runs under the teacher's lock, where each one makes the next
 * booking of that teacher wait.
 */
export async function readPendingRoom(tx: DbOrTx, studentId: string, now: Date) {
  const [row] = await tx.$queryRaw<{ cap: number | null; held: number }[]>`
    SELECT
      COALESCE(
        (SELECT "maxPendingLessons" FROM "AdminSettings" WHERE "id" = 'site'),
        (SELECT max("lessons") FROM "Package" WHERE "isActive")
      )::int AS "cap",
      (SELECT count(*) FROM "Booking" b LEFT JOIN "BookingOrder" o ON o."id" = b."orderId"
        WHERE b."studentId" = ${studentId}::uuid AND b."status" = 'pending' AND b."endsAt" > ${now}
          AND (o."id" IS NULL OR o."paymentStatus" <> 'paid'))::int AS "held"`;
  return { cap: row?.cap ?? null, held: row?.held ?? 0 };
}

/** The two settings of pending lessons (the site's row may not exist yet: both then unset). */
export function findPendingSettings(db: DbOrTx) {
  return db.adminSettings.findUnique({
    where: { id: "site" },
    select: { maxPendingLessons: true, releasePendingAfterHours: true },
  });
}

/** The catalogue's largest active package, in lessons: what the cap is when the setting is empty. */
export async function findLargestPackageLessons(db: DbOrTx): Promise<number | null> {
  const { _max } = await db.package.aggregate({ where: { isActive: true }, _max: { lessons: true } });
  return _max.lessons;
}

/** Per account: its pending lessons still to come, those of them unpaid, and its oldest request. */
export async function groupPendingLessonsByAccount(db: Db, now: Date) {
  const pending = { status: "pending", endsAt: { gt: now }, studentId: { not: null } } as const;
  const [all, unpaid] = await Promise.all([
    db.booking.groupBy({
      by: ["studentId"],
      where: pending,
      _count: { _all: true },
      _min: { createdAt: true },
    }),
    db.booking.groupBy({ by: ["studentId"], where: { ...heldUnpaid(now), ...pending }, _count: { _all: true } }),
  ]);
  const ids = all.map((g) => g.studentId).filter((id): id is string => id !== null);
  const users = await db.user.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true, email: true },
  });
  return { all, unpaid, users };
}

/**
 * Unpaid pending lessons still to come whose request is older than `requestedBefore`, oldest
 * first, with what their mail needs.
 */
export function findStalePendingLessons(db: Db, requestedBefore: Date, now: Date) {
  return db.booking.findMany({
    where: { ...heldUnpaid(now), startsAt: { gt: now }, createdAt: { lt: requestedBefore } },
    orderBy: [{ createdAt: "asc" }, { startsAt: "asc" }],
    select: {
      ...lessonMailSelect,
      orderId: true,
      createdAt: true,
      icsSequence: true,
      teacher: { select: { name: true } },
    },
  });
}
export type StalePendingLesson = Awaited<ReturnType<typeof findStalePendingLessons>>[number];

/**
 * Releases these lessons as a declined order's are (cancelled, the slot free again, the calendar
 * SEQUENCE grown), only while they are still pending and unpaid: a confirmation or a payment
 * recorded since the read wins. Answers the ids it released, with their new SEQUENCE.
 */
export async function releasePendingLessons(tx: Tx, ids: string[], now: Date, reason: string) {
  if (ids.length === 0) return [];
  // The status is tested on the updated row itself, so a confirmation committed meanwhile is
  // seen (PostgreSQL re-checks the target row's condition after waiting for its lock).
  return tx.$queryRaw<{ id: string; icsSequence: number }[]>`
    UPDATE "Booking" AS b
       SET "status" = 'cancelled', "cancelledAt" = ${now}, "cancellationReason" = ${reason},
           "icsSequence" = b."icsSequence" + 1, "updatedAt" = ${now}
     WHERE b."id" IN (${Prisma.join(ids.map((id) => Prisma.sql`${id}::uuid`))}) AND b."status" = 'pending'
       AND NOT EXISTS (SELECT 1 FROM "BookingOrder" o WHERE o."id" = b."orderId" AND o."paymentStatus" = 'paid')
    RETURNING b."id", b."icsSequence"`;
}

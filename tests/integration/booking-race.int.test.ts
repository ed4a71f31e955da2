// The database, not the application, guarantees that two students never hold the same
// teacher's time. Run on both engines: PGlite serialises transactions and would hide a race.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db.ts";
import { AppError, isConstraintConflict } from "../../server/errors.ts";
import { type NewBookingRow, SLOT_TAKEN_MESSAGE } from "../../server/features/booking/booking.data.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../helpers/test-db.ts";

let db: TestDatabase;
let teacherId: string;
let otherTeacherId: string;
let studentIds: string[];

const at = (iso: string) => new Date(iso);
function lesson(
  studentId: string,
  startsAt: string,
  endsAt: string,
  extra: Partial<NewBookingRow> = {},
): NewBookingRow {
  return {
    studentId,
    teacherId,
    startsAt: at(startsAt),
    endsAt: at(endsAt),
    status: "pending",
    lessonType: "online",
    studentName: "Student",
    studentEmail: "student@test",
    ...extra,
  };
}

/**
 * Inserts lessons all-or-nothing, straight into the table (no application check at all). The database's exclusion constraint is the arbiter of
 * double booking (no check-then-insert race): a violation becomes a clean CONFLICT.
 */
async function insertBookingsAtomically(db: Db, rows: NewBookingRow[]) {
  try {
    return await db.$transaction(async (tx) => {
      const created = [];
      for (const row of rows) {
        created.push(
          await tx.booking.create({
            data: row,
            select: { id: true, startsAt: true, endsAt: true, status: true, teacherId: true },
          }),
        );
      }
      return created;
    });
  } catch (error) {
    if (isConstraintConflict(error)) throw new AppError("CONFLICT", SLOT_TAKEN_MESSAGE);
    throw error;
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  const teacher = await db.prisma.teacher.create({ data: { name: "T", email: "t@test" } });
  const other = await db.prisma.teacher.create({ data: { name: "U", email: "u@test" } });
  teacherId = teacher.id;
  otherTeacherId = other.id;
  await db.prisma.user.createMany({
    data: Array.from({ length: 50 }, (_, i) => ({ email: `s${i}@test`, name: `Student ${i}` })),
  });
  studentIds = (await db.prisma.user.findMany({ select: { id: true }, orderBy: { email: "asc" } })).map((u) => u.id);
});
afterAll(async () => {
  await db?.close();
});

describe(`no double booking on ${testEngine}`, () => {
  it("lets exactly one of 50 simultaneous bookings of one slot through; 49 get a clean conflict", async () => {
    const results = await Promise.allSettled(
      studentIds.map((id) =>
        insertBookingsAtomically(db.prisma, [lesson(id, "2031-03-03T09:00:00Z", "2031-03-03T10:00:00Z")]),
      ),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const r of lost) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect(r.reason).toMatchObject({ code: "CONFLICT", message: SLOT_TAKEN_MESSAGE });
    }
    expect(await db.prisma.booking.count({ where: { startsAt: at("2031-03-03T09:00:00Z") } })).toBe(1);
  });

  it("refuses partial overlaps at once, from 50 students, and keeps one row", async () => {
    // Every pair of these hours overlaps (latest start 10:30 < earliest end 10:45), so whichever
    // commits first leaves no room for another; 09:30 and 10:30 would be adjacent, both bookable.
    const starts = ["2031-03-04T10:00:00Z", "2031-03-04T10:30:00Z", "2031-03-04T09:45:00Z", "2031-03-04T10:15:00Z"];
    const results = await Promise.allSettled(
      studentIds.map((id, i) => {
        const start = new Date(starts[i % starts.length]);
        return insertBookingsAtomically(db.prisma, [
          lesson(id, start.toISOString(), new Date(start.getTime() + 3600_000).toISOString()),
        ]);
      }),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(
      await db.prisma.booking.count({
        where: { startsAt: { gte: at("2031-03-04T00:00:00Z"), lt: at("2031-03-05T00:00:00Z") } },
      }),
    ).toBe(1);
  });

  it("refuses 10:30-11:30 over 10:00-11:00 but allows the adjacent 11:00-12:00", async () => {
    await insertBookingsAtomically(db.prisma, [lesson(studentIds[0], "2031-03-05T10:00:00Z", "2031-03-05T11:00:00Z")]);
    await expect(
      insertBookingsAtomically(db.prisma, [lesson(studentIds[1], "2031-03-05T10:30:00Z", "2031-03-05T11:30:00Z")]),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      insertBookingsAtomically(db.prisma, [lesson(studentIds[1], "2031-03-05T11:00:00Z", "2031-03-05T12:00:00Z")]),
    ).resolves.toHaveLength(1);
  });

  it("frees the slot when a booking is cancelled, so it can be booked again", async () => {
    const [first] = await insertBookingsAtomically(db.prisma, [
      lesson(studentIds[2], "2031-03-06T10:00:00Z", "2031-03-06T11:00:00Z"),
    ]);
    await db.prisma.booking.update({ where: { id: first.id }, data: { status: "cancelled" } });
    await expect(
      insertBookingsAtomically(db.prisma, [lesson(studentIds[3], "2031-03-06T10:00:00Z", "2031-03-06T11:00:00Z")]),
    ).resolves.toHaveLength(1);
  });

  it("lets two teachers teach at the same time, and keeps unassigned bookings in a lane of their own", async () => {
    await insertBookingsAtomically(db.prisma, [lesson(studentIds[4], "2031-03-07T10:00:00Z", "2031-03-07T11:00:00Z")]);
    await expect(
      insertBookingsAtomically(db.prisma, [
        lesson(studentIds[5], "2031-03-07T10:00:00Z", "2031-03-07T11:00:00Z", { teacherId: otherTeacherId }),
      ]),
    ).resolves.toHaveLength(1);
    await insertBookingsAtomically(db.prisma, [
      lesson(studentIds[6], "2031-03-07T10:00:00Z", "2031-03-07T11:00:00Z", { teacherId: null }),
    ]);
    await expect(
      insertBookingsAtomically(db.prisma, [
        lesson(studentIds[7], "2031-03-07T10:30:00Z", "2031-03-07T11:30:00Z", { teacherId: null }),
      ]),
    ).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("books a package all or nothing: one taken slot books none of its lessons", async () => {
    await insertBookingsAtomically(db.prisma, [lesson(studentIds[8], "2031-03-10T12:00:00Z", "2031-03-10T13:00:00Z")]);
    const before = await db.prisma.booking.count();
    await expect(
      insertBookingsAtomically(db.prisma, [
        lesson(studentIds[9], "2031-03-10T09:00:00Z", "2031-03-10T10:00:00Z"),
        lesson(studentIds[9], "2031-03-10T10:00:00Z", "2031-03-10T11:00:00Z"),
        lesson(studentIds[9], "2031-03-10T12:00:00Z", "2031-03-10T13:00:00Z"),
      ]),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await db.prisma.booking.count()).toBe(before);
  });

  it("confirms only one of two overlapping pending bookings left by a cancelled overlap", async () => {
    const [a] = await insertBookingsAtomically(db.prisma, [
      lesson(studentIds[10], "2031-03-11T10:00:00Z", "2031-03-11T11:00:00Z"),
    ]);
    await db.prisma.booking.update({ where: { id: a.id }, data: { status: "cancelled" } });
    const [b] = await insertBookingsAtomically(db.prisma, [
      lesson(studentIds[11], "2031-03-11T10:30:00Z", "2031-03-11T11:30:00Z"),
    ]);
    // Reviving the cancelled one would overlap the live one: the database refuses it.
    const revive = db.prisma.booking.update({ where: { id: a.id }, data: { status: "confirmed" } });
    await expect(revive).rejects.toBeTruthy();
    expect((await db.prisma.booking.findUniqueOrThrow({ where: { id: b.id } })).status).toBe("pending");
  });
});

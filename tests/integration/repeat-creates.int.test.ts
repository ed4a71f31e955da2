// Everyday friction, item 1: a create a person can repeat (a double tap, a retry after a lost
// answer) carries an idempotency key, and the same key is one change with the first answer, at
// once or one after the other, through tRPC (the body's key) and REST (the Idempotency-Key
// header). The same key with other fields is refused, not answered with the first request's result.
// On PGlite and PostgreSQL: PGlite runs one transaction at a time and would hide the races.
import { randomUUID } from "node:crypto";
import type { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { iso, prepareBookingApp, romeDay, type TestUser } from "../helpers/booking-factory.ts";
import { createConfirmedLesson } from "../helpers/lesson-rows.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
const admin = () => t.caller({ admin: t.admin });

let day = 40;
/** Two fresh days for each test, so no test's lessons or availability meet another's. */
const nextDay = () => {
  day += 2;
  return day;
};

async function lessonOfPackage(student: TestUser, start: DateTime) {
  const order = await db().bookingOrder.create({
    data: {
      studentId: student.id,
      packageId: (await db().package.findFirstOrThrow({ where: { lessons: 6 }, select: { id: true } })).id,
      lessons: 6,
      basePriceCents: 100,
      totalPriceCents: 100,
    },
    select: { id: true },
  });
  const lesson = await createConfirmedLesson(db(), { orderId: order.id, teacherId: t.teacherId, student, start });
  return lesson.id;
}

describe(`a repeated create is one change, on ${testEngine}`, () => {
  it("a note: the same key twice at once and once more after is one note, the first answer each time", async () => {
    const student = await t.createStudent();
    const input = {
      student_id: student.id,
      teacher_note: "Past simple: irregular verbs",
      idempotency_key: randomUUID(),
    };
    const [a, b] = await Promise.all([admin().admin.notes.create(input), admin().admin.notes.create(input)]);
    const c = await admin().admin.notes.create(input);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(await db().studentNote.count({ where: { studentId: student.id } })).toBe(1);
    // Another key is another note; the same key with another text is refused.
    await admin().admin.notes.create({ ...input, idempotency_key: randomUUID() });
    await expect(admin().admin.notes.create({ ...input, teacher_note: "Something else" })).rejects.toThrow(
      /already used for a different request/,
    );
    expect(await db().studentNote.count({ where: { studentId: student.id } })).toBe(2);
  });

  it("a note through REST: the Idempotency-Key header", async () => {
    const student = await t.createStudent();
    const key = randomUUID();
    const post = () =>
      t.send("POST", "/api/admin/student-notes", {
        as: t.admin,
        payload: { student_id: student.id, teacher_note: "Phrasal verbs" },
        headers: { "idempotency-key": key },
      });
    const [a, b] = await Promise.all([post(), post()]);
    expect(a.statusCode, a.body).toBeLessThan(300);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.json()).toEqual(a.json());
    expect(await db().studentNote.count({ where: { studentId: student.id } })).toBe(1);
  });

  it("a shared file, a credit adjustment and an availability slot: one each", async () => {
    const student = await t.createStudent();
    const file = {
      student_id: student.id,
      title: "Reading list",
      file_url: "https://example.com/reading.pdf",
      idempotency_key: randomUUID(),
    };
    const files = await Promise.all([admin().admin.files.create(file), admin().admin.files.create(file)]);
    expect(files[1]).toEqual(files[0]);
    expect(await db().sharedFile.count({ where: { studentId: student.id } })).toBe(1);

    const adjustment = { id: student.id, data: { lessons: 2, reason: "Gift", idempotency_key: randomUUID() } };
    const credits = await Promise.all([
      admin().admin.credits.adjust(adjustment),
      admin().admin.credits.adjust(adjustment),
    ]);
    expect(credits[1]).toEqual(credits[0]);
    expect((await admin().admin.credits.get({ id: student.id })).balance).toBe(2);

    const start = romeDay(nextDay(), 8);
    const slot = { startTime: iso(start), duration: 60, idempotency_key: randomUUID() };
    const slots = await Promise.all([admin().admin.availability.create(slot), admin().admin.availability.create(slot)]);
    expect(slots[1]).toEqual(slots[0]);
    expect(await db().availabilitySlot.count({ where: { teacherId: t.teacherId, startsAt: start.toJSDate() } })).toBe(
      1,
    );
  });

  it("a student's move: the same key twice at once is one move, one email, one allowance spent", async () => {
    await t.setSettings({ bufferBetweenLessons: 30, maxAdvanceBooking: 90, autoConfirmBookings: false });
    const student = await t.createStudent();
    const d = nextDay();
    const lesson = await lessonOfPackage(student, romeDay(d, 10));
    const to = romeDay(d + 1, 9);
    await t.addAvailability(to, 3);
    const key = randomUUID();
    const move = () =>
      t.send("POST", `/api/student/bookings/${lesson}/move`, {
        as: student,
        payload: { lesson_date: iso(to) },
        headers: { "idempotency-key": key },
      });
    const [a, b] = await Promise.all([move(), move()]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    expect(b.json()).toEqual(a.json());
    const again = await move();
    expect(again.json()).toEqual(a.json());
    expect(
      await db().outboxEmail.count({
        where: { kind: "teacher_lesson_moved", dedupeKey: { startsWith: `teacher_lesson_moved:${lesson}:` } },
      }),
    ).toBe(1);
    const row = await db().booking.findUniqueOrThrow({ where: { id: lesson }, select: { icsSequence: true } });
    expect(row.icsSequence).toBe(1);
    // Without the key the same move is a new request: the lesson is already there.
    const plain = await t.send("POST", `/api/student/bookings/${lesson}/move`, {
      as: student,
      payload: { lesson_date: iso(to) },
    });
    expect(plain.statusCode).toBeGreaterThanOrEqual(400);
  });

  it("a key is its user's: the teacher's key, reused by a student, is the student's own request", async () => {
    await t.setSettings({ bufferBetweenLessons: 30, maxAdvanceBooking: 90, autoConfirmBookings: false });
    const student = await t.createStudent();
    const d = nextDay();
    const lesson = await lessonOfPackage(student, romeDay(d, 10));
    const to = romeDay(d + 1, 9);
    await t.addAvailability(to, 3);
    const key = randomUUID();
    const note = await admin().admin.notes.create({
      student_id: student.id,
      teacher_note: "One",
      idempotency_key: key,
    });
    expect(note.note.teacher_note).toBe("One");
    const moved = await t
      .caller({ student })
      .portal.moveLesson({ booking_id: lesson, lesson_date: iso(to), idempotency_key: key });
    expect(moved.booking).toMatchObject({ id: lesson, lesson_date: iso(to) });
  });
});

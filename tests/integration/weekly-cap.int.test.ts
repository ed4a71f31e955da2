// A weekly cap (issue 31, item 7) on a real migrated database (PGlite, or PostgreSQL with
// TEST_ENGINE=postgresql): the teacher sets at most N lessons a week on a learner or a whole
// family over REST, and bookings, packages, a family's own moves and lessons booked later from the
// ledger are refused past it, in the teacher's weeks (Monday to Sunday, Milano), with nothing
// written; the teacher's own move is free of it.
import { DateTime } from "luxon";
import { beforeEach, describe, expect, it } from "vitest";
import { iso, prepareBookingApp, studentInfo, type TestUser, ZONE } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;

/** The Monday `weeksAhead` weeks after this one, at `hour` in Milano. */
const monday = (weeksAhead: number, hour: number) =>
  DateTime.now().setZone(ZONE).startOf("week").plus({ weeks: weeksAhead }).set({ hour });

/** Opens the hour for booking unless an earlier step of the test already did. */
async function open(start: DateTime) {
  const at = start.toJSDate();
  const known = await db().availabilitySlot.count({ where: { startsAt: { lte: at }, endsAt: { gt: at } } });
  if (known === 0) await t.addAvailability(start, 1);
}

async function bookOne(as: TestUser, start: DateTime, info: Record<string, unknown> = {}) {
  await open(start);
  return t.send("POST", "/api/bookings", {
    as,
    payload: {
      studentInfo: studentInfo({ name: as.name, ...info }),
      lesson_date: iso(start),
      lessonType: "online",
      teacher_id: t.teacherId,
    },
  });
}

const ONLINE_5 = { id: "online-5", name: "Online Starter", lessons: 5, totalPrice: 1 };
/** Six lessons: a package with a free change, so its lessons can be moved by the family. */
const STANDARD_6 = { id: "standard-6", name: "Standard", lessons: 6, totalPrice: 192 };

async function bookPackage(as: TestUser, starts: DateTime[], packageInfo: object = ONLINE_5) {
  for (const start of starts) await open(start);
  return t.send("POST", "/api/bookings/package", {
    as,
    payload: {
      studentInfo: studentInfo({ name: as.name }),
      lesson_dates: starts.map(iso),
      lessonType: "online",
      teacher_id: t.teacherId,
      packageInfo,
    },
  });
}

const selfLearnerOf = async (student: TestUser) =>
  (await db().learner.findFirstOrThrow({ where: { accountId: student.id }, select: { id: true } })).id;
const lessonCount = (student: TestUser) =>
  db().booking.count({ where: { studentId: student.id, status: { not: "cancelled" } } });
const capLearner = (id: string, weeklyCap: unknown, as: TestUser = t.admin) =>
  t.send("PUT", `/api/admin/learners/${id}/weekly-cap`, { as, payload: { weeklyCap } });
const capFamily = (id: string, weeklyCap: unknown, as: TestUser = t.admin) =>
  t.send("PUT", `/api/admin/students/${id}/weekly-cap`, { as, payload: { weeklyCap } });

beforeEach(async () => {
  await t.setSettings({ bufferBetweenLessons: 0, autoConfirmBookings: true, maxAdvanceBooking: 120 });
});

describe(`a weekly cap on ${testEngine}`, () => {
  it("the teacher sets and lifts it over REST; bad values are a clear 400, strangers 404, families 401", async () => {
    const giulia = await t.createStudent({ name: "Giulia Conti" });
    expect((await bookOne(giulia, monday(2, 9))).statusCode).toBe(200);
    const learner = await selfLearnerOf(giulia);

    const set = await capLearner(learner, 2);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ learner_id: learner, weeklyCap: 2 });
    for (const bad of [0, 51, 1.5, "two"]) {
      const refused = await capLearner(learner, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(
        "The weekly cap must be a whole number of lessons from 1 to 50, or empty for no cap.",
      );
    }
    // The refusals lost nothing.
    expect((await db().learner.findUniqueOrThrow({ where: { id: learner } })).weeklyLessonCap).toBe(2);
    expect((await capLearner(learner, "")).json().weeklyCap).toBeNull();

    expect((await capLearner("00000000-0000-4000-8000-000000000000", 2)).statusCode).toBe(404);
    expect((await capFamily("00000000-0000-4000-8000-000000000000", 2)).statusCode).toBe(404);
    // The teacher's own account is not a family.
    expect((await capFamily(t.admin.id, 2)).statusCode).toBe(404);
    // A family's session is no teacher's.
    expect((await capLearner(learner, 5, giulia)).statusCode).toBe(401);
    expect((await capFamily(giulia.id, 5, giulia)).statusCode).toBe(401);
    expect((await capFamily(giulia.id, 3)).json()).toEqual({ student_id: giulia.id, weeklyCap: 3 });
  });

  it("refuses a booking or a package past a learner's cap in any week, names the week, and writes nothing", async () => {
    const paolo = await t.createStudent({ name: "Paolo Riva" });
    expect((await bookOne(paolo, monday(3, 9))).statusCode).toBe(200);
    expect((await capLearner(await selfLearnerOf(paolo), 2)).statusCode).toBe(200);

    // Two more in that week would make three.
    const before = await lessonCount(paolo);
    const over = await bookPackage(paolo, [monday(3, 10), monday(3, 11), monday(4, 9), monday(4, 10), monday(5, 9)]);
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe(
      `Paolo Riva can have at most 2 lessons a week, and the week starting ${monday(3, 0).setLocale("en").toFormat("ccc, LLL d")} would have 3. Please choose a time in another week, or ask the teacher.`,
    );
    expect(await lessonCount(paolo)).toBe(before);

    // One more in that week and two in each of the next fits.
    const fits = await bookPackage(paolo, [monday(3, 12), monday(4, 9), monday(4, 10), monday(5, 9), monday(5, 10)]);
    expect(fits.statusCode, fits.body).toBe(200);
    // Sunday 23:00 closes the full week; Monday 00:00 of the next holds only two.
    const sundayLate = monday(6, 0).minus({ hours: 1 });
    const refused = await bookOne(paolo, sundayLate);
    expect(refused.statusCode).toBe(409);
    expect((await bookOne(paolo, monday(6, 0))).statusCode).toBe(200);
  });

  it("a family's own move into a full week is refused; the teacher may move it there", async () => {
    const sara = await t.createStudent({ name: "Sara Galli" });
    const booked = await bookPackage(
      sara,
      [monday(7, 9), monday(7, 10), monday(8, 9), monday(9, 9), monday(9, 10), monday(10, 9)],
      STANDARD_6,
    );
    expect(booked.statusCode, booked.body).toBe(200);
    const lessonId = (
      await db().booking.findFirstOrThrow({ where: { studentId: sara.id, startsAt: monday(8, 9).toJSDate() } })
    ).id;
    expect((await capLearner(await selfLearnerOf(sara), 2)).statusCode).toBe(200);

    const target = monday(7, 14);
    await open(target);
    const moved = await t.send("POST", `/api/student/bookings/${lessonId}/move`, {
      as: sara,
      payload: { lesson_date: iso(target) },
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.body).toContain("can have at most 2 lessons a week");
    expect((await db().booking.findUniqueOrThrow({ where: { id: lessonId } })).startsAt).toEqual(
      monday(8, 9).toJSDate(),
    );
    // Moving within its own week is no new lesson in it.
    const sameWeek = monday(8, 15);
    await open(sameWeek);
    const within = await t.send("POST", `/api/student/bookings/${lessonId}/move`, {
      as: sara,
      payload: { lesson_date: iso(sameWeek) },
    });
    expect(within.statusCode, within.body).toBe(200);

    const byTeacher = await t.send("PUT", `/api/admin/bookings/${lessonId}`, {
      as: t.admin,
      payload: { status: "confirmed", lesson_date: iso(target) },
    });
    expect(byTeacher.statusCode, byTeacher.body).toBe(200);
    expect((await db().booking.findUniqueOrThrow({ where: { id: lessonId } })).startsAt).toEqual(target.toJSDate());
  });

  it("binds the family's bookings, not the teacher's: she books a capped learner into a full week", async () => {
    const marta = await t.createStudent({ name: "Marta Riva" });
    expect((await bookOne(marta, monday(11, 9))).statusCode).toBe(200);
    const learner = await selfLearnerOf(marta);
    expect((await capLearner(learner, 1)).statusCode).toBe(200);

    const second = monday(11, 11);
    await open(second);
    const byFamily = await bookOne(marta, second);
    expect(byFamily.statusCode).toBe(409);
    expect(byFamily.body).toContain("can have at most 1 lesson a week");

    // The settings say the cap binds the family's own bookings, not hers (admin.weeklyCap.text).
    const byTeacher = await t.send("POST", "/api/admin/bookings", {
      as: t.admin,
      payload: { student_id: learner, lesson_date: iso(second), lessonType: "online" },
    });
    expect(byTeacher.statusCode, byTeacher.body).toBe(201);
    expect(await lessonCount(marta)).toBe(2);
  });

  it("a family cap counts every learner of the family together, and says so", async () => {
    const elena = await t.createStudent({ name: "Elena Russo" });
    const first = await bookOne(elena, monday(12, 9), { age_confirmation: "guardian", name: "Marta Russo" });
    expect(first.statusCode, first.body).toBe(200);
    expect((await capFamily(elena.id, 1)).statusCode).toBe(200);
    const brother = await bookOne(elena, monday(12, 11), { age_confirmation: "guardian", name: "Pietro Russo" });
    expect(brother.statusCode).toBe(409);
    expect(brother.json().error).toContain("Your family can have at most 1 lesson a week");
    expect(await db().learner.count({ where: { accountId: elena.id, name: "Pietro Russo" } })).toBe(0);
    // Another week is free.
    const nextWeek = await bookOne(elena, monday(13, 11), { age_confirmation: "guardian", name: "Pietro Russo" });
    expect(nextWeek.statusCode, nextWeek.body).toBe(200);
  });

  it("speaks the family's language", async () => {
    const luca = await t.createStudent({ name: "Luca Moretti" });
    expect((await bookOne(luca, monday(14, 9))).statusCode).toBe(200);
    expect((await capLearner(await selfLearnerOf(luca), 1)).statusCode).toBe(200);
    await open(monday(14, 10));
    const refused = await t.send("POST", "/api/bookings", {
      as: luca,
      headers: { "accept-language": "it" },
      payload: {
        studentInfo: studentInfo({ name: luca.name }),
        lesson_date: iso(monday(14, 10)),
        lessonType: "online",
        teacher_id: t.teacherId,
      },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      `Luca Moretti può fare al massimo 1 lezione a settimana: la settimana che inizia ${monday(14, 0).setLocale("it").toFormat("cccc d LLLL")} ne avrebbe 2. Scegli un orario in un'altra settimana o chiedi all'insegnante.`,
    );
  });
});

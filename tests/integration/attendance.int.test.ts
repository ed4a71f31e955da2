// Attendance (issue 31, item 1) on a real migrated database (PGlite, or PostgreSQL with
// TEST_ENGINE=postgresql), with an injected clock: the service and the lesson job take `now`, so
// the same confirmed lessons are marked before, at and after their start without sleeping. The
// REST path is driven too, on a lesson moved into the past as the passing days would.
import { randomUUID } from "node:crypto";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { markAttendance } from "../../server/features/attendance/attendance.service.ts";
import { getMoneyView } from "../../server/features/billing/money-view.service.ts";
import { lessonCompletionJob } from "../../server/features/ops/scheduler.ts";
import { getDashboardStats } from "../../server/features/portal/lessons.service.ts";
import {
  ATTENDANCE_NOT_HELD_MESSAGE,
  ATTENDANCE_TOO_EARLY_MESSAGE,
  BOOKING_NOT_FOUND_MESSAGE,
} from "../../shared/constants.ts";
import { bookOnlinePackage, prepareBookingApp, romeDay, type TestUser, ZONE } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Lesson = { id: string; startsAt: Date; endsAt: Date };
type LedgerBody = { balance: number; entries: { kind: string; lessons: number; bookingId?: string }[] };

const ledgerOf = async (student: TestUser) => {
  const response = await t.send("GET", "/api/student/credits", { as: student });
  expect(response.statusCode).toBe(200);
  return response.json() as LedgerBody;
};
const lessonsOf = async (student: TestUser) => {
  const response = await t.send("GET", "/api/student/lessons", { as: student });
  expect(response.statusCode).toBe(200);
  return response.json().lessons as { id: string; status: string; attendance: string | null }[];
};
const markOf = (id: string) =>
  db().booking.findUniqueOrThrow({
    where: { id },
    select: { status: true, attendance: true, attendanceSource: true, attendanceMarkedAt: true },
  });
const post = (id: string, payload: unknown, as: TestUser = t.admin, headers?: Record<string, string>) =>
  t.send("POST", `/api/admin/bookings/${id}/attendance`, { as, payload, headers });

/** A student with a confirmed package of five lessons on `daysAhead`'s morning, 9:00 to 14:00. */
async function confirmedPackage(daysAhead: number) {
  const student = await t.createStudent();
  const booked = await bookOnlinePackage(t, student, romeDay(daysAhead, 9));
  const confirmed = await t.send("PUT", `/api/admin/orders/${booked.order.id}`, {
    as: t.admin,
    payload: { status: "confirmed" },
  });
  expect(confirmed.statusCode).toBe(200);
  const lessons: Lesson[] = await db().booking.findMany({
    where: { studentId: student.id },
    orderBy: { startsAt: "asc" },
    select: { id: true, startsAt: true, endsAt: true },
  });
  expect(lessons).toHaveLength(5);
  return { student, lessons, orderId: booked.order.id };
}

beforeAll(async () => {
  await t.setSettings({ bufferBetweenLessons: 0, maxAdvanceBooking: 90, autoConfirmBookings: false });
});

describe(`attendance on ${testEngine}`, () => {
  it("is refused before the lesson starts and accepted from its start, over REST and on the injected clock", async () => {
    const { student, lessons } = await confirmedPackage(3);
    const [first, second] = lessons;
    const ledgerBefore = await ledgerOf(student);

    // Over REST, now: the lesson is three days away.
    const early = await post(first.id, { status: "attended" });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(ATTENDANCE_TOO_EARLY_MESSAGE);
    const italian = await post(first.id, { status: "no_show" }, t.admin, { "accept-language": "it" });
    expect(italian.statusCode).toBe(409);
    expect(italian.json().error).toBe("Puoi segnare la presenza solo dopo l'inizio della lezione.");

    // On the injected clock: a millisecond before the start is refused, the start itself accepted.
    await expect(markAttendance(db(), first.id, "no_show", new Date(first.startsAt.getTime() - 1))).rejects.toThrow(
      ATTENDANCE_TOO_EARLY_MESSAGE,
    );
    expect(await markOf(first.id)).toMatchObject({ attendance: null, attendanceMarkedAt: null });
    expect(await ledgerOf(student)).toEqual(ledgerBefore);

    const marked = await markAttendance(db(), first.id, "attended", first.startsAt);
    expect(marked).toMatchObject({ id: first.id, attendance: "attended", attendance_auto: false });
    expect(marked.attendance_marked_at).toBe(first.startsAt.toISOString());
    expect(await markOf(first.id)).toMatchObject({ status: "confirmed", attendanceSource: "teacher" });
    // Attended: the lesson was used when booked; the ledger says nothing more.
    expect(await ledgerOf(student)).toEqual(ledgerBefore);

    // Over REST once the lesson has started (moved two hours into the past, as the days would).
    const past = new Date(Date.now() - 2 * HOUR);
    await db().booking.update({
      where: { id: second.id },
      data: { startsAt: past, endsAt: new Date(past.getTime() + HOUR) },
    });
    const accepted = await post(second.id, { status: "attended" });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ success: true, booking: { id: second.id, attendance: "attended" } });
    expect((await lessonsOf(student)).find((l) => l.id === second.id)?.attendance).toBe("attended");
  });

  it("a no-show and a late cancellation keep the lesson spent in the ledger, once, and leave the taught counts", async () => {
    const { student, lessons, orderId } = await confirmedPackage(10);
    const [attended, noShow, late, corrected, unmarked] = lessons;
    const minutesIn = (l: Lesson, minutes: number) => new Date(l.startsAt.getTime() + minutes * MINUTE);
    const ledgerBefore = await ledgerOf(student);
    expect(ledgerBefore.balance).toBe(0); // five bought, five booked

    // Everything over: the job completes the five lessons (no marking yet: 24 hours not passed).
    const end = lessons[4].endsAt;
    const job = lessonCompletionJob(db());
    await job.run(end);
    for (const l of lessons) expect(await markOf(l.id)).toMatchObject({ status: "completed", attendance: null });
    const month = DateTime.fromJSDate(lessons[0].startsAt, { zone: ZONE }).toFormat("yyyy-MM");
    const taughtBefore = (await getMoneyView(db(), { from: month, to: month }, end)).totals.lessonsTaught;
    const studiedBefore = (await getDashboardStats(db(), student.id, end)).completedLessons;
    expect(studiedBefore).toBe(5);

    await markAttendance(db(), attended.id, "attended", minutesIn(attended, 50));
    await markAttendance(db(), noShow.id, "no_show", minutesIn(noShow, 15));
    await markAttendance(db(), late.id, "late_cancellation", minutesIn(late, 5));
    // A second tap on the same mark changes nothing.
    await markAttendance(db(), noShow.id, "no_show", minutesIn(noShow, 16));

    const ledger = await ledgerOf(student);
    expect(ledger.balance).toBe(0);
    expect(ledger.entries.slice(0, ledgerBefore.entries.length)).toEqual(ledgerBefore.entries);
    expect(ledger.entries.slice(ledgerBefore.entries.length)).toMatchObject([
      { kind: "no_show", lessons: 0, bookingId: noShow.id },
      { kind: "late_cancellation", lessons: 0, bookingId: late.id },
    ]);
    const stored = await db().creditEntry.findMany({ where: { bookingId: { in: [noShow.id, late.id] } } });
    expect(stored.filter((e) => e.kind !== "used")).toHaveLength(2);
    expect(stored.every((e) => e.orderId === orderId)).toBe(true);

    // A mistake is corrected by another tap: the mark changes, the ledger keeps the lesson spent.
    await markAttendance(db(), corrected.id, "no_show", minutesIn(corrected, 10));
    await markAttendance(db(), corrected.id, "attended", minutesIn(corrected, 30));
    expect(await markOf(corrected.id)).toMatchObject({ status: "completed", attendance: "attended" });
    expect((await ledgerOf(student)).balance).toBe(0);

    // The family sees each lesson's mark in My Lessons; the one nobody marked has none yet.
    const seen = new Map((await lessonsOf(student)).map((l) => [l.id, l]));
    expect(seen.get(attended.id)).toMatchObject({ status: "completed", attendance: "attended" });
    expect(seen.get(noShow.id)).toMatchObject({ status: "completed", attendance: "no_show" });
    expect(seen.get(late.id)).toMatchObject({ status: "completed", attendance: "late_cancellation" });
    expect(seen.get(unmarked.id)?.attendance).toBeNull();

    // Paid for, not taught: the money view and the family's progress leave the two out.
    expect((await getMoneyView(db(), { from: month, to: month }, end)).totals.lessonsTaught).toBe(taughtBefore - 2);
    expect((await getDashboardStats(db(), student.id, end)).completedLessons).toBe(3);
  });

  it("marks attended, by the job, the lessons nobody marked the setting's hours after their end", async () => {
    const { student, lessons } = await confirmedPackage(17);
    const [a, noShow, , , last] = lessons;
    await markAttendance(db(), noShow.id, "no_show", noShow.endsAt);
    const job = lessonCompletionJob(db());
    const lastEnd = last.endsAt.getTime();

    // 24 hours by default: a minute before the last lesson's 24th hour, the others are due, it is not.
    expect((await job.run(new Date(lastEnd + 24 * HOUR - MINUTE))).attendanceMarked).toBeGreaterThanOrEqual(3);
    expect(await markOf(lessons[3].id)).toMatchObject({ attendance: "attended" });
    expect(await markOf(last.id)).toMatchObject({ status: "completed", attendance: null });
    expect(await job.run(new Date(lastEnd + 24 * HOUR))).toMatchObject({ attendanceMarked: 1 });
    const marks = await Promise.all(lessons.map((l) => markOf(l.id)));
    expect(marks.map((m) => [m.attendance, m.attendanceSource])).toEqual([
      ["attended", "auto"],
      ["no_show", "teacher"],
      ["attended", "auto"],
      ["attended", "auto"],
      ["attended", "auto"],
    ]);
    expect(marks[4].attendanceMarkedAt?.toISOString()).toBe(new Date(lastEnd + 24 * HOUR).toISOString());
    // Idempotent: a later pass marks nothing more; the teacher can still correct a job's mark.
    expect(await job.run(new Date(lastEnd + 48 * HOUR))).toMatchObject({ attendanceMarked: 0 });
    const fixed = await markAttendance(db(), a.id, "late_cancellation", new Date(lastEnd + 49 * HOUR));
    expect(fixed).toMatchObject({ attendance: "late_cancellation", attendance_auto: false });
    expect((await ledgerOf(student)).entries.at(-1)).toMatchObject({ kind: "late_cancellation", bookingId: a.id });

    // 0 turns it off.
    const other = await confirmedPackage(24);
    await db().adminSettings.update({ where: { id: "site" }, data: { attendanceAutoHours: 0 } });
    try {
      expect(await job.run(new Date(other.lessons[4].endsAt.getTime() + 400 * HOUR))).toMatchObject({
        attendanceMarked: 0,
      });
      expect(await markOf(other.lessons[0].id)).toMatchObject({ status: "completed", attendance: null });
    } finally {
      await db().adminSettings.update({ where: { id: "site" }, data: { attendanceAutoHours: 24 } });
    }
  });

  it("refuses pending and cancelled lessons, unknown ids, bad input and anyone but the teacher", async () => {
    const { student, lessons } = await confirmedPackage(31);
    const [pending, cancelled, lesson] = lessons;
    const started = (l: Lesson) => new Date(l.startsAt.getTime() + MINUTE);
    await db().booking.update({ where: { id: pending.id }, data: { status: "pending" } });
    await expect(markAttendance(db(), pending.id, "attended", started(pending))).rejects.toThrow(
      ATTENDANCE_NOT_HELD_MESSAGE,
    );
    const cancel = await t.send("PUT", `/api/admin/bookings/${cancelled.id}`, {
      as: t.admin,
      payload: { status: "cancelled" },
    });
    expect(cancel.statusCode).toBe(200);
    await expect(markAttendance(db(), cancelled.id, "no_show", started(cancelled))).rejects.toThrow(
      ATTENDANCE_NOT_HELD_MESSAGE,
    );

    // An unknown id is not found; a bad status is a clear 400; neither writes anything.
    const unknown = await post(randomUUID(), { status: "attended" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(BOOKING_NOT_FOUND_MESSAGE);
    const bad = await post(lesson.id, { status: "present" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('"attended", "no_show" or "late_cancellation"');
    expect((await post(lesson.id, {})).statusCode).toBe(400);

    // The family itself, and another family, cannot mark (a student session is no admin's: 401);
    // another family never sees the mark.
    await markAttendance(db(), lesson.id, "no_show", started(lesson));
    const other = await t.createStudent();
    expect((await post(lesson.id, { status: "attended" }, student)).statusCode).toBe(401);
    expect((await post(lesson.id, { status: "attended" }, other)).statusCode).toBe(401);
    expect(await markOf(lesson.id)).toMatchObject({ attendance: "no_show" });
    expect((await lessonsOf(other)).map((l) => l.id)).not.toContain(lesson.id);
    const ics = await t.send("GET", `/api/calendar/booking/${lesson.id}/ics`, { as: other });
    expect(ics.statusCode).toBe(404);

    // Set back to pending by the teacher, a lesson is no longer held: its mark goes.
    const reopened = await t.send("PUT", `/api/admin/bookings/${lesson.id}`, {
      as: t.admin,
      payload: { status: "pending" },
    });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().booking).toMatchObject({ attendance: null });
  });

  it("the setting is read and saved in GET/PUT /api/admin/settings, 0 to 168, refused otherwise", async () => {
    const current = async () => (await t.send("GET", "/api/admin/settings", { as: t.admin })).json().settings;
    const settings = await current();
    expect(settings.business.attendanceAutoHours).toBe(24);
    const save = (hours: unknown, headers?: Record<string, string>) =>
      t.send("PUT", "/api/admin/settings", {
        as: t.admin,
        headers,
        payload: {
          settings: {
            ...settings,
            business: { ...settings.business, bufferBetweenLessons: 30, attendanceAutoHours: hours },
          },
        },
      });
    const saved = await save(48);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.business.attendanceAutoHours).toBe(48);
    const refused = await save(169);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      "The hours after which unmarked lessons are marked attended must be a whole number from 0 (never) to 168.",
    );
    const italian = await save(1.5, { "accept-language": "it" });
    expect(italian.statusCode).toBe(400);
    expect(italian.json().error).toBe("La presenza automatica deve essere un numero intero di ore da 0 (mai) a 168.");
    expect((await current()).business.attendanceAutoHours).toBe(48);
    expect((await save(24)).statusCode).toBe(200);
  });
});

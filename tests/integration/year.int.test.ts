// A year of real use in one test (issue 17, item 10): an injected clock, no sleeping. A teacher
// with a standing weekly schedule, three students signing in, booking (with retried idempotency
// keys), the teacher confirming, cancelling and settling, for 400 days; the server's periodic jobs
// (top-up, housekeeping, lesson completion, reminders and the outbox) called as the plain
// functions of `now` that the scheduler runs. Real SMTP over loopback (the sink helper).
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listBookings, updateBooking } from "../../server/features/admin/admin.service.ts";
import { createSession, validateSessionToken } from "../../server/features/auth/session.service.ts";
import { getAvailability } from "../../server/features/availability/availability.service.ts";
import {
  applyWeeklySchedule,
  topUpStandingSchedules,
} from "../../server/features/availability/standing-schedule.service.ts";
import { horizonEnd } from "../../server/features/availability/weekly-template.ts";
import { createBooking } from "../../server/features/booking/booking.service.ts";
import {
  createSmtpTransport,
  loadMailContext,
  processOutbox,
  queueLessonReminders,
} from "../../server/features/mail/mail.service.ts";
import { runHousekeeping } from "../../server/features/ops/housekeeping.service.ts";
import { requestCancellation } from "../../server/features/portal/cancellations.service.ts";
import { listLessons } from "../../server/features/portal/lessons.service.ts";
import { completeEndedLessons } from "../../server/features/portal/portal.data.ts";
import { PAST_LESSON_CANCEL_MESSAGE } from "../../shared/constants.ts";
import { createUserWithSession, setSettings, studentInfo, type TestUser, ZONE } from "../helpers/booking-factory.ts";
import { defined } from "../helpers/defined.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { testEngine } from "../helpers/test-db.ts";

const DAYS = 400;
const HORIZON_DAYS = 120;
const schedule = [
  { dayOfWeek: 1, startTime: "09:00", duration: 60 },
  { dayOfWeek: 3, startTime: "18:00", duration: 60 },
  { dayOfWeek: 5, startTime: "10:00", duration: 60 },
];

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let teacherId: string;
let students: TestUser[];
const db = () => t.database.prisma;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp();
  teacherId = (await db().teacher.findFirstOrThrow({ where: { email: "teacher@school.test" } })).id;
  students = [];
  for (let i = 0; i < 3; i++) students.push(await createUserWithSession(db(), { name: `Year Student ${i + 1}` }));
  await setSettings(db(), { maxAdvanceBooking: HORIZON_DAYS, bufferBetweenLessons: 0, autoConfirmBookings: false });
});
afterAll(async () => {
  await t?.close();
  await sink?.stop();
});

describe(`a year of use on ${testEngine}`, () => {
  it("keeps every week bookable, reminds once per lesson, completes lessons and keeps every table bounded", async () => {
    const db_ = db();
    const transport = createSmtpTransport(`${sink.url}/?pool=true`, "English with Giulia <no-reply@test.example>");
    const ctx = await loadMailContext(db_, t.env);
    const publicUrl = t.env.PUBLIC_URL;
    const start = DateTime.now().setZone(ZONE).startOf("day").plus({ days: 1, hours: 3 });
    await applyWeeklySchedule(db_, teacherId, { schedule, weeksAhead: 1 }, start.toJSDate());
    const seriesId = (await db_.weeklySchedule.findUniqueOrThrow({ where: { teacherId } })).seriesId;

    const tokens: { token: string; expiresAt: Date }[] = [];
    const reminderLesson = new Map<string, string>(); // outbox id -> lesson id
    const counts: { day: number; sessions: number; idempotency: number; outbox: number }[] = [];
    const keptPending: string[] = [];
    let booked = 0;
    let settledPastPending = 0;

    for (let day = 0; day < DAYS; day++) {
      const morning = start.plus({ days: day }); // 03:00 in Rome, whatever the offset
      const now = morning.toJSDate();

      // The jobs the scheduler runs at start and on their timers.
      await topUpStandingSchedules(db_, now);
      await runHousekeeping(db_, now);

      // Every week inside the horizon has its three slots, through the far end.
      const end = horizonEnd(now, HORIZON_DAYS, ZONE);
      const slots = await db_.availabilitySlot.findMany({
        where: { teacherId, seriesId, startsAt: { gt: now, lt: end } },
        select: { startsAt: true },
      });
      const perWeek = new Map<string, number>();
      for (const s of slots) {
        const week = defined(DateTime.fromJSDate(s.startsAt).setZone(ZONE).startOf("week").toISODate());
        perWeek.set(week, (perWeek.get(week) ?? 0) + 1);
      }
      for (let w = 1; w < Math.floor(HORIZON_DAYS / 7); w++) {
        const week = defined(morning.startOf("week").plus({ weeks: w }).toISODate());
        expect(perWeek.get(week), `day ${day}: week of ${week}`).toBe(3);
      }

      // Students sign in now and then; their sessions expire after 30 days and are swept.
      const student = students[day % 3];
      if (day % 5 === 0) tokens.push({ ...(await createSession(db_, student.id, "student", now)) });

      // On Mondays each student books the first free lesson the booking grid offers; the
      // request is sent twice with one Idempotency-Key (a retry), giving one booking.
      if (morning.weekday === 1) {
        for (const [i, s] of students.entries()) {
          const grid = await getAvailability(db_, { startDate: morning.plus({ days: 3 }).toISODate() }, now);
          const slot = grid.availableSlots[0];
          expect(slot, `day ${day}: a free lesson exists`).toBeDefined();
          const input = {
            studentInfo: studentInfo({ name: s.name }),
            lesson_date: slot.startTime,
            lessonType: "online" as const,
            teacher_id: teacherId,
          };
          const who = { id: s.id, email: s.email, name: s.name, isAdmin: false, imageUrl: null };
          const key = `year-${day}-${i}`;
          const first = await createBooking(db_, who, input, { publicUrl, idempotencyKey: key, now });
          const retry = await createBooking(db_, who, input, { publicUrl, idempotencyKey: key, now });
          expect(retry.booking.id).toBe(first.booking.id);
          booked++;
          // The teacher confirms most, cancels some and forgets to answer a few.
          if (booked % 5 === 0) await updateBooking(db_, first.booking.id, { status: "cancelled" }, { publicUrl });
          else if (booked % 7 === 0) keptPending.push(first.booking.id);
          else await updateBooking(db_, first.booking.id, { status: "confirmed" }, { publicUrl });
        }
      }

      // Two passes of the mail worker a day: reminders queued at most once per lesson, sent once.
      for (const hours of [0, 12]) {
        const at = morning.plus({ hours }).toJSDate();
        if ((await queueLessonReminders(db_, ctx, at)) > 0) {
          for (const r of await db_.outboxEmail.findMany({
            where: { kind: "lesson_reminder", status: "pending" },
            select: { id: true, dedupeKey: true },
          })) {
            reminderLesson.set(r.id, defined(r.dedupeKey).split(":")[1]);
          }
        }
        while ((await processOutbox({ db: db_, transport, host: "test.example", now: at })) > 0) {}
      }
      await completeEndedLessons(db_, now);

      // A lesson left pending past its time leaves the student's Upcoming, cannot be cancelled
      // by the student, and is listed to the teacher, who settles it (looked at once a week).
      const pastPending =
        morning.weekday === 7
          ? await listBookings(
              db_,
              teacherId,
              { status: "past_pending", teacher_filter: "all", sort: "created", limit: 50, offset: 0 },
              now,
            )
          : { bookings: [] };
      for (const b of pastPending.bookings) {
        const owner = defined(students.find((s) => s.id === b.student.id));
        const upcoming = await listLessons(db_, owner.id, { upcoming: true }, now);
        expect(upcoming.map((l) => l.id)).not.toContain(b.id);
        await expect(
          requestCancellation(db_, owner.id, { booking_id: b.id, reason: "Too late" }, { publicUrl, now }),
        ).rejects.toThrow(PAST_LESSON_CANCEL_MESSAGE);
        await updateBooking(db_, b.id, { status: "completed" }, { publicUrl });
        settledPastPending++;
      }

      if (day % 7 === 0)
        counts.push({
          day,
          sessions: await db_.session.count(),
          idempotency: await db_.idempotencyRecord.count(),
          outbox: await db_.outboxEmail.count(),
        });
    }
    transport.close();
    const last = start.plus({ days: DAYS - 1 }).toJSDate(); // the last day's jobs ran at this moment

    // Sessions: an expired one no longer signs anyone in, and it is gone from the table.
    const expired = tokens.filter((s) => s.expiresAt < last);
    expect(expired.length).toBeGreaterThan(60);
    expect(await validateSessionToken(db_, expired[0].token, "student", last)).toBeNull();
    expect(await db_.session.count({ where: { expiresAt: { lt: start.plus({ days: DAYS - 2 }).toJSDate() } } })).toBe(
      0,
    );

    // No table grows with the year: the last 100 days hold no more than the 100 days after the
    // first month (when the retention windows had filled), and fixed bounds hold throughout.
    const window = (from: number, to: number, k: "sessions" | "idempotency" | "outbox") =>
      Math.max(...counts.filter((c) => c.day >= from && c.day < to).map((c) => c[k]));
    for (const k of ["sessions", "idempotency", "outbox"] as const) {
      expect(window(DAYS - 100, DAYS, k), k).toBeLessThanOrEqual(window(40, 140, k) + 5);
    }
    // 3 students, one sign-in every 5 days, 30-day sessions (+ the three of the factory).
    expect(Math.max(...counts.map((c) => c.sessions))).toBeLessThanOrEqual(3 + 30 / 5 + 1);
    expect(Math.max(...counts.map((c) => c.idempotency))).toBeLessThanOrEqual(6);
    expect(Math.max(...counts.map((c) => c.outbox))).toBeLessThan(booked); // far fewer than a year's mail

    // Every lesson that was on 24 hours before it started got exactly one reminder, sent once.
    const sentIds = sink.received
      .map((m) => /Message-ID: <([0-9a-f-]+)@test\.example>/i.exec(m.raw)?.[1])
      .filter((id): id is string => Boolean(id));
    const remindersPerLesson = new Map<string, number>();
    for (const id of sentIds) {
      const lesson = reminderLesson.get(id);
      if (lesson) remindersPerLesson.set(lesson, (remindersPerLesson.get(lesson) ?? 0) + 1);
    }
    const lessons = await db_.booking.findMany({
      where: { teacherId, endsAt: { lt: last } },
      select: { id: true, status: true, startsAt: true },
    });
    expect(await db_.booking.count({ where: { teacherId } })).toBe(booked); // none lost, none doubled by a retry
    expect(lessons.length).toBeGreaterThan(booked - 10);
    for (const lesson of lessons) {
      expect(remindersPerLesson.get(lesson.id) ?? 0, `${lesson.status} lesson ${lesson.id}`).toBe(
        lesson.status === "cancelled" ? 0 : 1,
      );
    }
    // Lessons complete: every confirmed one whose end passed is completed; the pending ones left
    // past their time were settled by the teacher (but those of the last week, after the last look).
    expect(lessons.filter((l) => l.status === "completed").length).toBeGreaterThan(100);
    expect(lessons.filter((l) => l.status === "confirmed")).toEqual([]);
    const lastLook = last.getTime() - 7 * 86_400_000;
    expect(lessons.filter((l) => l.status === "pending" && l.startsAt.getTime() < lastLook)).toEqual([]);
    const stillPending = lessons.filter((l) => l.status === "pending").length;
    expect(settledPastPending + stillPending).toBe(keptPending.filter((id) => lessons.some((l) => l.id === id)).length);
    expect(settledPastPending).toBeGreaterThan(5);
  }, 600_000);
});

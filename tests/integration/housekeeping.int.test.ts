// Issue 17, item 9: housekeeping runs on a schedule (not on the booking path) and past pending
// lessons leave Upcoming, cannot be cancelled by the student and are listed to the teacher.
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { withIdempotency } from "../../server/features/booking/idempotency.service.ts";
import { runHousekeeping } from "../../server/features/ops/housekeeping.service.ts";
import { PAST_LESSON_CANCEL_MESSAGE } from "../../shared/constants.ts";
import { prepareBookingApp, type TestUser } from "../helpers/booking-factory.ts";

const t = prepareBookingApp();
let student: TestUser;
const db = () => t.database.prisma;
const DAY = 86_400_000;

beforeAll(async () => {
  student = await t.createStudent();
});

describe("daily housekeeping", () => {
  it("prunes expired sessions, day-old idempotency keys, settled mail and past days off, and nothing else", async () => {
    const now = new Date();
    const p = db();
    await p.session.createMany({
      data: [
        {
          id: "expired-1",
          secretHash: "x",
          userId: student.id,
          kind: "student",
          expiresAt: new Date(now.getTime() - 1000),
        },
        {
          id: "valid-1",
          secretHash: "x",
          userId: student.id,
          kind: "student",
          expiresAt: new Date(now.getTime() + DAY),
        },
      ],
    });
    await p.idempotencyRecord.createMany({
      data: [
        { userId: student.id, key: "old", statusCode: 200, response: {}, createdAt: new Date(now.getTime() - 2 * DAY) },
        {
          userId: student.id,
          key: "fresh",
          statusCode: 200,
          response: {},
          createdAt: new Date(now.getTime() - 3600_000),
        },
      ],
    });
    const mail = (subject: string, status: string, age: number, sent = false) => ({
      kind: "booking_created",
      toAddress: "a@test.example",
      subject,
      textBody: "x",
      status,
      createdAt: new Date(now.getTime() - age * DAY),
      sentAt: sent ? new Date(now.getTime() - age * DAY) : null,
    });
    await p.outboxEmail.createMany({
      data: [
        mail("sent-old", "sent", 31, true),
        mail("sent-recent", "sent", 29, true),
        mail("held-old", "held", 91),
        mail("held-recent", "held", 60),
        mail("failed-old", "failed", 91),
        mail("pending-old", "pending", 200),
      ],
    });
    await p.availabilityException.createMany({
      data: [
        {
          teacherId: t.teacherId,
          startsAt: new Date(now.getTime() - 3 * DAY),
          endsAt: new Date(now.getTime() - 2 * DAY),
        },
        {
          teacherId: t.teacherId,
          startsAt: new Date(now.getTime() + 2 * DAY),
          endsAt: new Date(now.getTime() + 3 * DAY),
        },
      ],
    });

    expect(await runHousekeeping(p, now)).toEqual({ sessions: 1, idempotencyRecords: 1, emails: 3, exceptions: 1 });
    expect(await p.session.findUnique({ where: { id: "valid-1" } })).not.toBeNull();
    expect((await p.idempotencyRecord.findMany({ select: { key: true } })).map((r) => r.key)).toEqual(["fresh"]);
    expect(
      (await p.outboxEmail.findMany({ select: { subject: true }, orderBy: { subject: "asc" } })).map((m) => m.subject),
    ).toEqual(["held-recent", "pending-old", "sent-recent"]);
    expect(await p.availabilityException.count()).toBe(1);
    // Run again: nothing more to do.
    expect(await runHousekeeping(p, now)).toEqual({ sessions: 0, idempotencyRecords: 0, emails: 0, exceptions: 0 });
  });

  it("leaves idempotency records alone on the request path; a key past its day is a new request", async () => {
    const p = db();
    const now = new Date();
    await p.idempotencyRecord.create({
      data: {
        userId: student.id,
        key: "unrelated-old",
        statusCode: 200,
        response: {},
        createdAt: new Date(now.getTime() - 2 * DAY),
      },
    });
    await p.idempotencyRecord.create({
      data: {
        userId: student.id,
        key: "reused",
        statusCode: 200,
        response: { requestHash: "h", result: "first answer" },
        createdAt: new Date(now.getTime() - 2 * DAY),
      },
    });
    const answer = await withIdempotency(p, student.id, "reused", "h", async () => "second answer", now);
    expect(answer).toBe("second answer");
    // Within the day the same key replays.
    expect(await withIdempotency(p, student.id, "reused", "h", async () => "third answer", now)).toBe("second answer");
    // The other user's-path records were not swept by the request (housekeeping does that).
    expect(await p.idempotencyRecord.count({ where: { key: "unrelated-old" } })).toBe(1);
  });
});

describe("a past pending lesson", () => {
  it("leaves Upcoming, cannot be cancelled by the student and is listed to the teacher to settle", async () => {
    const p = db();
    // Started half an hour ago and never confirmed (it would still be running if it took place).
    const startsAt = DateTime.now().minus({ minutes: 30 }).startOf("minute");
    const lesson = await p.booking.create({
      data: {
        studentId: student.id,
        teacherId: t.teacherId,
        startsAt: startsAt.toJSDate(),
        endsAt: startsAt.plus({ hours: 1 }).toJSDate(),
        status: "pending",
        lessonType: "online",
        studentName: student.name,
        studentEmail: student.email,
      },
    });
    const upcoming = await t.app.inject({
      method: "GET",
      url: "/api/student/lessons?upcoming=true",
      headers: { cookie: student.cookie },
    });
    expect(upcoming.json().lessons.map((l: { id: string }) => l.id)).not.toContain(lesson.id);
    const all = await t.app.inject({ method: "GET", url: "/api/student/lessons", headers: { cookie: student.cookie } });
    expect(all.json().lessons.map((l: { id: string }) => l.id)).toContain(lesson.id);

    const outboxBefore = await p.outboxEmail.count();
    const cancel = await t.app.inject({
      method: "POST",
      url: "/api/student/request-cancellation",
      headers: { cookie: student.cookie, "content-type": "application/json" },
      payload: JSON.stringify({ booking_id: lesson.id, reason: "I forgot" }),
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error).toBe(PAST_LESSON_CANCEL_MESSAGE);
    expect(await p.cancellationRequest.count({ where: { bookingId: lesson.id } })).toBe(0);
    expect(await p.outboxEmail.count()).toBe(outboxBefore);
    expect((await p.booking.findUniqueOrThrow({ where: { id: lesson.id } })).status).toBe("pending");

    const listed = await t.app.inject({
      method: "GET",
      url: "/api/admin/bookings?status=past_pending",
      headers: { cookie: t.admin.cookie },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().bookings.map((b: { id: string }) => b.id)).toEqual([lesson.id]);
    const settle = await t.app.inject({
      method: "PUT",
      url: `/api/admin/bookings/${lesson.id}`,
      headers: { cookie: t.admin.cookie, "content-type": "application/json" },
      payload: JSON.stringify({ status: "completed" }),
    });
    expect(settle.statusCode).toBe(200);
    const after = await t.app.inject({
      method: "GET",
      url: "/api/admin/bookings?status=past_pending",
      headers: { cookie: t.admin.cookie },
    });
    expect(after.json()).toMatchObject({ bookings: [], total: 0 });
  });
});

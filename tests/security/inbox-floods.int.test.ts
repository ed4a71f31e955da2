// Checklist 34 (issue 27, item 5): writes that reach the teacher's inbox or mail cannot flood it.
// Each is in the hourly `request` bucket (429 with Retry-After past its limit, enumerated below),
// and a repeat is not a second message: the same student, night and package is one group sign-up
// (a unique index decides, so concurrent repeats make one row too), the same words from the same
// address are one availability request, and a refused cancellation request mails her once.
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GROUP_SIGNUP_REOPEN_CONFLICT_MESSAGE } from "../../server/features/admin/admin.data.ts";
import { routeKey, routeTable } from "../helpers/app-surface.ts";
import { createUserWithSession, prepareBookingApp, type TestUser } from "../helpers/booking-factory.ts";
import { createConfirmedLesson } from "../helpers/lesson-rows.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { testEngine } from "../helpers/test-db.ts";

const NIGHT = { event_id: "thursday-brera", package_id: "conversation-6-weeks" };
const REQUEST = {
  name: "Paola Rossi",
  email: "Paola@Visitor.test",
  availability: "Weekday evenings after 7",
  location: "Milano",
  phone: "+39 347 000 1111",
  packageInfo: { id: "standard-6", name: "Standard Package", lessons: 6, totalPrice: 192 },
  teacherInfo: { id: null, name: "Giulia" },
};

describe(`repeats that would flood the teacher's inbox, on ${testEngine}`, () => {
  const t = prepareBookingApp();
  const db = () => t.database.prisma;

  const signUp = (student: TestUser, body: Record<string, unknown> = NIGHT) =>
    t.send("POST", "/api/group-conversation/book", { as: student, payload: body });
  const groupNotices = (signupIds: string[]) =>
    db().outboxEmail.count({
      where: { kind: "teacher_group_signup", dedupeKey: { in: signupIds.map((id) => `teacher_group_signup:${id}`) } },
    });
  const setHandled = (id: string, handled: boolean) =>
    t.send("POST", `/api/admin/inbox/group-signup/${id}/handled`, { as: t.admin, payload: { handled } });

  it("group sign-ups: five repeats are one sign-up and one email to the teacher", async () => {
    const student = await t.createStudent();
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const response = await signUp(student, { ...NIGHT, phone: `+39 347 000 000${i}` });
      expect(response.statusCode, response.body).toBe(200);
      answers.push(response.json());
    }
    const rows = await db().groupSignup.findMany({ where: { userId: student.id } });
    expect(rows).toHaveLength(1);
    expect(answers).toEqual(Array(5).fill({ success: true, signupId: rows[0].id }));
    // The first sign-up's details stand: a repeat changes nothing the teacher already read.
    expect(rows[0].phone).toBe("+39 347 000 0000");
    expect(await groupNotices([rows[0].id])).toBe(1);
    // Through tRPC too.
    expect(await t.caller({ student }).booking.bookGroupConversation(NIGHT)).toEqual({
      success: true,
      signupId: rows[0].id,
    });
    expect(await db().groupSignup.count({ where: { userId: student.id } })).toBe(1);
    // Another night, or another student, is another sign-up.
    const other = await signUp(student, { ...NIGHT, event_id: "tuesday-navigli" });
    expect(other.json().signupId).not.toBe(rows[0].id);
    const friend = await t.createStudent();
    expect((await signUp(friend)).json().signupId).not.toBe(rows[0].id);
  });

  it("group sign-ups: once the teacher handled one, the next six weeks are a new sign-up; the old one cannot be reopened beside it", async () => {
    const student = await t.createStudent();
    const first = (await signUp(student)).json().signupId as string;
    expect((await setHandled(first, true)).statusCode).toBe(200);
    const second = (await signUp(student)).json().signupId as string;
    expect(second).not.toBe(first);
    expect(await groupNotices([first, second])).toBe(2);
    const reopen = await setHandled(first, false);
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().error).toBe(GROUP_SIGNUP_REOPEN_CONFLICT_MESSAGE);
    expect((await setHandled(second, true)).statusCode).toBe(200);
    expect((await setHandled(first, false)).statusCode).toBe(200);
  });

  it("group sign-ups sent at once: one row, one email", async () => {
    const student = await t.createStudent();
    const answers = await Promise.all(Array.from({ length: 20 }, () => signUp(student)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = await db().groupSignup.findMany({ where: { userId: student.id }, select: { id: true } });
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((r) => r.json().signupId))).toEqual(new Set([rows[0].id]));
    expect(await groupNotices([rows[0].id])).toBe(1);
  });

  const ask = (body: Record<string, unknown>, remoteAddress = "203.0.113.20") =>
    t.app.inject({
      method: "POST",
      url: "/api/bookings/availability-request",
      remoteAddress,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(body),
    });
  const requestNotices = () => db().outboxEmail.count({ where: { kind: "teacher_availability_request" } });

  it("availability requests: the same words from the same address are one request and one email", async () => {
    const before = await requestNotices();
    const ids = [];
    for (let i = 0; i < 5; i++) {
      // The address in other letter case, the package's keys in another order: still the same request.
      const body =
        i % 2
          ? {
              ...REQUEST,
              email: REQUEST.email.toLowerCase(),
              packageInfo: { totalPrice: 192, lessons: 6, name: "Standard Package", id: "standard-6" },
            }
          : REQUEST;
      const response = await ask(body, `203.0.113.${30 + i}`);
      expect(response.statusCode, response.body).toBe(200);
      ids.push(response.json().id);
    }
    expect(new Set(ids).size).toBe(1);
    expect(await db().availabilityRequest.count({ where: { email: "paola@visitor.test" } })).toBe(1);
    expect(await requestNotices()).toBe(before + 1);

    // Other words, another package, another address: each a request of its own.
    const variants = [
      { ...REQUEST, availability: "Saturday mornings" },
      { ...REQUEST, packageInfo: { ...REQUEST.packageInfo, id: "single-lesson", lessons: 1 } },
      { ...REQUEST, email: "paola.work@visitor.test" },
    ];
    for (const body of variants) expect((await ask(body)).json().id).not.toBe(ids[0]);
    expect(await requestNotices()).toBe(before + 4);

    // Once the teacher handled it, the same words are a new request.
    const handled = await t.send("POST", `/api/admin/inbox/availability-request/${ids[0]}/handled`, {
      as: t.admin,
      payload: { handled: true },
    });
    expect(handled.statusCode, handled.body).toBe(200);
    expect((await ask(REQUEST)).json().id).not.toBe(ids[0]);
    expect(await requestNotices()).toBe(before + 5);
  });

  it("availability requests sent at once: one row, one email", async () => {
    const before = await requestNotices();
    const body = { ...REQUEST, email: "burst@visitor.test" };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => ask(body, `198.51.100.${i}`)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await db().availabilityRequest.count({ where: { email: "burst@visitor.test" } })).toBe(1);
    expect(await requestNotices()).toBe(before + 1);
  });

  it("cancellation requests: a refused request repeated five times mails the teacher once", async () => {
    const student = await t.createStudent();
    // Within the 24-hour notice: every request is refused, and recorded for the teacher.
    const start = DateTime.now().plus({ hours: 5 }).startOf("hour");
    const order = await db().bookingOrder.create({
      data: { studentId: student.id, packageId: "standard-6", lessons: 6, basePriceCents: 1, totalPriceCents: 1 },
    });
    const lesson = await createConfirmedLesson(db(), { orderId: order.id, teacherId: t.teacherId, student, start });
    for (let i = 0; i < 5; i++) {
      const response = await t.send("POST", "/api/student/request-cancellation", {
        as: student,
        payload: { booking_id: lesson.id, reason: "Busy" },
      });
      expect(response.statusCode, response.body).toBe(409);
    }
    expect(
      await db().outboxEmail.count({
        where: { kind: "teacher_cancellation", dedupeKey: { startsWith: `teacher_cancellation:${lesson.id}` } },
      }),
    ).toBe(1);
  });
});

/**
 * Every write a visitor or student makes that reaches the teacher's inbox or mail, or names
 * someone else's address, at no cost to the sender. Bookings, rebookings and moves mail her too,
 * but each holds a slot (under the pending-lesson cap) or spends a credit or an allowance: they
 * stay in the per-minute booking bucket.
 */
const REQUEST_BUCKET_WRITES: { route: string; as: "student" | "visitor"; payload: (code: string) => unknown }[] = [
  { route: "POST /api/group-conversation/book", as: "student", payload: () => NIGHT },
  { route: "POST /api/bookings/availability-request", as: "visitor", payload: () => REQUEST },
  {
    route: "POST /api/student/request-cancellation",
    as: "student",
    payload: () => ({ booking_id: "00000000-0000-4000-8000-000000000000", reason: "Busy" }),
  },
  { route: "POST /api/student/referrals", as: "student", payload: () => ({ email: "someone@friend.test" }) },
  {
    route: "POST /api/bookings",
    as: "visitor",
    payload: (code) => ({
      name: "Marta Gialli",
      email: "marta@friend.test",
      phone: "+39 347 000 2222",
      englishLevel: "beginner",
      lessonFocus: "Travel",
      preferredType: "online",
      referralCode: code,
    }),
  },
];

describe(`the hourly request bucket, on ${testEngine}`, () => {
  let t: TestApp;
  let referrer: TestUser;
  beforeAll(async () => {
    // Every other bucket stays generous (test-app.ts), so a 429 here can only come from `request`.
    t = await createTestApp({ env: { RATE_LIMIT_REQUEST: "3" } });
    referrer = await createUserWithSession(t.database.prisma);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists routes that exist", () => {
    const routes = new Set(routeTable(t.app).map(routeKey));
    for (const { route } of REQUEST_BUCKET_WRITES) expect(routes, route).toContain(route);
  });

  it.each(REQUEST_BUCKET_WRITES)("$route answers 429 with an hour's Retry-After past its limit", async (write) => {
    const [method, url] = write.route.split(" ");
    // Each route on its own account or address: the bucket is shared by all of them.
    const student = write.as === "student" ? await createUserWithSession(t.database.prisma) : null;
    const remoteAddress = `192.0.2.${REQUEST_BUCKET_WRITES.indexOf(write) + 1}`;
    const codes: number[] = [];
    let retryAfter = 0;
    for (let i = 0; i < 5; i++) {
      const response = await t.app.inject({
        method: method as "POST",
        url,
        remoteAddress,
        headers: { "content-type": "application/json", ...(student ? { cookie: student.cookie } : {}) },
        payload: JSON.stringify(write.payload(referrer.referralCode)),
      });
      codes.push(response.statusCode);
      if (response.statusCode === 429) retryAfter = Number(response.headers["retry-after"]);
    }
    expect(
      codes.slice(0, 3).every((c) => c !== 429 && c < 500),
      `${write.route}: ${codes}`,
    ).toBe(true);
    expect(codes.slice(3)).toEqual([429, 429]);
    expect(retryAfter).toBeGreaterThan(60 * 59);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
  });
});

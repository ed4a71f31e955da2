// Every spec /api path that maps onto a procedure (server/http/rest-table.ts) answers over REST what
// its procedure answers over tRPC: the same body (shaped by the row), the same status, the same
// refusals. The walk covers the whole table: a row without a sample here fails the first test.
import { randomUUID } from "node:crypto";
import { DateTime } from "luxon";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProcedureRoute, procedureOf, type RestRequest } from "../../server/http/procedure-routes.ts";
import { procedureRoutes } from "../../server/http/rest-table.ts";
import { appRouter } from "../../server/trpc/root.ts";
import { SINGLE_LESSON_CANCEL_MESSAGE } from "../../shared/cancellation-policy.ts";
import { BOOKING_UNAUTHORIZED_MESSAGE, CANCEL_REASON_REQUIRED_MESSAGE } from "../../shared/constants.ts";
import { callerFor, createUserWithSession, sessionForExistingUser, type TestUser } from "../helpers/booking-factory.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

let t: TestApp;
let admin: TestUser;
let student: TestUser;
const db = () => t.database.prisma;
const asStudent = () => student.cookie;
const asAdmin = () => callerFor(db(), t.env, { admin });
const keyOf = (row: Pick<ProcedureRoute, "method" | "url">) => `${row.method} ${row.url}`;

type Answer = { status: number; body: unknown };
/**
 * A request for one row. Writes build their fixtures afresh on each call (one for REST, one for
 * tRPC), so both transports act on equal records; their ids and times differ and are compared as
 * placeholders (`fresh`).
 */
type Sample = {
  request: () => Promise<Partial<RestRequest>>;
  fresh?: boolean;
  volatile?: string[];
  /** Who asks (the admin by default). */
  as?: () => string;
  /** The answer both transports must give, where it is a refusal. */
  refusal?: Answer;
};
let signups = 0;
let learners = 0;
let waitlistMinutes = 0;
const waitlistFrom = () =>
  `${String(8 + Math.floor(waitlistMinutes / 60)).padStart(2, "0")}:${String(waitlistMinutes++ % 60).padStart(2, "0")}`;

let slotHour = 0;
/** A future hour no other sample uses, in the teacher's zone. */
const freeHour = () =>
  DateTime.now()
    .setZone("Europe/Rome")
    .startOf("day")
    .plus({ days: 40 + Math.floor(slotHour / 10), hours: 8 + (slotHour++ % 10) });

async function lesson() {
  const teacher = await db().teacher.findFirstOrThrow({ where: { userId: admin.id } });
  const start = freeHour();
  return db().booking.create({
    data: {
      studentId: student.id,
      teacherId: teacher.id,
      startsAt: start.toJSDate(),
      endsAt: start.plus({ hours: 1 }).toJSDate(),
      status: "pending",
      lessonType: "online",
      studentName: student.name,
      studentEmail: student.email,
    },
  });
}
/** A confirmed lesson some weeks ago (each at an hour of its own): one that can be reported. */
async function pastLesson() {
  const { id, startsAt, endsAt } = await lesson();
  const weeksAgo = (d: Date) => new Date(d.getTime() - 90 * 86_400_000);
  return db().booking.update({
    where: { id },
    data: { status: "confirmed", startsAt: weeksAgo(startsAt), endsAt: weeksAgo(endsAt) },
  });
}
/** An order of two pending lessons, as a package booking leaves it. */
async function order() {
  const pkg = await db().package.findFirstOrThrow({ where: { id: "online-5" } });
  const created = await db().bookingOrder.create({
    data: { studentId: student.id, packageId: pkg.id, lessons: 2, basePriceCents: 9000, totalPriceCents: 9000 },
  });
  for (const l of [await lesson(), await lesson()]) {
    await db().booking.update({ where: { id: l.id }, data: { orderId: created.id } });
  }
  return created;
}
const learner = () =>
  db().learner.create({
    data: { accountId: student.id, name: `Kid ${++learners}`, nameKey: `kid ${learners}`, ageGroup: "child" },
  });
const note = () =>
  db().studentNote.create({
    data: { studentId: student.id, authorId: admin.id, teacherNote: "Past tenses", noteDate: new Date() },
  });
const sharedFile = () =>
  db().sharedFile.create({
    data: { studentId: student.id, sharedById: admin.id, title: "Worksheet", fileUrl: "https://files.example/w.pdf" },
  });
async function slot(seriesId: string | null = null) {
  const teacher = await db().teacher.findFirstOrThrow({ where: { userId: admin.id } });
  const start = freeHour();
  return db().availabilitySlot.create({
    data: { teacherId: teacher.id, startsAt: start.toJSDate(), endsAt: start.plus({ hours: 1 }).toJSDate(), seriesId },
  });
}
async function calendarSource() {
  const teacher = await db().teacher.findFirstOrThrow({ where: { userId: admin.id } });
  return db().calendarSource.create({
    data: {
      teacherId: teacher.id,
      kind: "ics",
      name: "Personal",
      urlEncrypted: "v1:x:y:z",
      displayHost: "calendar.test",
    },
  });
}
const availabilityRequest = () =>
  db().availabilityRequest.create({
    data: { name: "Anna", email: "anna@test.example", phone: "+39 1", availability: "Evenings", location: "Online" },
  });
// At 19:00, an hour no fixture of freeHour() takes (8:00 to 17:00).
const weeklySchedule = { schedule: [{ dayOfWeek: 1, startTime: "19:00", duration: 60 }], weeksAhead: 2 };
const range = { start: "2026-01-01T00:00:00.000Z", end: "2026-01-08T00:00:00.000Z" };

const samples: Record<string, Sample> = {
  "GET /api/pricing/packages": { request: async () => ({}) },
  "GET /api/pricing/packages/:id": {
    request: async () => ({ params: { id: (await db().package.findFirstOrThrow()).id } }),
  },
  "GET /api/pricing/teachers": { request: async () => ({}) },
  "GET /api/group-conversation/events": { request: async () => ({}) },
  "GET /api/group-conversation/packages": { request: async () => ({}) },
  "GET /api/admin/public-config": { request: async () => ({}) },
  "POST /api/bookings": {
    // The /ref sign-up payload (no lesson_date); the lesson payload has its own test below.
    request: async () => ({
      body: {
        name: "Nora Bianchi",
        email: `nora${++signups}@test.example`,
        phone: "+39 2",
        englishLevel: "beginner",
        referralCode: student.referralCode,
      },
    }),
    fresh: true,
    as: () => "",
  },
  "POST /api/bookings/package": {
    request: async () => ({ body: {} }),
    as: () => student.cookie,
    refusal: { status: 400, body: { error: "Invalid studentInfo." } },
  },
  "POST /api/bookings/availability-request": {
    request: async () => ({
      body: { name: "Anna", email: "anna@test.example", availability: "Tuesday evenings", location: "Online" },
    }),
    fresh: true,
    as: () => "",
  },
  "GET /api/bookings/:id": { request: async () => ({ params: { id: (await lesson()).id } }) },
  "POST /api/pricing/validate": {
    request: async () => {
      const pkg = await db().package.findFirstOrThrow();
      return { body: { packageId: pkg.id, totalPrice: 1, lessons: pkg.lessons } };
    },
    as: () => "",
  },
  "POST /api/group-conversation/book": {
    request: async () => ({ body: { event_id: "", package_id: "x" } }),
    as: () => student.cookie,
    refusal: { status: 400, body: { error: "Please choose a night" } },
  },
  "GET /api/debug/contact-info": { request: async () => ({}) },
  "GET /api/auth/status": { request: async () => ({}) },
  "GET /api/student-auth/status": { request: async () => ({}), as: asStudent },
  "GET /api/student/validate-referral/:code": {
    request: async () => ({ params: { code: student.referralCode } }),
    as: () => "",
  },
  "GET /api/student/stats": { request: async () => ({}), as: asStudent },
  "GET /api/student/profile": { request: async () => ({}), as: asStudent },
  "PUT /api/student/profile": {
    request: async () => ({ body: { name: "Student Parity", englishLevel: "intermediate" } }),
    as: asStudent,
  },
  "GET /api/student/lessons": { request: async () => ({ query: { upcoming: "true" } }), as: asStudent },
  "GET /api/student/progress": { request: async () => ({}), as: asStudent },
  "GET /api/student/progress/levels": { request: async () => ({}), as: asStudent },
  "GET /api/admin/progress": { request: async () => ({}) },
  "GET /api/student/credits": { request: async () => ({}), as: asStudent },
  "GET /api/student/documents": { request: async () => ({}), as: asStudent },
  "GET /api/student/orders": { request: async () => ({ query: { limit: "5" } }), as: asStudent },
  "GET /api/student/orders/:id": { request: async () => ({ params: { id: (await order()).id } }), as: asStudent },
  "GET /api/student/learners": { request: async () => ({}), as: asStudent },
  "POST /api/student/learners": {
    request: async () => ({ body: { name: `Learner ${++learners}`, ageGroup: "child", level: "beginner" } }),
    as: asStudent,
    fresh: true,
    volatile: ["name"],
  },
  "PUT /api/student/learners/:id": {
    request: async () => ({
      params: { id: (await learner()).id },
      body: { name: `Learner ${++learners}`, ageGroup: "teen", goals: "Exams" },
    }),
    as: asStudent,
    fresh: true,
    volatile: ["name"],
  },
  // Issue 31, item 3: the waitlist (each sample a window of its own, so none is the other's repeat).
  "GET /api/student/waitlist": { request: async () => ({}), as: asStudent },
  "POST /api/student/waitlist": {
    request: async () => ({ body: { weekday: 2, from: waitlistFrom(), to: "23:00" } }),
    as: asStudent,
    fresh: true,
    volatile: ["id", "created_at", "from"],
  },
  "DELETE /api/student/waitlist/:id": {
    request: async () => ({
      params: {
        id: (
          await db().waitlistEntry.create({
            data: { studentId: student.id, weekday: 3, fromMinute: waitlistMinutes++, toMinute: 1440 },
          })
        ).id,
      },
    }),
    as: asStudent,
    fresh: true,
  },
  "GET /api/student/referrals": { request: async () => ({}), as: asStudent },
  "POST /api/student/referrals": {
    request: async () => ({ body: { email: `friend${++signups}@test.example`, name: "Friend" } }),
    as: asStudent,
    fresh: true,
    volatile: ["referred_email"],
  },
  "GET /api/student/quiz-results": { request: async () => ({}), as: asStudent },
  "GET /api/student/resources": { request: async () => ({}), as: asStudent },
  "GET /api/student/files": { request: async () => ({}), as: asStudent },
  "GET /api/student/notes": { request: async () => ({}), as: asStudent },
  "POST /api/student/files/access-log": {
    request: async () => ({ body: { fileId: (await sharedFile()).id, accessType: "view" } }),
    as: asStudent,
    fresh: true,
  },
  "GET /api/student/cancellation-summary": { request: async () => ({}), as: asStudent },
  "GET /api/student/can-cancel/:bookingId": {
    request: async () => ({ params: { bookingId: (await lesson()).id } }),
    as: asStudent,
  },
  "POST /api/student/request-cancellation": {
    request: async () => ({ body: { booking_id: (await lesson()).id, reason: "" } }),
    as: asStudent,
    refusal: { status: 400, body: { error: CANCEL_REASON_REQUIRED_MESSAGE } },
  },
  "POST /api/student/rebook": {
    request: async () => ({ body: { credit_id: "not-a-credit" } }),
    as: asStudent,
    refusal: { status: 400, body: { error: "Invalid credit_id." } },
  },
  "GET /api/student/cancellations": { request: async () => ({}), as: asStudent },
  "GET /api/student/can-move/:bookingId": {
    request: async () => ({ params: { bookingId: (await lesson()).id } }),
    as: asStudent,
  },
  // A lesson without a package: the policy refuses the move on both transports alike.
  // Issue 31, item 2: the family ticks the homework of a reported lesson.
  "POST /api/student/lessons/:id/homework": {
    request: async () => {
      const { id } = await pastLesson();
      await db().lessonReport.create({
        data: { bookingId: id, studentId: student.id, summary: "Verbs", homework: "Page 3" },
      });
      return { params: { id }, body: { done: true } };
    },
    as: asStudent,
    fresh: true,
    volatile: ["homework_done_at", "updated_at"],
  },
  "POST /api/student/bookings/:id/move": {
    request: async () => ({ params: { id: (await lesson()).id }, body: { lesson_date: freeHour().toUTC().toISO() } }),
    as: asStudent,
    refusal: { status: 409, body: { error: SINGLE_LESSON_CANCEL_MESSAGE } },
  },
  "POST /api/student/delete-account": {
    request: async () => ({ body: { confirmation: "no" } }),
    as: asStudent,
    refusal: { status: 400, body: { error: "Type DELETE to confirm that you want to delete your account." } },
  },
  "GET /api/student/calendar-feed": { request: async () => ({}), as: asStudent },
  "POST /api/student/calendar-feed/reset": {
    request: async () => ({}),
    as: asStudent,
    fresh: true,
    volatile: ["webcal_url", "https_url"],
  },
  "POST /api/quiz-results/save": {
    request: async () => ({ body: { quizType: "general", score: 7, totalQuestions: 10, studyTimeSeconds: 300 } }),
    as: asStudent,
    fresh: true,
  },
  "GET /api/quiz-results/history": { request: async () => ({ query: { limit: "5" } }), as: asStudent },
  "GET /api/quiz-results/stats": { request: async () => ({}), as: asStudent },
  "GET /api/certificates/:code": {
    request: async () => ({ params: { code: "NOPE-NOPE" } }),
    as: () => "",
    refusal: { status: 404, body: { error: "This certificate code is not valid." } },
  },
  // The second call resumes the attempt the first started (one open attempt per test).
  "POST /api/quiz/attempts": {
    request: async () => ({ body: { kind: "placement", mode: "quick" } }),
    as: asStudent,
    fresh: true,
  },
  "POST /api/quiz/attempts/:attemptId/answers": {
    request: async () => ({ params: { attemptId: randomUUID() }, body: { answers: {} } }),
    as: asStudent,
    refusal: { status: 404, body: { error: "The quiz you're looking for doesn't exist." } },
  },
  "GET /api/admin/dashboard": { request: async () => ({}) },
  "GET /api/admin/bookings": { request: async () => ({ query: { status: "pending", limit: "5" } }) },
  // Issue 32, item 6: a walk-in known by a phone of its own on each transport, at a free hour.
  "POST /api/admin/bookings": {
    request: async () => {
      // An hour left free before it: the buffer keeps the two transports' lessons apart.
      freeHour();
      return {
        body: {
          student: { name: "Walk In", phone: `+39 320 000 ${String(++signups).padStart(4, "0")}` },
          lesson_date: freeHour().toUTC().toISO(),
          lessonType: "online",
        },
      };
    },
    fresh: true,
    volatile: ["number", "orderReference", "reference", "payload"],
  },
  "GET /api/admin/bookings/:id": { request: async () => ({ params: { id: (await lesson()).id } }) },
  "PUT /api/admin/bookings/:id": {
    request: async () => ({ params: { id: (await lesson()).id }, body: { status: "cancelled", notes: "Ill" } }),
    fresh: true,
  },
  // A confirmed lesson of some weeks ago (each fixture at an hour of its own), marked a no-show.
  "POST /api/admin/bookings/:id/attendance": {
    request: async () => {
      const { id, startsAt, endsAt } = await lesson();
      const weeksAgo = (d: Date) => new Date(d.getTime() - 80 * 86_400_000);
      await db().booking.update({
        where: { id },
        data: { status: "confirmed", startsAt: weeksAgo(startsAt), endsAt: weeksAgo(endsAt) },
      });
      return { params: { id }, body: { status: "no_show" } };
    },
    fresh: true,
    volatile: ["attendance_marked_at"],
  },
  // Issue 31, item 2: a confirmed lesson of some weeks ago, reported (and its family emailed).
  "PUT /api/admin/bookings/:id/report": {
    request: async () => ({
      params: { id: (await pastLesson()).id },
      body: { summary: "Past simple", homework: "Page 12", skills: [{ skill: "speaking", level: "B1" }] },
    }),
    fresh: true,
    volatile: ["emailed_at", "updated_at"],
  },
  "GET /api/admin/orders": { request: async () => ({ query: { filter: "owed", limit: "5" } }) },
  "GET /api/admin/orders/:id": { request: async () => ({ params: { id: (await order()).id } }) },
  "PUT /api/admin/orders/:id": {
    request: async () => ({ params: { id: (await order()).id }, body: { status: "confirmed" } }),
    fresh: true,
  },
  "PUT /api/admin/orders/:id/payment": {
    request: async () => ({
      params: { id: (await order()).id },
      body: { payment_status: "partly_paid", amount: 20, date: "2026-01-02" },
    }),
    fresh: true,
    // Each fixture's payment is issued its receipt: 2026/1 over one transport, 2026/2 over the other.
    volatile: ["number"],
  },
  "POST /api/admin/orders/:id/payments": {
    request: async () => ({
      params: { id: (await order()).id },
      body: { amount: 20, method: "satispay", date: "2026-01-02", note: "First half" },
    }),
    fresh: true,
    volatile: ["number"],
  },
  "POST /api/admin/orders/:id/documents": {
    request: async () => {
      const { id } = await order();
      // Written below the service, so the payment has no document yet.
      await db().payment.create({
        data: { orderId: id, amountCents: 2000, method: "cash", paidOn: new Date("2026-01-02") },
      });
      return { params: { id } };
    },
    fresh: true,
    volatile: ["number", "orderReference"],
  },
  "GET /api/admin/documents": { request: async () => ({ query: { year: "2026" } }) },
  "GET /api/admin/money": { request: async () => ({ query: { from: "2026-01", to: "2026-12" } }) },
  "POST /api/admin/orders/:id/payments/:paymentId/reverse": {
    request: async () => {
      const { id } = await order();
      const entry = await db().payment.create({
        data: { orderId: id, amountCents: 2000, method: "cash", paidOn: new Date("2026-01-02") },
      });
      return { params: { id, paymentId: entry.id }, body: { date: "2026-01-03", note: "Wrong order" } };
    },
    fresh: true,
  },
  "GET /api/admin/students/:id/credits": { request: async () => ({ params: { id: student.id } }) },
  "POST /api/admin/students/:id/credits": {
    request: async () => ({
      params: { id: (await createUserWithSession(db())).id },
      body: { lessons: 2, reason: "A lesson the teacher moved" },
    }),
    fresh: true,
  },
  "PUT /api/admin/students/:id/weekly-cap": {
    request: async () => ({ params: { id: student.id }, body: { weeklyCap: 3 } }),
  },
  // Issue 31, item 5: the termly report, emailed to the family (each call queues its own mail).
  "POST /api/admin/students/:id/report": {
    request: async () => ({
      params: { id: student.id },
      body: { from: "2026-09-01", to: "2026-12-31", comment: "Well done." },
    }),
    fresh: true,
    volatile: ["sent_at"],
  },
  "PUT /api/admin/learners/:id/weekly-cap": {
    request: async () => ({ params: { id: (await learner()).id }, body: { weeklyCap: 2 } }),
    fresh: true,
  },
  "GET /api/admin/pending-holders": {
    request: async () => {
      await lesson(); // someone holds a pending lesson: the list is not empty
      return {};
    },
  },
  "GET /api/admin/emails": { request: async () => ({ query: { limit: "3" } }) },
  "POST /api/admin/emails/:id/retry": {
    request: async () => {
      const mail = await db().outboxEmail.create({
        data: { kind: "booking_created", toAddress: "x@test.example", subject: "Hi", textBody: "Hi", status: "failed" },
      });
      return { params: { id: mail.id } };
    },
    fresh: true,
  },
  "GET /api/admin/calendar-feed": { request: async () => ({}) },
  "POST /api/admin/calendar-feed/reset": {
    request: async () => ({}),
    fresh: true,
    volatile: ["webcal_url", "https_url"],
  },
  "GET /api/admin/teachers": { request: async () => ({}) },
  "GET /api/admin/students": { request: async () => ({ query: { search: "student" } }) },
  "GET /api/admin/settings": { request: async () => ({}) },
  "PUT /api/admin/settings": {
    // Saves the settings as they are: every card, unchanged.
    request: async () => {
      const current = await t.app.inject({
        method: "GET",
        url: "/api/admin/settings",
        headers: { cookie: admin.cookie },
      });
      return { body: { settings: current.json().settings } };
    },
    fresh: true,
  },
  "GET /api/admin/student-notes": { request: async () => ({ query: { student_id: student.id } }) },
  "GET /api/admin/student-notes/tags/all": { request: async () => ({}) },
  "POST /api/admin/student-notes": {
    request: async () => ({ body: { student_id: student.id, teacher_note: "Phrasal verbs", tags: "grammar, b1" } }),
    fresh: true,
  },
  "GET /api/admin/student-notes/:id": { request: async () => ({ params: { id: (await note()).id } }) },
  "PUT /api/admin/student-notes/:id": {
    request: async () => ({ params: { id: (await note()).id }, body: { teacher_note: "Conditionals" } }),
    fresh: true,
  },
  "DELETE /api/admin/student-notes/:id": { request: async () => ({ params: { id: (await note()).id } }), fresh: true },
  "GET /api/admin/shared-files": { request: async () => ({ query: { student_id: student.id } }) },
  "POST /api/admin/shared-files": {
    request: async () => ({
      body: {
        student_id: student.id,
        title: "Reading",
        file_url: "https://files.example/r.pdf",
        file_type: "document",
      },
    }),
    fresh: true,
  },
  "PUT /api/admin/shared-files/:id": {
    request: async () => ({
      params: { id: (await sharedFile()).id },
      body: { title: "Reading, part 2", file_url: "https://files.example/r2.pdf" },
    }),
    fresh: true,
  },
  "DELETE /api/admin/shared-files/:id": {
    request: async () => ({ params: { id: (await sharedFile()).id } }),
    fresh: true,
  },
  "GET /api/admin/availability": { request: async () => ({ query: range }) },
  "GET /api/admin/inbox": { request: async () => ({ query: { limit: "5" } }) },
  "POST /api/admin/inbox/:kind/:id/handled": {
    request: async () => ({
      params: { kind: "availability-request", id: (await availabilityRequest()).id },
      body: { handled: true },
    }),
    fresh: true,
  },
  "POST /api/availability": {
    request: async () => ({ body: { startTime: freeHour().toUTC().toISO() } }),
    fresh: true,
  },
  "POST /api/availability/bulk": {
    // From no standing schedule each time, so both transports set the same one.
    request: async () => {
      await asAdmin()
        .admin.availability.removeSchedule({})
        .catch(() => undefined); // none set yet
      return { body: weeklySchedule };
    },
    fresh: true,
  },
  "GET /api/availability/schedule": { request: async () => ({}) },
  "DELETE /api/availability/schedule": {
    request: async () => {
      await asAdmin().admin.availability.bulk(weeklySchedule);
      return {};
    },
    fresh: true,
  },
  "POST /api/availability/days-off": {
    // A day with one open slot each time.
    request: async () => {
      slotHour = Math.ceil(slotHour / 10) * 10;
      const day = DateTime.fromJSDate((await slot()).startsAt)
        .setZone("Europe/Rome")
        .toISODate();
      return { body: { startDate: day, endDate: day } };
    },
    fresh: true,
  },
  "GET /api/admin/holidays": { request: async () => ({ query: { year: "2031" } }) },
  "POST /api/admin/holidays/apply": {
    // Each transport marks the year afresh (a second application adds nothing, by design).
    request: async () => {
      await db().availabilityException.deleteMany({ where: { holiday: { not: null } } });
      return { body: { year: 2031 } };
    },
    fresh: true,
  },
  "GET /api/admin/calendars": { request: async () => ({}) },
  "POST /api/admin/calendars": {
    request: async () => ({ body: { kind: "ics", url: "file:///etc/passwd" } }),
    refusal: {
      status: 400,
      body: {
        error: "The address is not a web address (https://…).",
      },
    },
  },
  "POST /api/admin/calendars/discover": {
    request: async () => ({ body: { url: "ftp://calendar.test/", username: "giulia", password: "secret" } }),
    refusal: {
      status: 400,
      body: {
        error: "The address is not a web address (https://…).",
      },
    },
  },
  "PUT /api/admin/calendars/settings": { request: async () => ({ body: { syncEveryMinutes: 5 } }) },
  "DELETE /api/admin/calendars/:id": {
    request: async () => ({ params: { id: (await calendarSource()).id } }),
    fresh: true,
  },
  // An ICS address cannot receive lessons: the same refusal in words over both transports.
  "PUT /api/admin/calendars/:id": {
    request: async () => ({ params: { id: (await calendarSource()).id }, body: { receivesLessons: true } }),
    fresh: true,
    refusal: {
      status: 400,
      body: { error: "An ICS address can only be read: choose a CalDAV calendar to receive your lessons." },
    },
  },
  // A source sealed under no key this server has: the refresh fails and says so.
  "POST /api/admin/calendars/:id/sync": {
    request: async () => ({ params: { id: (await calendarSource()).id } }),
    fresh: true,
  },
  "DELETE /api/availability/:id": { request: async () => ({ params: { id: (await slot()).id } }), fresh: true },
  "DELETE /api/availability/series/:seriesId": {
    request: async () => {
      const seriesId = crypto.randomUUID();
      await slot(seriesId);
      return { params: { seriesId }, query: { from: "2026-01-01T00:00:00.000Z" } };
    },
    fresh: true,
  },
};

const fillUrl = (url: string, params: Record<string, string>) =>
  url.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? "missing"));

async function overRest(row: ProcedureRoute, request: Partial<RestRequest>, cookie: string): Promise<Answer> {
  const query = new URLSearchParams(request.query as Record<string, string> | undefined).toString();
  const hasBody = row.method !== "GET" && row.method !== "DELETE";
  const response = await t.app.inject({
    method: row.method,
    url: `${fillUrl(row.url, request.params ?? {})}${query ? `?${query}` : ""}`,
    headers: hasBody ? { cookie, "content-type": "application/json" } : { cookie },
    payload: hasBody ? JSON.stringify(request.body ?? {}) : undefined,
  });
  return { status: response.statusCode, body: response.json() };
}

/** Each procedure's kind, from the router: a query goes as GET, a mutation as POST. */
const procedureType = (path: string) =>
  (appRouter._def.procedures as unknown as Record<string, { _def: { type: "query" | "mutation" } }>)[path]?._def.type;

async function overTrpc(row: ProcedureRoute, request: Partial<RestRequest>, cookie: string): Promise<Answer> {
  const full = { params: {}, query: {}, body: {}, ...request };
  const input = row.input?.(full);
  const path = procedureOf(row, full);
  const encoded = JSON.stringify(superjson.serialize(input));
  const isQuery = procedureType(path) === "query";
  const response = await t.app.inject({
    method: isQuery ? "GET" : "POST",
    url: `/api/trpc/${path}${isQuery && input !== undefined ? `?input=${encodeURIComponent(encoded)}` : ""}`,
    headers: isQuery ? { cookie } : { cookie, "content-type": "application/json" },
    payload: isQuery ? undefined : encoded,
  });
  const answer = response.json() as {
    result?: { data: Parameters<typeof superjson.deserialize>[0] };
    error?: { json: { message: string } };
  };
  if (answer.error) return { status: response.statusCode, body: { error: answer.error.json.message } };
  const output = superjson.deserialize(answer.result?.data ?? { json: null });
  let status = 200;
  const reply = {
    code(value: number) {
      status = value;
      return reply;
    },
  };
  const body = row.body ? row.body(output as never, { reply: reply as never, env: t.env }) : output;
  // What JSON makes of it on the wire: dates as ISO strings, undefined fields gone.
  return { status, body: JSON.parse(JSON.stringify(body ?? null)) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
/** Ids and instants of fresh fixtures as placeholders; `volatile` fields (new random tokens) too. */
function placeholders(value: unknown, volatile: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => placeholders(item, volatile));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, volatile.includes(key) ? "<volatile>" : placeholders(v, volatile)]),
    );
  }
  if (typeof value === "string" && UUID.test(value)) return "<id>";
  if (typeof value === "string" && ISO_TIME.test(value)) return "<time>";
  return value;
}

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: "teacher@school.test" } });
  admin = await sessionForExistingUser(db(), "teacher@school.test", "admin");
  student = await createUserWithSession(db(), { name: "Student Parity" });
});
afterAll(async () => {
  await t?.close();
});

describe("REST paths are their procedures", () => {
  it("every row of the table has a sample here, and every sample a row", () => {
    expect(Object.keys(samples).sort()).toEqual(procedureRoutes.map(keyOf).sort());
  });

  for (const row of procedureRoutes) {
    it(`${keyOf(row)} answers as ${row.procedure} does`, async () => {
      const sample = samples[keyOf(row)];
      if (!sample) throw new Error(`no sample for ${keyOf(row)}`);
      // A read asks both transports about one fixture; a write gets a fixture of its own for each.
      const request = await sample.request();
      const cookie = sample.as?.() ?? admin.cookie;
      const rest = await overRest(row, request, cookie);
      const trpc = await overTrpc(row, sample.fresh ? await sample.request() : request, cookie);
      if (sample.refusal) expect(rest).toEqual(sample.refusal);
      else expect(rest.status, JSON.stringify(rest.body)).toBeLessThan(300);
      const volatile = sample.volatile ?? [];
      expect(sample.fresh ? placeholders(rest, volatile) : rest).toEqual(
        sample.fresh ? placeholders(trpc, volatile) : trpc,
      );
    });
  }

  it("refuses a visitor and a student on the admin paths with the same status and text on both transports", async () => {
    for (const row of procedureRoutes.filter(
      (r) => typeof r.procedure === "string" && r.procedure.startsWith("admin."),
    )) {
      const request = await samples[keyOf(row)].request();
      for (const cookie of ["", student.cookie]) {
        const rest = await overRest(row, request, cookie);
        const trpc = await overTrpc(row, request, cookie);
        expect([keyOf(row), rest.status]).toEqual([keyOf(row), trpc.status]);
        expect(rest.status).toBeGreaterThanOrEqual(401);
        expect(rest.body).toEqual(trpc.body);
      }
    }
  });

  it("refuses invalid input with the same 400 on both transports", async () => {
    const row = procedureRoutes.find((r) => keyOf(r) === "PUT /api/admin/bookings/:id");
    if (!row) throw new Error("the booking update row is missing");
    const request = { params: { id: (await lesson()).id }, body: { status: "" } };
    const rest = await overRest(row, request, admin.cookie);
    expect(rest).toEqual({ status: 400, body: { error: "Please select a status." } });
    expect(await overTrpc(row, request, admin.cookie)).toEqual(rest);
  });

  it("sends a lesson payload on POST /api/bookings to the booking procedure, which asks a visitor to sign in", async () => {
    const row = procedureRoutes.find((r) => keyOf(r) === "POST /api/bookings");
    if (!row) throw new Error("the booking row is missing");
    const request = { body: { lesson_date: freeHour().toUTC().toISO(), studentInfo: {} } };
    const rest = await overRest(row, request, "");
    expect(rest).toEqual({ status: 401, body: { error: BOOKING_UNAUTHORIZED_MESSAGE } });
    expect(await overTrpc(row, request, "")).toEqual(rest);
  });

  it("answers 404 over REST for a path id that is no id", async () => {
    const row = procedureRoutes.find((r) => keyOf(r) === "GET /api/admin/bookings/:id");
    if (!row) throw new Error("the booking row is missing");
    expect(await overRest(row, { params: { id: "not-an-id" } }, admin.cookie)).toEqual({
      status: 404,
      body: { error: "Not found." },
    });
  });
});

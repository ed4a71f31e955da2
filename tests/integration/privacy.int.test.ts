// Data rights on a real migrated database (PGlite, or PostgreSQL with TEST_ENGINE=postgresql):
// GET /api/student/export holds everything about the caller and nothing of anyone else, and
// POST /api/student/delete-account erases exactly what it should — the teacher's lesson and
// order rows stay, anonymised; upload files leave the disk; the session stops working; another
// student is untouched.
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../server/features/auth/session.service.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let dataDir: string;
let uploadDir: string;
let teacherId: string;
let slotCursor = 0;

function nextSlot(offsetMs: number) {
  slotCursor += 1;
  const startsAt = new Date(Math.floor((Date.now() + offsetMs) / HOUR) * HOUR + slotCursor * 61 * 60_000);
  return { startsAt, endsAt: new Date(startsAt.getTime() + HOUR) };
}

async function createStudent(label: string) {
  const db = t.database.prisma;
  const user = await db.user.create({
    data: {
      email: `${label}@students.test`,
      name: `${label} Student`,
      emailVerified: true,
      phone: `+39 ${label.length}00 000`,
      englishLevel: "B1",
      lessonFocus: `${label} focus`,
      referralCode: `${label.toUpperCase()}CODE`,
    },
  });
  const { token } = await createSession(db, user.id, "student");
  const order = await db.bookingOrder.create({
    data: { studentId: user.id, packageId: "standard-6", lessons: 6, basePriceCents: 19200, totalPriceCents: 19200 },
  });
  const base = {
    studentId: user.id,
    teacherId,
    orderId: order.id,
    studentName: user.name,
    studentEmail: user.email,
    studentPhone: user.phone,
    englishLevel: "B1",
    lessonFocus: `${label} lesson focus`,
    studentNotes: `${label} wants conversation practice`,
    lessonType: "online",
  };
  const completed = await db.booking.create({ data: { ...base, ...nextSlot(-30 * DAY), status: "completed" } });
  const upcoming = await db.booking.create({ data: { ...base, ...nextSlot(5 * DAY), status: "confirmed" } });
  const pending = await db.booking.create({ data: { ...base, ...nextSlot(6 * DAY), status: "pending" } });
  const storedName = `${randomUUID()}.png`;
  writeFileSync(path.join(uploadDir, storedName), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  await db.upload.create({
    data: {
      storedName,
      ownerId: user.id,
      originalName: `${label}-photo.png`,
      mimeType: "image/png",
      size: 8,
      kind: "student-profile",
    },
  });
  const file = await db.sharedFile.create({
    data: { studentId: user.id, title: `${label} worksheet`, fileUrl: "https://files.example/w.pdf" },
  });
  await db.fileAccessLog.create({ data: { fileId: file.id, userId: user.id, accessType: "view" } });
  await db.sharedFile.create({
    data: {
      studentId: user.id,
      title: `${label} withdrawn draft`,
      fileUrl: "https://files.example/d.pdf",
      isActive: false,
    },
  });
  await db.studentNote.create({
    data: { studentId: user.id, teacherNote: `${label} public note`, noteDate: new Date(), bookingId: completed.id },
  });
  await db.studentNote.create({
    data: { studentId: user.id, teacherNote: `${label} PRIVATE note`, noteDate: new Date(), isPrivate: true },
  });
  const referral = await db.referral.create({
    data: { referrerId: user.id, referredEmail: `${label}-friend@x.test`, referredName: `${label} friend` },
  });
  await db.discount.create({ data: { userId: user.id, referralId: referral.id, percentage: 10 } });
  await db.quizResult.create({ data: { userId: user.id, quizType: "level", score: 7, totalQuestions: 10 } });
  await db.cancellationRequest.create({
    data: { bookingId: completed.id, studentId: user.id, reason: `${label} was ill`, status: "refused" },
  });
  return { user, token, cookie: `student_session=${token}`, order, completed, upcoming, pending, storedName, file };
}

type Student = Awaited<ReturnType<typeof createStudent>>;
let alice: Student;
let bruno: Student;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "privacy-int-"));
  uploadDir = path.join(dataDir, "uploads");
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  teacherId = (await t.database.prisma.teacher.findFirstOrThrow({ select: { id: true } })).id;
  alice = await createStudent("alice");
  bruno = await createStudent("bruno");
  // Bruno invited Alice: his referral record names her.
  await t.database.prisma.referral.create({
    data: {
      referrerId: bruno.user.id,
      referredEmail: alice.user.email,
      referredName: "Alice from class",
      referredUserId: alice.user.id,
      status: "first_lesson_completed",
      discountEarnedCents: 500,
    },
  });
});

afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (student: Student, url: string) =>
  t.app.inject({ method: "GET", url, headers: { cookie: student.cookie } });
const post = (student: Student, url: string, payload: unknown) =>
  t.app.inject({ method: "POST", url, headers: { cookie: student.cookie }, payload: payload as object });

describe("GET /api/student/export", () => {
  it("needs a student session", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/student/export" });
    expect(response.statusCode).toBe(401);
  });

  it("is a JSON attachment with everything about the student and nothing of another", async () => {
    const response = await get(alice, "/api/student/export");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="english-with-giulia-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json();
    expect(data.profile).toMatchObject({ email: "alice@students.test", name: "alice Student", english_level: "B1" });
    expect(data.bookings.map((b: { id: string }) => b.id).sort()).toEqual(
      [alice.completed.id, alice.upcoming.id, alice.pending.id].sort(),
    );
    expect(data.orders).toEqual([
      expect.objectContaining({ id: alice.order.id, total_price: 192, payment_status: "unpaid", paid_amount: 0 }),
    ]);
    expect(data.referrals.invited).toEqual([expect.objectContaining({ email: "alice-friend@x.test" })]);
    expect(data.referrals.invited_by).toHaveLength(1);
    expect(data.discounts).toEqual([expect.objectContaining({ percentage: 10 })]);
    expect(data.quiz_results).toEqual([expect.objectContaining({ score: 7, total_questions: 10 })]);
    expect(data.shared_files).toEqual([expect.objectContaining({ title: "alice worksheet" })]);
    // An inactive shared file never reaches the student, not even through the export.
    expect(response.body).not.toContain("withdrawn draft");
    expect(data.notes.map((n: { note: string }) => n.note)).toEqual(["alice public note"]);
    expect(data.cancellation_requests).toEqual([expect.objectContaining({ reason: "alice was ill" })]);
    expect(data.access_logs.file_access).toEqual([expect.objectContaining({ access_type: "view" })]);
    expect(data.access_logs.sign_in_sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.uploads).toEqual([
      expect.objectContaining({ name: alice.storedName, original_name: "alice-photo.png" }),
    ]);

    const text = response.body;
    expect(text).not.toContain("PRIVATE");
    expect(text).not.toContain("bruno");
    expect(text).not.toContain(bruno.user.id);
    // The session secret is never part of the export.
    expect(text).not.toContain(alice.token.split(".")[1]);
  });
});

describe("POST /api/student/delete-account", () => {
  it("refuses without the typed confirmation and changes nothing", async () => {
    for (const payload of [{}, { confirmation: "delete me" }, { confirmation: "" }]) {
      const response = await post(alice, "/api/student/delete-account", payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe("Type DELETE to confirm that you want to delete your account.");
    }
    expect(await t.database.prisma.user.count({ where: { id: alice.user.id } })).toBe(1);
  });

  it("refuses the teacher's own account", async () => {
    const db = t.database.prisma;
    const teacher = await db.teacher.findFirstOrThrow({ select: { userId: true, email: true, name: true } });
    const userId =
      teacher.userId ??
      (await db.user.create({ data: { email: teacher.email, name: teacher.name, isAdmin: true } })).id;
    if (!teacher.userId) await db.teacher.updateMany({ data: { userId } });
    const { token } = await createSession(db, userId, "student");
    const response = await t.app.inject({
      method: "POST",
      url: "/api/student/delete-account",
      headers: { cookie: `student_session=${token}` },
      payload: { confirmation: "DELETE" },
    });
    expect(response.statusCode).toBe(403);
    expect(await db.user.count({ where: { id: userId } })).toBe(1);
  });

  it("erases the student, keeps their lessons anonymised and signs them out", async () => {
    const db = t.database.prisma;
    // Mail to her goes, queued or already sent; mail to others stays; the teacher's copy of a
    // notice about her stays without her name, address and phone.
    const teacherEmail = (await db.teacher.findFirstOrThrow({ select: { email: true } })).email;
    await db.outboxEmail.createMany({
      data: [
        { kind: "lesson_reminder", toAddress: alice.user.email, subject: "Reminder", textBody: "See you" },
        { kind: "booking_created", toAddress: alice.user.email, subject: "Booked", textBody: "Hi", status: "sent" },
        { kind: "lesson_reminder", toAddress: bruno.user.email, subject: "Reminder", textBody: "See you" },
        {
          kind: "teacher_new_booking",
          toAddress: teacherEmail,
          subject: "New booking: alice Student (Standard Package)",
          textBody: `alice Student booked Standard Package.\nContact: ${alice.user.email}, ${alice.user.phone}\n`,
          status: "sent",
          dedupeKey: `teacher_new_booking:${alice.order.id}`,
        },
      ],
    });
    const before = new Date();
    const response = await post(alice, "/api/student/delete-account", { confirmation: "DELETE" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      cancelled_lessons: 2,
      anonymised_lessons: 3,
      files_removed: 1,
    });
    const cleared = response.cookies.find((c) => c.name === "student_session");
    expect(cleared?.value).toBe("");

    // The session no longer works.
    expect((await get(alice, "/api/student/profile")).statusCode).toBe(401);
    expect((await get(alice, "/api/student/export")).statusCode).toBe(401);

    // The teacher's records keep the lessons, without the student.
    const lessons = await db.booking.findMany({
      where: { id: { in: [alice.completed.id, alice.upcoming.id, alice.pending.id] } },
      orderBy: { startsAt: "asc" },
    });
    expect(lessons).toHaveLength(3);
    for (const lesson of lessons) {
      expect(lesson).toMatchObject({
        studentId: null,
        studentName: "Deleted student",
        studentEmail: "",
        studentPhone: null,
        englishLevel: null,
        lessonFocus: null,
        studentNotes: null,
        orderId: alice.order.id,
      });
    }
    expect(lessons.map((l) => l.status)).toEqual(["completed", "cancelled", "cancelled"]);
    expect(lessons[1].cancelledAt?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(lessons[1].icsSequence).toBe(alice.upcoming.icsSequence + 1);
    const order = await db.bookingOrder.findUniqueOrThrow({ where: { id: alice.order.id } });
    expect(order).toMatchObject({ studentId: null, totalPriceCents: 19200 });

    // The freed slot can be booked again.
    await expect(
      db.booking.create({
        data: {
          teacherId,
          startsAt: alice.upcoming.startsAt,
          endsAt: alice.upcoming.endsAt,
          status: "confirmed",
          lessonType: "online",
          studentName: "Somebody else",
          studentEmail: "else@x.test",
        },
      }),
    ).resolves.toBeTruthy();

    // Everything else about her is gone.
    const id = alice.user.id;
    expect(await db.user.count({ where: { id } })).toBe(0);
    expect(await db.session.count({ where: { userId: id } })).toBe(0);
    expect(await db.upload.count({ where: { storedName: alice.storedName } })).toBe(0);
    expect(existsSync(path.join(uploadDir, alice.storedName))).toBe(false);
    expect(await db.sharedFile.count({ where: { studentId: id } })).toBe(0);
    expect(await db.fileAccessLog.count({ where: { userId: id } })).toBe(0);
    expect(await db.studentNote.count({ where: { studentId: id } })).toBe(0);
    expect(await db.quizResult.count({ where: { userId: id } })).toBe(0);
    expect(await db.referral.count({ where: { referrerId: id } })).toBe(0);
    expect(await db.discount.count({ where: { userId: id } })).toBe(0);
    expect(await db.cancellationRequest.count({ where: { studentId: id } })).toBe(0);
    expect(await db.booking.count({ where: { studentEmail: alice.user.email } })).toBe(0);
    expect(await db.referral.count({ where: { referredEmail: alice.user.email } })).toBe(0);

    // The outbox: nothing left for her, the teacher told which times are free (not by whom).
    expect(await db.outboxEmail.count({ where: { toAddress: alice.user.email } })).toBe(0);
    expect(await db.outboxEmail.count({ where: { toAddress: bruno.user.email } })).toBe(1);
    const copy = await db.outboxEmail.findUniqueOrThrow({
      where: { dedupeKey: `teacher_new_booking:${alice.order.id}` },
    });
    expect(copy).toMatchObject({
      subject: "New booking: Deleted student (Standard Package)",
      textBody: "Deleted student booked Standard Package.\nContact: [email removed], [phone removed]\n",
      status: "sent",
    });
    const notice = await db.outboxEmail.findFirstOrThrow({ where: { kind: "teacher_cancellation" } });
    expect(notice.toAddress).toBe(teacherEmail);
    expect(notice.subject).toBe("2 lessons were cancelled: a student deleted their account");
    expect(notice.textBody.match(/^- /gm)).toHaveLength(2);
    expect(notice.textBody).not.toMatch(/alice/i);
  });

  it("leaves another student untouched", async () => {
    const db = t.database.prisma;
    expect((await get(bruno, "/api/student/profile")).statusCode).toBe(200);
    const data = (await get(bruno, "/api/student/export")).json();
    expect(data.profile.email).toBe("bruno@students.test");
    expect(data.bookings).toHaveLength(3);
    expect(data.bookings.every((b: { student_name: string }) => b.student_name === "bruno Student")).toBe(true);
    expect(data.bookings.filter((b: { status: string }) => b.status === "cancelled")).toHaveLength(0);
    expect(data.notes).toHaveLength(1);
    expect(data.quiz_results).toHaveLength(1);
    expect(data.uploads).toHaveLength(1);
    expect(existsSync(path.join(uploadDir, bruno.storedName))).toBe(true);
    // His invitation of Alice stays his (it earned him a discount), without her name or address.
    const invited = await db.referral.findMany({ where: { referrerId: bruno.user.id }, orderBy: { createdAt: "asc" } });
    expect(invited).toHaveLength(2);
    expect(invited[1]).toMatchObject({
      referredUserId: null,
      referredName: "Deleted student",
      status: "first_lesson_completed",
      discountEarnedCents: 500,
    });
    expect(invited[1].referredEmail).not.toContain("alice");
    expect(data.referrals.invited).toHaveLength(2);
  });
});

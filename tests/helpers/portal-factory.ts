// The student portal's test data: students with sessions and one of everything the portal shows.
import type { Db } from "../../server/db.ts";
import { createSession } from "../../server/features/auth/session.service.ts";
import { createTestApp } from "./test-app.ts";

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
let slotCursor = 0;

/** Whole hours, each call 61 minutes later than the last, so no two test lessons overlap. */
export function nextSlot(offsetMs: number) {
  slotCursor += 1;
  const startsAt = new Date(Math.floor((Date.now() + offsetMs) / HOUR) * HOUR + slotCursor * 61 * 60_000);
  return { startsAt, endsAt: new Date(startsAt.getTime() + HOUR) };
}

/**
 * A student with a real session and one of everything the portal shows: a 6-lesson package with a
 * completed lesson and two upcoming ones, a single lesson, files, notes, a referral, a quiz result.
 */
export async function createStudentWithData(db: Db, teacherId: string, label: string, code: string) {
  const user = await db.user.create({
    data: {
      email: `${label}@students.test`,
      name: `${label[0].toUpperCase()}${label.slice(1)} Student`,
      emailVerified: true,
      referralCode: code,
      phone: "+39 111",
    },
  });
  const { token } = await createSession(db, user.id, "student");
  const order = await db.bookingOrder.create({
    data: { studentId: user.id, packageId: "standard-6", lessons: 6, basePriceCents: 19200, totalPriceCents: 19200 },
  });
  const singleOrder = await db.bookingOrder.create({
    data: {
      studentId: user.id,
      packageId: (await db.package.findFirstOrThrow({ where: { lessons: 1 } })).id,
      lessons: 1,
      basePriceCents: 3500,
      totalPriceCents: 3500,
    },
  });
  const base = {
    studentId: user.id,
    teacherId,
    studentName: user.name,
    studentEmail: user.email,
    lessonType: "online",
  };
  const completed = await db.booking.create({
    data: { ...base, orderId: order.id, ...nextSlot(-60 * DAY), status: "completed" },
  });
  const upcoming = await db.booking.create({
    data: {
      ...base,
      orderId: order.id,
      ...nextSlot(5 * DAY),
      status: "confirmed",
      meetingLink: "https://meet.example/abc",
    },
  });
  const upcoming2 = await db.booking.create({
    data: { ...base, orderId: order.id, ...nextSlot(6 * DAY), status: "pending" },
  });
  const single = await db.booking.create({
    data: { ...base, orderId: singleOrder.id, ...nextSlot(7 * DAY), status: "confirmed" },
  });
  const file = await db.sharedFile.create({
    data: {
      studentId: user.id,
      title: `${label} worksheet`,
      fileType: "document",
      fileUrl: "https://files.example/w.pdf",
      fileSize: 1234,
    },
  });
  const inactiveFile = await db.sharedFile.create({
    data: {
      studentId: user.id,
      title: `${label} old sheet`,
      fileType: "document",
      fileUrl: "https://files.example/old.pdf",
      isActive: false,
    },
  });
  const note = await db.studentNote.create({
    data: { studentId: user.id, teacherNote: `${label} public note`, noteDate: new Date(), tags: ["grammar"] },
  });
  const privateNote = await db.studentNote.create({
    data: { studentId: user.id, teacherNote: `${label} PRIVATE note`, noteDate: new Date(), isPrivate: true },
  });
  const referral = await db.referral.create({
    data: {
      referrerId: user.id,
      referredEmail: `${label}-friend@x.test`,
      referredName: `${label} friend`,
      status: "registered",
    },
  });
  const discount = await db.discount.create({ data: { userId: user.id, referralId: referral.id, percentage: 10 } });
  const quiz = await db.quizResult.create({
    // Scored by the server: only such results count toward progress and achievements.
    data: { userId: user.id, quizType: "level", score: 7, totalQuestions: 10, isVerified: true },
  });
  // A receipt issued for the order: the row as the documents service writes it, with its own copy of the payer.
  const document = await db.billingDocument.create({
    data: {
      year: 2026,
      sequence: label.charCodeAt(0),
      number: `2026/${label.charCodeAt(0)}`,
      kind: "receipt",
      regime: "none",
      issuedOn: new Date("2026-01-02"),
      locale: "en",
      orderId: order.id,
      studentId: user.id,
      totalCents: 1000,
      stampDutyCents: 0,
      seller: {
        name: "Teacher",
        firstName: null,
        lastName: null,
        taxCode: null,
        vatNumber: null,
        address: { street: "", zip: "", city: "", country: "IT" },
        email: null,
      },
      payer: {
        kind: "person",
        name: user.name,
        firstName: null,
        lastName: null,
        taxCode: null,
        address: { street: "", zip: "", city: "", country: "IT" },
      },
      lines: [{ description: `Lessons for ${user.name}`, quantity: 1, unitPriceCents: 1000 }],
      payment: { method: "cash", paidOn: "2026-01-02", iban: null },
      orderReference: `ORD-${order.number}`,
    },
  });
  return {
    user,
    cookie: `student_session=${token}`,
    order,
    document,
    completed,
    upcoming,
    upcoming2,
    single,
    file,
    inactiveFile,
    note,
    privateNote,
    referral,
    discount,
    quiz,
  };
}

export type PortalStudent = Awaited<ReturnType<typeof createStudentWithData>>;

/** A seeded app with two such students, Anna (A) and Bruno (B), and the seeded teacher's id. */
export async function createPortalTestApp() {
  const t = await createTestApp();
  const teacherId = (await t.database.prisma.teacher.findFirstOrThrow()).id;
  const A = await createStudentWithData(t.database.prisma, teacherId, "anna", "ANNACODE");
  const B = await createStudentWithData(t.database.prisma, teacherId, "bruno", "BRUNOCODE");
  return { t, teacherId, A, B };
}

/** What a foreign call could change of a student's: their lessons and files, and every request, credit and access log. */
export async function portalSnapshot(db: Db, student: PortalStudent) {
  return JSON.stringify([
    await db.booking.findMany({ where: { studentId: student.user.id }, orderBy: { id: "asc" } }),
    await db.cancellationRequest.count(),
    await db.lessonCredit.count(),
    await db.fileAccessLog.count(),
    await db.sharedFile.findMany({ where: { studentId: student.user.id }, orderBy: { id: "asc" } }),
  ]);
}

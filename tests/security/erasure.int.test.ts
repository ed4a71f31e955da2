// Checklist item 35 (issue 27, item 6): erasure means erasure. A student with a marked name,
// address and phone uses every feature that stores something about them, mail about them is
// sent, fails and is held, and then they delete the account: no table and no column of the whole
// database (enumerated from information_schema, every value cast to text) holds a mark any more,
// while the teacher's Email view still shows that the booking, sign-up and requests existed. The
// guard below lists how erasure treats every text-like column and fails on one it does not know;
// the mail worker survives a message erased while it is being sent.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../server/db.ts";
import { createSmtpTransport, processOutbox } from "../../server/features/mail/mail.service.ts";
import {
  addAvailability,
  callerFor,
  createUserWithSession,
  iso,
  romeDay,
  sessionForExistingUser,
  type TestUser,
} from "../helpers/booking-factory.ts";
import { defined } from "../helpers/defined.ts";
import { servedKeys } from "../helpers/served-keys.ts";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink.ts";
import { createTestApp, injectAs, type TestApp } from "../helpers/test-app.ts";
import { testEngine } from "../helpers/test-db.ts";
import { TINY_PNG } from "../helpers/upload-fixtures.ts";

const MARKED = {
  name: "Zyxmarked Qwertyson",
  email: "zyxmarked.q+erase@example.com",
  phone: "+39 333 9876543",
};
/** Every trace the student leaves holds one of these (each free text they or the teacher write says "Zyxmark…"). */
const MARKS = ["zyxmark", "qwertyson", "9876543"];

/**
 * Tables the law makes us keep a mark in after erasure, each with its reason. The lesson and order
 * rows kept for the teacher's accounting stay without any personal field; the issued documents
 * keep what they print.
 */
const KEPT_BY_LAW: Record<string, string> = {
  BillingDocument:
    "receipts, invoices and credit notes as issued, with the payer's name, tax code and address: kept ten years (art. 2220 of the Civil Code, art. 39 D.P.R. 633/1972; privacy page, section on erasure)",
};

let t: TestApp;
let dataDir: string;
let sink: SmtpSink;
let refusal: string | null = null;
let admin: TestUser;
let teacherId: string;
const db = () => t.database.prisma;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "erasure-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  sink = await startSmtpSink({ rejectWith: () => refusal });
  admin = await sessionForExistingUser(db(), "teacher@school.test", "admin");
  teacherId = (await db().teacher.findFirstOrThrow({ where: { email: admin.email }, select: { id: true } })).id;
});
afterAll(async () => {
  await sink?.stop();
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function send(method: "GET" | "POST" | "PUT", url: string, who?: TestUser, payload?: unknown, headers = {}) {
  return injectAs(t.app, method, url, { as: who, payload, headers });
}
async function ok(response: Promise<{ statusCode: number; body: string; json(): unknown }>) {
  const r = await response;
  expect([200, 201], r.body).toContain(r.statusCode);
  return r.json() as Record<string, never>;
}

function multipart(filename: string, data: Buffer, type: string) {
  const boundary = "----erasure-test";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
async function upload(url: string, who: TestUser, filename: string) {
  const body = multipart(filename, TINY_PNG, "image/png");
  const r = await t.app.inject({
    method: "POST",
    url,
    payload: body.payload,
    headers: { ...body.headers, cookie: who.cookie },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { imageUrl?: string; fileUrl?: string };
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every column of every table of the live database: its table, name and type. */
function listColumns(database: Db) {
  return database.$queryRaw<{ table: string; column: string; type: string }[]>`
    SELECT c.table_schema || '.' || c.table_name AS "table", c.column_name AS "column", c.data_type AS "type"
    FROM information_schema.columns AS c
    JOIN information_schema.tables AS tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE tb.table_type = 'BASE TABLE' AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
    ORDER BY 1, 2`;
}

/** Where the whole database still holds a mark: every column of every table, cast to text. */
async function findMarks(database: Db) {
  const found: string[] = [];
  for (const { table, column } of await listColumns(database)) {
    const [schema, name] = table.split(".") as [string, string];
    const hits = await database.$queryRawUnsafe<{ mark: string; n: number }[]>(
      `SELECT m.v AS mark, count(*)::int AS n
       FROM ${quote(schema)}.${quote(name)} AS x CROSS JOIN jsonb_array_elements_text($1::jsonb) AS m(v)
       WHERE strpos(lower(x.${quote(column)}::text), m.v) > 0
       GROUP BY m.v`,
      JSON.stringify(MARKS),
    );
    for (const hit of hits) found.push(`${name}.${column}: ${hit.n} × "${hit.mark}"`);
  }
  return found;
}

const tableOf = (hit: string) => hit.slice(0, hit.indexOf("."));

async function sendOutbox(now = new Date()) {
  const transport = createSmtpTransport(sink.url, "English with Giulia <lessons@giulia.test>");
  try {
    return await processOutbox({ db: db(), transport, host: "giulia.test", now });
  } finally {
    transport.close();
  }
}

describe(`erasure on ${testEngine}`, () => {
  it("leaves no mark of a student who used every feature anywhere in the database", async () => {
    expect(await findMarks(db()), "the seeded database already holds a mark").toEqual([]);
    const day = (n: number, hour: number) => romeDay(n, hour);
    for (const n of [4, 5, 6, 7, 8]) await addAvailability(db(), teacherId, day(n, 9), 6);

    // Before signing up, as a visitor: "Can't make any times work?" with the address they sign up with later.
    await ok(
      send("POST", "/api/bookings/availability-request", undefined, {
        name: MARKED.name,
        email: MARKED.email,
        phone: MARKED.phone,
        availability: "Zyxmarkavail: weekday evenings after seven",
        location: "Zyxmarkcity",
      }),
    );

    const student = await createUserWithSession(db(), { email: MARKED.email, name: MARKED.name });
    const bystander = await createUserWithSession(db(), { email: "bianca@bystander.test", name: "Bianca Bystander" });
    await ok(
      send("PUT", "/api/student/profile", student, {
        name: MARKED.name,
        phone: MARKED.phone,
        lessonFocus: "Zyxmarkfocus for the profile",
        preferredLocation: "Zyxmarkplace",
        notes: "Zyxmarknotes about me",
      }),
    );
    await upload("/api/files/upload-student-profile-photo", student, "zyxmarked-qwertyson.png");

    // A package, in person at their home, retried once with the same idempotency key.
    const booking = {
      studentInfo: {
        name: MARKED.name,
        phone: MARKED.phone,
        english_level: "intermediate",
        lesson_focus: "Zyxmarkfocus for the lessons",
        notes: "Zyxmarkbooking notes",
        preferred_location: "Via Zyxmarkstreet 12",
        timezone: "Europe/London",
      },
      lesson_dates: [0, 1, 2, 3, 4, 5].map((h) => iso(day(4, 9).plus({ hours: h }))),
      lessonType: "in-person",
      location: "Via Zyxmarkstreet 12, Milano",
      teacher_id: teacherId,
      packageInfo: { id: "standard-6", name: "Standard Package", lessons: 6, totalPrice: 192 },
    };
    const key = { "idempotency-key": "zyxmark-retry-key" };
    const { order } = await ok(send("POST", "/api/bookings/package", student, booking, key));
    await ok(send("POST", "/api/bookings/package", student, booking, key));
    const orderId = (order as { id: string }).id;
    await ok(send("PUT", `/api/admin/orders/${orderId}`, admin, { status: "confirmed" }));
    await ok(
      send("PUT", `/api/admin/orders/${orderId}/payment`, admin, {
        payment_status: "partly_paid",
        amount: 50,
        // The teacher's today (Rome): the suite's own zone (Kathmandu) is a day ahead from about 18:15 UTC.
        date: DateTime.now().setZone("Europe/Rome").toISODate(),
      }),
    );
    // Someone else's booking, whose teacher notice must keep its name.
    await ok(
      send("POST", "/api/bookings", bystander, {
        studentInfo: {
          name: "Bianca Bystander",
          phone: "+39 333 0000001",
          english_level: "advanced",
          lesson_focus: "Travel",
        },
        lesson_date: iso(day(8, 14)),
        lessonType: "online",
        teacher_id: teacherId,
      }),
    );
    expect(await sendOutbox()).toBeGreaterThanOrEqual(5);
    expect(sink.received.some((m) => m.raw.includes(MARKED.name))).toBe(true);

    // Their lessons: a cancellation with a reason (a credit), the credit spent, a lesson of a
    // second package moved (a package allows one free change in all).
    const first = await db().booking.findFirstOrThrow({ where: { orderId }, orderBy: { startsAt: "asc" } });
    await ok(
      send("POST", "/api/student/request-cancellation", student, {
        booking_id: first.id,
        reason: "Zyxmarkreason: my sister's wedding",
      }),
    );
    const credit = await db().lessonCredit.findFirstOrThrow({ where: { studentId: student.id } });
    await ok(send("POST", "/api/student/rebook", student, { credit_id: credit.id, lesson_date: iso(day(6, 9)) }));
    const online = await ok(
      send("POST", "/api/bookings/package", student, {
        ...booking,
        lesson_dates: [0, 1, 2, 3, 4, 5].map((h) => iso(day(5, 9).plus({ hours: h }))),
        lessonType: "online",
        location: null,
      }),
    );
    const moved = defined((online.bookings as { id: string }[])[0]).id;
    await ok(send("POST", `/api/student/bookings/${moved}/move`, student, { lesson_date: iso(day(7, 9)) }));

    // Group conversation, a friend invited, and invited in turn by another student.
    await ok(
      send("POST", "/api/group-conversation/book", student, {
        event_id: "tuesday-navigli",
        package_id: "conversation-6-weeks",
        name: MARKED.name,
        email: MARKED.email,
        phone: MARKED.phone,
      }),
    );
    // A request naming another person's address as the contact: their own mail is not this student's.
    await ok(
      send("POST", "/api/bookings/availability-request", student, {
        name: MARKED.name,
        email: bystander.email,
        availability: "Zyxmarkavail: with my friend, any Friday",
        location: "Zyxmarkcity",
      }),
    );
    await ok(send("POST", "/api/student/referrals", student, { email: "zyxmarked.friend@example.com" }));
    await ok(send("POST", "/api/student/referrals", bystander, { email: MARKED.email }));
    // The /ref page's sign-up with the other student's code, filled in without signing in.
    await ok(
      send("POST", "/api/bookings", undefined, {
        name: MARKED.name,
        email: MARKED.email,
        phone: MARKED.phone,
        englishLevel: "intermediate",
        lessonFocus: "Zyxmarkfocus on the ref page",
        notes: "Zyxmarkref notes",
        referralCode: bystander.referralCode,
      }),
    );

    // The teacher's notes and a file she shares, which the student opens.
    for (const isPrivate of [false, true]) {
      await ok(
        send("POST", "/api/admin/student-notes", admin, {
          student_id: student.id,
          teacher_note: `Zyxmarknote: ${MARKED.name} mixes up the tenses`,
          tags: ["zyxmarktag"],
          is_private: isPrivate,
          booking_id: first.id,
        }),
      );
    }
    const shared = await upload("/api/files/upload", admin, "Zyxmarked Qwertyson progress.png");
    const { file } = await ok(
      send("POST", "/api/admin/shared-files", admin, {
        student_id: student.id,
        title: "Zyxmarkfile: your progress",
        description: `For ${MARKED.name}`,
        file_type: "image",
        file_url: shared.fileUrl,
      }),
    );
    await ok(
      send("POST", "/api/student/files/access-log", student, {
        fileId: (file as { id: string }).id,
        accessType: "view",
      }),
    );

    // The teacher's report on one of their lessons (as it stands a month later), with a skill tag.
    const reported = await db().booking.findFirstOrThrow({
      where: { orderId, status: "confirmed" },
      orderBy: { startsAt: "desc" },
    });
    const monthAgo = day(-30, 9).toJSDate();
    await db().booking.update({
      where: { id: reported.id },
      data: { startsAt: monthAgo, endsAt: new Date(monthAgo.getTime() + 3_600_000) },
    });
    await ok(
      send("PUT", `/api/admin/bookings/${reported.id}/report`, admin, {
        summary: `Zyxmarksummary: ${MARKED.name} told us about the wedding`,
        homework: "Zyxmarkhomework: write to your sister",
        homeworkLink: "https://example.com/zyxmarklink",
        nextFocus: "Zyxmarkfocus next time",
        skills: [{ skill: "zyxmarkskill", level: "B1" }],
      }),
    );
    await ok(send("POST", `/api/student/lessons/${reported.id}/homework`, student, { done: true }));

    // A certified level test (the certificate carries their name), a result saved by the browser,
    // and a calendar subscription.
    const quiz = callerFor(db(), t.env, { student }).quiz;
    const level = await quiz.start({ kind: "level", level: "a1" });
    const keys = await servedKeys(db(), level);
    const { result } = await quiz.submit({
      attemptId: level.attemptId,
      answers: Object.fromEntries(level.questions.map((q) => [q.id, defined(keys.get(q.id))])),
    });
    expect(result.certificateCode).toBeTruthy();
    await ok(
      send("POST", "/api/quiz-results/save", student, {
        quizType: "ai",
        score: 3,
        totalQuestions: 5,
        metadata: { topic: "Zyxmarktopic" },
      }),
    );
    await ok(send("POST", "/api/student/calendar-feed/reset", student, {}));
    await ok(send("POST", "/api/admin/calendar-feed/reset", admin, {}));
    expect((await send("GET", "/api/student/export", student)).body).toContain(MARKED.phone);

    // The rest of the mail: the group sign-up's notice fails for good (the refusal names the
    // address), the others wait for a retry and are then held (no SMTP server any more).
    const signupNotice = await db().outboxEmail.findFirstOrThrow({ where: { kind: "teacher_group_signup" } });
    await db().outboxEmail.update({ where: { id: signupNotice.id }, data: { attempts: 5 } });
    refusal = `550 5.1.1 <${MARKED.email}>: mailbox unavailable`;
    await sendOutbox();
    refusal = null;
    await processOutbox({ db: db(), transport: null, host: "giulia.test", now: new Date(Date.now() + 3_600_000) });
    const statuses = await db().outboxEmail.groupBy({ by: ["status"], _count: { _all: true } });
    expect(statuses.map((s) => s.status).sort()).toEqual(["failed", "held", "sent"]);

    const before = await findMarks(db());
    for (const table of [
      "User",
      "Booking",
      "OutboxEmail",
      "AvailabilityRequest",
      "GroupSignup",
      "Referral",
      "StudentNote",
      "SharedFile",
      "Upload",
      "CancellationRequest",
      "QuizResult",
      "IdempotencyRecord",
      // Issue 31: the learner the booking created, by the name the booking gave.
      "Learner",
      "LessonReport",
      "ReportSkill",
    ]) {
      expect(before.map(tableOf), `a mark in ${table} before the deletion`).toContain(table);
    }
    expect((await send("GET", "/api/admin/emails?limit=100", admin)).body).toContain(MARKED.name);

    const deleted = await ok(send("POST", "/api/student/delete-account", student, { confirmation: "DELETE" }));
    expect(deleted).toMatchObject({ success: true, files_removed: 1 });

    const left = (await findMarks(db())).filter((hit) => !(tableOf(hit) in KEPT_BY_LAW));
    expect(left).toEqual([]);

    // The teacher still sees what happened, without who.
    const view = await send("GET", "/api/admin/emails?limit=100", admin);
    for (const mark of MARKS) expect(view.body.toLowerCase()).not.toContain(mark);
    const emails = (view.json() as { emails: { kind: string; subject: string; text: string; to: string }[] }).emails;
    for (const kind of [
      "teacher_new_booking",
      "teacher_availability_request",
      "teacher_group_signup",
      "teacher_cancellation",
      "teacher_lesson_moved",
    ]) {
      const about = emails.filter((e) => e.kind === kind && e.to === admin.email && !e.text.includes("Bianca"));
      expect(about.length, kind).toBeGreaterThan(0);
    }
    const newBooking = defined(
      emails.find((e) => e.kind === "teacher_new_booking" && e.subject.includes("Standard Package")),
    );
    expect(newBooking.subject).toBe("New booking request: Deleted student (Standard Package)");
    expect(newBooking.text).toContain("Contact: [email removed], [phone removed]");
    // Nothing addressed to them stays, whatever its status; the bystander's notice keeps her name.
    expect(emails.filter((e) => e.to === MARKED.email)).toEqual([]);
    const bystanderNotice = defined(
      emails.find((e) => e.kind === "teacher_new_booking" && e.subject.includes("Bianca Bystander")),
    );
    expect(bystanderNotice.text).toContain(`Contact: ${bystander.email}, +39 333 0000001`);
    expect(emails.filter((e) => e.to === bystander.email).length).toBeGreaterThan(0);
    // The lessons (six and the one rebooked with the credit) and the order stay in the teacher's accounts.
    expect(await db().booking.count({ where: { orderId } })).toBe(7);
    expect(await db().bookingOrder.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      studentId: null,
      paidCents: 5000,
    });
  });
});

describe(`the mail worker during an erasure on ${testEngine}`, () => {
  it("a message erased while it is being sent is no error, and the rest of the batch still goes", async () => {
    const queued = await Promise.all(
      ["leaving@erased.test", "staying@erased.test"].map((toAddress) =>
        db().outboxEmail.create({
          data: { kind: "lesson_reminder", toAddress, subject: "Reminder", textBody: "See you" },
          select: { id: true, toAddress: true },
        }),
      ),
    );
    const [leaving, staying] = [defined(queued[0]), defined(queued[1])];
    const delivered: string[] = [];
    const transport = {
      async send(mail: { to: string }) {
        // The account is deleted while its mail is on the wire: erasure removes the row.
        if (mail.to === leaving.toAddress) await db().outboxEmail.delete({ where: { id: leaving.id } });
        delivered.push(mail.to);
      },
      close() {},
    };
    await processOutbox({ db: db(), transport, host: "giulia.test" });
    expect(delivered).toEqual(expect.arrayContaining([leaving.toAddress, staying.toAddress]));
    expect(await db().outboxEmail.count({ where: { id: leaving.id } })).toBe(0);
    expect(await db().outboxEmail.findUniqueOrThrow({ where: { id: staying.id } })).toMatchObject({ status: "sent" });
  });
});

/** How erasure (server/features/privacy/privacy.data.ts) treats a column that can hold personal data. */
type Erasure =
  /** The account's own row: deleted. */
  | "user row"
  /** Rows go with the account: a foreign key chain to "User" with ON DELETE CASCADE (checked below). */
  | "cascade"
  /** eraseStudent deletes the person's rows (and the files of their uploads). */
  | "deleted"
  /** The row stays (the teacher's records, someone else's referral); the value is replaced or cleared. */
  | "redacted"
  | { kept: string };

const KEPT_DOCUMENT = "an issued document, kept ten years by law even after erasure";

const PERSONAL: Record<string, Record<string, Erasure>> = {
  User: {
    googleSub: "user row",
    email: "user row",
    name: "user row",
    phone: "user row",
    englishLevel: "user row",
    lessonFocus: "user row",
    preferredType: "user row",
    preferredLocation: "user row",
    notes: "user row",
    imageUrl: "user row",
    referralCode: "user row",
    locale: "user row",
  },
  Session: { id: "cascade", secretHash: "cascade" },
  CalendarFeed: { tokenHash: "cascade", kind: "cascade" },
  IdempotencyRecord: { key: "cascade", response: "cascade" },
  CancellationRequest: { reason: "cascade", status: "cascade", decision: "cascade" },
  FileAccessLog: { accessType: "cascade" },
  SharedFile: { title: "cascade", description: "cascade", fileUrl: "cascade", fileType: "cascade" },
  StudentNote: { teacherNote: "cascade", tags: "cascade" },
  QuizAttempt: {
    quizType: "cascade",
    quizLevel: "cascade",
    quizConcept: "cascade",
    title: "cascade",
    questionIds: "cascade",
    variant: "cascade",
    answers: "cascade",
    optionOrders: "cascade",
    placement: "cascade",
  },
  QuizResponse: { questionId: "cascade" },
  // The payer's fiscal data (issue 30); issued documents keep their own copy of what they print.
  PayerBilling: {
    kind: "cascade",
    name: "cascade",
    taxCode: "cascade",
    vatNumber: "cascade",
    sdiCode: "cascade",
    pec: "cascade",
    street: "cascade",
    zip: "cascade",
    city: "cascade",
    province: "cascade",
    country: "cascade",
  },
  QuizResult: {
    quizType: "cascade",
    quizLevel: "cascade",
    quizConcept: "cascade",
    estimatedLevel: "cascade",
    metadata: "cascade",
    certificateCode: "cascade",
    certificateName: "cascade",
  },
  // The family's learners (issue 31): their names, levels and goals go with the account; the
  // lessons that named them lose the link (ON DELETE SET NULL) and are redacted as below.
  Learner: { name: "cascade", nameKey: "cascade", ageGroup: "cascade", level: "cascade", goals: "cascade" },
  // Issue 31, item 2: the teacher's reports on their lessons and the skill tags, with the account.
  LessonReport: { summary: "cascade", homework: "cascade", homeworkLink: "cascade", nextFocus: "cascade" },
  ReportSkill: { skill: "cascade", level: "cascade" },
  // Their lesson ledger goes with the account (the orders it names stay, in the teacher's accounts).
  CreditEntry: { kind: "cascade", reason: "cascade" },
  // The family's waitlist (issue 31, item 3): what they waited for and the offers made go with them.
  WaitlistEntry: { status: "cascade", locale: "cascade" },
  WaitlistOffer: { status: "cascade" },
  AvailabilityRequest: {
    name: "deleted",
    email: "deleted",
    phone: "deleted",
    availability: "deleted",
    location: "deleted",
    packageInfo: "deleted",
    teacherInfo: "deleted",
  },
  // Their own uploads go; the teacher's files shared with them lose the student's name.
  Upload: { originalName: "redacted" },
  // The bytes of their uploads (a photo of them) when DATABASE_URL is set: gone with the Upload row.
  UploadChunk: { data: "deleted" },
  // Another student's invitation of them stays theirs (it may have earned a reward); their own go.
  Referral: { referredEmail: "redacted", referredName: "redacted" },
  // Kept for the teacher's accounts (lessons given, 10 years): nothing identifying stays.
  Booking: {
    location: "redacted",
    notes: "redacted",
    studentName: "redacted",
    studentEmail: "redacted",
    studentPhone: "redacted",
    englishLevel: "redacted",
    lessonFocus: "redacted",
    preferredType: "redacted",
    preferredLocation: "redacted",
    studentNotes: "redacted",
    guardianName: "redacted",
    studentTimezone: "redacted",
    cancellationReason: "redacted",
  },
  BookingOrder: { referralCode: "redacted" },
  GroupSignup: { name: "redacted", email: "redacted", phone: "redacted" },
  // Mail to them goes (any status); mail about them stays with their traces replaced.
  OutboxEmail: {
    toAddress: "redacted",
    subject: "redacted",
    textBody: "redacted",
    attachments: "redacted",
    lastError: "redacted",
  },
  ErasedCustomer: {
    keyHash: {
      kept: "a keyed hash (HMAC) of the sub and the address, not readable: the once-per-person discount (privacy page, section 4)",
    },
  },
  BillingDocument: {
    payer: { kept: KEPT_DOCUMENT },
    lines: { kept: `${KEPT_DOCUMENT}: the line names the learner` },
    xml: { kept: `${KEPT_DOCUMENT}: the FatturaPA file as sent` },
  },
  Teacher: {
    name: { kept: "the teacher's own profile; a teacher's account cannot be deleted from the portal" },
    email: { kept: "the teacher's own profile" },
    phone: { kept: "the teacher's own profile" },
    bio: { kept: "the teacher's own profile" },
    imageUrl: { kept: "the teacher's own profile" },
    specializations: { kept: "the teacher's own profile" },
    city: { kept: "the teacher's own profile" },
  },
};

/** Text-like columns that hold nothing about a person, each with what it holds. */
const NOT_PERSONAL: Record<string, Record<string, string>> = {
  _prisma_migrations: {
    id: "migration bookkeeping",
    checksum: "migration bookkeeping",
    migration_name: "migration bookkeeping",
    logs: "migration bookkeeping",
  },
  AppMeta: { key: "server bookkeeping (catalogue checksums)", value: "server bookkeeping" },
  BillingDocument: {
    number: "the document's number, 2026/1",
    kind: "invoice | receipt | credit_note",
    regime: "forfettario | occasionale | none",
    locale: "en | it: the language it is printed in",
    seller: "the teacher's own billing data, as printed",
    payment: "the method, the day and the teacher's IBAN",
    orderReference: "the order's number, ORD-0042",
    progressive: "the FatturaPA file's progressive",
    fileName: "IT<the teacher's VAT number>_<progressive>.xml",
  },
  DocumentCounter: { name: "a counter's name, year:2026 or fatturapa" },
  BillingProfile: {
    id: "the one billing profile row",
    regime: "the teacher's billing profile",
    issueDocuments: "on_payment | manual",
    legalName: "the teacher's billing profile",
    taxCode: "the teacher's billing profile",
    vatNumber: "the teacher's billing profile",
    street: "the teacher's billing profile",
    zip: "the teacher's billing profile",
    city: "the teacher's billing profile",
    province: "the teacher's billing profile",
    country: "the teacher's billing profile",
    iban: "the teacher's billing profile",
    bic: "the teacher's billing profile",
    satispayLink: "the teacher's billing profile",
    paypalLink: "the teacher's billing profile",
    cardLink: "the teacher's billing profile",
  },
  AdminSettings: {
    id: "the one settings row",
    cancellationPolicy: "site setting",
    timezone: "site setting",
    dateFormat: "site setting",
    timeFormat: "site setting",
    teacherLocale: "site setting",
    defaultMeetingLink: "the teacher's meeting room",
    paymentInstructions: "the teacher's payment details",
    meetingMode: "site setting",
    meetingFixedLink: "the teacher's personal meeting room",
    jitsiBaseUrl: "site setting",
  },
  AvailabilityException: {
    holiday: "which public holiday a day off is",
    name: "the teacher's own label for her days off (a school holiday), never a student's",
  },
  CalendarSource: {
    kind: "caldav | ics",
    name: "the teacher's name for her own calendar",
    displayHost: "the host of the teacher's own calendar",
    username: "the teacher's own calendar account",
    urlEncrypted: "the teacher's own calendar address, sealed",
    calendarUrlEncrypted: "the teacher's own calendar address, sealed",
    passwordEncrypted: "the teacher's app password, sealed",
    lastError: "why the teacher's calendar could not be read",
  },
  // The write-back's queue names no one: a lesson's UID (its id and the site's host), the server's
  // etag, a hash and why a write failed. The event in her calendar names the learner: erasure
  // cancels or redacts the lesson, and the next pass deletes or rewrites that event.
  CalendarLessonEvent: {
    uid: "a lesson's calendar UID: its id and the site's host",
    action: "put | delete",
    lastError: "why the teacher's calendar refused a write",
    etag: "the calendar server's version tag",
    contentHash: "a hash of the event last written",
    changeKind: "deleted | moved, by the teacher in her calendar",
  },
  Package: {
    id: "catalogue",
    name: "catalogue",
    description: "catalogue",
    features: "catalogue",
    lessonType: "catalogue",
  },
  GroupEvent: {
    id: "catalogue",
    dayOfWeek: "catalogue",
    time: "catalogue",
    location: "catalogue",
    locationDescription: "catalogue",
  },
  GroupPackage: { id: "catalogue", name: "catalogue", description: "catalogue" },
  GroupSignup: { eventId: "catalogue id", groupPackageId: "catalogue id" },
  QuizQuestion: {
    id: "question bank",
    question: "question bank",
    options: "question bank",
    explanation: "question bank",
    skill: "question bank",
    level: "question bank",
    concept: "question bank",
    topic: "question bank",
    point: "question bank",
    source: "question bank",
    reviewStatus: "question bank",
    replacesId: "question bank",
    testletId: "question bank",
  },
  QuizTestlet: {
    id: "question bank",
    level: "question bank",
    title: "question bank",
    topic: "question bank",
    genre: "question bank",
    text: "question bank",
  },
  Teacher: { timezone: "an IANA zone name" },
  AvailabilitySlot: { recurring: "weekly | none" },
  WeeklySchedule: { entries: "the teacher's weekly hours" },
  Session: { kind: "admin | student" },
  Booking: {
    status: "lesson status",
    lessonType: "online | in-person",
    meetingLink: "the teacher's meeting room",
    bookedBy: "learner | guardian",
    attendance: "attended | no_show | late_cancellation",
    attendanceSource: "teacher | auto",
  },
  BookingOrder: {
    packageId: "catalogue id",
    paymentStatus: "unpaid | partly_paid | paid | refunded",
    locale: "en | it: the language the order was made in",
  },
  // A payment entry stays with its order in the teacher's accounts (bookkeeping law), like the order.
  Payment: {
    method: "bank_transfer | card | satispay | paypal | cash",
    note: "the teacher's note on the money received or refunded, kept with the order's accounts",
    externalId: "the payment's id at Stripe (stripe:pi_…), kept with the order's accounts",
  },
  Referral: { status: "referral status" },
  Upload: {
    storedName: "a random server-made name",
    mimeType: "detected file type",
    kind: "shared | profile | student-profile",
  },
  UploadChunk: { storedName: "a random server-made name" },
  LessonMove: { movedBy: "student | teacher" },
  OutboxEmail: { kind: "message kind", status: "send status", dedupeKey: "kind and record ids only" },
};

// bytea too: the bytes of an upload (a photo) are personal data as much as its name is.
const TEXT_LIKE = new Set([
  "text",
  "character varying",
  "character",
  "json",
  "jsonb",
  "ARRAY",
  "USER-DEFINED",
  "bytea",
]);

describe(`the erasure guard on ${testEngine}`, () => {
  it("knows how erasure treats every text-like column of the live schema", async () => {
    const columns = (await listColumns(db())).filter((c) => TEXT_LIKE.has(c.type));
    const name = (c: { table: string; column: string }) => `${c.table.split(".")[1]}.${c.column}`;
    const live = new Set(columns.map(name));
    const listed = new Map<string, string>();
    for (const [list, tables] of [
      ["personal", PERSONAL],
      ["not personal", NOT_PERSONAL],
    ] as const) {
      for (const [table, cols] of Object.entries(tables)) {
        for (const column of Object.keys(cols)) {
          const key = `${table}.${column}`;
          expect(listed.has(key), `${key} is listed twice`).toBe(false);
          listed.set(key, list);
        }
      }
    }
    const unknown = [...live].filter((c) => !listed.has(c));
    expect(
      unknown,
      "text-like columns erasure does not know: add each to PERSONAL (and handle it in eraseStudent) or to NOT_PERSONAL",
    ).toEqual([]);
    const stale = [...listed.keys()].filter((c) => !live.has(c));
    expect(stale, "listed columns the schema no longer has").toEqual([]);
  });

  it("the tables said to go by cascade do go with the User row", async () => {
    const edges = await db().$queryRaw<{ child: string; parent: string; rule: string }[]>`
      SELECT child.relname AS "child", parent.relname AS "parent", c.confdeltype::text AS "rule"
      FROM pg_constraint AS c
      JOIN pg_class AS child ON child.oid = c.conrelid
      JOIN pg_class AS parent ON parent.oid = c.confrelid
      WHERE c.contype = 'f'`;
    const cascades = (table: string, seen = new Set<string>()): boolean =>
      edges.some(
        (e) =>
          e.child === table &&
          e.rule === "c" &&
          !seen.has(e.parent) &&
          (e.parent === "User" || cascades(e.parent, new Set([...seen, table]))),
      );
    const said = Object.entries(PERSONAL)
      .filter(([, cols]) => Object.values(cols).includes("cascade"))
      .map(([table]) => table);
    expect(said.length).toBeGreaterThan(5);
    for (const table of said) expect(cascades(table), `${table} has no ON DELETE CASCADE path to "User"`).toBe(true);
  });
});

// A report after each lesson (issue 31, item 2) on a real migrated database (PGlite, or
// PostgreSQL with TEST_ENGINE=postgresql), with an injected clock: the service takes `now`, so a
// lesson days away is reported before and after its start without sleeping. The mail goes through
// the outbox to a real SMTP server (the sink); the REST paths are driven on lessons moved into the
// past, as the passing days would.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSmtpTransport, processOutbox } from "../../server/features/mail/mail.service.ts";
import { lessonReportSchema } from "../../server/features/reports/reports.schemas.ts";
import { getReportDraft, saveLessonReport } from "../../server/features/reports/reports.service.ts";
import {
  BOOKING_NOT_FOUND_MESSAGE,
  HOMEWORK_DONE_MESSAGE,
  REPORT_FILE_MESSAGE,
  REPORT_LEVEL_MESSAGE,
  REPORT_NOT_FOUND_MESSAGE,
  REPORT_SUMMARY_MESSAGE,
  REPORT_TOO_EARLY_MESSAGE,
} from "../../shared/constants.ts";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser } from "../helpers/booking-factory.ts";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
const HOUR = 3_600_000;
const opts = () => ({ publicUrl: t.env.PUBLIC_URL });
let sink: SmtpSink;
let nextDay = 3;

/** A confirmed one-hour lesson some days ahead, booked through the API as `student`. */
async function bookLesson(student: TestUser, info: Record<string, unknown> = {}) {
  nextDay += 1;
  const start = romeDay(nextDay, 10);
  await t.addAvailability(start, 1);
  const response = await t.send("POST", "/api/bookings", {
    as: student,
    payload: {
      studentInfo: studentInfo({ name: student.name, ...info }),
      lesson_date: iso(start),
      lessonType: "online",
      teacher_id: t.teacherId,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const id = response.json().booking.id as string;
  return db().booking.findUniqueOrThrow({
    where: { id },
    select: { id: true, startsAt: true, endsAt: true, status: true, learnerId: true },
  });
}

let hoursAgo = 0;
/** Moves a lesson into the past (each to an hour of its own), as the days would, for the REST paths' real clock. */
async function intoThePast(id: string) {
  hoursAgo += 2;
  const start = new Date(Date.now() - hoursAgo * HOUR);
  await db().booking.update({ where: { id }, data: { startsAt: start, endsAt: new Date(start.getTime() + HOUR) } });
}

const put = (id: string, payload: unknown, headers?: Record<string, string>) =>
  t.send("PUT", `/api/admin/bookings/${id}/report`, { as: t.admin, payload, headers });
const save = (id: string, payload: unknown, now: Date) =>
  saveLessonReport(db(), id, lessonReportSchema.parse(payload), opts(), now);
const minutesAfter = (lesson: { startsAt: Date }, minutes: number) =>
  new Date(lesson.startsAt.getTime() + minutes * 60_000);

/** Sends the outbox to the SMTP sink, as the worker does. */
const deliver = () =>
  processOutbox({
    db: db(),
    transport: createSmtpTransport(sink.url, "Giulia <lessons@giulia.test>"),
    host: "localhost",
  });
/** The raw message with quoted-printable undone (its bytes read as UTF-8). */
const plain = (raw: string) => {
  const bytes = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, "%25"));
};
const reportMailsTo = (address: string) =>
  sink.received.filter((m) => m.to[0] === address && /lesson_report|Lesson report|Resoconto/.test(plain(m.raw)));

beforeAll(async () => {
  sink = await startSmtpSink();
  await t.setSettings({ bufferBetweenLessons: 0, maxAdvanceBooking: 90, autoConfirmBookings: true });
});
afterAll(async () => {
  await sink?.stop();
});
beforeEach(async () => {
  await db().outboxEmail.deleteMany();
  sink.received.length = 0;
});

describe(`lesson reports on ${testEngine}`, () => {
  it("are refused before the lesson starts and accepted from its start; unknown lessons and bad input are refused clearly", async () => {
    const anna = await t.createStudent({ name: "Anna Rossi" });
    const lesson = await bookLesson(anna);
    expect(lesson.status).toBe("confirmed");
    const report = { summary: "Talked about holidays", skills: [{ skill: "speaking", level: "B1" }] };

    // Over REST, now: the lesson is days away.
    const early = await put(lesson.id, report);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(REPORT_TOO_EARLY_MESSAGE);
    const italian = await put(lesson.id, report, { "accept-language": "it" });
    expect(italian.json().error).toBe("Puoi scrivere il resoconto solo dopo l'inizio della lezione.");

    // On the injected clock: a millisecond before the start refused, the start itself accepted.
    await expect(save(lesson.id, report, new Date(lesson.startsAt.getTime() - 1))).rejects.toThrow(
      REPORT_TOO_EARLY_MESSAGE,
    );
    expect(await db().lessonReport.count({ where: { bookingId: lesson.id } })).toBe(0);
    const saved = await save(lesson.id, report, lesson.startsAt);
    expect(saved.report).toMatchObject({
      summary: "Talked about holidays",
      skills: [{ skill: "speaking", level: "B1" }],
    });

    // Unknown lesson, a level outside A1..C2, an empty summary.
    const unknown = await put("00000000-0000-4000-8000-000000000000", report);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(BOOKING_NOT_FOUND_MESSAGE);
    const badLevel = await put(lesson.id, { summary: "Ok", skills: [{ skill: "speaking", level: "B7" }] });
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().error).toBe(REPORT_LEVEL_MESSAGE);
    const empty = await put(lesson.id, { summary: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(REPORT_SUMMARY_MESSAGE);
    expect((await put(lesson.id, { skills: [] })).json().error).toBe(REPORT_SUMMARY_MESSAGE);
    // Nothing was lost: the report keeps what was saved.
    expect((await db().lessonReport.findUniqueOrThrow({ where: { bookingId: lesson.id } })).summary).toBe(
      "Talked about holidays",
    );

    // Over REST once the lesson has started: the spec's body, levels read in any case.
    const second = await bookLesson(anna);
    await intoThePast(second.id);
    const accepted = await put(second.id, {
      summary: "Past simple: regular verbs",
      homework: "Exercise 3 on page 12",
      homeworkDue: "2026-12-20",
      nextFocus: "Irregular verbs",
      skills: [
        { skill: "past simple", level: "a2" },
        { skill: "speaking", level: "B1" },
      ],
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      success: true,
      emailed: true,
      report: {
        booking_id: second.id,
        summary: "Past simple: regular verbs",
        homework_due: "2026-12-20",
        next_focus: "Irregular verbs",
        skills: [
          { skill: "past simple", level: "A2" },
          { skill: "speaking", level: "B1" },
        ],
        email_count: 1,
      },
    });
    // The skill tags are rows of their own, with the learner and the lesson's date (the CEFR scale's input).
    const stored = await db().booking.findUniqueOrThrow({
      where: { id: second.id },
      select: { startsAt: true, learnerId: true },
    });
    const skills = await db().reportSkill.findMany({
      where: { report: { bookingId: second.id } },
      orderBy: { skill: "asc" },
      select: { skill: true, level: true, learnerId: true, date: true },
    });
    expect(skills).toEqual([
      { skill: "past simple", level: "A2", learnerId: stored.learnerId, date: stored.startsAt },
      { skill: "speaking", level: "B1", learnerId: stored.learnerId, date: stored.startsAt },
    ]);
    expect(stored.learnerId).not.toBeNull();
  });

  it("is emailed to the learner and to a child's guardian once each, in their language; editing does not email again, Send again does", async () => {
    const anna = await t.createStudent({ name: "Anna Verdi" });
    const marco = await t.createStudent({ name: "Marco Bianchi" });
    await db().user.update({ where: { id: marco.id }, data: { locale: "it" } });
    const annasLesson = await bookLesson(anna);
    const pietrosLesson = await bookLesson(marco, { name: "Pietro Bianchi", age_confirmation: "guardian" });
    await db().learner.update({ where: { id: pietrosLesson.learnerId ?? "" }, data: { ageGroup: "child" } });
    await db().outboxEmail.deleteMany();

    const annasReport = { summary: "Job interview practice", nextFocus: "Questions about salary" };
    const pietrosReport = {
      summary: "Colours and animals",
      homework: "Draw three animals and name them",
      homeworkDue: "2026-12-18",
      nextFocus: "Numbers to twenty",
      skills: [{ skill: "vocabulary", level: "A1" }],
    };
    expect((await save(annasLesson.id, annasReport, minutesAfter(annasLesson, 55))).emailed).toBe(true);
    expect((await save(pietrosLesson.id, pietrosReport, minutesAfter(pietrosLesson, 50))).emailed).toBe(true);
    await deliver();
    const toAnna = reportMailsTo(anna.email);
    const toMarco = reportMailsTo(marco.email);
    expect(toAnna).toHaveLength(1);
    expect(toMarco).toHaveLength(1);

    const annaText = plain(toAnna[0]?.raw ?? "");
    expect(annaText).toContain("Subject: Lesson report: your lesson on");
    expect(annaText).toContain("Hi Anna Verdi,");
    expect(annaText).toContain("Job interview practice");
    expect(annaText).toContain("Questions about salary");

    // The guardian's account speaks Italian: the whole mail does, naming the child.
    const marcoText = plain(toMarco[0]?.raw ?? "");
    expect(marcoText).toContain("Ciao Marco Bianchi,");
    expect(marcoText).toContain("della lezione di Pietro Bianchi");
    expect(marcoText).toContain("Cosa abbiamo fatto:");
    expect(marcoText).toContain("Compiti:");
    expect(marcoText).toContain("Draw three animals and name them");
    expect(marcoText).toContain("Da consegnare entro venerdì 18 dicembre 2026");
    expect(marcoText).toContain("- vocabulary: A1");
    expect(marcoText).not.toMatch(/What we did|Homework:|Hi Marco/);

    // Editing: the report changes, no mail.
    const edited = await save(
      pietrosLesson.id,
      { ...pietrosReport, summary: "Colours, animals and a song" },
      minutesAfter(pietrosLesson, 70),
    );
    expect(edited).toMatchObject({
      emailed: false,
      report: { summary: "Colours, animals and a song", email_count: 1 },
    });
    await save(annasLesson.id, { ...annasReport, homework: "Write a cover letter" }, minutesAfter(annasLesson, 80));
    expect(await db().outboxEmail.count({ where: { kind: "lesson_report" } })).toBe(2);
    await deliver();
    expect(reportMailsTo(anna.email)).toHaveLength(1);
    expect(reportMailsTo(marco.email)).toHaveLength(1);

    // Send again: once more, with the edit.
    const again = await save(
      pietrosLesson.id,
      { ...pietrosReport, summary: "Colours, animals and a song", sendAgain: true },
      minutesAfter(pietrosLesson, 90),
    );
    expect(again).toMatchObject({ emailed: true, report: { email_count: 2 } });
    await deliver();
    expect(reportMailsTo(marco.email)).toHaveLength(2);
    expect(plain(reportMailsTo(marco.email)[1]?.raw ?? "")).toContain("Colours, animals and a song");
    expect(reportMailsTo(anna.email)).toHaveLength(1);
  });

  it("the family reads it in GET /api/student/lessons and ticks the homework; another family's is 404; the next report starts from it", async () => {
    const marco = await t.createStudent({ name: "Marco Neri" });
    const other = await t.createStudent({ name: "Other Parent" });
    const first = await bookLesson(marco, { name: "Sofia Neri", age_confirmation: "guardian" });
    const next = await bookLesson(marco, { name: "Sofia Neri", age_confirmation: "guardian" });
    const untouched = await bookLesson(marco, { name: "Sofia Neri", age_confirmation: "guardian" });
    await intoThePast(next.id);
    await intoThePast(first.id);

    // The homework file is one of the files shared with this family, never another's.
    const theirs = await db().sharedFile.create({
      data: {
        studentId: marco.id,
        title: "Animals worksheet",
        fileUrl: "https://example.com/animals.pdf",
        fileType: "link",
      },
    });
    const foreignFile = await db().sharedFile.create({
      data: { studentId: other.id, title: "Not theirs", fileUrl: "https://example.com/x.pdf", fileType: "link" },
    });
    const refused = await put(first.id, { summary: "Animals", homeworkFileId: foreignFile.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(REPORT_FILE_MESSAGE);
    const badLink = await put(first.id, { summary: "Animals", homeworkLink: "javascript:alert(1)" });
    expect(badLink.statusCode).toBe(400);

    const written = await put(first.id, {
      summary: "Animals and their sounds",
      homework: "Finish the worksheet",
      homeworkFileId: theirs.id,
      homeworkLink: "https://example.com/song",
      nextFocus: "Farm animals",
      skills: [
        { skill: "vocabulary", level: "A1" },
        { skill: "listening", level: "A2" },
      ],
    });
    expect(written.statusCode, written.body).toBe(200);

    const lessonsOf = async (who: TestUser) => {
      const response = await t.send("GET", "/api/student/lessons", { as: who });
      expect(response.statusCode).toBe(200);
      return response.json().lessons as { id: string; report: Record<string, unknown> | null }[];
    };
    const seen = new Map((await lessonsOf(marco)).map((l) => [l.id, l]));
    expect(seen.get(first.id)?.report).toEqual({
      summary: "Animals and their sounds",
      homework: "Finish the worksheet",
      homework_due: null,
      homework_link: "https://example.com/song",
      homework_file: { id: theirs.id, title: "Animals worksheet", file_url: "https://example.com/animals.pdf" },
      has_homework: true,
      homework_done: false,
      homework_done_at: null,
      next_focus: "Farm animals",
      skills: [
        { skill: "listening", level: "A2" },
        { skill: "vocabulary", level: "A1" },
      ],
      updated_at: expect.any(String),
    });
    expect(seen.get(untouched.id)?.report).toBeNull();

    // The homework ticked, and unticked.
    const tick = (id: string, payload: unknown, who: TestUser = marco) =>
      t.send("POST", `/api/student/lessons/${id}/homework`, { as: who, payload });
    const ticked = await tick(first.id, { done: true });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json()).toMatchObject({ success: true, report: { homework_done: true } });
    expect((await lessonsOf(marco)).find((l) => l.id === first.id)?.report).toMatchObject({ homework_done: true });
    expect((await tick(first.id, { done: "yes" })).json().error).toBe(HOMEWORK_DONE_MESSAGE);

    // Another family: the lesson and its report are 404, and nothing changed.
    const foreign = await tick(first.id, { done: false }, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(REPORT_NOT_FOUND_MESSAGE);
    expect((await lessonsOf(other)).some((l) => l.id === first.id)).toBe(false);
    expect((await tick("not-an-id", { done: true }, other)).statusCode).toBe(404);
    expect((await tick(untouched.id, { done: true })).statusCode).toBe(404);
    expect((await lessonsOf(marco)).find((l) => l.id === first.id)?.report).toMatchObject({ homework_done: true });
    expect((await tick(first.id, { done: false })).json()).toMatchObject({ report: { homework_done: false } });

    // The next lesson's form starts from this report: its next focus, its skills.
    const draft = await getReportDraft(db(), next.id);
    expect(draft.report).toBeNull();
    expect(draft.previous).toMatchObject({
      next_focus: "Farm animals",
      skills: [{ skill: "listening" }, { skill: "vocabulary" }],
    });
    expect(draft.files.map((f) => f.title)).toEqual(["Animals worksheet"]);
    // A student session is no teacher's: the report cannot be written with it.
    expect(
      (await t.send("PUT", `/api/admin/bookings/${next.id}/report`, { as: marco, payload: { summary: "x" } }))
        .statusCode,
    ).toBe(401);
  });
});

// A termly report (issue 31, item 5) on a real migrated database (PGlite, or PostgreSQL with
// TEST_ENGINE=postgresql), with an injected clock: the service takes `now`, so a lesson after it is
// neither taken nor missed and an unmarked one before it is taken. The PDF is read back with PDF.js
// (`unpdf`), as a reader's viewer would; the mail goes through the outbox to a real SMTP server.
import { extractText } from "unpdf";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSmtpTransport, processOutbox } from "../../server/features/mail/mail.service.ts";
import {
  TERMLY_COMMENT_MESSAGE,
  TERMLY_DATES_MESSAGE,
  TERMLY_NO_EMAIL_MESSAGE,
  TERMLY_ORDER_MESSAGE,
  TERMLY_RANGE_MESSAGE,
} from "../../server/features/termly-report/termly-report.schemas.ts";
import {
  parseTermlyQuery,
  sendTermlyReport,
  termlyReportFile,
  termlyReportStatus,
} from "../../server/features/termly-report/termly-report.service.ts";
import { LEARNER_NOT_FOUND_MESSAGE, UNKNOWN_STUDENT_MESSAGE } from "../../shared/constants.ts";
import { prepareBookingApp, type TestUser } from "../helpers/booking-factory.ts";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
const NOW = new Date("2026-12-20T12:00:00Z");
const TERM = { from: "2026-09-01", to: "2026-12-31" };
let sink: SmtpSink;

/** A held lesson of `learnerId` at `iso` (UTC), with its attendance and, if given, its report. */
async function lesson(
  family: TestUser,
  learnerId: string | null,
  iso: string,
  attendance: string | null,
  report?: { homework?: string; done?: boolean; skills?: [string, string][] },
) {
  const startsAt = new Date(iso);
  const booking = await db().booking.create({
    data: {
      studentId: family.id,
      learnerId,
      teacherId: t.teacherId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      status: startsAt < NOW ? "completed" : "confirmed",
      attendance,
      lessonType: "online",
      studentName: family.name,
      studentEmail: family.email,
    },
  });
  if (report) {
    await db().lessonReport.create({
      data: {
        bookingId: booking.id,
        studentId: family.id,
        learnerId,
        summary: "Lesson",
        homework: report.homework ?? null,
        homeworkDoneAt: report.done ? new Date(startsAt.getTime() + 86_400_000) : null,
        skills: {
          create: (report.skills ?? []).map(([skill, level]) => ({ skill, level, learnerId, date: startsAt })),
        },
      },
    });
  }
  return booking;
}

const pdfText = async (pdf: Buffer | string) =>
  (await extractText(new Uint8Array(Buffer.from(pdf as Buffer)), { mergePages: true })).text.replace(/\s+/g, " ");

const pdfUrl = (family: { id: string }, query: Record<string, string>) =>
  `/api/admin/students/${family.id}/report.pdf?${new URLSearchParams(query)}`;

const deliver = () =>
  processOutbox({
    db: db(),
    transport: createSmtpTransport(sink.url, "Giulia <lessons@giulia.test>"),
    host: "localhost",
  });

let marco: TestUser;
let pietro: { id: string };
let anna: TestUser;

beforeAll(async () => {
  sink = await startSmtpSink();
  // An Italian family: Marco, guardian of Pietro, a child.
  marco = await t.createStudent({ name: "Marco Bianchi" });
  await db().user.update({ where: { id: marco.id }, data: { locale: "it" } });
  pietro = await db().learner.create({
    data: { accountId: marco.id, name: "Pietro Bianchi", nameKey: "pietro bianchi", ageGroup: "child" },
  });
  // Before the term: where Pietro stood when it began.
  await lesson(marco, pietro.id, "2026-06-10T09:00:00Z", "attended", { skills: [["listening", "A2"]] });
  await lesson(marco, pietro.id, "2026-09-15T09:00:00Z", "attended", {
    homework: "Leggere il capitolo 2",
    done: true,
    skills: [["speaking", "B1"]],
  });
  await lesson(marco, pietro.id, "2026-10-06T09:00:00Z", "no_show");
  await lesson(marco, pietro.id, "2026-10-20T09:00:00Z", "late_cancellation");
  // Not marked yet, but before now: taken (the lesson job marks it attended).
  await lesson(marco, pietro.id, "2026-11-10T10:00:00Z", null, {
    homework: "Scrivere una lettera",
    skills: [
      ["speaking", "B2"],
      ["grammar", "A2"],
    ],
  });
  // After the injected now: neither taken nor missed.
  await lesson(marco, pietro.id, "2026-12-22T10:00:00Z", null);

  // An English adult learner of her own account.
  anna = await t.createStudent({ name: "Anna Verdi" });
  const self = await db().learner.create({
    data: { accountId: anna.id, name: "Anna Verdi", nameKey: "anna verdi", ageGroup: "adult", isSelf: true },
  });
  await lesson(anna, self.id, "2026-09-20T09:00:00Z", "attended");
});
afterAll(async () => {
  await sink?.stop();
});
beforeEach(async () => {
  await db().outboxEmail.deleteMany();
  sink.received.length = 0;
});

describe(`the termly report on ${testEngine}`, () => {
  it("is a PDF naming the learner, in the family's language, with the lessons, homework, levels, skills and comment", async () => {
    const { pdf, fileName } = await termlyReportFile(
      db(),
      marco.id,
      parseTermlyQuery({ ...TERM, learner_id: pietro.id, comment: "Pietro ha lavorato con impegno." }),
      NOW,
    );
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(fileName).toBe("report-pietro-bianchi-2026-09-01-2026-12-31.pdf");
    const text = await pdfText(pdf);
    expect(text).toContain("Resoconto del periodo");
    expect(text).toContain("Pietro Bianchi");
    expect(text).toContain("GENITORE O TUTORE");
    expect(text).toContain("Marco Bianchi");
    expect(text).toContain("Dal 1 settembre 2026 al 31 dicembre 2026");
    // Two taken (one marked, one not yet), two missed, the lesson after now in neither.
    expect(text).toMatch(/2 lezioni svolte/);
    expect(text).toMatch(/2 lezioni perse/);
    expect(text).toContain("Persa (assenza)");
    expect(text).toContain("Persa (disdetta tardiva)");
    expect(text.match(/Svolta/g)).toHaveLength(2);
    // Homework: one done of two.
    expect(text).toContain("1/2");
    expect(text).toContain("Leggere il capitolo 2");
    expect(text).toContain("Scrivere una lettera");
    expect(text).toContain("Non fatti");
    // The chart (from the skill tags, with the one before the term) and the latest level per skill.
    expect(text).toContain("LIVELLO SULLA SCALA QCER");
    // The latest day's measurements together: B2 and A2 read as B1.
    expect(text).toContain("Ultimo livello: B1 (mar 10 nov 2026)");
    expect(text).toContain("Valutazione dell'insegnante");
    expect(text).toMatch(/speaking B2/);
    expect(text).toMatch(/grammar A2/);
    expect(text).not.toMatch(/speaking B1/);
    expect(text).not.toMatch(/listening/);
    expect(text).toContain("Pietro ha lavorato con impegno.");
    expect(text).not.toMatch(/Termly report|lessons taken|homework/i);

    // English for an English family; a range without measurements says so.
    const english = await pdfText(
      (await termlyReportFile(db(), anna.id, parseTermlyQuery({ from: "2026-09-01", to: "2026-09-30" }), NOW)).pdf,
    );
    expect(english).toContain("Termly report");
    expect(english).toContain("Anna Verdi");
    expect(english).toContain("September 1, 2026 to September 30, 2026");
    expect(english).toContain("No level was measured in this period.");
    expect(english).not.toContain("PARENT OR GUARDIAN");
  });

  it("is the teacher's only: another family's learner and an unknown id are 404, a student is refused, bad dates are 400", async () => {
    const ok = await t.send("GET", pdfUrl(marco, { ...TERM, learner_id: pietro.id }), { as: t.admin });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers["content-type"]).toBe("application/pdf");
    expect(ok.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await pdfText(ok.rawPayload)).toContain("Pietro Bianchi");

    // Pietro through Anna's account: another family's learner.
    const other = await t.send("GET", pdfUrl(anna, { ...TERM, learner_id: pietro.id }), { as: t.admin });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe(LEARNER_NOT_FOUND_MESSAGE);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", t.admin.id]) {
      const unknown = await t.send("GET", pdfUrl({ id }, TERM), { as: t.admin });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toBe(UNKNOWN_STUDENT_MESSAGE);
    }

    // A family's own session, and nobody.
    const asFamily = await t.send("GET", pdfUrl(marco, TERM), { as: marco });
    expect([401, 403]).toContain(asFamily.statusCode);
    expect((await t.send("GET", pdfUrl(marco, TERM))).statusCode).toBe(401);
    const sendAsFamily = await t.send("POST", `/api/admin/students/${marco.id}/report`, { as: marco, payload: TERM });
    expect([401, 403]).toContain(sendAsFamily.statusCode);

    const refusals: [Record<string, string>, string][] = [
      [{}, TERMLY_DATES_MESSAGE],
      [{ from: "2026-09-01" }, TERMLY_DATES_MESSAGE],
      [{ from: "2026-02-30", to: "2026-03-31" }, TERMLY_DATES_MESSAGE],
      [{ from: "1/9/2026", to: "2026-12-31" }, TERMLY_DATES_MESSAGE],
      [{ from: "2026-12-31", to: "2026-09-01" }, TERMLY_ORDER_MESSAGE],
      [{ from: "2025-01-01", to: "2026-12-31" }, TERMLY_RANGE_MESSAGE],
      [{ ...TERM, comment: "x".repeat(2001) }, TERMLY_COMMENT_MESSAGE],
    ];
    for (const [query, message] of refusals) {
      const bad = await t.send("GET", pdfUrl(marco, query), { as: t.admin });
      expect(bad.statusCode, JSON.stringify(query)).toBe(400);
      expect(bad.json().error).toBe(message);
    }
    const italian = await t.send("GET", pdfUrl(marco, { from: "2026-12-31", to: "2026-09-01" }), {
      as: t.admin,
      headers: { "accept-language": "it" },
    });
    expect(italian.json().error).toBe("La data di inizio del resoconto non può essere successiva a quella di fine.");
    const badBody = await t.send("POST", `/api/admin/students/${marco.id}/report`, {
      as: t.admin,
      payload: { from: "2026-12-31", to: "2026-09-01" },
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().error).toBe(TERMLY_ORDER_MESSAGE);
  });

  it("is emailed once to the family with the PDF, in their language; a double tap sends nothing twice", async () => {
    const path = `/api/admin/students/${marco.id}/report`;
    const payload = { ...TERM, learner_id: pietro.id, comment: "Ottimo lavoro." };
    const headers = { "idempotency-key": "termly-double-tap-1" };
    const first = await t.send("POST", path, { as: t.admin, payload, headers });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, sent_to: [marco.email.toLowerCase()], locale: "it" });
    const again = await t.send("POST", path, { as: t.admin, payload, headers });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await db().outboxEmail.count({ where: { kind: "termly_report" } })).toBe(1);

    await deliver();
    expect(sink.received).toHaveLength(1);
    const mail = sink.received[0];
    expect(mail.to).toEqual([marco.email.toLowerCase()]);
    const raw = mail.raw.replace(/=\r?\n/g, "");
    expect(raw).toMatch(/Subject: .*Resoconto del periodo di Pietro Bianchi/s);
    expect(raw).toContain("Ciao Marco Bianchi");
    expect(raw).toMatch(/Content-Type: application\/pdf;\s+name=report-pietro-bianchi-2026-09-01-2026-12-31\.pdf/);
    // The attachment is the report, readable.
    const base64 = raw.split(/filename=report-pietro-bianchi[^\n]*\r?\n\r?\n/)[1]?.split(/\r?\n--/)[0] ?? "";
    const attached = await pdfText(Buffer.from(base64.replace(/\s+/g, ""), "base64"));
    expect(attached).toContain("Pietro Bianchi");
    expect(attached).toContain("Ottimo lavoro.");

    const status = await termlyReportStatus(db(), marco.id, pietro.id);
    expect(status.last_sent_at).not.toBeNull();
    expect(status.last_sent_to).toBe(marco.email.toLowerCase());
    expect((await termlyReportStatus(db(), anna.id, undefined)).last_sent_at).toBeNull();
  });

  it("is refused for a family without an email address; on the injected clock the service emails too", async () => {
    const phoneOnly = await t.createStudent({ name: "Luca Neri", email: "phone-3331234567@no-email.invalid" });
    await expect(
      sendTermlyReport(db(), phoneOnly.id, parseTermlyQuery(TERM), { publicUrl: t.env.PUBLIC_URL }, NOW),
    ).rejects.toThrow(TERMLY_NO_EMAIL_MESSAGE);
    const refused = await t.send("POST", `/api/admin/students/${phoneOnly.id}/report`, {
      as: t.admin,
      payload: TERM,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(TERMLY_NO_EMAIL_MESSAGE);
    expect(await db().outboxEmail.count()).toBe(0);

    const sent = await sendTermlyReport(
      db(),
      anna.id,
      parseTermlyQuery(TERM),
      { publicUrl: t.env.PUBLIC_URL, requestKey: "k1" },
      NOW,
    );
    expect(sent).toMatchObject({ sent_to: [anna.email.toLowerCase()], locale: "en", sent_at: NOW.toISOString() });
    // The same request key again queues nothing more.
    await sendTermlyReport(
      db(),
      anna.id,
      parseTermlyQuery(TERM),
      { publicUrl: t.env.PUBLIC_URL, requestKey: "k1" },
      NOW,
    );
    const rows = await db().outboxEmail.findMany({ where: { kind: "termly_report" }, select: { subject: true } });
    expect(rows).toEqual([{ subject: "Your termly report: September 1, 2026 to December 31, 2026" }]);
  });
});

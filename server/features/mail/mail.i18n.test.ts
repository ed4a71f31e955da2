// Issue 29: every email, reminder and calendar file in its reader's language. Each template is
// rendered in English and in Italian with the same data; no run of English words may reach the
// Italian rendering (a sentence typed into a template instead of taken from the catalogue would).
// Plus the Italian formats of dates, times and amounts, and the plural and guardian forms.
import { describe, expect, it } from "vitest";
import { FREE_CANCELLATION_DECISION } from "../../../shared/constants.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import en from "../../../shared/i18n/messages/en/email.json" with { type: "json" };
import { buildBookingIcs, buildOrderIcs } from "../booking/booking-ics.ts";
import { buildCalendarFeed } from "../calendar/calendar-feed.ts";
import { DELETED_STUDENT_NAME } from "../privacy/redaction.ts";
import {
  bookingCancelledEmail,
  bookingChangedEmail,
  bookingConfirmedEmail,
  bookingCreatedEmail,
  bookingMovedEmail,
  describeTime,
  freedLessonsEmail,
  type LessonForMail,
  lessonAddressee,
  lessonReminderEmail,
  lessonReportEmail,
  type MailContent,
  type MailContext,
  orderDecidedEmail,
  pendingReleasedEmail,
  resourceSharedEmail,
  type TeacherNotice,
  teacherNoticeEmail,
  termlyReportEmail,
  waitlistOfferEmail,
} from "./mail.templates.ts";

// Data of one word each, none of them English, so any run of English words in the Italian text
// comes from a template, not from the data.
const base: MailContext = {
  siteName: "Giulia",
  publicUrl: "https://giulia.test",
  teacherName: "Giulia",
  teacherZone: "Europe/Rome",
};
const at = new Date("2026-12-09T13:30:00Z"); // mercoledì 9 dicembre 2026, 14:30 in Milano
const lesson = (over: Partial<LessonForMail> = {}): LessonForMail => ({
  id: "l1",
  startsAt: at,
  endsAt: new Date(at.getTime() + 3_600_000),
  status: "pending",
  lessonType: "online",
  meetingLink: null,
  location: null,
  ...over,
});
const variety = [
  lesson(),
  lesson({ id: "l2", status: "confirmed", meetingLink: "https://meet.test/abc" }),
  lesson({ id: "l3", status: "confirmed", lessonType: "in-person", location: "Duomo" }),
  lesson({ id: "l4", status: "confirmed", lessonType: "in-person" }),
];
const payment = { amountDue: 1234.5, instructions: "IBAN" };
const notices: TeacherNotice[] = [
  ...[variety, [lesson({ status: "confirmed" })]].flatMap((lessons) =>
    [null, "Anna"].map(
      (guardianName): TeacherNotice => ({
        kind: "teacher_new_booking",
        studentName: "Luca",
        guardianName,
        studentEmail: "luca@x.test",
        studentPhone: "+39",
        lessons,
        packageName: "Pacchetto",
      }),
    ),
  ),
  { kind: "teacher_new_booking", studentName: "Luca", studentEmail: "l@x.test", lessons: variety, packageName: null },
  {
    kind: "teacher_availability_request",
    name: "Sara",
    email: "s@x.test",
    phone: "+39",
    availability: "Sere",
    location: "Milano",
  },
  {
    kind: "teacher_group_signup",
    name: "Sara",
    email: "s@x.test",
    night: { dayOfWeek: "Tuesday", time: "19:00", location: "Milano" },
    packageName: "Serate",
  },
  { kind: "teacher_lesson_moved", studentName: "Luca", studentEmail: "l@x.test", lesson: lesson(), from: at },
  ...[
    { approved: true as const },
    { approved: false as const, reason: "Tardi." },
    { approved: false as const, reason: "Single lessons cannot be cancelled, refunded or moved." },
    {
      approved: false as const,
      reason: { key: "errors.cancel.notice" as const, values: { action: "cancel", unit: "week", count: 1 } },
    },
  ].map(
    (outcome): TeacherNotice => ({
      kind: "teacher_cancellation",
      studentName: "Luca",
      guardianName: "Anna",
      studentEmail: "l@x.test",
      lesson: lesson(),
      reason: "Malattia",
      outcome,
    }),
  ),
];

/** Every email the site writes, rendered for a student and a teacher of `locale`. */
function everyEmail(locale: Locale): MailContent[] {
  const mails: MailContent[] = [];
  for (const [zone, teacherName] of [
    [null, base.teacherName],
    ["America/New_York", base.teacherName],
    [null, null],
  ]) {
    const ctx: MailContext = { ...base, teacherName, studentZone: zone, locale, teacherLocale: locale };
    for (const to of [
      lessonAddressee({ studentName: "Luca", guardianName: null }, ctx),
      lessonAddressee({ studentName: "Luca", guardianName: "Anna" }, ctx),
    ]) {
      for (const lessons of [[variety[0]], variety, [variety[1]], variety.slice(1)]) {
        mails.push(bookingCreatedEmail(to.name, lessons, to.ctx, payment));
        for (const decision of ["confirmed", "cancelled"] as const) {
          mails.push(orderDecidedEmail(to.name, lessons, to.ctx, decision, payment));
        }
        for (const hours of [1, 48]) mails.push(pendingReleasedEmail(to.name, lessons, to.ctx, hours));
      }
      for (const l of variety) {
        mails.push(bookingConfirmedEmail(to.name, l, to.ctx));
        mails.push(
          bookingChangedEmail(to.name, l, to.ctx, [
            { kind: "reopened" },
            { kind: "status", status: "cancelled" },
            { kind: "teacher", name: "Marco" },
            { kind: "teacher", name: null },
            { kind: "meetingLink", link: "https://meet.test/x" },
            { kind: "meetingLink", link: null },
            { kind: "place", location: "Duomo" },
            { kind: "place", location: null },
          ]),
        );
        mails.push(bookingCancelledEmail(to.name, l, to.ctx, "Malattia"));
        mails.push(bookingMovedEmail(to.name, l, new Date("2026-12-07T08:00:00Z"), to.ctx));
        mails.push(lessonReminderEmail(to.name, l, to.ctx));
      }
      for (const kind of ["file", "note"] as const)
        mails.push(resourceSharedEmail(to.name, { kind, title: "Verbi" }, to.ctx));
      // Issue 31, item 2: a report with everything, and one with a summary alone.
      const report = {
        summary: "Verbi",
        homework: "Esercizio",
        homeworkDue: "2026-12-18",
        homeworkLink: "https://esempio.test/x",
        homeworkFile: { title: "Scheda", url: "https://esempio.test/files" },
        nextFocus: "Verbi",
        skills: [{ skill: "Verbi", level: "B1" }],
      };
      mails.push(lessonReportEmail(to.name, variety[0], report, to.ctx));
      mails.push(
        lessonReportEmail(
          to.name,
          variety[0],
          { ...report, homework: null, homeworkDue: null, homeworkLink: null, homeworkFile: null, skills: [] },
          to.ctx,
        ),
      );
      mails.push(
        waitlistOfferEmail(to.name, { startsAt: at, expiresAt: at, hours: 12, url: "https://x.test/o" }, to.ctx),
      );
      // Issue 31, item 5: the termly report's mail.
      mails.push(termlyReportEmail(to.name, { from: "2026-09-01", to: "2027-01-31" }, to.ctx));
    }
    for (const notice of notices) mails.push(teacherNoticeEmail(notice, ctx));
    for (const count of [1, 2]) mails.push(freedLessonsEmail(Array(count).fill(at), ctx));
  }
  return mails;
}

/** Every calendar file, as SUMMARY and DESCRIPTION lines (unfolded). */
function everyCalendarFile(locale: Locale): string[] {
  const files = variety.flatMap((l) =>
    ["pending", "confirmed", "cancelled"].flatMap((status) =>
      [null, "Giulia"].map((teacherName) =>
        buildBookingIcs({ ...l, status, icsSequence: 0, teacherName }, "h", locale),
      ),
    ),
  );
  files.push(
    buildOrderIcs(
      variety.map((l) => ({ ...l, icsSequence: 1, teacherName: "Giulia" })),
      "h",
      locale,
    ),
  );
  return files.map((ics) =>
    ics
      .replace(/\r?\n[ \t]/g, "")
      .split(/\r?\n/)
      .filter((line) => /^(SUMMARY|DESCRIPTION)/.test(line))
      .join("\n"),
  );
}

/** The words of the data above (and the records' name for a deleted student, quoted as stored). */
const DATA = new Set(
  ["Giulia", "Luca", "Anna", "Marco", "Sara", "Sofia", "Verbi", "Pacchetto", "Serate", "Sere", "Duomo", "Milano"]
    .concat(["Malattia", "Tardi", "IBAN", "CET", "GMT"])
    .map((w) => w.toLowerCase()),
);

/** The runs of `n` words of each line of a text that hold no word of the data, addresses and links left out. */
function wordRuns(text: string, n: number): Set<string> {
  const runs = new Set<string>();
  for (const line of text
    .replace(/\S*(https?:\/\/|@)\S*/g, " ")
    .replace(`"${DELETED_STUDENT_NAME}"`, " ")
    .split(/\n|·/)) {
    const words = line.toLowerCase().match(/\p{L}+(?:'\p{L}+)?/gu) ?? [];
    for (let i = 0; i + n <= words.length; i++) {
      const run = words.slice(i, i + n);
      if (!run.some((w) => DATA.has(w))) runs.add(run.join(" "));
    }
  }
  return runs;
}

/** The English word pairs of `english` that `italian` repeats. */
function leaks(english: string, italian: string): string[] {
  const italianRuns = wordRuns(italian, 2);
  return [...wordRuns(english, 2)].filter((run) => italianRuns.has(run));
}

describe("emails and calendar files in Italian", () => {
  it("take every word from the catalogue: no English sentence reaches an Italian email", () => {
    const english = everyEmail("en");
    const italian = everyEmail("it");
    expect(italian).toHaveLength(english.length);
    const found = english.flatMap((mail, i) => [
      ...leaks(mail.subject, italian[i].subject).map((run) => `subject ${i}: "${run}" in "${italian[i].subject}"`),
      ...leaks(mail.text, italian[i].text).map((run) => `text ${i}: "${run}"`),
    ]);
    expect(found).toEqual([]);
  });

  it("name the calendar events in Italian", () => {
    const english = everyCalendarFile("en");
    const italian = everyCalendarFile("it");
    const found = english.flatMap((file, i) => leaks(file.replace(/^\w+:/gm, ""), italian[i].replace(/^\w+:/gm, "")));
    expect(found).toEqual([]);
    expect(italian[0]).toContain("SUMMARY:Lezione di inglese con l'insegnante (online)");
    expect(italian.join("\n")).toContain("SUMMARY:Disdetta: Lezione di inglese con Giulia (in presenza)");
    expect(italian.join("\n")).toContain(
      "DESCRIPTION:La tua lezione di inglese in presenza di 60 minuti con Giulia. In presenza\\, presso Duomo. Questa lezione è confermata.",
    );
  });

  it("name the events of the calendar subscriptions in their reader's language", () => {
    const feed = (audience: "student" | "teacher", locale: Locale) =>
      buildCalendarFeed({
        lessons: variety.map((l) => ({ ...l, icsSequence: 0, teacherName: "Giulia", studentName: "Sofia", locale })),
        host: "h",
        calendarName: "Agenda",
        audience,
        locale,
      }).replace(/\r?\n[ \t]/g, "");
    const events = (text: string) =>
      text
        .split(/\r?\n/)
        .filter((line) => /^(SUMMARY|DESCRIPTION):/.test(line))
        .join("\n");
    for (const audience of ["student", "teacher"] as const) {
      expect(leaks(events(feed(audience, "en")), events(feed(audience, "it")))).toEqual([]);
    }
    expect(feed("teacher", "it")).toContain("SUMMARY:Lezione di inglese: Sofia (in presenza)");
    expect(feed("teacher", "it")).toContain("DESCRIPTION:Sofia\\, online. Stato: in attesa di conferma.");
    expect(feed("teacher", "en")).toContain("DESCRIPTION:Sofia\\, online. Status: pending.");
  });

  it("would catch an English sentence typed into a template", () => {
    const typed = "Ciao Anna,\nThe attached calendar file adds the lessons.";
    expect(leaks("Hi Anna,\nThe attached calendar file adds the lessons.", typed)).toContain("calendar file");
    expect(leaks("Hi Anna,", "Ciao Anna,")).toEqual([]);
  });

  it("write dates as «mercoledì 9 dicembre 2026», 24-hour times and euro amounts as «1.234,50 €»", () => {
    const ctx: MailContext = { ...base, locale: "it", studentZone: "America/New_York" };
    const mail = bookingCreatedEmail("Anna", [lesson()], ctx, payment);
    expect(mail.text).toContain(
      "- mercoledì 9 dicembre 2026, ore 14:30 (CET), cioè mercoledì 9 dicembre 2026, ore 08:30 (GMT-5) nel tuo fuso orario (60 minuti)",
    );
    // Intl keeps the amount and its sign together with a no-break space.
    expect(mail.text).toContain("Importo da pagare: 1.234,50\u00a0€.");
    expect(mail.text).not.toMatch(/\b(AM|PM)\b/);
    const whole = orderDecidedEmail("Anna", [lesson()], { ...ctx, studentZone: null }, "confirmed", {
      amountDue: 160,
      instructions: "",
    });
    expect(whole.text).toContain("Importo da pagare: 160\u00a0€.");
    // Just after midnight is 00:30, never 24:30; a summer date is CEST.
    const night = lessonReminderEmail("Anna", lesson({ startsAt: new Date("2027-07-14T22:30:00Z") }), ctx);
    expect(night.text).toContain("giovedì 15 luglio 2027, ore 00:30 (CEST)");
    // Across the spring clock change (Sunday 28 March 2027): 10:00 on both days, CET then CEST.
    const milano = { ...ctx, studentZone: null };
    expect(describeTime(new Date("2027-03-27T09:00:00Z"), milano)).toBe("sabato 27 marzo 2027, ore 10:00 (CET)");
    expect(describeTime(new Date("2027-03-28T08:00:00Z"), milano)).toBe("domenica 28 marzo 2027, ore 10:00 (CEST)");
    expect(bookingConfirmedEmail("Anna", lesson(), ctx).subject).toBe(
      "Confermata: la tua lezione di mercoledì 9 dicembre 2026",
    );
    expect(bookingMovedEmail("Anna", lesson(), at, ctx).subject).toBe(
      "La tua lezione è stata spostata a mercoledì 9 dicembre 2026, ore 14:30",
    );
    // English keeps its own: the same lesson in the same mail.
    const english = bookingCreatedEmail("Anna", [lesson()], { ...ctx, locale: "en" }, payment);
    expect(english.text).toContain("Wednesday, 9 December 2026 at 2:30 PM");
    expect(english.text).toContain("Amount due: €1234.50.");
  });

  it("speak in plurals: one lesson, several lessons; one hour, several hours", () => {
    const ctx: MailContext = { ...base, locale: "it" };
    expect(bookingCreatedEmail("Anna", [lesson()], ctx).subject).toBe(
      "La tua richiesta di lezione di inglese: in attesa di conferma",
    );
    expect(bookingCreatedEmail("Anna", [lesson(), lesson({ id: "l2" })], ctx).subject).toBe(
      "La tua richiesta di 2 lezioni di inglese: in attesa di conferma",
    );
    const three = [lesson(), lesson({ id: "l2" }), lesson({ id: "l3" })].map((l) => ({ ...l, status: "confirmed" }));
    expect(orderDecidedEmail("Anna", three, ctx, "confirmed").subject).toBe("Confermate: le tue 3 lezioni di inglese");
    expect(orderDecidedEmail("Anna", three.slice(0, 1), ctx, "confirmed").subject).toBe(
      "Confermata: la tua lezione di inglese",
    );
    expect(pendingReleasedEmail("Anna", [lesson()], ctx, 1).text).toContain("entro 1 ora dalla richiesta");
    expect(pendingReleasedEmail("Anna", three, ctx, 48).text).toContain(
      "le 3 lezioni che hai richiesto non sono state confermate entro 48 ore dalla richiesta",
    );
    expect(freedLessonsEmail([at, at], { ...ctx, teacherLocale: "it" }).subject).toBe(
      "2 lezioni sono state disdette: un account studente è stato eliminato",
    );
  });

  it("name the learner when a parent or guardian booked", () => {
    const guardian = lessonAddressee({ studentName: "Luca", guardianName: "Anna" }, { ...base, locale: "it" as const });
    const two = [lesson(), lesson({ id: "l2" })].map((l) => ({ ...l, status: "confirmed" }));
    const booked = bookingCreatedEmail(guardian.name, two, guardian.ctx);
    expect(booked.subject).toBe("Le 2 lezioni di inglese di Luca sono prenotate");
    expect(booked.text).toMatch(
      /^Ciao Anna,\n\nGrazie per aver prenotato con Giulia! Le lezioni di Luca sono prenotate:/,
    );
    expect(orderDecidedEmail(guardian.name, two, guardian.ctx, "cancelled").subject).toBe(
      "Le 2 lezioni di inglese di Luca sono state disdette",
    );
    expect(lessonReminderEmail(guardian.name, lesson(), guardian.ctx).subject).toBe(
      "Promemoria: la lezione di inglese di Luca, mercoledì 9 dicembre 2026 alle 14:30",
    );
  });

  it("send the teacher's notices in her language, whatever the student's", () => {
    const notice = notices[1];
    const italianStudent: MailContext = { ...base, locale: "it" };
    expect(teacherNoticeEmail(notice, italianStudent).subject).toBe("New booking request: Luca (Pacchetto)");
    expect(teacherNoticeEmail(notice, { ...base, locale: "en", teacherLocale: "it" }).subject).toBe(
      "Nuova richiesta di prenotazione: Luca (Pacchetto)",
    );
  });

  it("keep the specification's English where the catalogue restates it", () => {
    expect(en["email.teacher.cancellation.approved"]).toBe(FREE_CANCELLATION_DECISION);
  });
});

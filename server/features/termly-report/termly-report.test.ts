// The termly report's pure parts (issue 31, item 5): the school term the form starts on, what a
// range's lessons add up to, the chart's points, and the PDF itself read back with PDF.js
// (`unpdf`). Each PDF is also written to /tmp/shots-termly/ to be looked at (`pdftoppm -png`).
import { mkdirSync, writeFileSync } from "node:fs";
import { extractText } from "unpdf";
import { describe, expect, it } from "vitest";
import { daysInRange, isCalendarDay, schoolTermOf } from "../../../shared/termly-report.ts";
import { type LevelPoint, pointFromEstimate, pointFromTag } from "../portal/level-progress.ts";
import { latestLevel, pointsForRange, summariseLessons, type TermlyLesson } from "./termly-report.ts";
import { type TermlyReport, termlyReportFileName, termlyReportPdf } from "./termly-report-pdf.ts";

const SHOTS = "/tmp/shots-termly";
const NOW = new Date("2026-12-20T12:00:00Z");

const lesson = (iso: string, attendance: string | null, report: Partial<TermlyLesson["report"]> | null = null) => ({
  startsAt: new Date(iso),
  attendance,
  report: report
    ? { homework: null, homeworkLink: null, homeworkDoneAt: null, homeworkFile: null, skills: [], ...report }
    : null,
});

describe("the school term", () => {
  it("is the Italian school year's term holding the day: September to January, February to June, the summer", () => {
    expect(schoolTermOf("2026-11-29")).toEqual({ from: "2026-09-01", to: "2027-01-31" });
    expect(schoolTermOf("2026-09-01")).toEqual({ from: "2026-09-01", to: "2027-01-31" });
    expect(schoolTermOf("2027-01-31")).toEqual({ from: "2026-09-01", to: "2027-01-31" });
    expect(schoolTermOf("2027-02-01")).toEqual({ from: "2027-02-01", to: "2027-06-30" });
    expect(schoolTermOf("2027-06-30")).toEqual({ from: "2027-02-01", to: "2027-06-30" });
    expect(schoolTermOf("2027-07-15")).toEqual({ from: "2027-07-01", to: "2027-08-31" });
  });

  it("reads calendar days and counts a range's days, both ends included", () => {
    expect(isCalendarDay("2026-02-28")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-2-1")).toBe(false);
    expect(isCalendarDay("2026-02-01T00:00")).toBe(false);
    expect(daysInRange("2026-09-01", "2026-09-01")).toBe(1);
    expect(daysInRange("2026-01-01", "2026-12-31")).toBe(365);
    expect(daysInRange("2026-03-28", "2026-03-30")).toBe(3);
  });
});

describe("a range's lessons", () => {
  it("count as taken when attended or started unmarked, missed when a no-show or cancelled late, else not at all", () => {
    const summary = summariseLessons(
      [
        lesson("2026-11-10T10:00:00Z", null),
        lesson("2026-09-15T09:00:00Z", "attended"),
        lesson("2026-10-06T09:00:00Z", "no_show"),
        lesson("2026-10-20T09:00:00Z", "late_cancellation"),
        lesson("2026-12-22T10:00:00Z", null),
      ],
      NOW,
    );
    expect(summary.taken).toEqual([new Date("2026-09-15T09:00:00Z"), new Date("2026-11-10T10:00:00Z")]);
    expect(summary.missed).toEqual([
      { at: new Date("2026-10-06T09:00:00Z"), reason: "no_show" },
      { at: new Date("2026-10-20T09:00:00Z"), reason: "late_cancellation" },
    ]);
  });

  it("list each report's homework with whether it was done, and each skill's latest level", () => {
    const summary = summariseLessons(
      [
        lesson("2026-10-01T09:00:00Z", "attended", {
          homework: "Exercise 3",
          homeworkDoneAt: new Date("2026-10-02T09:00:00Z"),
          skills: [
            { skill: "Speaking", level: "B1" },
            { skill: "listening", level: "A2" },
          ],
        }),
        lesson("2026-10-08T09:00:00Z", "attended", {
          homeworkFile: { title: "Worksheet" },
          homeworkLink: "https://example.com",
          skills: [{ skill: "speaking", level: "B2" }],
        }),
        lesson("2026-10-15T09:00:00Z", "attended", { homework: "  " }),
      ],
      NOW,
    );
    expect(summary.homework).toEqual([
      { at: new Date("2026-10-01T09:00:00Z"), text: "Exercise 3", done: true },
      { at: new Date("2026-10-08T09:00:00Z"), text: "Worksheet · https://example.com", done: false },
    ]);
    expect(summary.skills).toEqual([
      { skill: "listening", level: "A2" },
      { skill: "speaking", level: "B2" },
    ]);
  });

  it("chart the points of the range and the last one before it; the latest day's points read together", () => {
    const before = pointFromTag(new Date("2026-06-01T09:00:00Z"), "A2", "listening");
    const older = pointFromTag(new Date("2026-05-01T09:00:00Z"), "A1", "listening");
    const during = pointFromTag(new Date("2026-10-01T09:00:00Z"), "B1", "speaking");
    const after = pointFromTag(new Date("2027-02-01T09:00:00Z"), "C1", "speaking");
    const start = new Date("2026-08-31T22:00:00Z");
    const end = new Date("2026-12-31T23:00:00Z");
    expect(pointsForRange([after, during, older, before], start, end)).toEqual([before, during]);
    expect(pointsForRange([after], start, end)).toEqual([]);
    const b2 = pointFromTag(new Date("2026-11-10T10:00:00Z"), "B2", "speaking");
    const a2 = pointFromTag(new Date("2026-11-10T10:00:00Z"), "A2", "grammar");
    expect(latestLevel([during, b2, a2], "Europe/Rome")).toEqual({ level: "B1", date: a2.date });
    expect(latestLevel([], "Europe/Rome")).toBeNull();
  });
});

function sample(overrides: Partial<TermlyReport> = {}): TermlyReport {
  const lessons: TermlyLesson[] = [];
  for (let week = 0; week < 16; week++) {
    const at = new Date(Date.UTC(2026, 8, 2 + week * 7, 15));
    const attendance = week === 4 ? "no_show" : week === 9 ? "late_cancellation" : "attended";
    lessons.push(
      lesson(at.toISOString(), attendance, {
        homework: week % 3 === 0 ? `Esercizi a pagina ${10 + week}: il passato prossimo e l'imperfetto` : null,
        homeworkDoneAt: week % 6 === 0 ? at : null,
        skills: week % 4 === 0 ? [{ skill: week < 8 ? "speaking" : "speaking", level: week < 8 ? "B1" : "B2" }] : [],
      }),
    );
  }
  lessons.push(
    lesson("2026-10-01T15:00:00Z", "attended", {
      skills: [
        { skill: "grammar", level: "A2" },
        { skill: "listening", level: "B1" },
        { skill: "reading", level: "B1" },
        { skill: "writing", level: "A2" },
      ],
    }),
  );
  const points: LevelPoint[] = [
    pointFromEstimate(new Date("2026-06-20T10:00:00Z"), "placement", { theta: -1.9, standardError: 0.35 }, "Test"),
    pointFromTag(new Date("2026-09-02T15:00:00Z"), "B1", "speaking"),
    pointFromEstimate(new Date("2026-10-12T10:00:00Z"), "level_test", { theta: -0.4, standardError: 0.5 }, "B1"),
    pointFromTag(new Date("2026-10-28T15:00:00Z"), "B2", "speaking"),
    pointFromTag(new Date("2026-12-16T15:00:00Z"), "B2", "speaking"),
  ];
  return {
    locale: "it",
    zone: "Europe/Rome",
    siteName: "English with Giulia",
    teacherName: "Giulia Bianchi",
    learnerName: "Nicolò D'Angelo",
    guardianName: "Laura D'Angelo",
    from: "2026-09-01",
    to: "2027-01-31",
    start: new Date("2026-08-31T22:00:00Z"),
    end: new Date("2027-01-31T23:00:00Z"),
    summary: summariseLessons(lessons, NOW),
    points,
    comment:
      "Nicolò ha lavorato con impegno per tutto il periodo: parla con più sicurezza e fa meno errori con i tempi verbali.\n\nNel prossimo periodo lavoreremo sulla scrittura e sull'ascolto, con un po' di lettura a casa ogni settimana.",
    ...overrides,
  };
}

const textOf = async (pdf: Buffer) =>
  (await extractText(new Uint8Array(pdf), { mergePages: true })).text.replace(/\s+/g, " ");

describe("the termly report's PDF", () => {
  it("says everything in the family's language, accents kept", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const italian = await termlyReportPdf(sample());
    writeFileSync(`${SHOTS}/termly-it.pdf`, italian);
    const text = await textOf(italian);
    expect(text).toContain("Nicolò D'Angelo");
    expect(text).toContain("Dal 1 settembre 2026 al 31 gennaio 2027");
    expect(text).toContain("15 lezioni svolte");
    expect(text).toContain("Persa (assenza)");
    expect(text).toContain("Il commento dell'insegnante".toUpperCase());
    expect(text).toContain("Valutazione generale del livello");

    const english = await termlyReportPdf(
      sample({ locale: "en", learnerName: "Sam Smith", guardianName: null, points: [], comment: null }),
    );
    writeFileSync(`${SHOTS}/termly-en.pdf`, english);
    const words = await textOf(english);
    expect(words).toContain("Termly report");
    expect(words).toContain("Sam Smith");
    expect(words).toContain("No level was measured in this period.");
    expect(words).not.toContain("TEACHER'S COMMENT");
  });

  it("names its file in ASCII", () => {
    expect(termlyReportFileName("Nicolò D'Angelo", "2026-09-01", "2027-01-31")).toBe(
      "report-nicolo-d-angelo-2026-09-01-2027-01-31.pdf",
    );
    expect(termlyReportFileName("李", "2026-09-01", "2027-01-31")).toBe("report-learner-2026-09-01-2027-01-31.pdf");
  });
});

// A report after each lesson (issue 31, item 2). Once a lesson has started the teacher writes
// what was done, the homework, the next focus and skill tags with a CEFR level; the learner's
// previous report is offered as a starting point. The first save emails it to the family in its
// language; saving again edits it without a mail, unless she asks to send it again. The family
// reads it with the lesson in My Lessons and ticks the homework done.
//
// Who is emailed: the learner, and for a child or teen with a guardian's account, the guardian. A
// learner has no address of their own in this model (the family's account holds one), so the mail
// goes to the account's address once: greeting the learner when the account is theirs, the
// guardian (naming the child) when it is a parent's. Each address is emailed once per round.
import {
  BOOKING_NOT_FOUND_MESSAGE,
  HOMEWORK_NONE_MESSAGE,
  REPORT_FILE_MESSAGE,
  REPORT_NOT_FOUND_MESSAGE,
  REPORT_NOT_HELD_MESSAGE,
  REPORT_TOO_EARLY_MESSAGE,
} from "../../../shared/constants.ts";
import { isLocale, type Locale } from "../../../shared/i18n/locales.ts";
import type { Db, Tx } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { insertOutboxEmails, lessonLocale, type NewOutboxEmail, outboxMail } from "../mail/mail.data.ts";
import { loadMailContext } from "../mail/mail.service.ts";
import { lessonReportEmail, type MailContext, type ReportForMail } from "../mail/mail.templates.ts";
import {
  findLessonForReport,
  findPreviousReport,
  findReport,
  findStudentReport,
  isFileSharedWith,
  type LessonForReport,
  listFilesSharedWith,
  listReportsOf,
  markReportEmailed,
  type ReportRow,
  setHomeworkDone,
  upsertReport,
} from "./reports.data.ts";
import type { LessonReportInput } from "./reports.schemas.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const dayOf = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/** A report as the family reads it (My Lessons, GET /api/student/lessons). */
export function toStudentReportDto(r: ReportRow) {
  const file = r.homeworkFile?.isActive ? r.homeworkFile : null;
  return {
    summary: r.summary,
    homework: r.homework,
    homework_due: dayOf(r.homeworkDue),
    homework_link: r.homeworkLink,
    homework_file: file ? { id: file.id, title: file.title, file_url: file.fileUrl } : null,
    has_homework: Boolean(r.homework || r.homeworkLink || file),
    homework_done: r.homeworkDoneAt !== null,
    homework_done_at: r.homeworkDoneAt?.toISOString() ?? null,
    next_focus: r.nextFocus,
    skills: r.skills.map((s) => ({ skill: s.skill, level: s.level })),
    updated_at: r.updatedAt.toISOString(),
  };
}
export type StudentReportDto = ReturnType<typeof toStudentReportDto>;

/** A report as the teacher edits it: the family's view, the file even when hidden, and its mail. */
export function toAdminReportDto(r: ReportRow) {
  return {
    ...toStudentReportDto(r),
    id: r.id,
    booking_id: r.bookingId,
    homework_file_id: r.homeworkFile?.id ?? null,
    emailed_at: r.emailedAt?.toISOString() ?? null,
    email_count: r.emailCount,
  };
}
export type AdminReportDto = ReturnType<typeof toAdminReportDto>;

/** Refuses a lesson that cannot have a report (yet): unknown, not started, not held. */
function checkReportable(lesson: LessonForReport | null, now: Date): LessonForReport {
  if (!lesson) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND_MESSAGE);
  if (now.getTime() < lesson.startsAt.getTime()) throw new AppError("CONFLICT", REPORT_TOO_EARLY_MESSAGE);
  if (lesson.status !== "confirmed" && lesson.status !== "completed") {
    throw new AppError("CONFLICT", REPORT_NOT_HELD_MESSAGE);
  }
  return lesson;
}

/** The teacher's form: the lesson's report if written, the previous one, and the family's files. */
export async function getReportDraft(db: Db, bookingId: string) {
  const lesson = await findLessonForReport(db, bookingId);
  if (!lesson) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND_MESSAGE);
  const [previous, files] = await Promise.all([
    findPreviousReport(db, lesson),
    listFilesSharedWith(db, lesson.studentId),
  ]);
  return {
    report: lesson.report ? toAdminReportDto(lesson.report) : null,
    previous: previous ? toAdminReportDto(previous) : null,
    files,
    learner_name: lesson.studentName,
  };
}

/** The language of the family's mail: the account's, else the lesson's order's, else English. */
function familyLocale(lesson: LessonForReport): Locale {
  if (isLocale(lesson.student?.locale)) return lesson.student.locale;
  return lessonLocale(lesson);
}

/** Whether the lesson is a child's booked by a guardian: the mail greets the guardian and names the child. */
function isGuardiansChild(lesson: LessonForReport) {
  if (lesson.learner) return !lesson.learner.isSelf && lesson.learner.ageGroup !== "adult";
  return lesson.bookedBy === "guardian";
}

/** The round's mail: one per address, greeting the learner or the guardian. */
function reportMails(lesson: LessonForReport, report: ReportRow, ctx: MailContext, round: number): NewOutboxEmail[] {
  const address = (lesson.student?.email ?? lesson.studentEmail).trim().toLowerCase();
  if (!address) return [];
  const guardian = isGuardiansChild(lesson);
  const learnerName = lesson.learner?.name ?? lesson.studentName;
  const name = guardian ? (lesson.student?.name ?? lesson.guardianName ?? learnerName) : learnerName;
  const file = report.homeworkFile?.isActive ? report.homeworkFile : null;
  const forMail: ReportForMail = {
    summary: report.summary,
    homework: report.homework,
    homeworkDue: dayOf(report.homeworkDue),
    homeworkLink: report.homeworkLink,
    homeworkFile: file ? { title: file.title, url: `${ctx.publicUrl}/resources/files` } : null,
    nextFocus: report.nextFocus,
    skills: report.skills,
  };
  const content = lessonReportEmail(name, lesson, forMail, {
    ...ctx,
    locale: familyLocale(lesson),
    studentZone: lesson.studentTimezone,
    learnerName: guardian ? learnerName : null,
  });
  return [outboxMail("lesson_report", address, content, `lesson_report:${report.id}:${round}:${address}`)];
}

/**
 * Writes a lesson's report (PUT /api/admin/bookings/{id}/report), refused before the lesson
 * starts. The first save queues the family's mail in the same transaction; later saves edit it
 * silently unless `sendAgain`. Answers the report and whether this save emailed it.
 */
export async function saveLessonReport(
  db: Db,
  bookingId: string,
  input: LessonReportInput,
  opts: { publicUrl: string },
  now = new Date(),
) {
  checkReportable(await findLessonForReport(db, bookingId), now);
  const ctx = await loadMailContext(db, { PUBLIC_URL: opts.publicUrl });
  return db.$transaction(async (tx: Tx) => {
    const lesson = checkReportable(await findLessonForReport(tx, bookingId), now);
    if (input.homeworkFileId && !(await isFileSharedWith(tx, input.homeworkFileId, lesson.studentId))) {
      throw new AppError("BAD_REQUEST", REPORT_FILE_MESSAGE);
    }
    const wasEmailed = (lesson.report?.emailCount ?? 0) > 0;
    const reportId = await upsertReport(
      tx,
      lesson,
      {
        summary: input.summary,
        homework: input.homework,
        homeworkDue: input.homeworkDue ? new Date(`${input.homeworkDue}T00:00:00Z`) : null,
        homeworkLink: input.homeworkLink,
        homeworkFileId: input.homeworkFileId,
        nextFocus: input.nextFocus,
      },
      input.skills,
    );
    let report = await findReport(tx, reportId);
    let emailed = false;
    if (!wasEmailed || input.sendAgain) {
      const mails = reportMails(lesson, report, ctx, report.emailCount + 1);
      if (mails.length > 0) {
        await insertOutboxEmails(tx, mails);
        await markReportEmailed(tx, reportId, now);
        report = await findReport(tx, reportId);
        emailed = true;
      }
    }
    return { report: toAdminReportDto(report), emailed };
  });
}

/** The reports of the account's lessons, by lesson id (My Lessons). */
export async function reportsByLesson(db: Db, studentId: string, bookingIds: string[]) {
  const rows = await listReportsOf(db, studentId, bookingIds);
  return new Map(rows.map((r) => [r.bookingId, toStudentReportDto(r)]));
}

/**
 * The family ticks a lesson's homework done, or unticks it (POST
 * /api/student/lessons/{id}/homework). Another family's lesson, or one with no report, is 404.
 */
export async function markHomeworkDone(db: Db, studentId: string, bookingId: string, done: boolean, now = new Date()) {
  const report = UUID.test(bookingId) ? await findStudentReport(db, studentId, bookingId) : null;
  if (!report) throw new AppError("NOT_FOUND", REPORT_NOT_FOUND_MESSAGE);
  if (!report.homework && !report.homeworkLink && !report.homeworkFileId) {
    throw new AppError("CONFLICT", HOMEWORK_NONE_MESSAGE);
  }
  const doneAt = done ? (report.homeworkDoneAt ?? now) : null;
  return { report: toStudentReportDto(await setHomeworkDone(db, report.id, doneAt)) };
}

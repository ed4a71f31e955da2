import type { Prisma } from "../../db/generated/client.ts";
import type { Db, DbOrTx, Tx } from "../../db.ts";
import { lessonMailSelect } from "../mail/mail.data.ts";

export const reportSelect = {
  id: true,
  bookingId: true,
  summary: true,
  homework: true,
  homeworkDue: true,
  homeworkLink: true,
  homeworkDoneAt: true,
  nextFocus: true,
  emailedAt: true,
  emailCount: true,
  createdAt: true,
  updatedAt: true,
  homeworkFile: { select: { id: true, title: true, fileUrl: true, isActive: true } },
  skills: { select: { skill: true, level: true }, orderBy: { skill: "asc" } },
} as const satisfies Prisma.LessonReportSelect;
export type ReportRow = Prisma.LessonReportGetPayload<{ select: typeof reportSelect }>;

/** The lesson a report is written for: its time and state, to whom it goes, in which language. */
export function findLessonForReport(db: DbOrTx, id: string) {
  return db.booking.findUnique({
    where: { id },
    select: {
      ...lessonMailSelect,
      studentId: true,
      learnerId: true,
      bookedBy: true,
      student: { select: { locale: true, email: true, name: true } },
      learner: { select: { name: true, ageGroup: true, isSelf: true } },
      report: { select: reportSelect },
    },
  });
}
export type LessonForReport = NonNullable<Awaited<ReturnType<typeof findLessonForReport>>>;

/** The report of the learner's (else the account's) latest earlier lesson: the form's starting point. */
export function findPreviousReport(
  db: Db,
  lesson: { id: string; startsAt: Date; studentId: string | null; learnerId: string | null },
) {
  if (!lesson.studentId && !lesson.learnerId) return Promise.resolve(null);
  return db.lessonReport.findFirst({
    where: {
      bookingId: { not: lesson.id },
      booking: { startsAt: { lt: lesson.startsAt } },
      ...(lesson.learnerId ? { learnerId: lesson.learnerId } : { studentId: lesson.studentId }),
    },
    orderBy: { booking: { startsAt: "desc" } },
    select: reportSelect,
  });
}

/** Whether a shared file is the account's (a homework file must be one of the family's). */
export async function isFileSharedWith(db: DbOrTx, fileId: string, studentId: string | null) {
  if (!studentId) return false;
  return (await db.sharedFile.count({ where: { id: fileId, studentId } })) === 1;
}

/** The files shared with an account, for the homework's file choice. */
export function listFilesSharedWith(db: Db, studentId: string | null) {
  if (!studentId) return Promise.resolve([]);
  return db.sharedFile.findMany({
    where: { studentId, isActive: true },
    orderBy: { createdAt: "desc" },
    take: 50,
    select: { id: true, title: true },
  });
}

export type ReportWrite = {
  summary: string;
  homework: string | null;
  homeworkDue: Date | null;
  homeworkLink: string | null;
  homeworkFileId: string | null;
  nextFocus: string | null;
};

/**
 * Writes the report and replaces its skill tags, each with the learner and the lesson's date.
 * Upserted on the lesson's unique key, so two saves at once leave one report.
 */
export async function upsertReport(
  tx: Tx,
  lesson: { id: string; studentId: string | null; learnerId: string | null; startsAt: Date },
  write: ReportWrite,
  skills: { skill: string; level: string }[],
) {
  const report = await tx.lessonReport.upsert({
    where: { bookingId: lesson.id },
    create: { bookingId: lesson.id, studentId: lesson.studentId, learnerId: lesson.learnerId, ...write },
    update: { studentId: lesson.studentId, learnerId: lesson.learnerId, ...write },
    select: { id: true },
  });
  await tx.reportSkill.deleteMany({ where: { reportId: report.id } });
  if (skills.length > 0) {
    await tx.reportSkill.createMany({
      data: skills.map((s) => ({ reportId: report.id, learnerId: lesson.learnerId, date: lesson.startsAt, ...s })),
    });
  }
  return report.id;
}

/** Counts one more round of mail; its number names the round's dedupe keys. */
export function markReportEmailed(tx: Tx, reportId: string, now: Date) {
  return tx.lessonReport.update({
    where: { id: reportId },
    data: { emailedAt: now, emailCount: { increment: 1 } },
    select: { emailCount: true },
  });
}

export function findReport(db: DbOrTx, reportId: string) {
  return db.lessonReport.findUniqueOrThrow({ where: { id: reportId }, select: reportSelect });
}

/** The account's reports of these lessons (My Lessons). */
export function listReportsOf(db: Db, studentId: string, bookingIds: string[]) {
  if (bookingIds.length === 0) return Promise.resolve([]);
  return db.lessonReport.findMany({ where: { studentId, bookingId: { in: bookingIds } }, select: reportSelect });
}

/** The account's report of one lesson: another family's finds nothing. */
export function findStudentReport(db: DbOrTx, studentId: string, bookingId: string) {
  return db.lessonReport.findFirst({
    where: { bookingId, studentId, booking: { studentId } },
    select: { id: true, homework: true, homeworkLink: true, homeworkFileId: true, homeworkDoneAt: true },
  });
}

export function setHomeworkDone(db: DbOrTx, reportId: string, doneAt: Date | null) {
  return db.lessonReport.update({ where: { id: reportId }, data: { homeworkDoneAt: doneAt }, select: reportSelect });
}

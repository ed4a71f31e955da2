// The student's lessons, dashboard counts and progress. Every function takes the signed-in
// student's id from the session (never from the request) and only ever reads that student's rows.

import type { z } from "zod";
import { isAttendanceStatus } from "../../../shared/constants.ts";
import type { Db } from "../../db.ts";
import { loadSiteRules } from "../availability/availability.service.ts";
import { reportsByLesson, type StudentReportDto } from "../reports/reports.service.ts";
import { summarizeAchievements } from "./achievements.ts";
import * as data from "./portal.data.ts";
import type { lessonsQuerySchema } from "./portal.schemas.ts";
import { getQuizResults } from "./resources.service.ts";
import { lessonsPerWeek, longestWeekStreak, studyMinutesFor } from "./study-stats.ts";

// ---- dashboard and lessons ----

export async function getDashboardStats(db: Db, studentId: string, now = new Date()) {
  const [lessons, referralCount, resourceCount, quizzes] = await Promise.all([
    data.countLessonStats(db, studentId, now),
    data.countReferralSignups(db, studentId),
    data.countActiveFiles(db, studentId),
    // Self-reported results (scored in the browser) never count.
    data.listQuizResults(db, studentId, { verifiedOnly: true }),
  ]);
  return {
    totalLessons: lessons.total,
    completedLessons: lessons.completed,
    upcomingLessons: lessons.upcoming,
    referralCount,
    resourceCount,
    completedQuizzes: quizzes.length,
  };
}

type LessonRow = Awaited<ReturnType<typeof data.listStudentLessons>>[number];

function toLessonDto(row: LessonRow, report: StudentReportDto | null = null) {
  return {
    id: row.id,
    order_id: row.orderId,
    lesson_date: row.startsAt.toISOString(),
    end_date: row.endsAt.toISOString(),
    lesson_type: row.lessonType,
    location: row.location,
    google_meet_link: row.meetingLink,
    notes: row.notes,
    status: row.status,
    is_rebooked: row.creditUsedBy !== null,
    // A parent or guardian's account holds the lessons of each learner they booked for.
    learner_name: row.bookedBy === "guardian" ? row.studentName : null,
    // Issue 31: what the teacher marked once it started (or the job, some hours after).
    attendance: isAttendanceStatus(row.attendance) ? row.attendance : null,
    // Issue 31, item 2: the teacher's report after the lesson; null until she writes one.
    report,
  };
}
export type LessonDto = ReturnType<typeof toLessonDto>;

type LessonsQuery = z.infer<typeof lessonsQuerySchema>;

export async function listLessons(db: Db, studentId: string, { upcoming, limit }: LessonsQuery, now = new Date()) {
  const rows = await data.listStudentLessons(db, studentId, { upcomingOnly: upcoming === true, limit, now });
  const reports = await reportsByLesson(
    db,
    studentId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toLessonDto(row, reports.get(row.id) ?? null));
}

// ---- progress ----

export async function getProgress(db: Db, studentId: string, now = new Date()) {
  const [completedDates, referrals, resources, quiz, { zone }] = await Promise.all([
    data.listCompletedLessonDates(db, studentId),
    data.countCompletedReferrals(db, studentId),
    data.countActiveFiles(db, studentId),
    // Progress, achievements and the scores chart count server-scored results only.
    getQuizResults(db, studentId, { verifiedOnly: true }),
    loadSiteRules(db),
  ]);
  const completedLessons = completedDates.length;
  const studyMinutes = studyMinutesFor(completedLessons);
  // Weeks are the teacher's weeks (settings time zone), as on every other screen.
  const longestStreak = longestWeekStreak(completedDates, zone);
  const accuracies = quiz.results.map((r) => r.accuracy);
  const achievements = summarizeAchievements({
    completedLessons,
    referrals,
    quizzesCompleted: quiz.results.length,
    quizAccuracies: accuracies,
    resources,
    longestStreakWeeks: longestStreak,
    studyMinutes,
  });
  return {
    stats: {
      completedLessons,
      achievementsUnlocked: achievements.unlockedCount,
      achievementsTotal: achievements.total,
      studyMinutes,
      studyHours: studyMinutes / 60,
      longestStreak,
      quizCount: quiz.results.length,
      quizHighScore: accuracies.length ? Math.max(...accuracies) : null,
      firstLessonDate: completedDates[0]?.toISOString() ?? null,
    },
    completed: achievements.completed,
    next: achievements.next,
    lessonsPerWeek: lessonsPerWeek(completedDates, now, 12, zone),
    quizScores: quiz.results.map((r) => ({
      date: r.created_at,
      accuracy: r.accuracy,
      label: r.quiz_level ?? r.quiz_type,
    })),
  };
}

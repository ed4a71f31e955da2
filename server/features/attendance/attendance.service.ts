// Attendance (issue 31, item 1): once a lesson has started, the teacher marks it attended, a
// no-show or a late cancellation; lessons nobody marked are marked attended by the lesson job the
// setting's hours after their end.
//
// Why a mark beside the status rather than new statuses: "completed" is read in many places (the
// money view, the family's progress, referrals, calendar files) as "the lesson's time is over and
// it was held for the student", which stays true of a no-show and of a lesson cancelled too late
// (both are paid for under the policy). The mark says what happened in it; the places that count
// lessons taught or studied leave out the two that did not take place.
import {
  ATTENDANCE_NOT_HELD_MESSAGE,
  ATTENDANCE_TOO_EARLY_MESSAGE,
  type AttendanceStatus,
  BOOKING_NOT_FOUND_MESSAGE,
  DEFAULT_ATTENDANCE_AUTO_HOURS,
} from "../../../shared/constants.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { findBookingRow } from "../admin/admin.data.ts";
import { toAdminBookingDto } from "../admin/admin.service.ts";
import { recordAttendanceCredit } from "../credits/credits.service.ts";
import {
  findLessonForAttendance,
  markUnmarkedAttended,
  readAttendanceAutoHours,
  writeAttendance,
} from "./attendance.data.ts";

const HOUR_MS = 3_600_000;

/**
 * The teacher's mark, refused before the lesson starts and on a lesson that is not held (pending
 * or cancelled). Marking again with another status corrects it; the same status changes nothing.
 */
export async function markAttendance(db: Db, id: string, status: AttendanceStatus, now = new Date()) {
  await db.$transaction(async (tx) => {
    const lesson = await findLessonForAttendance(tx, id);
    if (!lesson) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND_MESSAGE);
    if (now.getTime() < lesson.startsAt.getTime()) throw new AppError("CONFLICT", ATTENDANCE_TOO_EARLY_MESSAGE);
    if (lesson.status !== "confirmed" && lesson.status !== "completed") {
      throw new AppError("CONFLICT", ATTENDANCE_NOT_HELD_MESSAGE);
    }
    const changed = await writeAttendance(tx, id, status, now);
    if (changed && status !== "attended") await recordAttendanceCredit(tx, lesson, status, now);
  });
  const row = await findBookingRow(db, id);
  if (!row) throw new AppError("NOT_FOUND", BOOKING_NOT_FOUND_MESSAGE);
  return toAdminBookingDto(row);
}

/** The lesson job's part: lessons left unmarked the setting's hours after their end are attended. */
export async function autoMarkAttendance(db: Db, now: Date) {
  const hours = (await readAttendanceAutoHours(db))?.attendanceAutoHours ?? DEFAULT_ATTENDANCE_AUTO_HOURS;
  if (hours <= 0) return { attendanceMarked: 0 };
  return { attendanceMarked: await markUnmarkedAttended(db, new Date(now.getTime() - hours * HOUR_MS), now) };
}

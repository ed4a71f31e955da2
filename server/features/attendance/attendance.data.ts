import type { AttendanceStatus } from "../../../shared/constants.ts";
import type { Db, Tx } from "../../db.ts";

/** What marking a lesson reads: its time, status, mark and the ledger's references. */
export function findLessonForAttendance(db: Db | Tx, id: string) {
  return db.booking.findUnique({
    where: { id },
    select: { id: true, studentId: true, orderId: true, startsAt: true, status: true, attendance: true },
  });
}

/**
 * Writes the mark unless the lesson already carries it. A conditional update, so two taps at once
 * (or a tap and the job) write it once: the second waits for the first's row and then finds it
 * marked. Returns whether this call changed it.
 */
export async function writeAttendance(tx: Tx, id: string, status: AttendanceStatus, now: Date) {
  const { count } = await tx.booking.updateMany({
    where: {
      id,
      status: { in: ["confirmed", "completed"] },
      OR: [{ attendance: null }, { attendance: { not: status } }],
    },
    data: { attendance: status, attendanceSource: "teacher", attendanceMarkedAt: now },
  });
  return count === 1;
}

export function readAttendanceAutoHours(db: Db) {
  return db.adminSettings.findUnique({ where: { id: "site" }, select: { attendanceAutoHours: true } });
}

/** Lessons held and over by `endedBy` that nobody marked: attended, by the job. One statement. */
export async function markUnmarkedAttended(db: Db, endedBy: Date, now: Date) {
  const { count } = await db.booking.updateMany({
    where: {
      status: { in: ["confirmed", "completed"] },
      attendance: null,
      endsAt: { lte: endedBy },
      // A family's "I can't come" still waiting for the teacher is hers to answer, never "attended".
      cancellationRequests: { none: { status: "awaiting_teacher" } },
    },
    data: { attendance: "attended", attendanceSource: "auto", attendanceMarkedAt: now },
  });
  return count;
}

import type { Prisma } from "../../db/generated/client.ts";
import type { Db } from "../../db.ts";

const siteSelect = {
  defaultLessonDuration: true,
  bufferBetweenLessons: true,
  maxAdvanceBooking: true,
  cancellationPolicy: true,
  timezone: true,
  dateFormat: true,
  timeFormat: true,
  autoConfirmBookings: true,
  teacherLocale: true,
  defaultMeetingLink: true,
  paymentInstructions: true,
  maxPendingLessons: true,
  releasePendingAfterHours: true,
  creditExpiryMonths: true,
  paymentReminderDays: true,
  attendanceAutoHours: true,
  waitlistHoldHours: true,
  meetingMode: true,
  meetingFixedLink: true,
  jitsiBaseUrl: true,
  applyHolidays: true,
} as const;

export function readSiteSettings(db: Db) {
  return db.adminSettings.upsert({ where: { id: "site" }, create: { id: "site" }, update: {}, select: siteSelect });
}

export function findTeacherProfile(db: Db, teacherId: string) {
  return db.teacher.findUniqueOrThrow({
    where: { id: teacherId },
    select: { id: true, name: true, email: true, phone: true, bio: true, imageUrl: true, specializations: true },
  });
}

export function saveSettings(
  db: Db,
  teacherId: string,
  profile: Prisma.TeacherUpdateInput,
  site: Omit<Prisma.AdminSettingsCreateInput, "id">,
) {
  return db.$transaction([
    db.teacher.update({ where: { id: teacherId }, data: profile, select: { id: true } }),
    db.adminSettings.upsert({
      where: { id: "site" },
      create: { id: "site", ...site },
      update: site,
      select: { id: true },
    }),
  ]);
}

/** Whether the teacher's standing weekly schedule has at least one entry (the setup checklist). */
export async function hasWeeklySchedule(db: Db, teacherId: string) {
  const row = await db.weeklySchedule.findUnique({ where: { teacherId }, select: { entries: true } });
  return Array.isArray(row?.entries) && row.entries.length > 0;
}

/**
 * Gives the teacher's upcoming online lessons (pending or confirmed) `link` where they have none or
 * still carry `previous` (the default link being replaced); the lessons' count.
 */
export async function applyMeetingLinkToUpcoming(
  db: Db,
  teacherId: string,
  link: string,
  previous: string | null,
  now: Date,
) {
  const { count } = await db.booking.updateMany({
    where: {
      teacherId,
      lessonType: "online",
      status: { in: ["pending", "confirmed"] },
      startsAt: { gt: now },
      OR: [{ meetingLink: null }, { meetingLink: "" }, ...(previous ? [{ meetingLink: previous }] : [])],
    },
    data: { meetingLink: link },
  });
  return count;
}

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

// Settings: the profile card is the signed-in teacher's own Teacher row (the public teacher
// card); business and system settings are the site's single AdminSettings row.

import { MEETING_MODES, type MeetingMode } from "../../../shared/constants.ts";
import { DEFAULT_LOCALE, isLocale } from "../../../shared/i18n/locales.ts";
import type { Db } from "../../db.ts";
import { AppError, isConstraintConflict } from "../../errors.ts";
import { applyHolidaysAlways } from "../availability/holidays.service.ts";
import { topUpStandingSchedules } from "../availability/standing-schedule.service.ts";
import { getBillingProfile, saveBilling } from "../billing/billing.service.ts";
import { checkPendingCapSetting, largestPackageLessons } from "../booking/pending-hold.service.ts";
import { discardAbandonedPhotos, discardUpload } from "../files/files.service.ts";
import type { UploadStore } from "../files/upload-store.ts";
import type { SettingsInput } from "./admin.schemas.ts";
import { findTeacherProfile, readSiteSettings, saveSettings } from "./settings.data.ts";

export type SiteSettings = Awaited<ReturnType<typeof readSiteSettings>>;

const isMeetingMode = (mode: string): mode is MeetingMode => (MEETING_MODES as readonly string[]).includes(mode);

/** Business and system settings, for every feature that must follow them (booking flow too). */
export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  return readSiteSettings(db);
}

export async function getAdminSettings(db: Db, teacherId: string) {
  const [teacher, site, largestPackage, billing] = await Promise.all([
    findTeacherProfile(db, teacherId),
    readSiteSettings(db),
    largestPackageLessons(db),
    getBillingProfile(db),
  ]);
  return {
    settings: {
      profile: {
        name: teacher.name,
        email: teacher.email,
        phone: teacher.phone ?? "",
        bio: teacher.bio,
        image_url: teacher.imageUrl,
        specializations: teacher.specializations,
      },
      business: {
        defaultLessonDuration: site.defaultLessonDuration,
        bufferBetweenLessons: site.bufferBetweenLessons,
        maxAdvanceBooking: site.maxAdvanceBooking,
        cancellationPolicy: site.cancellationPolicy,
        timezone: site.timezone,
        defaultMeetingLink: site.defaultMeetingLink,
        paymentInstructions: site.paymentInstructions,
        // Null: as many as the largest package, which the page shows (read only, not saved).
        maxPendingLessons: site.maxPendingLessons,
        largestPackageLessons: largestPackage,
        releasePendingAfterHours: site.releasePendingAfterHours,
        creditExpiryMonths: site.creditExpiryMonths,
        paymentReminderDays: site.paymentReminderDays,
        attendanceAutoHours: site.attendanceAutoHours,
        waitlistHoldHours: site.waitlistHoldHours,
      },
      system: {
        dateFormat: site.dateFormat,
        timeFormat: site.timeFormat,
        autoConfirmBookings: site.autoConfirmBookings,
        teacherLocale: isLocale(site.teacherLocale) ? site.teacherLocale : DEFAULT_LOCALE,
      },
      meetings: {
        mode: isMeetingMode(site.meetingMode) ? site.meetingMode : "manual",
        fixedLink: site.meetingFixedLink,
        jitsiBaseUrl: site.jitsiBaseUrl,
      },
      holidays: { applyAlways: site.applyHolidays },
      billing,
    },
  };
}
export type AdminSettingsDto = Awaited<ReturnType<typeof getAdminSettings>>;

/**
 * Saves the three cards. The photo is stored here, on Save Changes: the upload route only keeps
 * the file. A photo that is replaced (or abandoned before any save) is deleted with its bytes when
 * the upload store is known.
 */
export async function updateAdminSettings(
  db: Db,
  teacherId: string,
  input: SettingsInput,
  opts: { uploads?: UploadStore } = {},
) {
  const { profile, business, system, billing, meetings, holidays } = input;
  const previousImage = (await findTeacherProfile(db, teacherId)).imageUrl;
  const previousSite = await readSiteSettings(db);
  await checkPendingCapSetting(db, business.maxPendingLessons);
  try {
    await saveSettings(
      db,
      teacherId,
      {
        name: profile.name,
        email: profile.email.toLowerCase(),
        phone: profile.phone || null,
        bio: profile.bio,
        imageUrl: profile.image_url,
        specializations: profile.specializations,
      },
      {
        ...business,
        ...system,
        ...(meetings && {
          meetingMode: meetings.mode,
          meetingFixedLink: meetings.fixedLink,
          jitsiBaseUrl: meetings.jitsiBaseUrl,
        }),
        ...(holidays && { applyHolidays: holidays.applyAlways }),
      },
    );
  } catch (error) {
    if (isConstraintConflict(error)) throw new AppError("CONFLICT", "Another teacher already uses this email address.");
    throw error;
  }
  if (billing) await saveBilling(db, billing);
  // Turned on, this year's and next year's holidays are days off at once, before any top-up.
  if (holidays?.applyAlways && !previousSite.applyHolidays) await applyHolidaysAlways(db, new Date());
  // A longer booking horizon (or another zone) is filled at once, not at the next hourly top-up.
  if (business.maxAdvanceBooking !== previousSite.maxAdvanceBooking || business.timezone !== previousSite.timezone) {
    await topUpStandingSchedules(db, new Date());
  }
  if (opts.uploads) {
    if (profile.image_url !== undefined && profile.image_url !== previousImage) {
      await discardUpload(db, opts.uploads, previousImage);
    }
    await discardAbandonedPhotos(db, opts.uploads, "profile");
  }
  return getAdminSettings(db, teacherId);
}

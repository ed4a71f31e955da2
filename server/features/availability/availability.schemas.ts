// Input schemas of the availability procedures: the public grid and its searches, a visitor's
// request for other times, and the teacher's slots, weekly template and days off.
import { z } from "zod";
import {
  INVALID_EMAIL_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  WEEKLY_EMPTY_MESSAGE,
  WEEKS_AHEAD_DEFAULT,
  WEEKS_AHEAD_MAX,
} from "../../../shared/constants.ts";
import { multiLineText, personName, singleLineText } from "../../../shared/text.ts";
import { idempotencyKeyField, instant } from "../admin/admin.schemas.ts";
import { HOLIDAY_YEARS } from "./italian-holidays.ts";

// Single-line fields lose line breaks and control characters at the edge (shared/text.ts).
const text = singleLineText;
const id = z.uuid();

/** The custom availability request's refusal for any missing or malformed field (spec §7). */
export const AVAILABILITY_REQUEST_INVALID_MESSAGE = "Missing Information: Please fill in all required fields.";

/** The custom availability dialog: name, email, availability and city/time zone required. */
export const availabilityRequestSchema = z.object({
  name: personName(120, NAME_REQUIRED_MESSAGE),
  email: z.email(INVALID_EMAIL_MESSAGE).max(254),
  availability: multiLineText(2000).min(1, "Availability is required"),
  location: text(200).min(1, "City or time zone is required"),
  phone: text(40).optional().or(z.literal("")),
  // What the visitor was looking at, typed and bounded: never free-form JSON (its depth and size
  // would be the caller's to choose). Unknown keys are dropped.
  packageInfo: z
    .object({
      id: text(100).optional().nullable(),
      name: text(200).optional().nullable(),
      lessons: z.number().int().min(0).max(1000).optional().nullable(),
      totalPrice: z.number().finite().min(0).max(1_000_000).optional().nullable(),
    })
    .optional()
    .nullable(),
  teacherInfo: z
    .object({ id: text(64).optional().nullable(), name: text(120).optional().nullable() })
    .optional()
    .nullable(),
});
export type AvailabilityRequestInput = z.infer<typeof availabilityRequestSchema>;

/** GET /api/availability and `booking.availability`: dates `YYYY-MM-DD` (teacher's zone) or ISO instants. */
export const availabilityQuerySchema = z.object({
  startDate: text(40).optional().nullable(),
  endDate: text(40).optional().nullable(),
  teacherId: text(64).optional().nullable(),
});
export type AvailabilityQueryInput = z.infer<typeof availabilityQuerySchema>;

/**
 * "Same time every week": after one pick, the next `count` free lessons at the same weekday and
 * time in the following weeks. `exclude`: starts the visitor has already picked.
 */
export const sameTimeEveryWeekSchema = z.object({
  startTime: z.iso.datetime({ offset: true }),
  count: z.number().int().min(1).max(52),
  teacherId: text(64).optional().nullable(),
  exclude: z
    .array(z.iso.datetime({ offset: true }))
    .max(60)
    .default([]),
});

// The teacher's slots (admin.availability.*).
export const createSlotSchema = z.object({
  startTime: instant,
  // Absent: the default lesson duration of the settings.
  duration: z.coerce
    .number()
    .int()
    .min(15)
    .max(12 * 60)
    .optional(),
  recurring: z.enum(["weekly", "none"]).default("none"),
  idempotency_key: idempotencyKeyField,
});
export const weeklyEntrySchema = z.object({
  dayOfWeek: z.number().int().min(0).max(6),
  startTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Times are HH:MM."),
  duration: z
    .number()
    .int()
    .min(15)
    .max(24 * 60),
});
export const bulkAvailabilitySchema = z.object({
  schedule: z
    .array(weeklyEntrySchema)
    .min(1, WEEKLY_EMPTY_MESSAGE)
    .max(7 * 24 * 4),
  weeksAhead: z.number().int().min(1).max(WEEKS_AHEAD_MAX).default(WEEKS_AHEAD_DEFAULT),
});
export const listSlotsSchema = z.object({
  start: instant,
  end: instant,
  teacher_id: id.optional(),
});
export const deleteSeriesSchema = z.object({ seriesId: id, from: instant });
export const removeScheduleSchema = z.object({ from: instant.optional() });
export const daysOffSchema = z.object({
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  // The teacher's own name for the period ("Christmas school holidays"); shown to her only.
  name: singleLineText(100).optional(),
});
// HOLIDAY_YEARS, as a sentence of the errors catalogue.
const HOLIDAY_YEAR_MESSAGE = "Choose a year from 1990 to 2200.";
const holidayYear = z.coerce
  .number({ error: HOLIDAY_YEAR_MESSAGE })
  .int(HOLIDAY_YEAR_MESSAGE)
  .min(HOLIDAY_YEARS.min, HOLIDAY_YEAR_MESSAGE)
  .max(HOLIDAY_YEARS.max, HOLIDAY_YEAR_MESSAGE);
/** GET /api/admin/holidays?year=: absent, the current year (teacher's zone). */
export const listHolidaysSchema = z.object({ year: holidayYear.optional() });
/** POST /api/admin/holidays/apply. */
export const applyHolidaysSchema = z.object({ year: holidayYear });

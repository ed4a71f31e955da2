// Constants fixed by the specification. Imported by both server and client; imports neither.

export const LESSON_MINUTES = 60;
export const MIN_NOTICE_HOURS = 48;
export const AVAILABILITY_WINDOW_DAYS = 14;
export const TEACHER_TIMEZONE = "Europe/Rome";
export const SESSION_DAYS = 30;
export const STUDENT_AUTH_RECHECK_MS = 30 * 60 * 1000;
export const TESTIMONIAL_ROTATION_MS = 8000;
export const SCROLL_TOP_THRESHOLD_PX = 300;
export const UPCOMING_LESSONS_LIMIT = 5;
export const RECENT_BOOKINGS_LIMIT = 10;
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const SHARED_FILE_MAX_BYTES = 25 * 1024 * 1024;
export const AFTER_HOURS_TEXT = "Messages sent after 10 PM will be answered the next day.";

export const LESSON_TYPES = ["online", "in-person"] as const;
export type LessonType = (typeof LESSON_TYPES)[number];
export const PACKAGE_LESSON_TYPES = ["online", "in-person", "either", "group"] as const;
export type PackageLessonType = (typeof PACKAGE_LESSON_TYPES)[number];
export const BOOKING_STATUSES = ["pending", "confirmed", "cancelled", "completed"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const ENGLISH_LEVELS = ["beginner", "intermediate", "advanced"] as const;

export const SPECIALIZATIONS = [
  "General English",
  "Conversation Practice",
  "Business English",
  "Exam Preparation",
  "Academic Writing",
  "Grammar & Vocabulary",
  "Pronunciation",
  "Literature",
  "IELTS Preparation",
  "TOEFL Preparation",
  "Cambridge Exams",
  "English for Travel",
  "Medical English",
  "Legal English",
  "Technical English",
] as const;

/** `error` query values the sign-in callbacks redirect with, and the toasts they produce. */
export const AUTH_ERROR_MESSAGES: Record<string, string> = {
  auth_failed: "Authentication failed. Please check your credentials.",
  callback_failed: "Authentication callback failed. Please try again.",
};
export const AUTH_ERROR_FALLBACK = "Failed to authenticate. Please try again.";
export const AUTH_ERROR_TITLE = "Authentication Failed";

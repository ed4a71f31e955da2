// The choices of the teacher's Settings and profile: checked by the server's schemas, offered by
// the admin's forms. Kept apart from shared/constants.ts so that they load with the admin's code
// only, not with every page that reads a constant (the booking steps' size budget).
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

export const LESSON_DURATION_OPTIONS = [30, 60, 90, 120] as const;
export const BUFFER_OPTIONS = [15, 30, 45, 60] as const;
export const MAX_ADVANCE_OPTIONS = [30, 60, 90, 120] as const;
/** The waits the settings page offers before unconfirmed lessons are released (hours). */
export const RELEASE_PENDING_HOURS_OPTIONS = [12, 24, 48, 72, 168] as const;
export const TIMEZONE_OPTIONS = [
  "Europe/Rome",
  "Europe/London",
  "America/New_York",
  "America/Los_Angeles",
  "Asia/Tokyo",
] as const;
export const DATE_FORMAT_OPTIONS = ["MM/DD/YYYY", "DD/MM/YYYY", "YYYY-MM-DD"] as const;
export const TIME_FORMAT_OPTIONS = ["12h", "24h"] as const;

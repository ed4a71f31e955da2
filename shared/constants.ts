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
// What the teacher records of an order's payment (issue 16: no card processing).
export const PAYMENT_STATUSES = ["unpaid", "partly_paid", "paid", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: "Unpaid",
  partly_paid: "Partly paid",
  paid: "Paid",
  refunded: "Refunded",
};
/** How a payment reached the teacher (issue 30): the ways Italian families pay. */
export const PAYMENT_METHODS = ["bank_transfer", "card", "satispay", "paypal", "cash"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_MESSAGE = "Please choose how it was paid: bank transfer, card, Satispay, PayPal or cash.";
export const ORDER_NOT_FOUND_MESSAGE = "Order not found.";
/** A recorded payment is one that was made: its date is today at the latest. */
export const PAYMENT_DATE_IN_FUTURE_MESSAGE = "The payment date cannot be later than today.";
export const ENGLISH_LEVELS = ["beginner", "intermediate", "advanced"] as const;

/** `error` query values the sign-in callbacks redirect with, and the toasts they produce. */
export const AUTH_ERROR_MESSAGES: Record<string, string> = {
  auth_failed: "Authentication failed. Please check your credentials.",
  callback_failed: "Authentication callback failed. Please try again.",
};
export const AUTH_ERROR_FALLBACK = "Failed to authenticate. Please try again.";
export const AUTH_ERROR_TITLE = "Authentication Failed";

// ---- Admin back office (issue 5) ----
export const WEEKS_AHEAD_DEFAULT = 12;
export const WEEKS_AHEAD_MAX = 52;
export const TIME_STEP_MINUTES = 15;
export const DEFAULT_WEEKLY_SLOT = { startTime: "09:00", endTime: "10:00" } as const;
export const ADMIN_AVAILABILITY_DAYS_BEFORE = 7;
export const ADMIN_AVAILABILITY_DAYS_AFTER = 30;
export const FILE_TYPES = ["document", "audio", "video", "image", "link"] as const;
export type FileType = (typeof FILE_TYPES)[number];
export const CANCELLATION_POLICY_OPTIONS = ["24 hours", "48 hours", "72 hours", "1 week"] as const;
/** The most unpaid pending lessons the settings let one account hold (issue 27). */
export const MAX_PENDING_LESSONS_LIMIT = 200;
/** The longest wait the settings allow before unconfirmed lessons are released: 30 days. */
export const RELEASE_PENDING_HOURS_LIMIT = 720;
/** Hours of notice each cancellation policy asks of a student. */
export const CANCELLATION_POLICY_HOURS: Record<(typeof CANCELLATION_POLICY_OPTIONS)[number], number> = {
  "24 hours": 24,
  "48 hours": 48,
  "72 hours": 72,
  "1 week": 168,
};
export const SLOT_CONFLICT_MESSAGE =
  "This time slot conflicts with an existing availability. Please choose a different time.";
export const SLOT_BOOKED_MESSAGE =
  "This availability holds a booked lesson. Cancel or move the lesson first, then remove the slot.";
export const STATUS_REQUIRED_MESSAGE = "Please select a status.";
export const FILE_FIELDS_REQUIRED_MESSAGE = "Please fill in all required fields.";
export const NOTE_FIELDS_REQUIRED_MESSAGE = "Please select a student and enter a note.";
export const WEEKLY_EMPTY_MESSAGE = "Please add at least one time slot to the weekly schedule.";

// --- booking (issue 3) ---
/** The referred friend's discount on a first package, and the referrer's reward. */
export const REFERRAL_DISCOUNT_PERCENT = 10;
/** Where /book?ref=CODE is kept until a booking uses it (session storage), and what a code may be. */
export const REFERRAL_CODE_STORAGE_KEY = "referralCode";
export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const BOOKING_UNAUTHORIZED_MESSAGE = "Please sign in to continue with your booking";
export const INVALID_REFERRAL_CODE_MESSAGE = "Invalid referral code";
export const UNKNOWN_PACKAGE_MESSAGE = "Unknown package. Please choose a package from the pricing page.";
export const UNKNOWN_GROUP_PACKAGE_MESSAGE = "Unknown group conversation package.";
export const UNKNOWN_GROUP_NIGHT_MESSAGE = "Unknown group conversation night.";
export const BOOKING_NOT_FOUND_MESSAGE = "Booking not found.";
export const NAME_REQUIRED_MESSAGE = "Name is required";
export const INVALID_EMAIL_MESSAGE = "Please enter a valid email address";
/** The booking details form's messages (§5): checked in the browser, and again by the server. */
export const STUDENT_DETAILS_MESSAGES = {
  student_name: "Student name is required",
  guardian_phone: "Contact phone number is required",
  english_level: "Please select your English level",
  lesson_focus: "Please describe the learning goals",
  preferred_location: "Location is required for in-person lessons",
  noSlots: "No time slots selected. Please go back and select your lessons.",
} as const;

// --- Student portal (issue 4) ---
/** Referral statuses (§4) and the label the portal shows for each; anything else is Pending. */
export const REFERRAL_STATUS_LABELS: Record<string, string> = {
  registered: "Registered",
  first_lesson_booked: "Booked",
  first_lesson_completed: "Completed",
};
export const referralStatusLabel = (status: string | null | undefined) =>
  (status && REFERRAL_STATUS_LABELS[status]) || "Pending";
/** How often the server moves confirmed lessons whose end has passed to completed. */
export const LESSON_COMPLETION_INTERVAL_MS = 5 * 60 * 1000;
/** A student asking to cancel a lesson whose time has come (issue 17). */
export const PAST_LESSON_CANCEL_MESSAGE =
  "This lesson's time has already come, so it can no longer be cancelled here. Your teacher will settle it.";
export const CANCEL_REASON_REQUIRED_MESSAGE = "Please give a reason for the cancellation.";
/** The cancellation reason the erasure of an account writes on its upcoming lessons (a record; the admin shows it in its language). */
export const ACCOUNT_DELETED_REASON = "The student deleted their account.";
export const FREE_CANCELLATION_DECISION = "Cancelled within the policy; a free rebooking credit was added.";
/**
 * "I can't come" past the policy's free changes (issue 31, item 6): the family tells the teacher,
 * the request waits for her (`awaiting_teacher`) and she waives it (the lesson cancelled and given
 * back) or keeps it forfeited (cancelled, the lesson spent). Statuses of a CancellationRequest.
 */
export const CANT_COME_STATUSES = ["awaiting_teacher", "waived", "forfeited"] as const;
export type CantComeStatus = (typeof CANT_COME_STATUSES)[number];
export const CANT_COME_WAIVED_DECISION = "The teacher waived it: the lesson was cancelled and given back.";
export const CANT_COME_FORFEITED_DECISION = "The teacher kept it forfeited: the lesson was cancelled and is spent.";
export const CANT_COME_ALREADY_TOLD_MESSAGE = "You have already told your teacher you cannot come to this lesson.";
export const CANT_COME_FREE_CHANGE_MESSAGE = "This lesson can still be cancelled free of charge.";
export const CANT_COME_DECIDED_MESSAGE = "This request has already been answered.";
export const CANT_COME_NOT_FOUND_MESSAGE = "Request not found.";
export const UNKNOWN_STUDENT_MESSAGE = "That student does not exist.";
export const ACCOUNT_NOT_FOUND_MESSAGE = "Account not found.";
export const INVALID_CERTIFICATE_MESSAGE = "This certificate code is not valid.";
export const NOTE_PREVIEW_CHARS = 150;
export const THUMBNAIL_TITLE_CHARS = 35;

/** How long prepaid lesson credits stay valid after a purchase unless the teacher sets otherwise (issue 30). */
export const DEFAULT_CREDIT_EXPIRY_MONTHS = 12;
export const CREDIT_EXPIRY_MONTHS_LIMIT = 60;
export const CREDIT_EXPIRY_MONTHS_MESSAGE =
  "The validity of lesson credits must be a whole number of months from 1 to 60.";

/** Days before an order's first lesson its payer is reminded when nothing is paid (issue 30); 0: never. */
export const DEFAULT_PAYMENT_REMINDER_DAYS = 3;
export const PAYMENT_REMINDER_DAYS_LIMIT = 30;
export const PAYMENT_REMINDER_DAYS_MESSAGE =
  "The payment reminder must be a whole number of days from 0 (no reminder) to 30.";

/**
 * How an online lesson gets its meeting link when it is booked (issue 31, item 3): the teacher
 * adds it ("manual", with the default link of the settings if she set one), her personal room
 * for every lesson ("fixed"), or a Jitsi room of its own ("jitsi").
 */
export const MEETING_MODES = ["manual", "fixed", "jitsi"] as const;
export type MeetingMode = (typeof MEETING_MODES)[number];
export const DEFAULT_JITSI_BASE_URL = "https://meet.jit.si";

/**
 * What the teacher records once a lesson has started (issue 31, item 1): it took place, the
 * student did not come, or they said so too late for the cancellation policy. The last two keep
 * the lesson spent.
 */
export const ATTENDANCE_STATUSES = ["attended", "no_show", "late_cancellation"] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const isAttendanceStatus = (value: string | null): value is AttendanceStatus =>
  (ATTENDANCE_STATUSES as readonly (string | null)[]).includes(value);
/** The student did not take the lesson (it is spent all the same): no badge then says it took place. */
export const wasMissed = (attendance: string | null | undefined): boolean =>
  attendance === "no_show" || attendance === "late_cancellation";
export const ATTENDANCE_STATUS_MESSAGE = 'The attendance must be "attended", "no_show" or "late_cancellation".';
export const ATTENDANCE_TOO_EARLY_MESSAGE = "Attendance can be marked once the lesson has started.";
export const ATTENDANCE_NOT_HELD_MESSAGE = "Only a confirmed lesson can be marked attended, no-show or cancelled late.";
/** Lessons nobody marked are marked attended this many hours after their end; 0: never. */
export const DEFAULT_ATTENDANCE_AUTO_HOURS = 24;
export const ATTENDANCE_AUTO_HOURS_LIMIT = 168;
export const ATTENDANCE_AUTO_HOURS_MESSAGE =
  "The hours after which unmarked lessons are marked attended must be a whole number from 0 (never) to 168.";
/** A waitlist offer holds a freed time this many hours for its person (issue 31, item 3). */
export const DEFAULT_WAITLIST_HOLD_HOURS = 12;
export const WAITLIST_HOLD_HOURS_LIMIT = 72;
export const WAITLIST_HOLD_HOURS_MESSAGE = "The waitlist hold must be a whole number of hours from 1 to 72.";
export const WAITLIST_SHAPE_MESSAGE =
  "Please give either startTime, or weekday (1 Monday to 7 Sunday) with from and to (HH:MM, from before to).";
export const WAITLIST_PAST_MESSAGE = "This time has already passed.";
export const WAITLIST_NOT_FOUND_MESSAGE = "Waitlist entry not found.";
export const WAITLIST_OFFER_GONE_MESSAGE =
  "This offer is no longer held for you. The time may be free on the booking page.";
export const WAITLIST_NOT_TAKEN_MESSAGE = "This time is free: you can book it now instead of waiting.";

export const LEARNER_NOT_FOUND_MESSAGE = "Learner not found.";
export const LEARNER_NAME_MESSAGE = "Please enter the learner's name.";
export const LEARNER_AGE_GROUP_MESSAGE = "Please choose the learner's age group: child, teen or adult.";
export const LEARNER_LEVEL_MESSAGE = "Please choose a level: beginner, intermediate, advanced, or A1 to C2.";
export const LEARNER_NAME_TAKEN_MESSAGE = "A learner of your family already has this name.";

export const REPORT_SUMMARY_MESSAGE = "Write what was done in the lesson: the summary cannot be empty.";
export const REPORT_TEXT_MESSAGE = "A report's texts can be at most 4000 characters each.";
export const REPORT_LEVEL_MESSAGE = "Each skill's level must be one of A1, A2, B1, B2, C1, C2.";
export const REPORT_SKILL_MESSAGE = "Each skill needs a name of at most 60 characters.";
export const REPORT_SKILLS_MESSAGE = "A report can tag at most 12 skills, each once.";
export const REPORT_DUE_MESSAGE = "The homework's due date must be a date (YYYY-MM-DD).";
export const REPORT_LINK_MESSAGE = "The homework link must be a web address starting with https:// or http://.";
export const REPORT_FILE_MESSAGE = "The homework file must be one of the files shared with this lesson's family.";
export const REPORT_TOO_EARLY_MESSAGE = "A report can be written once the lesson has started.";
export const REPORT_NOT_HELD_MESSAGE = "Only a confirmed lesson can have a report.";
export const REPORT_NOT_FOUND_MESSAGE = "This lesson has no report yet.";
export const HOMEWORK_NONE_MESSAGE = "This lesson's report gives no homework.";
export const HOMEWORK_DONE_MESSAGE = 'Say whether the homework is done: "done" must be true or false.';
// Issue 32, item 6: the teacher books for a student, an existing one or one she enters by name.
export const TEACHER_BOOKING_WHO_MESSAGE =
  "Please choose a student, or enter a new student's name with a phone number or an email address.";
export const TEACHER_BOOKING_CONTACT_MESSAGE = "Please enter a phone number or an email address for the new student.";
export const TEACHER_BOOKING_PHONE_MESSAGE =
  "Please enter a valid phone number (digits, with an optional + and spaces).";
export const TEACHER_BOOKING_STUDENT_NOT_FOUND_MESSAGE = "Student not found.";

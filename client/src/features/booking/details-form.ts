// The details form of the booking flow: its fields, the spec's messages (§5) and the submit-check
// order. Pure functions so the rules are unit tested apart from the page.
import { type LessonType, STUDENT_DETAILS_MESSAGES } from "../../../../shared/constants.ts";

export type DetailsForm = {
  student_name: string;
  guardian_phone: string;
  english_level: "" | "beginner" | "intermediate" | "advanced";
  lesson_focus: string;
  /** Who confirms the age requirement: no checkbox in the form, a choice between two statements. */
  age_confirmation: "" | "adult" | "guardian";
  lesson_type: LessonType;
  preferred_location: string;
  notes: string;
};

export type DetailsErrors = Partial<Record<keyof DetailsForm, string>>;

export const MESSAGES = {
  ...STUDENT_DETAILS_MESSAGES,
  age_confirmation: "Please confirm the age requirement",
  noEmail: "Unable to verify your account. Please sign in again.",
  locationToast: "Please provide a preferred location for in-person lessons.",
} as const;

export function validateDetails(form: DetailsForm): DetailsErrors {
  const errors: DetailsErrors = {};
  if (!form.student_name.trim()) errors.student_name = MESSAGES.student_name;
  if (!form.guardian_phone.trim()) errors.guardian_phone = MESSAGES.guardian_phone;
  if (!form.english_level) errors.english_level = MESSAGES.english_level;
  if (!form.lesson_focus.trim()) errors.lesson_focus = MESSAGES.lesson_focus;
  if (form.lesson_type === "in-person" && !form.preferred_location.trim()) {
    errors.preferred_location = MESSAGES.preferred_location;
  }
  if (!form.age_confirmation) errors.age_confirmation = MESSAGES.age_confirmation;
  return errors;
}

export type SubmitCheck = { title: string; description: string } | null;

/** The spec's submit checks, in order: no slots, no account email, location, age confirmation. */
export function firstSubmitProblem(input: {
  slotCount: number;
  accountEmail: string | null | undefined;
  form: DetailsForm;
}): SubmitCheck {
  if (input.slotCount === 0) return { title: "No Lessons Selected", description: MESSAGES.noSlots };
  if (!input.accountEmail) return { title: "Account Error", description: MESSAGES.noEmail };
  if (input.form.lesson_type === "in-person" && !input.form.preferred_location.trim()) {
    return { title: "Location Required", description: MESSAGES.locationToast };
  }
  if (!input.form.age_confirmation)
    return { title: "Age Confirmation Required", description: MESSAGES.age_confirmation };
  return null;
}

/**
 * The age confirmation's answer, and the student name it implies: the account holder is the
 * learner only when booking for themselves, so a guardian's answer empties a name still holding
 * the account's (the learner's own is typed in), and going back to "adult" restores it.
 */
export function answerAgeConfirmation(
  form: DetailsForm,
  answer: "adult" | "guardian",
  accountName: string,
): DetailsForm {
  const name = form.student_name.trim();
  let studentName = form.student_name;
  if (answer === "guardian" && name === accountName.trim()) studentName = "";
  if (answer === "adult" && name === "") studentName = accountName;
  return { ...form, age_confirmation: answer, student_name: studentName };
}

/** Lesson type: fixed by an online or in-person package, chosen (default online) otherwise. */
export function fixedLessonType(packageType: "online" | "in-person" | "either" | "group"): LessonType | null {
  return packageType === "online" || packageType === "in-person" ? packageType : null;
}

/** A fresh key per booking attempt, so a retried request is answered, not repeated. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

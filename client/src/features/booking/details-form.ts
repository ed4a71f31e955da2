// The details form of the booking flow: its fields, the spec's messages (§5) and the submit-check
// order. Pure functions so the rules are unit tested apart from the page.
import type { LessonType } from "../../../../shared/constants.ts";
import type { MessageKey, Translate } from "../../../../shared/i18n/messages.ts";

export type DetailsForm = {
  /** Issue 31: one of the family's learners, or "" for someone new (their name typed in). */
  learner_id: string;
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

/**
 * The messages a person reads, from the catalogue: the required fields' are the spec's (§5,
 * STUDENT_DETAILS_MESSAGES in English, which the server's validation also speaks).
 */
export const MESSAGES = {
  student_name: "booking-details.error.studentName",
  guardian_phone: "booking-details.error.guardianPhone",
  english_level: "booking-details.error.englishLevel",
  lesson_focus: "booking-details.error.lessonFocus",
  preferred_location: "booking-details.error.preferredLocation",
  age_confirmation: "booking-details.error.ageConfirmation",
  noSlots: "booking-details.error.noSlots",
  noEmail: "booking-details.error.noEmail",
  locationToast: "booking-details.error.locationToast",
} as const satisfies Record<string, MessageKey>;

export function validateDetails(form: DetailsForm, t: Translate): DetailsErrors {
  const errors: DetailsErrors = {};
  if (!form.student_name.trim()) errors.student_name = t(MESSAGES.student_name);
  if (!form.guardian_phone.trim()) errors.guardian_phone = t(MESSAGES.guardian_phone);
  if (!form.english_level) errors.english_level = t(MESSAGES.english_level);
  if (!form.lesson_focus.trim()) errors.lesson_focus = t(MESSAGES.lesson_focus);
  if (form.lesson_type === "in-person" && !form.preferred_location.trim()) {
    errors.preferred_location = t(MESSAGES.preferred_location);
  }
  if (!form.age_confirmation) errors.age_confirmation = t(MESSAGES.age_confirmation);
  return errors;
}

export type SubmitCheck = { title: string; description: string } | null;

/** The spec's submit checks, in order: no slots, no account email, location, age confirmation. */
export function firstSubmitProblem(input: {
  slotCount: number;
  accountEmail: string | null | undefined;
  form: DetailsForm;
  t: Translate;
}): SubmitCheck {
  const { t } = input;
  const problem = (title: MessageKey, description: MessageKey) => ({ title: t(title), description: t(description) });
  if (input.slotCount === 0) return problem("booking-details.problem.noSlots", MESSAGES.noSlots);
  if (!input.accountEmail) return problem("booking-details.problem.account", MESSAGES.noEmail);
  if (input.form.lesson_type === "in-person" && !input.form.preferred_location.trim()) {
    return problem("booking-details.problem.location", MESSAGES.locationToast);
  }
  if (!input.form.age_confirmation) return problem("booking-details.problem.age", MESSAGES.age_confirmation);
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

/** A learner of the family as the details step offers them (GET /api/student/learners). */
export type FamilyLearner = {
  id: string;
  name: string;
  ageGroup: "child" | "teen" | "adult";
  level: string | null;
  goals: string | null;
  isSelf: boolean;
};

const FORM_LEVELS: readonly string[] = ["beginner", "intermediate", "advanced"];

/**
 * The answer to "Who is this lesson for?": a learner of the family fills in their name, level and
 * goals, and who confirms the age (the account holder themself, or their guardian); someone new
 * (`null`) starts from an empty name, and nothing the family typed is kept from another learner.
 */
export function chooseLearner(
  form: DetailsForm,
  learner: FamilyLearner | null,
  previous?: FamilyLearner | null,
): DetailsForm {
  if (!learner) {
    const fromLearner = previous ?? null;
    return {
      ...form,
      learner_id: "",
      student_name: "",
      english_level: fromLearner ? "" : form.english_level,
      lesson_focus: fromLearner ? "" : form.lesson_focus,
      age_confirmation: fromLearner ? "" : form.age_confirmation,
    };
  }
  return {
    ...form,
    learner_id: learner.id,
    student_name: learner.name,
    english_level:
      learner.level && FORM_LEVELS.includes(learner.level) ? (learner.level as DetailsForm["english_level"]) : "",
    lesson_focus: learner.goals ?? "",
    age_confirmation: learner.isSelf ? "adult" : "guardian",
  };
}

/** Answers given before (the /ref form, the student's profile), in the profile's own names. */
export type EarlierAnswers = {
  phone?: string | null;
  englishLevel?: string | null;
  lessonFocus?: string | null;
} | null;

const isLevel = (v: string | null | undefined): v is Exclude<DetailsForm["english_level"], ""> =>
  v === "beginner" || v === "intermediate" || v === "advanced";

/**
 * The details form with its empty phone, level and goals filled from earlier answers, the first
 * source that has each winning (issue 33, item 7: nothing asked twice). What is typed stays.
 */
export function prefillDetails(form: DetailsForm, sources: EarlierAnswers[]): DetailsForm {
  const next = { ...form };
  for (const source of sources) {
    if (!source) continue;
    if (!next.guardian_phone.trim() && source.phone?.trim()) next.guardian_phone = source.phone.trim();
    if (!next.english_level && isLevel(source.englishLevel)) next.english_level = source.englishLevel;
    if (!next.lesson_focus.trim() && source.lessonFocus?.trim()) next.lesson_focus = source.lessonFocus.trim();
  }
  return next;
}

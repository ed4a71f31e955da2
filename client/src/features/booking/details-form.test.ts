import { describe, expect, it } from "vitest";
import { translatorFor } from "../../../../tests/helpers/translate.ts";
import {
  answerAgeConfirmation,
  chooseLearner,
  type DetailsForm,
  type FamilyLearner,
  firstSubmitProblem,
  fixedLessonType,
  prefillDetails,
  validateDetails,
} from "./details-form.ts";

const t = await translatorFor("en");

const complete: DetailsForm = {
  learner_id: "",
  student_name: "Sofia Bianchi",
  guardian_phone: "+39 333 000 0000",
  english_level: "intermediate",
  lesson_focus: "Speaking at work",
  age_confirmation: "adult",
  lesson_type: "online",
  preferred_location: "",
  notes: "",
};

describe("details form", () => {
  it("accepts a complete online form", () => {
    expect(validateDetails(complete, t)).toEqual({});
    expect(firstSubmitProblem({ slotCount: 1, accountEmail: "a@b.c", form: complete, t })).toBeNull();
  });

  it("gives every required field the spec's message", () => {
    const empty: DetailsForm = {
      ...complete,
      student_name: " ",
      guardian_phone: "",
      english_level: "",
      lesson_focus: "",
      age_confirmation: "",
      lesson_type: "in-person",
    };
    expect(validateDetails(empty, t)).toEqual({
      student_name: "Student name is required",
      guardian_phone: "Contact phone number is required",
      english_level: "Please select your English level",
      lesson_focus: "Please describe the learning goals",
      preferred_location: "Location is required for in-person lessons",
      age_confirmation: "Please confirm the age requirement",
    });
  });

  it("asks for a location only for in-person lessons", () => {
    expect(validateDetails({ ...complete, lesson_type: "online" }, t).preferred_location).toBeUndefined();
    expect(validateDetails({ ...complete, lesson_type: "in-person", preferred_location: "Brera" }, t)).toEqual({});
  });

  it("runs the submit checks in the spec's order: slots, account email, location, age", () => {
    const bad: DetailsForm = { ...complete, lesson_type: "in-person", age_confirmation: "" };
    expect(firstSubmitProblem({ slotCount: 0, accountEmail: null, form: bad, t })?.description).toBe(
      "No time slots selected. Please go back and select your lessons.",
    );
    expect(firstSubmitProblem({ slotCount: 2, accountEmail: "", form: bad, t })?.description).toBe(
      "Unable to verify your account. Please sign in again.",
    );
    expect(firstSubmitProblem({ slotCount: 2, accountEmail: "a@b.c", form: bad, t })?.description).toBe(
      "Please provide a preferred location for in-person lessons.",
    );
    expect(
      firstSubmitProblem({ slotCount: 2, accountEmail: "a@b.c", form: { ...bad, preferred_location: "Navigli" }, t })
        ?.description,
    ).toBe("Please confirm the age requirement");
  });

  it("fixes the lesson type for online and in-person packages only", () => {
    expect(fixedLessonType("online")).toBe("online");
    expect(fixedLessonType("in-person")).toBe("in-person");
    expect(fixedLessonType("either")).toBeNull();
    expect(fixedLessonType("group")).toBeNull();
  });

  it("empties the account holder's name when a guardian books, and restores it for an adult", () => {
    const prefilled: DetailsForm = { ...complete, student_name: "Anna Ferrari", age_confirmation: "" };
    const guardian = answerAgeConfirmation(prefilled, "guardian", "Anna Ferrari");
    expect(guardian).toMatchObject({ age_confirmation: "guardian", student_name: "" });
    expect(validateDetails(guardian, t).student_name).toBe("Student name is required");
    expect(answerAgeConfirmation(guardian, "adult", "Anna Ferrari").student_name).toBe("Anna Ferrari");
    // A learner's name typed by hand survives either answer.
    const typed = { ...guardian, student_name: "Luca Ferrari" };
    expect(answerAgeConfirmation(typed, "adult", "Anna Ferrari").student_name).toBe("Luca Ferrari");
    expect(answerAgeConfirmation(typed, "guardian", "Anna Ferrari").student_name).toBe("Luca Ferrari");
  });
});

describe("who the lesson is for (issue 31)", () => {
  const son: FamilyLearner = {
    id: "l-1",
    name: "Pietro Bianchi",
    ageGroup: "child",
    level: "beginner",
    goals: "School homework",
    isSelf: false,
  };
  const father: FamilyLearner = {
    ...son,
    id: "l-2",
    name: "Marco Bianchi",
    ageGroup: "adult",
    level: "B1",
    isSelf: true,
  };
  const blank: DetailsForm = {
    ...complete,
    student_name: "",
    english_level: "",
    lesson_focus: "",
    age_confirmation: "",
  };

  it("a child of the family fills in their name, level and goals, booked by their guardian", () => {
    expect(chooseLearner(blank, son)).toMatchObject({
      learner_id: "l-1",
      student_name: "Pietro Bianchi",
      english_level: "beginner",
      lesson_focus: "School homework",
      age_confirmation: "guardian",
    });
  });

  it("the account holder is booking for themself; a CEFR level leaves the form's level to choose", () => {
    expect(chooseLearner(blank, father)).toMatchObject({
      learner_id: "l-2",
      student_name: "Marco Bianchi",
      english_level: "",
      age_confirmation: "adult",
    });
  });

  it("someone new starts from an empty name and keeps nothing of the learner chosen before", () => {
    const chosen = chooseLearner(blank, son);
    expect(chooseLearner(chosen, null, son)).toMatchObject({
      learner_id: "",
      student_name: "",
      english_level: "",
      lesson_focus: "",
      age_confirmation: "",
      guardian_phone: complete.guardian_phone,
    });
  });
});

describe("prefilled details (issue 33, item 7)", () => {
  const empty: DetailsForm = { ...complete, guardian_phone: "", english_level: "", lesson_focus: "" };

  it("takes the /ref answers first, then the profile, for the fields still empty", () => {
    const carried = { phone: "+39 347 000 2222", englishLevel: "beginner", lessonFocus: "" };
    const profile = { phone: "+39 333 111 0000", englishLevel: "advanced", lessonFocus: "Travel" };
    expect(prefillDetails(empty, [carried, profile])).toMatchObject({
      guardian_phone: "+39 347 000 2222",
      english_level: "beginner",
      lesson_focus: "Travel",
    });
  });

  it("keeps what is typed, and ignores a level the form does not offer", () => {
    const typed = { ...empty, guardian_phone: "+39 340 000 0000" };
    expect(prefillDetails(typed, [{ phone: "+39 347 000 2222", englishLevel: "B2", lessonFocus: null }, null])).toEqual(
      typed,
    );
  });
});

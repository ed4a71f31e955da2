// The fields of the booking's Student Details form. Each sits in a [data-field] wrapper so that a
// failed submit can focus the first invalid one.
import { type ChangeEvent, lazy, Suspense } from "react";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { useT } from "../../lib/i18n.tsx";
import type { DetailsErrors, DetailsForm, FamilyLearner } from "./details-form.ts";

const LEVELS = [
  { value: "beginner", label: "booking-details.level.beginner" },
  { value: "intermediate", label: "booking-details.level.intermediate" },
  { value: "advanced", label: "booking-details.level.advanced" },
] as const;

type TextKey = "student_name" | "guardian_phone" | "preferred_location" | "lesson_focus" | "notes";

// Issue 31: offered only to a family that has learners, so it arrives on its own (the details step
// stays within its 130 KB, tests/e2e/bundle.spec.ts).
const LearnerChoice = lazy(() => import("./learner-choice.tsx"));

export function StudentDetailsFields({
  learners,
  onPickLearner,
  form,
  errors,
  set,
  accountEmail,
  fixedType,
}: {
  /** The family's learners (issue 31); none on a first booking. */
  learners: FamilyLearner[];
  onPickLearner: (id: string) => void;
  form: DetailsForm;
  errors: DetailsErrors;
  set: <K extends keyof DetailsForm>(key: K, value: DetailsForm[K]) => void;
  accountEmail: string;
  /** The lesson type the package fixes, if it does. */
  fixedType: DetailsForm["lesson_type"] | null;
}) {
  const t = useT();
  const lessonTypeLabel = (type: string) =>
    t(type === "online" ? "booking.lessonType.online" : "booking.lessonType.inPerson");
  /** A text field's value, change and error, bound to one key of the form. */
  const bindText = (key: TextKey) => ({
    value: form[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.target.value),
    error: errors[key],
  });
  /** One radio button of a choice between fixed values, bound to one key of the form. */
  const bindRadio = <K extends "lesson_type" | "age_confirmation">(key: K, value: DetailsForm[K]) => ({
    type: "radio",
    name: key,
    value,
    checked: form[key] === value,
    onChange: () => set(key, value),
  });
  return (
    <>
      {learners.length > 0 && (
        <Suspense fallback={<div className="min-h-[7rem] sm:col-span-2" />}>
          <LearnerChoice learners={learners} chosen={form.learner_id} onPick={onPickLearner} />
        </Suspense>
      )}
      <div data-field="student_name">
        <TextField
          label={t("booking-details.name")}
          hint={form.age_confirmation === "guardian" ? t("booking-details.nameHint") : undefined}
          required
          autoComplete={form.age_confirmation === "guardian" ? "off" : "name"}
          {...bindText("student_name")}
        />
      </div>
      <div data-field="guardian_phone">
        <TextField
          label={t("booking-details.phone")}
          hint={t("booking-details.phoneHint")}
          type="tel"
          required
          autoComplete="tel"
          {...bindText("guardian_phone")}
        />
      </div>
      <div className="sm:col-span-2">
        <TextField
          label={t("booking-details.email")}
          hint={t("booking-details.emailHint")}
          type="email"
          value={accountEmail}
          readOnly
        />
      </div>
      <div data-field="english_level">
        <SelectField
          label={t("booking-details.level")}
          required
          placeholder={t("booking-details.levelPlaceholder")}
          options={LEVELS.map((level) => ({ value: level.value, label: t(level.label) }))}
          value={form.english_level}
          onChange={(e) => set("english_level", e.target.value as DetailsForm["english_level"])}
          error={errors.english_level}
        />
      </div>
      <div>
        {fixedType ? (
          <div>
            <p className="mb-1.5 block text-sm font-medium text-slate-800">{t("booking-details.lessonType")}</p>
            <p className="rounded-xl border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm text-slate-800">
              {lessonTypeLabel(fixedType)} <span className="text-slate-500">{t("booking-details.fixedByPackage")}</span>
            </p>
          </div>
        ) : (
          <fieldset>
            <legend className="mb-1.5 block text-sm font-medium text-slate-800">
              {t("booking-details.lessonType")}
            </legend>
            <div className="grid grid-cols-2 gap-2">
              {(["online", "in-person"] as const).map((t) => (
                <label
                  key={t}
                  className={`flex cursor-pointer items-center gap-2 rounded-xl border-2 px-3 py-2 text-sm font-medium ${form.lesson_type === t ? "border-blue-900 bg-blue-50 text-blue-900" : "border-slate-200 text-slate-700"}`}
                >
                  <input {...bindRadio("lesson_type", t)} className="accent-blue-900" />
                  {lessonTypeLabel(t)}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </div>
      {form.lesson_type === "in-person" && (
        <div data-field="preferred_location" className="sm:col-span-2">
          <TextField
            label={t("booking-details.location")}
            hint={t("booking-details.locationHint")}
            required
            {...bindText("preferred_location")}
          />
        </div>
      )}
      <div data-field="lesson_focus" className="sm:col-span-2">
        <TextAreaField
          label={t("booking-details.goals")}
          required
          rows={3}
          placeholder={t("booking-details.goalsPlaceholder")}
          {...bindText("lesson_focus")}
        />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField label={t("booking-details.notes")} rows={2} {...bindText("notes")} />
      </div>
      <fieldset
        data-field="age_confirmation"
        className="sm:col-span-2"
        aria-describedby={errors.age_confirmation ? "age-error" : undefined}
      >
        <legend className="mb-1.5 block text-sm font-medium text-slate-800">
          {t("booking-details.age")}
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {(
            [
              ["adult", "booking-details.age.adult"],
              ["guardian", "booking-details.age.guardian"],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className={`flex cursor-pointer items-start gap-2 rounded-xl border-2 px-3 py-2 text-sm ${form.age_confirmation === value ? "border-blue-900 bg-blue-50 text-blue-900" : errors.age_confirmation ? "border-red-300" : "border-slate-200 text-slate-700"}`}
            >
              <input {...bindRadio("age_confirmation", value)} className="mt-0.5 accent-blue-900" />
              {t(label)}
            </label>
          ))}
        </div>
        {errors.age_confirmation && (
          <p id="age-error" className="mt-1 text-sm text-red-700">
            {errors.age_confirmation}
          </p>
        )}
      </fieldset>
    </>
  );
}

// The fields of the booking's Student Details form. Each sits in a [data-field] wrapper so that a
// failed submit can focus the first invalid one.
import type { ChangeEvent } from "react";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import type { DetailsErrors, DetailsForm } from "./details-form.ts";

const LEVELS = [
  { value: "beginner", label: "Beginner" },
  { value: "intermediate", label: "Intermediate" },
  { value: "advanced", label: "Advanced" },
] as const;

type TextKey = "student_name" | "guardian_phone" | "preferred_location" | "lesson_focus" | "notes";

const lessonTypeLabel = (t: string) => (t === "online" ? "Online" : "In person");

export function StudentDetailsFields({
  form,
  errors,
  set,
  accountEmail,
  fixedType,
}: {
  form: DetailsForm;
  errors: DetailsErrors;
  set: <K extends keyof DetailsForm>(key: K, value: DetailsForm[K]) => void;
  accountEmail: string;
  /** The lesson type the package fixes, if it does. */
  fixedType: DetailsForm["lesson_type"] | null;
}) {
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
      <div data-field="student_name">
        <TextField
          label="Student name"
          hint={form.age_confirmation === "guardian" ? "The name of the student you are booking for" : undefined}
          required
          autoComplete={form.age_confirmation === "guardian" ? "off" : "name"}
          {...bindText("student_name")}
        />
      </div>
      <div data-field="guardian_phone">
        <TextField
          label="Contact phone number"
          hint="The student's, or a parent's or guardian's"
          type="tel"
          required
          autoComplete="tel"
          {...bindText("guardian_phone")}
        />
      </div>
      <div className="sm:col-span-2">
        <TextField label="Email" hint="The email of your account" type="email" value={accountEmail} readOnly />
      </div>
      <div data-field="english_level">
        <SelectField
          label="English level"
          required
          placeholder="Select a level"
          options={LEVELS}
          value={form.english_level}
          onChange={(e) => set("english_level", e.target.value as DetailsForm["english_level"])}
          error={errors.english_level}
        />
      </div>
      <div>
        {fixedType ? (
          <div>
            <p className="mb-1.5 block text-sm font-medium text-slate-800">Lesson type</p>
            <p className="rounded-xl border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm text-slate-800">
              {lessonTypeLabel(fixedType)} <span className="text-slate-500">(set by your package)</span>
            </p>
          </div>
        ) : (
          <fieldset>
            <legend className="mb-1.5 block text-sm font-medium text-slate-800">Lesson type</legend>
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
            label="Preferred location"
            hint="Where in Milano you would like to meet"
            required
            {...bindText("preferred_location")}
          />
        </div>
      )}
      <div data-field="lesson_focus" className="sm:col-span-2">
        <TextAreaField
          label="Learning goals"
          required
          rows={3}
          placeholder="e.g. Speaking confidence for work meetings, IELTS preparation"
          {...bindText("lesson_focus")}
        />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField label="Notes (optional)" rows={2} {...bindText("notes")} />
      </div>
      <fieldset
        data-field="age_confirmation"
        className="sm:col-span-2"
        aria-describedby={errors.age_confirmation ? "age-error" : undefined}
      >
        <legend className="mb-1.5 block text-sm font-medium text-slate-800">
          Age confirmation
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {(
            [
              ["adult", "I am 18 or older and booking for myself"],
              ["guardian", "I am the parent or guardian of the student"],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className={`flex cursor-pointer items-start gap-2 rounded-xl border-2 px-3 py-2 text-sm ${form.age_confirmation === value ? "border-blue-900 bg-blue-50 text-blue-900" : errors.age_confirmation ? "border-red-300" : "border-slate-200 text-slate-700"}`}
            >
              <input {...bindRadio("age_confirmation", value)} className="mt-0.5 accent-blue-900" />
              {label}
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

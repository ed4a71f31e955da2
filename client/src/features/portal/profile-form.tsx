import type { ReactNode } from "react";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field.tsx";
import { useT } from "../../lib/i18n.tsx";
import { ENGLISH_LEVEL_OPTIONS, PREFERRED_TYPE_OPTIONS } from "./profile-fields.ts";

/** The profile fields both forms hold as text ("" for none). */
export type ProfileValues = {
  name: string;
  phone: string;
  englishLevel: string;
  preferredType: string;
  preferredLocation: string;
  lessonFocus: string;
  notes: string;
};

type Key = keyof ProfileValues;

// A signed-in student edits a profile they have; a referred friend gives one for the first time,
// so signup asks for the contact details and the level, and words the free-text fields for a newcomer.
const MODES = {
  profile: {
    contactRequired: false,
    typePlaceholder: "portal.profile.noPreference",
    locationRequired: true,
    locationPlaceholder: undefined,
    focusLabel: "portal.profile.goals",
    notesLabel: "portal.profile.notesForTeacher",
    notesRows: 3,
  },
  signup: {
    contactRequired: true,
    typePlaceholder: undefined,
    locationRequired: false,
    locationPlaceholder: "portal.profile.locationPlaceholder",
    focusLabel: "portal.profile.focus",
    notesLabel: "portal.profile.notes",
    notesRows: 2,
  },
} as const;

export function ProfileForm({
  mode,
  values,
  onField,
  errors = {},
  email,
  onSubmit,
  className,
  children,
}: {
  mode: keyof typeof MODES;
  values: ProfileValues;
  onField: (key: Key) => (e: { target: { value: string } }) => void;
  errors?: Partial<Record<Key, string>>;
  /** The email field: read-only from the Google account, or typed by a new student. */
  email: ReactNode;
  onSubmit: () => void;
  className: string;
  /** The submit row. */
  children: ReactNode;
}) {
  const t = useT();
  const m = MODES[mode];
  const options = (list: readonly { value: string; label: Parameters<typeof t>[0] }[]) =>
    list.map((o) => ({ value: o.value, label: t(o.label) }));
  return (
    <form
      noValidate
      className={className}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <TextField
        label={t("portal.profile.name")}
        required
        value={values.name}
        onChange={onField("name")}
        error={errors.name}
        autoComplete="name"
      />
      {email}
      <TextField
        label={t("portal.profile.phone")}
        type="tel"
        required={m.contactRequired}
        value={values.phone}
        onChange={onField("phone")}
        autoComplete="tel"
      />
      <SelectField
        label={t("portal.profile.level")}
        required={m.contactRequired}
        value={values.englishLevel}
        onChange={onField("englishLevel")}
        options={options(ENGLISH_LEVEL_OPTIONS)}
        placeholder={t("portal.profile.selectLevel")}
      />
      <SelectField
        label={t("portal.profile.type")}
        value={values.preferredType}
        onChange={onField("preferredType")}
        options={options(PREFERRED_TYPE_OPTIONS)}
        placeholder={m.typePlaceholder && t(m.typePlaceholder)}
      />
      {values.preferredType === "in-person" ? (
        <TextField
          label={t("portal.profile.location")}
          required={m.locationRequired}
          value={values.preferredLocation}
          onChange={onField("preferredLocation")}
          error={errors.preferredLocation}
          placeholder={m.locationPlaceholder && t(m.locationPlaceholder)}
        />
      ) : (
        <div className="hidden sm:block" />
      )}
      <TextAreaField
        className="sm:col-span-2"
        label={t(m.focusLabel)}
        rows={3}
        value={values.lessonFocus}
        onChange={onField("lessonFocus")}
      />
      <TextAreaField
        className="sm:col-span-2"
        label={t(m.notesLabel)}
        rows={m.notesRows}
        value={values.notes}
        onChange={onField("notes")}
      />
      {children}
    </form>
  );
}

// Options shared by the profile screen and the /ref signup form.
export const ENGLISH_LEVEL_OPTIONS = [
  { value: "beginner", label: "Beginner" },
  { value: "intermediate", label: "Intermediate" },
  { value: "advanced", label: "Advanced" },
] as const;

export const PREFERRED_TYPE_OPTIONS = [
  { value: "online", label: "Online" },
  { value: "in-person", label: "In person (Milano)" },
  { value: "either", label: "Either" },
] as const;

/** A stored value as one of the options' values, or "" (none chosen) when it is none of them. */
export const optionValue = <T extends string>(options: readonly { value: T }[], value: string | null): T | "" =>
  options.find((option) => option.value === value)?.value ?? "";

// Options shared by the profile screen and the /ref signup form; the labels are message keys.
export const ENGLISH_LEVEL_OPTIONS = [
  { value: "beginner", label: "portal.profile.level.beginner" },
  { value: "intermediate", label: "portal.profile.level.intermediate" },
  { value: "advanced", label: "portal.profile.level.advanced" },
] as const;

export const PREFERRED_TYPE_OPTIONS = [
  { value: "online", label: "portal.profile.type.online" },
  { value: "in-person", label: "portal.profile.type.inPerson" },
  { value: "either", label: "portal.profile.type.either" },
] as const;

/** A stored value as one of the options' values, or "" (none chosen) when it is none of them. */
export const optionValue = <T extends string>(options: readonly { value: T }[], value: string | null): T | "" =>
  options.find((option) => option.value === value)?.value ?? "";

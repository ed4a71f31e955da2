// The times the availability forms offer, in the chosen time format, and the teacher's clock.
import { timeChoices } from "../../../../shared/admin-rules.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { SelectField } from "../../components/ui/field.tsx";
import { useT } from "../../lib/i18n.tsx";
import { type AdminPrefs, formatClock } from "./admin-format.ts";

export const CHOICES = timeChoices();
export const END_CHOICES = [...CHOICES.slice(1), "23:59"];
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const; // Monday first; the API's Sunday is 0
/** The weekdays' names by the API's numbers (Sunday 0), in the page's language through `t`. */
export const DAY_NAMES: readonly MessageKey[] = [
  "admin.weekday.0",
  "admin.weekday.1",
  "admin.weekday.2",
  "admin.weekday.3",
  "admin.weekday.4",
  "admin.weekday.5",
  "admin.weekday.6",
];

export function TimeSelect({
  label,
  value,
  onChange,
  choices,
  prefs,
  srOnlyLabel,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  choices: string[];
  prefs: AdminPrefs;
  srOnlyLabel?: boolean;
}) {
  const t = useT();
  return (
    <SelectField
      label={srOnlyLabel ? <span className="sr-only">{label}</span> : label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={choices.map((c) => ({
        value: c,
        label:
          c === "23:59" ? (prefs.timeFormat === "24h" ? "24:00" : t("admin.time.midnight12h")) : formatClock(c, prefs),
      }))}
      placeholder="--"
    />
  );
}

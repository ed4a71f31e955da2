// The admin screens show dates and times in the formats chosen in System Preferences, in the
// teacher's time zone from Business Configuration.
import { useQuery } from "@tanstack/react-query";
import { TEACHER_TIMEZONE } from "../../../../shared/constants.ts";
import { zonedParts } from "../../lib/zoned-date.ts";
import { trpc } from "../../trpc.ts";

export type AdminPrefs = { dateFormat: string; timeFormat: string; timezone: string };
export const DEFAULT_PREFS: AdminPrefs = { dateFormat: "MM/DD/YYYY", timeFormat: "12h", timezone: TEACHER_TIMEZONE };

export function useAdminSettingsQuery() {
  return useQuery({ ...trpc.admin.settings.get.queryOptions(), staleTime: 60_000 });
}

export function useAdminPrefs(): AdminPrefs {
  const settings = useAdminSettingsQuery();
  const s = settings.data?.settings;
  return s
    ? { dateFormat: s.system.dateFormat, timeFormat: s.system.timeFormat, timezone: s.business.timezone }
    : DEFAULT_PREFS;
}

/** 03/21/2027, 21/03/2027 or 2027-03-21. */
export function formatAdminDate(value: string | Date, prefs: AdminPrefs, withWeekday = false): string {
  const p = zonedParts(value, prefs.timezone);
  const date =
    prefs.dateFormat === "DD/MM/YYYY"
      ? `${p.day}/${p.month}/${p.year}`
      : prefs.dateFormat === "YYYY-MM-DD"
        ? `${p.year}-${p.month}-${p.day}`
        : `${p.month}/${p.day}/${p.year}`;
  return withWeekday ? `${p.weekday}, ${date}` : date;
}

export function formatAdminTime(value: string | Date, prefs: AdminPrefs): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: prefs.timezone,
    hour: "numeric",
    minute: "2-digit",
    // hourCycle, not hour12: en-US with hour12 false writes midnight as 24:30.
    hourCycle: prefs.timeFormat === "24h" ? "h23" : "h12",
  }).format(new Date(value));
}

export function formatAdminDateTime(value: string | Date, prefs: AdminPrefs, withWeekday = false): string {
  return `${formatAdminDate(value, prefs, withWeekday)} ${formatAdminTime(value, prefs)}`;
}

/** Label of an "HH:MM" choice in the chosen time format. */
export function formatClock(hhmm: string, prefs: AdminPrefs): string {
  if (prefs.timeFormat === "24h") return hhmm;
  const [h, m] = hhmm.split(":").map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

export const levelLabel = (level: string | null | undefined) =>
  level ? level[0].toUpperCase() + level.slice(1) : "Not set";

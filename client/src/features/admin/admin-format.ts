// The admin screens show dates and times in the formats chosen in System Preferences, in the
// teacher's time zone from Business Configuration; weekday names in the page's language. Italian
// reads dates day first and times on the 24-hour clock (issue 29): there the US order and the
// 12-hour clock, the specification's defaults, give way to Italy's; the ISO date stays if chosen.
import { useQuery } from "@tanstack/react-query";
import { TEACHER_TIMEZONE } from "../../../../shared/constants.ts";
import { INTL_TAGS, type Locale } from "../../../../shared/i18n/locales.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { useLocale } from "../../lib/i18n.tsx";
import { zonedParts } from "../../lib/zoned-date.ts";
import { trpc } from "../../trpc.ts";

/** `locale`: the page's language, for weekday names (English when absent). */
export type AdminPrefs = { dateFormat: string; timeFormat: string; timezone: string; locale?: Locale };
export const DEFAULT_PREFS: AdminPrefs = { dateFormat: "MM/DD/YYYY", timeFormat: "12h", timezone: TEACHER_TIMEZONE };

export function useAdminSettingsQuery() {
  return useQuery({ ...trpc.admin.settings.get.queryOptions(), staleTime: 60_000 });
}

export function useAdminPrefs(): AdminPrefs {
  const settings = useAdminSettingsQuery();
  const locale = useLocale();
  const s = settings.data?.settings;
  return prefsInLanguage(
    s
      ? { dateFormat: s.system.dateFormat, timeFormat: s.system.timeFormat, timezone: s.business.timezone }
      : DEFAULT_PREFS,
    locale,
  );
}

/** The teacher's preferences as a page in `locale` shows them (see the header). */
export function prefsInLanguage(prefs: AdminPrefs, locale: Locale): AdminPrefs {
  if (locale === "en") return { ...prefs, locale };
  const dateFormat = prefs.dateFormat === "MM/DD/YYYY" ? "DD/MM/YYYY" : prefs.dateFormat;
  return { ...prefs, dateFormat, timeFormat: "24h", locale };
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
  if (!withWeekday) return date;
  const weekday =
    !prefs.locale || prefs.locale === "en"
      ? p.weekday
      : new Intl.DateTimeFormat(INTL_TAGS[prefs.locale], { weekday: "long", timeZone: prefs.timezone }).format(
          new Date(value),
        );
  return `${weekday}, ${date}`;
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

const LEVELS: Record<string, MessageKey> = {
  beginner: "admin.level.beginner",
  intermediate: "admin.level.intermediate",
  advanced: "admin.level.advanced",
};

/** A student's level as the admin lists show it, in the page's language. */
export const levelLabel = (level: string | null | undefined, t: (key: MessageKey) => string) => {
  if (!level) return t("admin.level.notSet");
  const key = LEVELS[level];
  return key ? t(key) : level[0].toUpperCase() + level.slice(1);
};

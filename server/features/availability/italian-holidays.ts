// Italy's public holidays (legge 260/1949, art. 2, as amended; 4 October since 2026 by legge
// 151/2025) and Milano's patron saint, Sant'Ambrogio on 7 December: the days a teacher in Milano
// may mark as days off in one action. Easter is computed (the anonymous Gregorian algorithm, as
// Meeus gives it), so Easter Sunday and Easter Monday move with it. Names come from the catalogue.
import type { Locale } from "../../../shared/i18n/locales.ts";
import type { MessageKey } from "../../../shared/i18n/messages.ts";
import { translator } from "../../i18n.ts";

/** Each holiday's key (stored on the day off it became) and its catalogue name. */
const HOLIDAY_NAMES = {
  newYear: "email.holiday.newYear",
  epiphany: "email.holiday.epiphany",
  easter: "email.holiday.easter",
  easterMonday: "email.holiday.easterMonday",
  liberation: "email.holiday.liberation",
  labour: "email.holiday.labour",
  republic: "email.holiday.republic",
  assumption: "email.holiday.assumption",
  stFrancis: "email.holiday.stFrancis",
  allSaints: "email.holiday.allSaints",
  santAmbrogio: "email.holiday.santAmbrogio",
  immaculate: "email.holiday.immaculate",
  christmas: "email.holiday.christmas",
  stStephen: "email.holiday.stStephen",
} as const satisfies Record<string, MessageKey>;

export type HolidayKey = keyof typeof HOLIDAY_NAMES;
export type Holiday = { date: string; holiday: HolidayKey };

/** The years the list answers for (the Gregorian algorithm holds far beyond; the laws do not). */
export const HOLIDAY_YEARS = { min: 1990, max: 2200 } as const;

export const isHolidayKey = (key: string | null | undefined): key is HolidayKey =>
  typeof key === "string" && Object.hasOwn(HOLIDAY_NAMES, key);

/** Easter Sunday of a Gregorian year as "YYYY-MM-DD" (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dateKey(year, month, day);
}

function dateKey(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The day after a "YYYY-MM-DD" (plain calendar arithmetic, no zone involved). */
function nextDay(key: string): string {
  const next = new Date(`${key}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The holidays of `year` in date order: the national ones and Milano's Sant'Ambrogio. */
export function italianHolidays(year: number): Holiday[] {
  const fixed = (month: number, day: number, holiday: HolidayKey): Holiday => ({
    date: dateKey(year, month, day),
    holiday,
  });
  const easter = easterSunday(year);
  const days: Holiday[] = [
    fixed(1, 1, "newYear"),
    fixed(1, 6, "epiphany"),
    { date: easter, holiday: "easter" },
    { date: nextDay(easter), holiday: "easterMonday" },
    fixed(4, 25, "liberation"),
    fixed(5, 1, "labour"),
    fixed(6, 2, "republic"),
    fixed(8, 15, "assumption"),
    fixed(11, 1, "allSaints"),
    fixed(12, 7, "santAmbrogio"),
    fixed(12, 8, "immaculate"),
    fixed(12, 25, "christmas"),
    fixed(12, 26, "stStephen"),
  ];
  // Restored as a national holiday from 2026 (legge 3 ottobre 2025, n. 151).
  if (year >= 2026) days.push(fixed(10, 4, "stFrancis"));
  return days.sort((x, y) => x.date.localeCompare(y.date));
}

/** A holiday's name in `locale`: "Easter Monday", "Lunedì dell'Angelo (Pasquetta)". */
export function holidayName(holiday: HolidayKey, locale: Locale): string {
  return translator(locale)(HOLIDAY_NAMES[holiday]);
}

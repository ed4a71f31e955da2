// Dates, times and euro amounts in a language's formats (issue 29, item 4), with the platform's
// `Intl`, each formatter made once per language and options (a phone pays for every one it
// makes). English keeps the specification's en-US dates ("Tuesday, March 3, 2026", "10:00 AM")
// and euro amounts as €120 and €22.50; Italian writes "martedì 3 marzo 2026", "14:30", "160 €"
// and "1.234,50 €", and starts its weeks on Monday.
import { INTL_TAGS, type Locale } from "./locales.ts";

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_TAGS[locale], options);
    dateFormats.set(key, format);
  }
  return format;
}

const DATE_STYLES = {
  // "Tuesday, March 3, 2026" · "martedì 3 marzo 2026"
  long: { weekday: "long", year: "numeric", month: "long", day: "numeric" },
  // "Mar 3, 2026" · "3 mar 2026"
  medium: { year: "numeric", month: "short", day: "numeric" },
  // "Tue, Mar 3" · "mar 3 mar"
  short: { weekday: "short", month: "short", day: "numeric" },
  // "Tuesday, March 3" · "martedì 3 marzo": a day of the week shown, its year plain
  day: { weekday: "long", month: "long", day: "numeric" },
  // "Mar 3" · "3 mar"
  monthDay: { month: "short", day: "numeric" },
  // "Tue" · "mar"
  weekday: { weekday: "short" },
  // "Tuesday" · "martedì"
  weekdayLong: { weekday: "long" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** The clock each language reads: 12-hour in English (the specification's "10:00 AM"), 24-hour in Italian ("09:30"). */
const HOUR_CYCLES: Record<Locale, Intl.DateTimeFormatOptions> = {
  en: { hour: "numeric", hour12: true },
  // An explicit h23 cycle: "00:30" just after midnight, never "24:30".
  it: { hour: "2-digit", hourCycle: "h23" },
};

/**
 * A named style of the pages, or the fields themselves for a style one screen alone uses (a
 * document's "3 marzo 2026", a chart's "mar"): kept out of the map the public pages download.
 */
export type DateStyle = keyof typeof DATE_STYLES | Intl.DateTimeFormatOptions;
/** `timeZone`: the IANA zone whose wall clock is shown (the teacher's, or the reader's own when absent). */
export type ZoneOption = { timeZone?: string };

export function formatDate(locale: Locale, value: DateInput, opts: ZoneOption & { style?: DateStyle } = {}): string {
  const style = opts.style ?? "medium";
  const options = { ...(typeof style === "string" ? DATE_STYLES[style] : style), timeZone: opts.timeZone };
  return dateTimeFormat(locale, options).format(toDate(value));
}

/** "10:00 AM" · "10:00". */
export function formatTime(locale: Locale, value: DateInput, opts: ZoneOption = {}): string {
  const options = { minute: "2-digit", ...HOUR_CYCLES[locale], timeZone: opts.timeZone } as const;
  return dateTimeFormat(locale, options).format(toDate(value));
}

/** "Tue, Mar 3, 2026, 10:00 AM" · "mar 3 mar 2026, 10:00". */
export function formatDateTime(locale: Locale, value: DateInput, opts: ZoneOption = {}): string {
  const options = {
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
    minute: "2-digit",
    ...HOUR_CYCLES[locale],
    timeZone: opts.timeZone,
  } as const;
  return dateTimeFormat(locale, options).format(toDate(value));
}

const euroFormats = new Map<string, Intl.NumberFormat>();
/**
 * €120 and €22.50 in English; 120 € and 22,50 € in Italian. Whole amounts without cents (unless
 * `alwaysCents`: €120.00, 120,00 €, as a column of a receipt or invoice prints them), and thousands
 * always grouped (Italian's own rule leaves four digits ungrouped: 1234,50 €).
 */
export function formatEuro(locale: Locale, amount: number, opts: { alwaysCents?: boolean } = {}): string {
  const cents = opts.alwaysCents === true || !Number.isInteger(amount);
  const key = `${locale} ${cents}`;
  let format = euroFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_TAGS[locale], {
      style: "currency",
      currency: "EUR",
      minimumFractionDigits: cents ? 2 : 0,
      maximumFractionDigits: cents ? 2 : 0,
      useGrouping: "always",
    });
    euroFormats.set(key, format);
  }
  // Intl separates the Italian amount from its sign with a no-break space: kept, so "160 €" never wraps.
  return format.format(amount);
}

/** The weekday a week grid starts on: 0 Sunday (the specification's grid), 1 Monday (Italy's). */
export const FIRST_DAY_OF_WEEK: Record<Locale, 0 | 1> = { en: 0, it: 1 };

const sizeFormats = new Map<Locale, Intl.NumberFormat>();
/**
 * A file's size as the admin specification shows it: Bytes, KB, MB or GB with at most two decimals
 * ("1.5 MB", "0 Bytes"); Italian writes its decimal comma and "byte" ("1,5 MB", "0 byte").
 * Null for a size that is not known: the caller says so in its own words.
 */
export function formatFileSize(locale: Locale, bytes: number | null | undefined): string | null {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return null;
  const units = locale === "en" ? (["Bytes", "KB", "MB", "GB"] as const) : (["byte", "KB", "MB", "GB"] as const);
  const power = bytes === 0 ? 0 : Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  let format = sizeFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_TAGS[locale], { maximumFractionDigits: 2, useGrouping: false });
    sizeFormats.set(locale, format);
  }
  return `${format.format(bytes / 1024 ** power)} ${units[power]}`;
}

const percentFormats = new Map<Locale, Intl.NumberFormat>();
/**
 * A share given in percent (0 to 100, as the quiz's scores are kept), rounded to a whole percent:
 * "85%" in both languages today, each language's own sign and spacing should that differ.
 */
export function formatPercent(locale: Locale, percent: number): string {
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_TAGS[locale], { style: "percent", maximumFractionDigits: 0 });
    percentFormats.set(locale, format);
  }
  return format.format(percent / 100);
}

// The dates, times and amounts of the emails in their reader's language (issue 29). English keeps
// the wording the emails always had ("Tuesday, 3 March 2026", "10:00 AM", "€22.50"); Italian
// takes the site's formats from shared/i18n/format.ts ("mercoledì 9 dicembre 2026", "14:30",
// "1.234,50 €"). Always on the wall clock of the zone given (the teacher's, or the student's).
import { DateTime } from "luxon";
import { formatDate, formatEuro, formatTime } from "../../../shared/i18n/format.ts";
import { INTL_TAGS, type Locale } from "../../../shared/i18n/locales.ts";

const local = (at: Date, zone: string) => DateTime.fromJSDate(at, { zone });

/** "Tuesday, 3 March 2026" · "martedì 3 marzo 2026". */
export function mailDate(locale: Locale, at: Date, zone: string): string {
  return locale === "en"
    ? local(at, zone).toFormat("cccc, d LLLL yyyy")
    : formatDate(locale, at, { style: "long", timeZone: zone });
}

/** A date in a subject line: "3 Mar" · "martedì 3 marzo 2026". */
export function mailShortDate(locale: Locale, at: Date, zone: string): string {
  return locale === "en"
    ? local(at, zone).toFormat("d LLL")
    : formatDate(locale, at, { style: "long", timeZone: zone });
}

/** "10:00 AM" · "10:00". */
export function mailTime(locale: Locale, at: Date, zone: string): string {
  return locale === "en" ? local(at, zone).toFormat("h:mm a") : formatTime(locale, at, { timeZone: zone });
}

/** The zone's short name at that instant: "GMT+1", "EDT" · "CET". */
export function mailZoneName(locale: Locale, at: Date, zone: string): string {
  const time = local(at, zone);
  return (locale === "en" ? time : time.setLocale(INTL_TAGS[locale])).toFormat("ZZZZ");
}

/** "€22.50" · "22,50 €". */
export function mailEuro(locale: Locale, amount: number): string {
  return locale === "en" ? `€${amount.toFixed(2)}` : formatEuro(locale, amount);
}

// What one "Same time every week" did, as the schedule step says it.
import type { Locale } from "../../../../shared/i18n/locales.ts";
import type { Translate } from "../../../../shared/i18n/messages.ts";
import { dayLabels } from "./week.ts";

export type SameTimeFound = {
  added: number;
  skipped: string[];
  /** Those of the skipped days that are the teacher's days off, a holiday named (issue 31). */
  daysOff?: { date: string; name: string | null }[];
  isShort: boolean;
  remaining: number;
};

/** What one "Same time every week" did, in a sentence or two. */
export function sameTimeMessage(t: Translate, locale: Locale, found: SameTimeFound): string {
  const parts = [
    found.added === 0
      ? t("booking-schedule.sameTime.none")
      : t("booking-schedule.sameTime.added", { count: found.added }),
  ];
  const listed = (list: string[]) =>
    list.length === 1
      ? list[0]
      : t("booking-schedule.sameTime.list", { rest: list.slice(0, -1).join(", "), last: list.at(-1) ?? "" });
  const daysOff = found.daysOff ?? [];
  const offDates = new Set(daysOff.map((d) => d.date));
  const taken = found.skipped.filter((key) => !offDates.has(key));
  if (taken.length > 0) {
    const days = listed(taken.map((key) => dayLabels(locale, key).monthDay));
    parts.push(t("booking-schedule.sameTime.skipped", { days }));
  }
  if (daysOff.length > 0) {
    const days = listed(
      daysOff.map((d) => {
        const day = dayLabels(locale, d.date).monthDay;
        return d.name ? t("booking-schedule.sameTime.namedDay", { day, name: d.name }) : day;
      }),
    );
    parts.push(t("booking-schedule.sameTime.daysOff", { days, count: daysOff.length }));
  }
  if (found.isShort && found.added > 0) parts.push(t("booking-schedule.sameTime.short", { count: found.remaining }));
  return parts.join(" ");
}

// What one "Same time every week" did, as the schedule step says it.
import type { Locale } from "../../../../shared/i18n/locales.ts";
import type { Translate } from "../../../../shared/i18n/messages.ts";
import { dayLabels } from "./week.ts";

export type SameTimeFound = { added: number; skipped: string[]; isShort: boolean; remaining: number };

/** What one "Same time every week" did, in a sentence or two. */
export function sameTimeMessage(t: Translate, locale: Locale, found: SameTimeFound): string {
  const parts = [
    found.added === 0
      ? t("booking-schedule.sameTime.none")
      : t("booking-schedule.sameTime.added", { count: found.added }),
  ];
  if (found.skipped.length > 0) {
    const list = found.skipped.map((key) => dayLabels(locale, key).monthDay);
    const days =
      list.length === 1
        ? list[0]
        : t("booking-schedule.sameTime.list", { rest: list.slice(0, -1).join(", "), last: list.at(-1) ?? "" });
    parts.push(t("booking-schedule.sameTime.skipped", { days }));
  }
  if (found.isShort && found.added > 0) parts.push(t("booking-schedule.sameTime.short", { count: found.remaining }));
  return parts.join(" ");
}

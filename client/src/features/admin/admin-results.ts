// What a save or a removal of the weekly schedule did, in the page's language. The server answers
// with counts and dates (and, for the REST API, its English `message`); these sentences say the
// same in the same words in English (tests/integration/standing-schedule.int.test.ts compares them).
// And the records the server writes in English that the admin shows (an erased account's reason).
import { ACCOUNT_DELETED_REASON } from "../../../../shared/constants.ts";
import { INTL_TAGS, type Locale } from "../../../../shared/i18n/locales.ts";
import type { Translate } from "../../../../shared/i18n/messages.ts";
import { timeKeyInZone } from "../../lib/zoned-date.ts";

/** The counts a weekly-schedule save answers with. */
export type WeeklySaveOutcome = {
  created: number;
  alreadyPresent: number;
  skipped: number;
  skippedSlots: { startsAt: Date }[];
  skippedDaysOff: number;
  /** The days off those fall on (the first 20), a holiday named in the page's language (issue 31). */
  daysOff?: { date: string; name: string | null }[];
  daysOffCount?: number;
  removed: number;
  keptBookedCount: number;
  filledThrough: Date;
};

/** The counts a removal of a weekly series (or of the whole schedule) answers with. */
export type SeriesRemovalOutcome = { scope: "schedule" | "series"; deleted: number; keptBookedCount: number };

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "Sun 31 Jan 2027", "dom 31 gen 2027": a day as the schedule's summary names it, in `zone`. */
export function formatScheduleDay(date: Date, zone: string, locale: Locale): string {
  const id = `${locale} ${zone}`;
  let format = dayFormats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_TAGS[locale], {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: zone,
    });
    dayFormats.set(id, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/** "Weekly schedule saved: 34 new slots; slots are open through …", one sentence per thing that happened. */
export function weeklySaveText(t: Translate, r: WeeklySaveOutcome, zone: string, locale: Locale): string {
  const lastDay = new Date(r.filledThrough.getTime() - 1);
  // The slots already in place are not counted back to the teacher: "129 slots were already
  // there" told her nothing she needed.
  const parts = [t("admin.weekly.saved", { count: r.created, date: formatScheduleDay(lastDay, zone, locale) })];
  const first = r.skippedSlots[0];
  if (r.skipped > 0 && first)
    parts.push(
      t("admin.weekly.skippedOverlap", {
        count: r.skipped,
        date: formatScheduleDay(first.startsAt, zone, locale),
        time: timeKeyInZone(first.startsAt, zone),
      }),
    );
  if (r.skippedDaysOff > 0) parts.push(t("admin.weekly.daysOff", { count: r.skippedDaysOff }));
  const daysOff = r.daysOff ?? [];
  if (daysOff.length > 0) {
    // A plain date: noon UTC of it, read in UTC, is that date in every reader's calendar.
    const days = daysOff
      .map((d) => {
        const when = formatScheduleDay(new Date(`${d.date}T12:00:00Z`), "UTC", locale);
        return d.name ? t("admin.weekly.dayOffNamed", { date: when, name: d.name }) : when;
      })
      .join(", ");
    parts.push(t("admin.weekly.daysOffList", { days, more: (r.daysOffCount ?? 0) > daysOff.length ? "yes" : "no" }));
  }
  if (r.removed > 0) parts.push(t("admin.weekly.previousRemoved", { count: r.removed }));
  if (r.keptBookedCount > 0) parts.push(t("admin.weekly.keptCount", { count: r.keptBookedCount }));
  return parts.join(" ");
}

/** "Weekly schedule removed: 12 slots deleted. 2 booked lessons keep their slots." */
export function seriesRemovalText(t: Translate, r: SeriesRemovalOutcome): string {
  const removed = t("admin.removal.seriesRemoved", { scope: r.scope, count: r.deleted });
  return r.keptBookedCount > 0 ? `${removed} ${t("admin.weekly.keptCount", { count: r.keptBookedCount })}` : removed;
}

/**
 * A cancelled lesson's reason: the student's own words as they wrote them, or the one the site
 * writes itself (an erased account), in the page's language.
 */
export function cancellationReasonText(reason: string, t: Translate): string {
  return reason === ACCOUNT_DELETED_REASON ? t("admin.bookings.accountDeleted") : reason;
}

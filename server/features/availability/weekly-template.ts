// Expands the weekly schedule template into concrete slots. Times are wall-clock times in the
// teacher's zone, so 09:00 stays 09:00 on both sides of a daylight-saving change.
import { DateTime, Info } from "luxon";
import { findOverlappingPairs, minutesToTime, timeToMinutes } from "../../../shared/admin-rules.ts";
import { DEFAULT_LOCALE, INTL_TAGS, type Locale } from "../../../shared/i18n/locales.ts";
import type { LocalisedText } from "../../errors.ts";
import { translator } from "../../i18n.ts";

export type WeeklyEntry = { dayOfWeek: number; startTime: string; duration: number };
export type ExpandedSlot = { startsAt: Date; endsAt: Date };

export const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** A problem of the template itself: a slot past midnight, or two slots of a day that overlap. */
export type TemplateProblem =
  | { kind: "pastMidnight"; dayOfWeek: number; startTime: string }
  | { kind: "overlap"; dayOfWeek: number; first: string; second: string };

/** Problems of the template itself: slots past midnight and overlaps within a day. */
export function templateProblems(schedule: WeeklyEntry[]): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  for (const entry of schedule) {
    if (timeToMinutes(entry.startTime) + entry.duration > 24 * 60) {
      problems.push({ kind: "pastMidnight", dayOfWeek: entry.dayOfWeek, startTime: entry.startTime });
    }
  }
  for (let day = 0; day < 7; day++) {
    const slots = schedule
      .filter((e) => e.dayOfWeek === day)
      .map((e) => ({
        startTime: e.startTime,
        endTime: minutesToTime(Math.min(timeToMinutes(e.startTime) + e.duration, 24 * 60 - 1)),
      }));
    for (const [i, j] of findOverlappingPairs(slots)) {
      problems.push({
        kind: "overlap",
        dayOfWeek: day,
        first: `${slots[i].startTime}-${slots[i].endTime}`,
        second: `${slots[j].startTime}-${slots[j].endTime}`,
      });
    }
  }
  return problems;
}

/** A weekday's name in `locale` (0 is Sunday) as it starts a sentence: "Sunday", "Domenica". */
function dayName(dayOfWeek: number, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return DAY_NAMES[dayOfWeek];
  // Luxon's weeks start on Monday (index 0).
  const name = Info.weekdays("long", { locale: INTL_TAGS[locale] })[(dayOfWeek + 6) % 7];
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * The refusal of a template with problems: "Time conflicts in the weekly schedule: Monday:
 * 09:00-10:00 overlaps 09:30-10:30.", each problem written in the reader's language.
 */
export function templateProblemsText(problems: TemplateProblem[]): LocalisedText {
  return {
    key: "errors.weeklyConflicts",
    values: (locale) => {
      const t = translator(locale);
      return {
        problems: problems
          .map((p) =>
            p.kind === "pastMidnight"
              ? t("errors.weeklyPastMidnight", { day: dayName(p.dayOfWeek, locale), start: p.startTime })
              : t("errors.weeklyOverlap", { day: dayName(p.dayOfWeek, locale), first: p.first, second: p.second }),
          )
          .join(" "),
      };
    },
  };
}

/**
 * Every occurrence in the next `weeksAhead` weeks, from today (in `zone`) on; occurrences that
 * have already started are skipped. A wall-clock time that does not exist on a spring-forward
 * day moves forward with the clock (luxon's rule).
 */
export function expandWeeklySchedule(
  schedule: WeeklyEntry[],
  opts: { weeksAhead: number; zone: string; now?: Date },
): ExpandedSlot[] {
  const now = opts.now ?? new Date();
  const through = DateTime.fromJSDate(now)
    .setZone(opts.zone)
    .startOf("day")
    .plus({ days: opts.weeksAhead * 7 });
  return occurrencesBetween(schedule, { zone: opts.zone, now, through: through.toJSDate() });
}

/**
 * Every occurrence that starts after `now` and before `through`, in time order. Each is built
 * from the day's date and the entry's wall-clock time in `zone`, so a daylight-saving change
 * moves no lesson's local time.
 */
export function occurrencesBetween(
  schedule: WeeklyEntry[],
  opts: { zone: string; now: Date; through: Date },
): ExpandedSlot[] {
  const now = DateTime.fromJSDate(opts.now).setZone(opts.zone);
  const through = opts.through.getTime();
  const out: ExpandedSlot[] = [];
  for (let date = now.startOf("day"); date.toMillis() < through; date = date.plus({ days: 1 })) {
    const dayOfWeek = date.weekday % 7; // luxon: Monday 1 ... Sunday 7; the spec: Sunday 0
    for (const entry of schedule) {
      if (entry.dayOfWeek !== dayOfWeek) continue;
      const minutes = timeToMinutes(entry.startTime);
      const start = DateTime.fromObject(
        { year: date.year, month: date.month, day: date.day, hour: Math.floor(minutes / 60), minute: minutes % 60 },
        { zone: opts.zone },
      );
      if (start <= now || start.toMillis() >= through) continue;
      out.push({ startsAt: start.toJSDate(), endsAt: start.plus({ minutes: entry.duration }).toJSDate() });
    }
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** The end of the booking horizon the top-up keeps filled: the whole last bookable day, in `zone`. */
export function horizonEnd(now: Date, maxAdvanceDays: number, zone: string): Date {
  return DateTime.fromJSDate(now)
    .setZone(zone)
    .startOf("day")
    .plus({ days: maxAdvanceDays + 1 })
    .toJSDate();
}

type Range = { startsAt: Date; endsAt: Date };

export type TopUpPlan = {
  /** Occurrences to insert. */
  add: ExpandedSlot[];
  /** Occurrences already there as exactly that slot (nothing to do, never a duplicate). */
  present: ExpandedSlot[];
  /** Occurrences that overlap another existing slot (a one-time slot, another series): skipped. */
  overlapping: ExpandedSlot[];
  /** Occurrences inside time the teacher took out (a day off, a removed occurrence): skipped. */
  excluded: ExpandedSlot[];
};

/** Disjoint, sorted ranges covering the same time. */
function mergeRanges(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.startsAt.getTime() <= last.endsAt.getTime()) {
      if (r.endsAt > last.endsAt) out[out.length - 1] = { startsAt: last.startsAt, endsAt: r.endsAt };
    } else out.push(r);
  }
  return out;
}

/** The first of the sorted, disjoint `ranges` that overlaps `slot` (half-open ranges), if any. */
function overlapIn(ranges: Range[], slot: Range): Range | undefined {
  let lo = 0;
  let hi = ranges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[mid].endsAt.getTime() <= slot.startsAt.getTime()) lo = mid + 1;
    else hi = mid;
  }
  const candidate = ranges[lo];
  return candidate && candidate.startsAt.getTime() < slot.endsAt.getTime() ? candidate : undefined;
}

/**
 * What a top-up does with the wanted occurrences, given the teacher's existing slots (which
 * never overlap each other: the database refuses it) and the time taken out. Pure, so the rules
 * are tested without a database; the insert itself still skips conflicts in the database.
 */
export function planTopUp(wanted: ExpandedSlot[], existing: Range[], exceptions: Range[]): TopUpPlan {
  const slots = mergeRanges(existing);
  const out = mergeRanges(exceptions);
  const exact = new Set(existing.map((e) => `${e.startsAt.getTime()}-${e.endsAt.getTime()}`));
  const plan: TopUpPlan = { add: [], present: [], overlapping: [], excluded: [] };
  const seen = new Set<number>();
  for (const w of wanted) {
    if (seen.has(w.startsAt.getTime())) continue; // a wall-clock time repeated by a fall-back day
    seen.add(w.startsAt.getTime());
    const clash = overlapIn(slots, w);
    if (clash) {
      const same = exact.has(`${w.startsAt.getTime()}-${w.endsAt.getTime()}`);
      (same ? plan.present : plan.overlapping).push(w);
    } else if (overlapIn(out, w)) plan.excluded.push(w);
    else plan.add.push(w);
  }
  // Two wanted occurrences never overlap each other (templateProblems refuses such a template).
  return plan;
}

/** The same wall-clock time, weekly, `weeks` times from `first` on. */
export function weeklyRepeats(first: Date, durationMinutes: number, weeks: number, zone: string): ExpandedSlot[] {
  const start = DateTime.fromJSDate(first).setZone(zone);
  return Array.from({ length: weeks }, (_, w) => {
    const s = start.plus({ weeks: w });
    return { startsAt: s.toJSDate(), endsAt: s.plus({ minutes: durationMinutes }).toJSDate() };
  });
}

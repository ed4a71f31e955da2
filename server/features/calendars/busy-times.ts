// The busy times of one iCalendar text (an ICS address's file, or one CalDAV object) within a
// range. ical.js expands the recurrences (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides); the
// instants are computed here: an all-day event blocks its days in the teacher's zone, and a time
// with an IANA TZID is placed with luxon even when the file carries no VTIMEZONE for it (ical.js
// then reads it as floating, which would put it in the server's zone).
import ICAL from "ical.js";
import { DateTime, IANAZone } from "luxon";

export type BusyInterval = { start: Date; end: Date };

/** More occurrences than any real calendar has in a horizon: a guard against a rule that never ends. */
const MAX_OCCURRENCES_PER_EVENT = 20_000;

const OVERRIDE_REACH_MS = 31 * 86_400_000;

type IcalTime = InstanceType<typeof ICAL.Time>;
type IcalComponent = InstanceType<typeof ICAL.Component>;

const fields = (t: IcalTime) => ({
  year: t.year,
  month: t.month,
  day: t.day,
  hour: t.hour,
  minute: t.minute,
  second: t.second,
});

/** The instant of a date-time, `tzid` being its property's TZID (ical.js drops an unknown one). */
function instantOf(time: IcalTime, tzid: string | null, zone: string): number {
  if (time.zone === ICAL.Timezone.utcTimezone) return DateTime.fromObject(fields(time), { zone: "UTC" }).toMillis();
  const named = time.zone && time.zone !== ICAL.Timezone.localTimezone ? time.zone.tzid : null;
  for (const candidate of [named, tzid]) {
    if (candidate && IANAZone.isValidZone(candidate)) {
      return DateTime.fromObject(fields(time), { zone: candidate }).toMillis();
    }
  }
  // A zone defined only by the file's VTIMEZONE (Outlook's Windows names): ical.js converts it.
  if (named) return time.toUnixTime() * 1000;
  return DateTime.fromObject(fields(time), { zone }).toMillis(); // floating: the teacher's own time
}

/** An all-day date's start in the teacher's zone. */
const dayStart = (time: IcalTime, zone: string) =>
  DateTime.fromObject({ year: time.year, month: time.month, day: time.day }, { zone }).toMillis();

function isFree(component: IcalComponent): boolean {
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  const transp = String(component.getFirstPropertyValue("transp") ?? "").toUpperCase();
  return status === "CANCELLED" || transp === "TRANSPARENT";
}

const tzidOf = (component: IcalComponent, name: string): string | null => {
  const value = component.getFirstProperty(name)?.getParameter("tzid");
  return typeof value === "string" ? value : null;
};

function intervalOf(
  item: IcalComponent,
  start: IcalTime,
  end: IcalTime | null,
  zone: string,
): { start: number; end: number } | null {
  if (start.isDate) {
    const from = dayStart(start, zone);
    const last = end && end.compare(start) > 0 ? dayStart(end, zone) : from;
    // An all-day event without an end (or ending on its start) blocks its one day.
    const to = last > from ? last : DateTime.fromMillis(from, { zone }).plus({ days: 1 }).toMillis();
    return { start: from, end: to };
  }
  const startTzid = tzidOf(item, "dtstart");
  const from = instantOf(start, startTzid, zone);
  const to = end ? instantOf(end, tzidOf(item, "dtend") ?? startTzid, zone) : from;
  // An event without a length (a reminder at one instant) takes no time.
  return to > from ? { start: from, end: to } : null;
}

/**
 * The busy intervals of the calendar text that overlap [range.start, range.end): events marked
 * free (TRANSP:TRANSPARENT) or cancelled, and occurrences an override cancels, are left out.
 * Throws when the text is not iCalendar.
 */
export function busyTimesFromIcs(text: string, range: BusyInterval, zone: string): BusyInterval[] {
  const root = new ICAL.Component(ICAL.parse(text));
  const calendars = root.name === "vcalendar" ? [root] : root.getAllSubcomponents("vcalendar");
  if (calendars.length === 0) throw new Error("not an iCalendar file");
  const from = range.start.getTime();
  const to = range.end.getTime();
  const found: { start: number; end: number }[] = [];
  const keep = (interval: { start: number; end: number } | null) => {
    if (interval && interval.start < to && interval.end > from) found.push(interval);
  };

  for (const calendar of calendars) {
    const events = calendar.getAllSubcomponents("vevent");
    const overrides = new Map<string, IcalComponent[]>();
    const masters: IcalComponent[] = [];
    for (const event of events) {
      const uid = String(event.getFirstPropertyValue("uid") ?? "");
      if (event.hasProperty("recurrence-id")) overrides.set(uid, [...(overrides.get(uid) ?? []), event]);
      else masters.push(event);
    }
    for (const master of masters) {
      const uid = String(master.getFirstPropertyValue("uid") ?? "");
      const event = new ICAL.Event(master, { strictExceptions: true, exceptions: overrides.get(uid) ?? [] });
      overrides.delete(uid);
      if (!event.isRecurring()) {
        if (!isFree(master)) keep(intervalOf(master, event.startDate, event.endDate, zone));
        continue;
      }
      const masterTzid = tzidOf(master, "dtstart");
      const iterator = event.iterator();
      for (let n = 0, next = iterator.next(); next && n < MAX_OCCURRENCES_PER_EVENT; n++, next = iterator.next()) {
        const details = event.getOccurrenceDetails(next);
        const item = details.item.component;
        // Occurrences come in the order of their original starts; an override may move one into the
        // range from up to a month later.
        const original = details.recurrenceId;
        const originalMs = original.isDate ? dayStart(original, zone) : instantOf(original, masterTzid, zone);
        if (originalMs >= to + OVERRIDE_REACH_MS) break;
        if (isFree(item)) continue;
        const interval = intervalOf(item, details.startDate, details.endDate, zone);
        keep(interval);
      }
    }
    // An override whose series is not in this text (a CalDAV server may send it alone) still stands.
    for (const alone of overrides.values()) {
      for (const item of alone) {
        if (!isFree(item)) {
          const event = new ICAL.Event(item);
          keep(intervalOf(item, event.startDate, event.endDate, zone));
        }
      }
    }
  }
  return found
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map((interval) => ({ start: new Date(interval.start), end: new Date(interval.end) }));
}

/**
 * The single (not recurring) events of a calendar object: their UID, start instant and SEQUENCE.
 * The write-back reads its own lessons' events back with it, to see whether the teacher moved one.
 */
export function singleEventsOf(text: string, zone: string): { uid: string; start: Date | null; sequence: number }[] {
  const root = new ICAL.Component(ICAL.parse(text));
  const calendars = root.name === "vcalendar" ? [root] : root.getAllSubcomponents("vcalendar");
  return calendars.flatMap((calendar) =>
    calendar
      .getAllSubcomponents("vevent")
      .filter((event) => !event.hasProperty("recurrence-id"))
      .map((event) => {
        const start = event.getFirstPropertyValue("dtstart");
        const sequence = Number(event.getFirstPropertyValue("sequence") ?? 0);
        return {
          uid: String(event.getFirstPropertyValue("uid") ?? ""),
          start:
            start instanceof ICAL.Time
              ? new Date(start.isDate ? dayStart(start, zone) : instantOf(start, tzidOf(event, "dtstart"), zone))
              : null,
          sequence: Number.isFinite(sequence) ? sequence : 0,
        };
      }),
  );
}

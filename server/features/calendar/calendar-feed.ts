// The subscription feed: every lesson of one person as one VCALENDAR. Each event is the very
// event of the single-booking file (same UID, same SEQUENCE), so a calendar that imported a
// lesson's file and then subscribes sees one lesson, and cancelled lessons stay, marked CANCELLED.
import { createEvents, type EventAttributes } from "ics";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/i18n/locales.ts";
import { toSingleLine } from "../../../shared/text.ts";
import { translator } from "../../i18n.ts";
import { bookingEventAttributes, foldIcsLines, type IcsBooking, icsSafeEvent } from "../booking/booking-ics.ts";

/** `locale`: the language of the lesson's own calendar file (its order's); the student feed's events speak it. */
export type FeedLesson = IcsBooking & { studentName: string; locale?: Locale };
export type FeedAudience = "student" | "teacher";

/** How often calendar apps should poll the feed. */
export const FEED_REFRESH = "PT1H";

/**
 * The teacher's view of a lesson's event: the same UID, SEQUENCE and times, its title and
 * description naming the student (the learner) and the meeting link. Her feed and the events
 * written into her own calendar (calendars/lesson-writeback.ts) share it.
 */
export function teacherLessonEvent(
  event: EventAttributes,
  lesson: Pick<FeedLesson, "studentName" | "status" | "lessonType" | "meetingLink">,
  locale: Locale,
): EventAttributes {
  const t = translator(locale);
  const values = {
    student: lesson.studentName,
    cancelled: lesson.status === "cancelled" ? "yes" : "no",
    online: lesson.lessonType === "online" ? "yes" : "no",
    status: lesson.status,
  };
  const description = t("email.ics.teacherDescription", values);
  return icsSafeEvent({
    ...event,
    title: t("email.ics.teacherTitle", values),
    description: lesson.meetingLink
      ? `${description} ${t("email.ics.meetingLink", { link: lesson.meetingLink })}`
      : description,
  });
}

export function buildCalendarFeed(opts: {
  lessons: FeedLesson[];
  host: string;
  calendarName: string;
  audience: FeedAudience;
  /** The language of the teacher's feed (and of a student's lesson whose own language is unknown). */
  locale?: Locale;
}): string {
  const locale = opts.locale ?? DEFAULT_LOCALE;
  const events = opts.lessons.map((lesson): EventAttributes => {
    const ownLocale = opts.audience === "student" ? (lesson.locale ?? locale) : locale;
    const { productId: _p, method: _m, ...event } = bookingEventAttributes(lesson, opts.host, ownLocale);
    if (opts.audience === "student") return event;
    return teacherLessonEvent(event, lesson, locale);
  });
  const header = { productId: "english-with-giulia/feed", method: "PUBLISH", calName: toSingleLine(opts.calendarName) };
  let body: string;
  if (events.length === 0) {
    body = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      `PRODID:${header.productId}`,
      "METHOD:PUBLISH",
      `X-WR-CALNAME:${header.calName}`,
      "END:VCALENDAR",
      "",
    ].join("\r\n");
  } else {
    const { error, value } = createEvents(events, header);
    if (error || !value) throw error ?? new Error("Could not build the calendar feed.");
    body = value;
  }
  // Refresh hints (RFC 7986 and the older Microsoft one) go in the calendar's own properties.
  const head = body.slice(0, body.search(/BEGIN:VEVENT|END:VCALENDAR/));
  const hints =
    `REFRESH-INTERVAL;VALUE=DURATION:${FEED_REFRESH}\r\n` +
    (head.includes("X-PUBLISHED-TTL:") ? "" : `X-PUBLISHED-TTL:${FEED_REFRESH}\r\n`);
  const at = head.length;
  return foldIcsLines(body.slice(0, at) + hints + body.slice(at));
}

// The subscription feed: every lesson of one person as one VCALENDAR. Each event is the very
// event of the single-booking file (same UID, same SEQUENCE), so a calendar that imported a
// lesson's file and then subscribes sees one lesson, and cancelled lessons stay, marked CANCELLED.
import { createEvents, type EventAttributes } from "ics";
import { toSingleLine } from "../../../shared/text.ts";
import { bookingEventAttributes, type IcsBooking, icsSafeEvent } from "../booking/booking-ics.ts";

export type FeedLesson = IcsBooking & { studentName: string };
export type FeedAudience = "student" | "teacher";

/** How often calendar apps should poll the feed. */
export const FEED_REFRESH = "PT1H";

export function buildCalendarFeed(opts: {
  lessons: FeedLesson[];
  host: string;
  calendarName: string;
  audience: FeedAudience;
}): string {
  const events = opts.lessons.map((lesson): EventAttributes => {
    const { productId: _p, method: _m, ...event } = bookingEventAttributes(lesson, opts.host);
    if (opts.audience === "student") return event;
    // The teacher's calendar names the student; the event itself (UID, SEQUENCE, times) is the same.
    const cancelled = lesson.status === "cancelled";
    const kind = lesson.lessonType === "online" ? "online" : "in person";
    return icsSafeEvent({
      ...event,
      title: `${cancelled ? "Cancelled: " : ""}English lesson: ${lesson.studentName} (${kind})`,
      description: `${lesson.studentName}, ${kind}. Status: ${lesson.status}.${lesson.meetingLink ? ` Meeting link: ${lesson.meetingLink}` : ""}`,
    });
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
  return body.slice(0, at) + hints + body.slice(at);
}

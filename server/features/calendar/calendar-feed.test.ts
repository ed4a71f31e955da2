import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { buildBookingIcs } from "../booking/booking-ics.ts";
import { buildCalendarFeed, type FeedLesson } from "./calendar-feed.ts";

const lesson = (over: Partial<FeedLesson> = {}): FeedLesson => ({
  id: "6b1f0b7e-0000-4000-8000-000000000001",
  startsAt: new Date("2031-03-04T17:00:00Z"),
  status: "confirmed",
  lessonType: "online",
  meetingLink: "https://meet.example/abc",
  location: null,
  icsSequence: 3,
  teacherName: "Giulia Rossi",
  studentName: "Sofia Bianchi",
  ...over,
});

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents("vevent") };
}

describe("buildCalendarFeed", () => {
  it("is one valid VCALENDAR whose events carry the single files' UID and SEQUENCE", () => {
    const lessons = [
      lesson(),
      lesson({ id: "6b1f0b7e-0000-4000-8000-000000000002", status: "cancelled", icsSequence: 5 }),
    ];
    const text = buildCalendarFeed({
      lessons,
      host: "giulia.test",
      calendarName: "My English lessons",
      audience: "student",
    });
    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("My English lessons");
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(String(calendar.getFirstPropertyValue("refresh-interval"))).toBe("PT1H");
    expect(calendar.getFirstPropertyValue("x-published-ttl")).toBe("PT1H");
    expect(events).toHaveLength(2);
    for (const [i, l] of lessons.entries()) {
      const single = parse(buildBookingIcs(l, "giulia.test")).events[0];
      expect(events[i].getFirstPropertyValue("uid")).toBe(single.getFirstPropertyValue("uid"));
      expect(events[i].getFirstPropertyValue("sequence")).toBe(l.icsSequence);
    }
    expect(events[0].getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(events[1].getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(events[1].getFirstPropertyValue("summary")).toMatch(/^Cancelled: /);
    const start = events[0].getFirstPropertyValue("dtstart") as ICAL.Time;
    expect(start.toJSDate().toISOString()).toBe("2031-03-04T17:00:00.000Z");
    expect(text).not.toMatch(/[^\r]\n/);
  });

  it("names the student in the teacher's feed and stays valid with no lessons", () => {
    const teacher = parse(
      buildCalendarFeed({ lessons: [lesson()], host: "h", calendarName: "Teaching", audience: "teacher" }),
    );
    expect(teacher.events[0].getFirstPropertyValue("summary")).toBe("English lesson: Sofia Bianchi (online)");
    const empty = parse(
      buildCalendarFeed({ lessons: [], host: "h", calendarName: "My English lessons", audience: "student" }),
    );
    expect(empty.events).toHaveLength(0);
    expect(empty.calendar.getFirstPropertyValue("x-wr-calname")).toBe("My English lessons");
    expect(String(empty.calendar.getFirstPropertyValue("refresh-interval"))).toBe("PT1H");
  });

  it("folds the feed's lines at 75 octets, the calendar's name and each place included", () => {
    const place = `Università degli Studi, aula è${"à".repeat(60)}, Milano`;
    const calendarName = `Le mie lezioni d'inglese con Giulia — però è così ${"ò".repeat(40)}`;
    for (const lessons of [[], [lesson({ lessonType: "in-person", meetingLink: null, location: place })]]) {
      const text = buildCalendarFeed({ lessons, host: "h", calendarName, audience: "teacher", locale: "it" });
      for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      const { calendar, events } = parse(text);
      expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(calendarName);
      if (lessons.length > 0) expect(events[0].getFirstPropertyValue("location")).toBe(place);
    }
  });
});

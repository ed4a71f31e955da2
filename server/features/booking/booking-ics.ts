// The calendar file of one lesson. The UID never changes for a booking and SEQUENCE grows with
// every change (Booking.icsSequence), so calendar apps replace their copy instead of adding one.
import { createEvent, createEvents, type EventAttributes } from "ics";
import { LESSON_MINUTES } from "../../../shared/constants.ts";
import { toSingleLine } from "../../../shared/text.ts";

export type IcsBooking = {
  id: string;
  startsAt: Date;
  status: string;
  lessonType: string;
  meetingLink: string | null;
  location: string | null;
  icsSequence: number;
  teacherName: string | null;
};

/**
 * The `ics` package escapes LF in text but writes a bare CR as it is, and a CR ends a property
 * for some parsers (`LOCATION:Duomo\rEND:VEVENT\rBEGIN:VEVENT` forges an event). Inputs are
 * cleaned at the edge already; every text property is made one line here again, so no stored
 * value written before that (or by another path) can break a calendar file.
 */
export function icsSafeEvent<T extends EventAttributes>(event: T): T {
  const out: Record<string, unknown> = { ...event };
  for (const key of ["title", "description", "location", "url", "calName", "productId"] as const) {
    const value = out[key];
    if (typeof value === "string") out[key] = toSingleLine(value);
  }
  return out as T;
}

/** One lesson as an event: the single file and the subscription feed share UID and SEQUENCE. */
export function bookingEventAttributes(booking: IcsBooking, host: string): EventAttributes {
  const cancelled = booking.status === "cancelled";
  const online = booking.lessonType === "online";
  const teacher = booking.teacherName ?? "your teacher";
  const where = online
    ? booking.meetingLink
      ? `Join online: ${booking.meetingLink}`
      : "Online lesson: the meeting link will be sent before the lesson."
    : `In person at ${booking.location ?? "a place your teacher will confirm"}.`;
  const state = cancelled
    ? "This lesson has been cancelled."
    : booking.status === "pending"
      ? "Your teacher will confirm this lesson soon."
      : "This lesson is confirmed.";
  return icsSafeEvent({
    uid: `${booking.id}@${host}`,
    sequence: booking.icsSequence,
    productId: "english-with-giulia/booking",
    // A downloaded file is published, not an iTIP request: STATUS carries the cancellation.
    method: "PUBLISH",
    status: cancelled ? "CANCELLED" : booking.status === "pending" ? "TENTATIVE" : "CONFIRMED",
    start: booking.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: LESSON_MINUTES },
    title: `${cancelled ? "Cancelled: " : ""}English lesson with ${teacher} (${online ? "online" : "in person"})`,
    description: `Your ${LESSON_MINUTES}-minute ${online ? "online" : "in-person"} English lesson with ${teacher}. ${where} ${state}`,
    location: online ? (booking.meetingLink ?? "Online") : (booking.location ?? "Milano"),
    ...(online && booking.meetingLink ? { url: booking.meetingLink } : {}),
    busyStatus: cancelled ? "FREE" : "BUSY",
  });
}

export function buildBookingIcs(booking: IcsBooking, host: string): string {
  const { error, value } = createEvent(bookingEventAttributes(booking, host));
  if (error || !value) throw error ?? new Error("Could not build the calendar file.");
  return value;
}

/** One file with every lesson of an order: each event keeps its lesson's UID and SEQUENCE. */
export function buildOrderIcs(bookings: IcsBooking[], host: string): string {
  const { error, value } = createEvents(bookings.map((b) => bookingEventAttributes(b, host)));
  if (error || !value) throw error ?? new Error("Could not build the calendar file.");
  return value;
}

// The calendar file of one lesson. The UID never changes for a booking and SEQUENCE grows with
// every change (Booking.icsSequence), so calendar apps replace their copy instead of adding one.
// Its words come from the email catalogue, in the language of the order it belongs to.
import { createEvent, createEvents, type EventAttributes } from "ics";
import { LESSON_MINUTES } from "../../../shared/constants.ts";
import { DEFAULT_LOCALE, type Locale } from "../../../shared/i18n/locales.ts";
import { toSingleLine } from "../../../shared/text.ts";
import { translator } from "../../i18n.ts";

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

/**
 * One lesson as an event: the single file and the subscription feed share UID and SEQUENCE. Its
 * title and description speak `locale` (the order's language, else the student's).
 */
export function bookingEventAttributes(
  booking: IcsBooking,
  host: string,
  locale: Locale = DEFAULT_LOCALE,
): EventAttributes {
  const t = translator(locale);
  const cancelled = booking.status === "cancelled";
  const online = booking.lessonType === "online";
  const teacher = booking.teacherName ?? t("email.ics.yourTeacher");
  const where = online
    ? booking.meetingLink
      ? t("email.ics.joinOnline", { link: booking.meetingLink })
      : t("email.ics.onlineNoLink")
    : t("email.ics.inPerson", { location: booking.location ?? t("email.ics.placeToConfirm") });
  const state = cancelled
    ? t("email.ics.cancelled")
    : booking.status === "pending"
      ? t("email.ics.pending")
      : t("email.ics.confirmed");
  const choice = { cancelled: cancelled ? "yes" : "no", online: online ? "yes" : "no" };
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
    title: t("email.ics.title", { ...choice, teacher }),
    description: t("email.ics.description", { ...choice, teacher, minutes: LESSON_MINUTES, where, state }),
    location: online ? (booking.meetingLink ?? "Online") : (booking.location ?? "Milano"),
    ...(online && booking.meetingLink ? { url: booking.meetingLink } : {}),
    busyStatus: cancelled ? "FREE" : "BUSY",
  });
}

/** RFC 5545 §3.1: content lines longer than 75 octets are folded (a CRLF and one space). */
const FOLD_OCTETS = 75;

/**
 * Folds every content line at 75 octets of UTF-8, never inside a character. The `ics` package
 * folds at 75 characters, so a line holding "è" or "à" came out 76 octets or more, which strict
 * parsers refuse or cut inside the character. Every calendar object the site writes goes
 * through here: its own folds are undone first, then the lines are folded again.
 */
export function foldIcsLines(ics: string): string {
  const lines = ics.replace(/\r\n[ \t]/g, "").split("\r\n");
  return lines
    .map((line) => {
      if (Buffer.byteLength(line) <= FOLD_OCTETS) return line;
      const parts: string[] = [];
      let part = "";
      let octets = 0;
      // The first line holds 75 octets; each continuation starts with a space, so 74 more.
      let room = FOLD_OCTETS;
      for (const char of line) {
        const size = Buffer.byteLength(char);
        if (octets + size > room) {
          parts.push(part);
          part = "";
          octets = 0;
          room = FOLD_OCTETS - 1;
        }
        part += char;
        octets += size;
      }
      parts.push(part);
      return parts.join("\r\n ");
    })
    .join("\r\n");
}

export function buildBookingIcs(booking: IcsBooking, host: string, locale: Locale = DEFAULT_LOCALE): string {
  const { error, value } = createEvent(bookingEventAttributes(booking, host, locale));
  if (error || !value) throw error ?? new Error("Could not build the calendar file.");
  return foldIcsLines(value);
}

/** One file with every lesson of an order: each event keeps its lesson's UID and SEQUENCE. */
export function buildOrderIcs(bookings: IcsBooking[], host: string, locale: Locale = DEFAULT_LOCALE): string {
  const { error, value } = createEvents(bookings.map((b) => bookingEventAttributes(b, host, locale)));
  if (error || !value) throw error ?? new Error("Could not build the calendar file.");
  return foldIcsLines(value);
}

// Reading the teacher's calendars over the network: an ICS address with fetch, a CalDAV account
// with tsdav (discovery of the account's calendars, then a calendar-query REPORT bounded by the
// horizon). Each read has a deadline and a size limit, so a slow or huge source fails on its own
// and never holds a refresh open.
import { createDAVClient } from "tsdav";
import type { CalendarFailure } from "../../../shared/calendar-failures.ts";

export type CaldavAccount = { url: string; username: string; password: string };
export type CaldavCalendar = { url: string; name: string };

const READ_DEADLINE_MS = 20_000;
/** Larger than any personal calendar's published file (years of events are a few megabytes). */
const MAX_ICS_BYTES = 20 * 1024 * 1024;

/** A read that failed: `reason` for the page, `detail` (a status, a server's words) beside it. */
export class CalendarReadError extends Error {
  constructor(
    readonly reason: CalendarFailure,
    readonly detail = "",
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

/** Only web addresses: a calendar address never names a file or another scheme. */
export function checkCalendarAddress(address: string): URL {
  let url: URL;
  try {
    url = new URL(address.trim().replace(/^webcals?:\/\//i, "https://"));
  } catch {
    throw new CalendarReadError("bad-address");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new CalendarReadError("bad-address", url.protocol);
  }
  return url;
}

function failureOf(error: unknown): CalendarReadError {
  if (error instanceof CalendarReadError) return error;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return new CalendarReadError("timeout");
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : "";
  const message = error instanceof Error ? error.message : String(error);
  // tsdav says a refused login in words: "Invalid credentials: PROPFIND … returned 401 Unauthorized".
  if (/invalid credentials|\b401\b|\b403\b/i.test(message))
    return new CalendarReadError("refused", message.slice(0, 200));
  return new CalendarReadError("unreachable", [message, cause].filter(Boolean).join(": ").slice(0, 200));
}

/** Runs a read, turning any failure into a CalendarReadError with a readable message. */
async function reading<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw failureOf(error);
  }
}

/** The text at an ICS address (webcal:// read as https://). */
export function fetchIcsText(address: string): Promise<string> {
  return reading(async () => {
    const url = checkCalendarAddress(address);
    const response = await fetch(url, {
      headers: { accept: "text/calendar, */*;q=0.5" },
      redirect: "follow",
      signal: AbortSignal.timeout(READ_DEADLINE_MS),
    });
    if (response.status === 401 || response.status === 403) {
      throw new CalendarReadError("refused", String(response.status));
    }
    if (!response.ok) throw new CalendarReadError("http", String(response.status));
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > MAX_ICS_BYTES) throw new CalendarReadError("too-large");
    const text = await response.text();
    if (text.length > MAX_ICS_BYTES) throw new CalendarReadError("too-large");
    if (!/BEGIN:VCALENDAR/i.test(text)) throw new CalendarReadError("not-calendar");
    return text;
  });
}

const davClient = (account: CaldavAccount) =>
  createDAVClient({
    serverUrl: checkCalendarAddress(account.url).toString(),
    credentials: { username: account.username, password: account.password },
    authMethod: "Basic",
    defaultAccountType: "caldav",
    fetchOptions: { signal: AbortSignal.timeout(READ_DEADLINE_MS) },
  });

/** The account's calendars that hold events, as the server names them. */
export function listCaldavCalendars(account: CaldavAccount): Promise<CaldavCalendar[]> {
  return reading(async () => {
    const client = await davClient(account);
    const calendars = await client.fetchCalendars();
    return calendars
      .filter((c) => !c.components || c.components.includes("VEVENT"))
      .map((c) => ({
        url: c.url,
        name: (typeof c.displayName === "string" && c.displayName.trim()) || new URL(c.url).pathname,
      }));
  });
}

export type CaldavObject = { url: string; etag: string | null; data: string };

const objectsOf = (objects: { url: string; etag?: string; data?: unknown }[]): CaldavObject[] =>
  objects
    .map((o) => ({ url: o.url, etag: o.etag ?? null, data: typeof o.data === "string" ? o.data : "" }))
    .filter((o) => o.data.length > 0);

/** The calendar's objects that have events in [start, end): their address, etag and iCalendar text. */
export function fetchCaldavObjects(account: CaldavAccount, calendarUrl: string, range: { start: Date; end: Date }) {
  return reading(async () => {
    const client = await davClient(account);
    return objectsOf(
      await client.fetchCalendarObjects({
        calendar: { url: calendarUrl },
        timeRange: { start: range.start.toISOString(), end: range.end.toISOString() },
      }),
    );
  });
}

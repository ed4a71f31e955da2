// Each online lesson's meeting link, given when it is booked (issue 31, item 3). "jitsi" makes a
// room of its own per lesson whose name is 128 random bits: nobody can guess another lesson's
// room, and the lesson keeps it when it moves (a move changes the time, never the link). The link
// is a lesson's own field, so only its student and the teacher read it.
import { randomBytes } from "node:crypto";
import { DEFAULT_JITSI_BASE_URL, MEETING_MODES, type MeetingMode } from "../../../shared/constants.ts";

export type MeetingRules = {
  mode: MeetingMode;
  /** "manual": the settings' default link, if any (the behaviour before issue 31). */
  defaultLink: string | null;
  /** "fixed": the teacher's personal room. */
  fixedLink: string | null;
  /** "jitsi": the server rooms are made on, without a final "/". */
  jitsiBaseUrl: string;
};

/** The rules from the settings row's columns; an unknown mode reads as "manual". */
export function meetingRulesOf(site: {
  meetingMode: string;
  defaultMeetingLink: string | null;
  meetingFixedLink: string | null;
  jitsiBaseUrl: string;
}): MeetingRules {
  const mode = (MEETING_MODES as readonly string[]).includes(site.meetingMode)
    ? (site.meetingMode as MeetingMode)
    : "manual";
  return {
    mode,
    defaultLink: site.defaultMeetingLink?.trim() || null,
    fixedLink: site.meetingFixedLink?.trim() || null,
    jitsiBaseUrl: (site.jitsiBaseUrl.trim() || DEFAULT_JITSI_BASE_URL).replace(/\/+$/, ""),
  };
}

/**
 * A room name nobody can guess: 128 bits from the operating system's CSPRNG, in lower-case hex
 * (Jitsi folds room names to lower case, so mixed-case letters would add no strength).
 */
export function jitsiRoomName(): string {
  return `lesson-${randomBytes(16).toString("hex")}`;
}

/** The link a new lesson gets: its own Jitsi room, the personal room, or the default link. */
export function meetingLinkFor(rules: MeetingRules, lessonType: string): string | null {
  if (lessonType !== "online") return null;
  if (rules.mode === "jitsi") return `${rules.jitsiBaseUrl}/${jitsiRoomName()}`;
  if (rules.mode === "fixed") return rules.fixedLink ?? rules.defaultLink;
  return rules.defaultLink;
}

/**
 * The link of a lesson booked after another (a rebooking with a credit, a lesson of a package
 * booked later). "manual" copies the earlier lesson's link as before; a Jitsi lesson gets a room
 * of its own, never the earlier lesson's.
 */
export function meetingLinkFollowing(rules: MeetingRules, lessonType: string, earlierLink: string | null) {
  if (lessonType !== "online") return null;
  return rules.mode === "manual" ? (earlierLink ?? rules.defaultLink) : meetingLinkFor(rules, lessonType);
}

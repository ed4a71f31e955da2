// Input schemas of the teacher's calendar connections.
import { z } from "zod";
import { singleLineText } from "../../../shared/text.ts";

const address = singleLineText(2000).min(1, "The calendar's address is required.");
const name = singleLineText(80).min(1).optional();

/** A CalDAV account: the server's address, the user name and an app password. */
export const caldavAccountSchema = z.object({
  url: address,
  username: singleLineText(320).min(1, "The user name is required."),
  // Passwords are taken as typed (no trimming): an app password may hold any character.
  password: z.string().min(1, "The app password is required.").max(1000),
});

export const addCalendarSchema = z.discriminatedUnion("kind", [
  caldavAccountSchema.extend({
    kind: z.literal("caldav"),
    calendarUrl: singleLineText(2000).min(1).optional(),
    name,
    receivesLessons: z.boolean().optional(),
  }),
  // An ICS address is read only: asking it to receive lessons is refused in words (the service).
  z.object({ kind: z.literal("ics"), url: address, name, receivesLessons: z.boolean().optional() }),
]);

/** PUT /api/admin/calendars/{id}: whether this calendar receives the teacher's lessons. */
export const updateCalendarSchema = z.object({ id: z.uuid(), receivesLessons: z.boolean() });

/** Her decision on an event she deleted or moved in her calendar. */
export const resolveLessonChangeSchema = z.object({ id: z.uuid(), action: z.enum(["cancel", "move", "keep"]) });

/** How often the calendars are read again: from every minute to once a day. */
export const calendarSyncSettingSchema = z.object({ syncEveryMinutes: z.number().int().min(1).max(1440) });

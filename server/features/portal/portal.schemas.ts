// Input schemas of the student portal's procedures, beside their router; the REST rows reach them
// through the procedures.
import { z } from "zod";
import { pagingFields } from "../../../shared/paging.ts";

export const studentOrdersSchema = z.object(pagingFields(50));

export const moveLessonSchema = z.object({
  booking_id: z.string().trim().min(1).max(100),
  lesson_date: z.iso.datetime({ offset: true }),
});

export const noteSeenSchema = z.object({ noteId: z.uuid() });

export const fileAccessSchema = z.object({
  fileId: z.uuid(),
  accessType: z.enum(["download", "view"]),
});

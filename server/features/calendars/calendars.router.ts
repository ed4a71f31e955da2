// admin.calendars: the signed-in teacher's own calendars, whose busy times hide her slots.
import { router } from "../../trpc/init.ts";
import { byIdSchema } from "../admin/admin.schemas.ts";
import { teacherProcedure } from "../admin/teacher-procedure.ts";
import { writeCalendarSyncMinutes } from "./calendars.data.ts";
import {
  addCalendarSchema,
  caldavAccountSchema,
  calendarSyncSettingSchema,
  resolveLessonChangeSchema,
  updateCalendarSchema,
} from "./calendars.schemas.ts";
import {
  addCalendar,
  discoverCalendars,
  listCalendars,
  removeCalendar,
  syncCalendar,
  updateCalendar,
} from "./calendars.service.ts";
import { resolveLessonChange } from "./lesson-writeback.service.ts";

export const adminCalendarsRouter = router({
  list: teacherProcedure.query(({ ctx }) => listCalendars(ctx.db, ctx.teacher.id)),
  discover: teacherProcedure.input(caldavAccountSchema).mutation(({ input }) => discoverCalendars(input)),
  add: teacherProcedure
    .input(addCalendarSchema)
    .mutation(({ ctx, input }) => addCalendar(ctx.db, ctx.env, ctx.teacher.id, input)),
  update: teacherProcedure
    .input(updateCalendarSchema)
    .mutation(({ ctx, input }) => updateCalendar(ctx.db, ctx.env, ctx.teacher.id, input)),
  /** Cancel, move or keep a lesson whose event she deleted or moved in her calendar. */
  resolveChange: teacherProcedure
    .input(resolveLessonChangeSchema)
    .mutation(({ ctx, input }) => resolveLessonChange(ctx.db, ctx.env, ctx.teacher.id, input)),
  remove: teacherProcedure
    .input(byIdSchema)
    .mutation(({ ctx, input }) => removeCalendar(ctx.db, ctx.teacher.id, input.id)),
  sync: teacherProcedure
    .input(byIdSchema)
    .mutation(({ ctx, input }) => syncCalendar(ctx.db, ctx.env, ctx.teacher.id, input.id)),
  setSyncEvery: teacherProcedure.input(calendarSyncSettingSchema).mutation(async ({ ctx, input }) => {
    await writeCalendarSyncMinutes(ctx.db, input.syncEveryMinutes);
    return { success: true, syncEveryMinutes: input.syncEveryMinutes };
  }),
});

// admin.calendars: the signed-in teacher's own calendars, whose busy times hide her slots.
import { router } from "../../trpc/init.ts";
import { byIdSchema } from "../admin/admin.schemas.ts";
import { teacherProcedure } from "../admin/teacher-procedure.ts";
import { writeCalendarSyncMinutes } from "./calendars.data.ts";
import { addCalendarSchema, caldavAccountSchema, calendarSyncSettingSchema } from "./calendars.schemas.ts";
import { addCalendar, discoverCalendars, listCalendars, removeCalendar, syncCalendar } from "./calendars.service.ts";

export const adminCalendarsRouter = router({
  list: teacherProcedure.query(({ ctx }) => listCalendars(ctx.db, ctx.teacher.id)),
  discover: teacherProcedure.input(caldavAccountSchema).mutation(({ input }) => discoverCalendars(input)),
  add: teacherProcedure
    .input(addCalendarSchema)
    .mutation(({ ctx, input }) => addCalendar(ctx.db, ctx.env, ctx.teacher.id, input)),
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

// The availability procedures: the public grid, its "same time every week" search and a visitor's
// request for other times (mounted in the booking router), and the teacher's own slots, weekly
// schedule and days off (mounted as admin.availability).
import { requestLocale } from "../../i18n.ts";
import { invalidInputSays, publicProcedure, rateLimitedProcedure, router } from "../../trpc/init.ts";
import { byIdSchema } from "../admin/admin.schemas.ts";
import { teacherProcedure } from "../admin/teacher-procedure.ts";
import { oncePerKey } from "../booking/idempotency.service.ts";
import {
  AVAILABILITY_REQUEST_INVALID_MESSAGE,
  applyHolidaysSchema,
  availabilityQuerySchema,
  availabilityRequestSchema,
  bulkAvailabilitySchema,
  createSlotSchema,
  daysOffSchema,
  deleteSeriesSchema,
  listHolidaysSchema,
  listSlotsSchema,
  removeScheduleSchema,
  sameTimeEveryWeekSchema,
} from "./availability.schemas.ts";
import { cachedAvailability } from "./availability-cache.ts";
import { createAvailabilityRequest } from "./availability-request.service.ts";
import { applyHolidays, currentYear, holidayLocale, listHolidays } from "./holidays.service.ts";
import { findSameTimeEveryWeek } from "./same-time-every-week.service.ts";
import { createSlot, deleteSeriesFrom, deleteSlot, listAdminSlots, markDaysOff } from "./slots.service.ts";
import { applyWeeklySchedule, getWeeklySchedule, removeWeeklySchedule } from "./standing-schedule.service.ts";

/** booking.availability, booking.sameTimeEveryWeek, booking.requestCustomAvailability. */
export const publicAvailabilityProcedures = {
  requestCustomAvailability: rateLimitedProcedure("request")
    .use(invalidInputSays(AVAILABILITY_REQUEST_INVALID_MESSAGE))
    .input(availabilityRequestSchema)
    .mutation(async ({ ctx, input }) => {
      const student = await ctx.sessionUser("student");
      return createAvailabilityRequest(ctx.db, input, student?.id ?? null, ctx.env.PUBLIC_URL);
    }),
  availability: publicProcedure
    .input(availabilityQuerySchema.optional())
    .query(({ ctx, input }) => cachedAvailability(ctx.db, ctx.availabilityCache, input ?? {})),
  // A search over the whole booking window: counted with the quotes.
  sameTimeEveryWeek: rateLimitedProcedure("quote")
    .input(sameTimeEveryWeekSchema)
    .query(({ ctx, input }) => findSameTimeEveryWeek(ctx.db, input, new Date(), requestLocale(ctx.headers))),
};

/** admin.availability: every procedure acts on the signed-in admin's own Teacher row. */
export const adminAvailabilityRouter = router({
  list: teacherProcedure
    .input(listSlotsSchema)
    .query(({ ctx, input }) =>
      listAdminSlots(ctx.db, { start: input.start, end: input.end, teacherId: input.teacher_id ?? ctx.teacher.id }),
    ),
  create: teacherProcedure
    .input(createSlotSchema)
    .mutation(({ ctx, input }) =>
      oncePerKey({ ...ctx, userId: ctx.admin.id }, "admin.availability.create", input, () =>
        createSlot(ctx.db, ctx.teacher.id, input),
      ),
    ),
  bulk: teacherProcedure
    .input(bulkAvailabilitySchema)
    .mutation(({ ctx, input }) =>
      applyWeeklySchedule(ctx.db, ctx.teacher.id, input, new Date(), requestLocale(ctx.headers)),
    ),
  schedule: teacherProcedure.query(({ ctx }) => getWeeklySchedule(ctx.db, ctx.teacher.id)),
  removeSchedule: teacherProcedure
    .input(removeScheduleSchema)
    .mutation(({ ctx, input }) => removeWeeklySchedule(ctx.db, ctx.teacher.id, input.from ?? new Date())),
  deleteSlot: teacherProcedure
    .input(byIdSchema)
    .mutation(({ ctx, input }) => deleteSlot(ctx.db, ctx.teacher.id, input.id)),
  deleteSeries: teacherProcedure
    .input(deleteSeriesSchema)
    .mutation(({ ctx, input }) => deleteSeriesFrom(ctx.db, ctx.teacher.id, input.seriesId, input.from)),
  daysOff: teacherProcedure
    .input(daysOffSchema)
    .mutation(({ ctx, input }) => markDaysOff(ctx.db, ctx.teacher.id, input)),
});

/** admin.holidays: Italy's public holidays (and Milano's) as the signed-in teacher's days off. */
export const adminHolidaysRouter = router({
  list: teacherProcedure.input(listHolidaysSchema.prefault({})).query(async ({ ctx, input }) => {
    const locale = await holidayLocale(ctx.db, ctx.headers["accept-language"]);
    return listHolidays(ctx.db, ctx.teacher.id, input.year ?? (await currentYear(ctx.db)), locale);
  }),
  markDaysOff: teacherProcedure
    .input(applyHolidaysSchema)
    .mutation(({ ctx, input }) => applyHolidays(ctx.db, ctx.teacher.id, input.year)),
});

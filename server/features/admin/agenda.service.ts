// The teacher's agenda: the lessons of a day or a week in time order, laid over the open hours
// they fall in, the busy times of her own calendars, and the lesson happening now or next (the
// phone's first card).
import { DateTime } from "luxon";
import type { z } from "zod";
import type { Db } from "../../db.ts";
import { listCalendarBusyForAdmin, listSlotsForAdmin, loadSiteRules } from "../availability/availability.service.ts";
import { findNextLessonRow, listAgendaLessonRows } from "./admin.data.ts";
import type { agendaSchema } from "./admin.schemas.ts";
import { toAdminBookingDto } from "./admin.service.ts";

export async function getAgenda(db: Db, teacherId: string, input: z.output<typeof agendaSchema>, now = new Date()) {
  const { zone } = await loadSiteRules(db);
  const day = input.date ? DateTime.fromISO(input.date, { zone }) : DateTime.fromJSDate(now, { zone });
  // luxon weeks run Monday to Sunday, the teacher's (Italian) week.
  const start = day.startOf(input.view === "week" ? "week" : "day");
  const end = start.plus({ days: input.view === "week" ? 7 : 1 });
  const range = { start: start.toJSDate(), end: end.toJSDate(), teacherId };
  const [lessons, slots, busyTimes, next] = await Promise.all([
    listAgendaLessonRows(db, teacherId, range.start, range.end),
    listSlotsForAdmin(db, range),
    listCalendarBusyForAdmin(db, range),
    findNextLessonRow(db, teacherId, now),
  ]);
  return {
    timezone: zone,
    view: input.view,
    days: Array.from({ length: input.view === "week" ? 7 : 1 }, (_, i) => start.plus({ days: i }).toISODate() ?? ""),
    start: start.toUTC().toISO() ?? "",
    end: end.toUTC().toISO() ?? "",
    openHours: slots.map((s) => ({ id: s.id, start: s.startTime, end: s.endTime })),
    lessons: lessons.map(toAdminBookingDto),
    // The teacher's own calendars' busy times: "busy (calendar name)" on their days.
    busyTimes,
    next: next ? toAdminBookingDto(next) : null,
  };
}

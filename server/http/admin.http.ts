// REST adapters of the admin calls (spec §7). Every route here requires the admin role, re-read
// from the database with the session on each request. (GET /api/admin/public-config is public
// and lives in public.http.ts, outside these encapsulated plugins.) They call the same services
// as the tRPC admin router.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  bulkAvailabilitySchema,
  createNoteSchema,
  createSharedFileSchema,
  createSlotSchema,
  daysOffSchema,
  inboxQuerySchema,
  instant,
  listBookingsSchema,
  listNotesSchema,
  listSharedFilesSchema,
  listSlotsSchema,
  listStudentsSchema,
  markHandledSchema,
  updateBookingSchema,
  updateNoteSchema,
  updateSettingsSchema,
  updateSharedFileSchema,
} from "../../shared/admin-schemas.ts";
import type { Db } from "../db.ts";
import type { Env } from "../env.ts";
import { AppError } from "../errors.ts";
import {
  getBooking,
  getDashboard,
  getInbox,
  listBookings,
  listStudents,
  listTeachers,
  markInboxItem,
  resolveTeacher,
  updateBooking,
} from "../features/admin/admin.service.ts";
import {
  createSlot,
  deleteSeriesFrom,
  deleteSlot,
  listAdminSlots,
  markDaysOff,
} from "../features/admin/availability-admin.service.ts";
import { listEmails, listEmailsSchema, retryEmail } from "../features/admin/emails.service.ts";
import { createNote, deleteNote, getNote, listNotes, listTags, updateNote } from "../features/admin/notes.service.ts";
import { getAdminSettings, updateAdminSettings } from "../features/admin/settings.service.ts";
import {
  createSharedFile,
  deleteSharedFile,
  listSharedFiles,
  updateSharedFile,
} from "../features/admin/shared-files.service.ts";
import {
  applyWeeklySchedule,
  getWeeklySchedule,
  removeWeeklySchedule,
} from "../features/admin/standing-schedule.service.ts";
import { getFeedStatus, resetFeed } from "../features/calendar/calendar-feed.service.ts";

type Options = { db: Db; env: Env; uploadDir?: string };

/** zod at the edge: the first problem becomes the 400's `error`. */
function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError("BAD_REQUEST", result.error.issues[0]?.message ?? "Invalid request.");
  return result.data;
}

function idParam(request: FastifyRequest): string {
  const id = (request.params as { id?: string }).id ?? "";
  if (!z.uuid().safeParse(id).success) throw new AppError("NOT_FOUND", "Not found.");
  return id;
}

async function requireAdmin(request: FastifyRequest) {
  const admin = await request.sessionUser("admin");
  if (!admin) throw new AppError("UNAUTHORIZED", "Please sign in as the teacher.");
  if (!admin.isAdmin) throw new AppError("FORBIDDEN", "Administrator access required.");
  return admin;
}

async function adminApi(app: FastifyInstance, { db, env, uploadDir }: Options) {
  app.addHook("onRequest", async (request) => {
    await requireAdmin(request);
  });
  const me = async (request: FastifyRequest) => (await requireAdmin(request)).id;
  const myTeacher = async (request: FastifyRequest) => resolveTeacher(db, await requireAdmin(request));

  app.get("/dashboard", async () => ({ stats: await getDashboard(db) }));

  app.get("/bookings", async (request) =>
    listBookings(db, (await myTeacher(request)).id, parse(listBookingsSchema, request.query)),
  );
  app.get("/bookings/:id", async (request) => ({ booking: await getBooking(db, idParam(request)) }));
  app.put("/bookings/:id", async (request) => ({
    success: true,
    booking: await updateBooking(db, idParam(request), parse(updateBookingSchema, request.body), {
      publicUrl: env.PUBLIC_URL,
    }),
  }));

  app.get("/emails", async (request) =>
    listEmails(db, parse(listEmailsSchema, request.query), { smtpConfigured: Boolean(env.SMTP_URL) }),
  );
  app.post("/emails/:id/retry", async (request) => retryEmail(db, idParam(request)));

  app.get("/calendar-feed", async (request) => getFeedStatus(db, await me(request), "teacher"));
  app.post("/calendar-feed/reset", async (request) => {
    await myTeacher(request);
    return resetFeed(db, await me(request), "teacher", env.PUBLIC_URL);
  });

  app.get("/teachers", async () => listTeachers(db));
  app.get("/students", async (request) => listStudents(db, parse(listStudentsSchema, request.query)));

  app.get("/settings", async (request) => getAdminSettings(db, (await myTeacher(request)).id));
  app.put("/settings", async (request) => ({
    success: true,
    ...(await updateAdminSettings(
      db,
      (
        await myTeacher(request)
      ).id,
      parse(updateSettingsSchema, request.body).settings,
      { uploadDir },
    )),
  }));

  app.get("/student-notes", async (request) => listNotes(db, await me(request), parse(listNotesSchema, request.query)));
  app.get("/student-notes/tags/all", async (request) => listTags(db, await me(request)));
  app.post("/student-notes", async (request) => ({
    success: true,
    ...(await createNote(db, await me(request), parse(createNoteSchema, request.body))),
  }));
  app.get("/student-notes/:id", async (request) => getNote(db, await me(request), idParam(request)));
  app.put("/student-notes/:id", async (request) => ({
    success: true,
    ...(await updateNote(db, await me(request), idParam(request), parse(updateNoteSchema, request.body))),
  }));
  app.delete("/student-notes/:id", async (request) => deleteNote(db, await me(request), idParam(request)));

  app.get("/shared-files", async (request) => listSharedFiles(db, parse(listSharedFilesSchema, request.query)));
  app.post("/shared-files", async (request) => ({
    success: true,
    ...(await createSharedFile(db, await me(request), parse(createSharedFileSchema, request.body))),
  }));
  app.put("/shared-files/:id", async (request) => ({
    success: true,
    ...(await updateSharedFile(db, idParam(request), parse(updateSharedFileSchema, request.body))),
  }));
  app.delete("/shared-files/:id", async (request) => deleteSharedFile(db, idParam(request)));

  app.get("/availability", async (request) => {
    const input = parse(listSlotsSchema, request.query);
    return listAdminSlots(db, {
      start: input.start,
      end: input.end,
      teacherId: input.teacher_id ?? (await myTeacher(request)).id,
    });
  });

  app.get("/inbox", async (request) => getInbox(db, parse(inboxQuerySchema, request.query)));
  app.post<{ Params: { kind: string; id: string } }>("/inbox/:kind/:id/handled", async (request) => {
    const kind = parse(z.enum(["availability-request", "group-signup"]), request.params.kind);
    return markInboxItem(db, kind, idParam(request), parse(markHandledSchema, request.body).handled);
  });
}

/** POST /api/availability and friends: the teacher's own availability. */
async function availabilityApi(app: FastifyInstance, { db }: Options) {
  app.addHook("onRequest", async (request) => {
    await requireAdmin(request);
  });
  const myTeacher = async (request: FastifyRequest) => resolveTeacher(db, await requireAdmin(request));

  app.post("/", async (request) =>
    createSlot(db, (await myTeacher(request)).id, parse(createSlotSchema, request.body)),
  );
  app.post("/bulk", async (request) =>
    applyWeeklySchedule(db, (await myTeacher(request)).id, parse(bulkAvailabilitySchema, request.body)),
  );
  // The standing weekly schedule that /bulk sets: read it, or end it (future unbooked slots go).
  app.get("/schedule", async (request) => getWeeklySchedule(db, (await myTeacher(request)).id));
  app.delete<{ Querystring: { from?: string } }>("/schedule", async (request) => {
    const from = parse(instant, request.query.from ?? new Date().toISOString());
    return removeWeeklySchedule(db, (await myTeacher(request)).id, from);
  });
  app.post("/days-off", async (request) =>
    markDaysOff(db, (await myTeacher(request)).id, parse(daysOffSchema, request.body)),
  );
  app.delete("/:id", async (request) => deleteSlot(db, (await myTeacher(request)).id, idParam(request)));
  app.delete<{ Params: { id: string }; Querystring: { from?: string } }>("/series/:id", async (request) => {
    const from = parse(instant, request.query.from ?? new Date().toISOString());
    return deleteSeriesFrom(db, (await myTeacher(request)).id, idParam(request), from);
  });
}

export async function adminRoutes(app: FastifyInstance, opts: Options) {
  await app.register(adminApi, { ...opts, prefix: "/api/admin" });
  await app.register(availabilityApi, { ...opts, prefix: "/api/availability" });
}

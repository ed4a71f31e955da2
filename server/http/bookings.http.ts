// The spec's booking calls as mappings onto the booking router's procedures, and the paths that
// stay plain routes: a lesson's and an order's calendar file.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db.ts";
import type { Env } from "../env.ts";
import { getBookingIcs } from "../features/booking/booking.service.ts";
import { getOrderIcs } from "../features/booking/order.service.ts";
import { type ProcedureRoute, route } from "./procedure-routes.ts";

/** One path, two payloads (spec §7): a lesson booking carries lesson_date (or studentInfo) and
 * needs a student session; the /ref profile sign-up carries neither and needs none. */
const isLessonBooking = (body: unknown) =>
  typeof body === "object" && body !== null && ("lesson_date" in body || "studentInfo" in body);

export const bookingProcedureRoutes: ProcedureRoute[] = [
  {
    method: "POST",
    url: "/api/bookings",
    procedure: ({ body }) => (isLessonBooking(body) ? "booking.createBooking" : "booking.referralSignup"),
    input: ({ body }) => body,
  },
  route("POST", "/api/bookings/package", "booking.createPackageBooking", { input: ({ body }) => body }),
  route("GET", "/api/bookings/:id", "booking.getBooking", {
    input: ({ params }) => ({ id: params.id }),
    body: (booking) => ({ booking }),
  }),
  route("POST", "/api/pricing/validate", "booking.validatePrice", { input: ({ body }) => body }),
  route("POST", "/api/group-conversation/book", "booking.bookGroupConversation", { input: ({ body }) => body }),
];

/** What stays a plain route: a lesson's (or an order's) calendar file. */
export async function bookingRoutes(app: FastifyInstance, opts: { db: Db; env: Env }) {
  const { db } = opts;
  const icsHost = new URL(opts.env.PUBLIC_URL).hostname;

  // A lesson's file, and (issue 16) one file with every lesson of an order: for its student and admins only.
  const calendarFile = (load: typeof getBookingIcs) =>
    async function sendCalendarFile(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) {
      const [student, admin] = await Promise.all([request.sessionUser("student"), request.sessionUser("admin")]);
      const viewer = { studentId: student?.id ?? null, isAdmin: admin?.isAdmin === true };
      const { ics, filename } = await load(db, request.params.id, viewer, icsHost);
      return reply
        .header("Content-Type", "text/calendar; charset=utf-8")
        .header("Content-Disposition", `attachment; filename="${filename}"`)
        .header("Cache-Control", "private, no-store")
        .send(ics);
    };
  app.get("/api/calendar/booking/:id/ics", calendarFile(getBookingIcs));
  app.get("/api/calendar/order/:id/ics", calendarFile(getOrderIcs));
}

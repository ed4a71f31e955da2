// The spec's booking and public catalogue calls as mappings onto the booking router's procedures.
// A lesson's and an order's calendar file stay plain routes (server/http/calendar.http.ts).
import { type ProcedureRoute, route } from "../../http/procedure-routes.ts";

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

// The spec's public calls: the catalogue and the contact details.
export const catalogueProcedureRoutes: ProcedureRoute[] = [
  route("GET", "/api/pricing/packages", "booking.packages", { body: (packages) => ({ packages }) }),
  route("GET", "/api/pricing/packages/:id", "booking.package", {
    input: ({ params }) => ({ id: params.id }),
    body: (pkg) => ({ packages: [pkg] }),
  }),
  route("GET", "/api/pricing/teachers", "booking.teachers", { body: (teachers) => ({ teachers }) }),
  route("GET", "/api/group-conversation/events", "booking.groupEvents", { body: (events) => ({ events }) }),
  route("GET", "/api/group-conversation/packages", "booking.groupPackages", { body: (packages) => ({ packages }) }),
  route("GET", "/api/admin/public-config", "booking.publicContact", { body: (contact) => ({ contact }) }),
  route("GET", "/api/debug/contact-info", "booking.publicContact", {
    body: (contact) => ({ success: true, adminEmail: contact.email, adminPhoneNumber: contact.phone, error: null }),
  }),
];

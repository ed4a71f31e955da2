// The spec's /api/student/* calls as mappings onto the portal router: every path but
// validate-referral (the unguarded /ref page) needs a student session, and every service call is
// scoped by the session's user id, so a foreign id finds nothing (404). The data export stays a
// plain route (server/http/student-export.http.ts): a download, not a call.

import { type ProcedureRoute, queryFlag, route } from "../../http/procedure-routes.ts";
import { clearSessionCookie } from "../../plugins/session.ts";

const path = (rest: string) => `/api/student${rest}`;

export const studentProcedureRoutes: ProcedureRoute[] = [
  route("GET", path("/validate-referral/:code"), "portal.validateReferral", {
    input: ({ params }) => ({ code: params.code }),
  }),
  route("GET", path("/stats"), "portal.stats"),
  route("GET", path("/profile"), "portal.profile"),
  route("PUT", path("/profile"), "portal.saveProfile", { input: ({ body }) => body }),
  route("GET", path("/lessons"), "portal.lessons", {
    input: ({ query }) => ({ ...query, upcoming: queryFlag(query.upcoming) }),
  }),
  // Issue 31, item 2: `{ done: boolean }`; a lesson without a report, or another family's, is 404.
  route("POST", path("/lessons/:id/homework"), "portal.markHomework", {
    input: ({ params, body }) => ({ bookingId: params.id, done: (body as { done?: unknown } | null)?.done }),
    body: (result) => ({ success: true, ...result }),
  }),
  route("GET", path("/progress"), "portal.progress"),
  route("GET", path("/credits"), "portal.credits"),
  route("GET", path("/documents"), "portal.documents"),
  route("GET", path("/orders"), "portal.orders", { input: ({ query }) => query }),
  route("GET", path("/orders/:id"), "portal.order", { input: ({ params }) => ({ id: params.id }) }),
  route("GET", path("/learners"), "portal.learners"),
  route("POST", path("/learners"), "portal.addLearner", {
    input: ({ body }) => body,
    body: (result, { reply }) => {
      reply.code(201);
      return result;
    },
  }),
  route("PUT", path("/learners/:id"), "portal.updateLearner", {
    input: ({ params, body }) => ({ id: params.id, data: body }),
  }),
  route("GET", path("/referrals"), "portal.referrals"),
  route("POST", path("/referrals"), "portal.inviteFriend", {
    input: ({ body }) => body,
    body: (result, { reply }) => {
      reply.code(result.created ? 201 : 200);
      return result;
    },
  }),
  // `?learner_id=`: one learner's of the family (another family's learner is a 404).
  route("GET", path("/quiz-results"), "portal.quizResults", { input: ({ query }) => query }),
  route("GET", path("/progress/levels"), "portal.levelProgress", { input: ({ query }) => query }),
  route("GET", path("/resources"), "portal.resources"),
  route("GET", path("/files"), "portal.files", { input: ({ query }) => query }),
  route("GET", path("/notes"), "portal.notes", { input: ({ query }) => query }),
  route("POST", path("/files/access-log"), "portal.logFileAccess", { input: ({ body }) => body }),
  route("GET", path("/cancellation-summary"), "portal.cancellationSummary"),
  route("GET", path("/can-cancel/:bookingId"), "portal.cancellationCheck", {
    input: ({ params }) => ({ bookingId: params.bookingId }),
  }),
  route("POST", path("/request-cancellation"), "portal.requestCancellation", { input: ({ body }) => body }),
  route("POST", path("/rebook"), "portal.rebook", { input: ({ body }) => body }),
  route("GET", path("/cancellations"), "portal.cancellations"),
  route("GET", path("/can-move/:bookingId"), "portal.moveCheck", {
    input: ({ params }) => ({ bookingId: params.bookingId }),
  }),
  route("POST", path("/bookings/:id/move"), "portal.moveLesson", {
    input: ({ params, body }) => ({
      booking_id: params.id,
      lesson_date: (body as { lesson_date?: unknown } | null)?.lesson_date,
    }),
  }),
  // Data rights: erasure of the account. The sessions go with it; over REST the cookie goes too.
  route("POST", path("/delete-account"), "portal.deleteAccount", {
    input: ({ body }) => body,
    body: (result, { reply, env }) => {
      clearSessionCookie(reply, "student", env.isProduction);
      return result;
    },
  }),
  // Issue 31, item 3: the waitlist. The offer's page and its acceptance are the portal's own calls.
  route("GET", path("/waitlist"), "portal.waitlist"),
  route("POST", path("/waitlist"), "portal.joinWaitlist", {
    input: ({ body }) => body,
    body: (result, { reply }) => {
      reply.code(201);
      return result;
    },
  }),
  route("DELETE", path("/waitlist/:id"), "portal.withdrawWaitlist", { input: ({ params }) => ({ id: params.id }) }),
  route("GET", path("/calendar-feed"), "portal.calendarFeed.get"),
  route("POST", path("/calendar-feed/reset"), "portal.calendarFeed.reset"),
];

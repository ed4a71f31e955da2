import { BOOKING_UNAUTHORIZED_MESSAGE } from "../../../shared/constants.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { requestLocale } from "../../i18n.ts";
import type { RateLimitBucket } from "../../plugins/rate-limit.ts";
import type { Context } from "../../trpc/context.ts";
import {
  invalidInputSays,
  limitCallOf,
  publicProcedure,
  rateLimitedProcedure,
  router,
  studentProcedure,
} from "../../trpc/init.ts";
import { requireStudent } from "../auth/roles.ts";
import { publicAvailabilityProcedures } from "../availability/availability.router.ts";
import { payerDetailsForBooking } from "../billing/billing.service.ts";
import {
  bookingIdSchema,
  groupConversationBookingSchema,
  packageBookingSchema,
  packageIdSchema,
  quoteSchema,
  REQUIRED_FIELDS,
  referralSignupSchema,
  singleBookingSchema,
  validatePriceSchema,
} from "./booking.schemas.ts";
import { bookGroupConversation, createBooking, createPackageBooking, getVisibleBooking } from "./booking.service.ts";
import {
  getPackage,
  listGroupConversationEvents,
  listGroupConversationPackages,
  listPackages,
  listPublicTeachers,
} from "./catalogue.service.ts";
import { getPublicContact } from "./contact.service.ts";
import { idempotencyKeyOf } from "./idempotency.service.ts";
import { quotePrice, validatePrice } from "./pricing.service.ts";
import { registerReferralSignup } from "./referral.service.ts";

/** A student's write: counted in `buckets` (a visitor's attempt too), then only for a signed-in student. */
const studentWriteIn = (buckets: RateLimitBucket | readonly RateLimitBucket[]) =>
  rateLimitedProcedure(buckets).use(async ({ ctx, next }) =>
    next({ ctx: { ...ctx, student: await requireStudent(ctx.sessionUser, BOOKING_UNAUTHORIZED_MESSAGE) } }),
  );
const bookingProcedure = studentWriteIn("booking");

/**
 * A quote or price check for whoever is signed in. One carrying a referral code says whether the
 * code exists: counted as a code lookup too, like GET /api/student/validate-referral/:code.
 */
async function checkPrice<Input extends { referralCode?: string | null }, Result>(
  ctx: Context,
  input: Input,
  check: (db: Context["db"], studentId: string | null, input: Input, locale: Locale) => Promise<Result>,
) {
  if (input.referralCode) await limitCallOf(ctx, "code-lookup");
  const student = await ctx.sessionUser("student");
  return check(ctx.db, student?.id ?? null, input, requestLocale(ctx.headers));
}

export const bookingRouter = router({
  packages: publicProcedure.query(({ ctx }) => listPackages(ctx.db)),
  package: publicProcedure.input(packageIdSchema).query(({ ctx, input }) => getPackage(ctx.db, input.id)),
  teachers: publicProcedure.query(({ ctx }) => listPublicTeachers(ctx.db)),
  groupEvents: publicProcedure.query(({ ctx }) => listGroupConversationEvents(ctx.db)),
  groupPackages: publicProcedure.query(({ ctx }) => listGroupConversationPackages(ctx.db)),
  ...publicAvailabilityProcedures,
  quote: rateLimitedProcedure("quote")
    .input(quoteSchema)
    .query(({ ctx, input }) => checkPrice(ctx, input, quotePrice)),
  validatePrice: rateLimitedProcedure("quote")
    .input(validatePriceSchema)
    .mutation(({ ctx, input }) => checkPrice(ctx, input, validatePrice)),
  createBooking: bookingProcedure.input(singleBookingSchema).mutation(({ ctx, input }) =>
    createBooking(ctx.db, ctx.student, input, {
      publicUrl: ctx.env.PUBLIC_URL,
      idempotencyKey: idempotencyKeyOf(ctx.headers, input.idempotencyKey),
    }),
  ),
  createPackageBooking: bookingProcedure.input(packageBookingSchema).mutation(({ ctx, input }) =>
    createPackageBooking(ctx.db, ctx.student, input, {
      publicUrl: ctx.env.PUBLIC_URL,
      idempotencyKey: idempotencyKeyOf(ctx.headers, input.idempotencyKey),
    }),
  ),
  /** Whether the details step asks for the payer's fiscal data (the teacher's regime needs it). */
  payerDetails: studentProcedure.query(({ ctx }) => payerDetailsForBooking(ctx.db, ctx.student.id)),
  getBooking: publicProcedure.input(bookingIdSchema).query(async ({ ctx, input }) => {
    const [student, admin] = await Promise.all([ctx.sessionUser("student"), ctx.sessionUser("admin")]);
    return getVisibleBooking(ctx.db, input.id, { studentId: student?.id ?? null, isAdmin: admin?.isAdmin === true });
  }),
  // Holds no slot and costs nothing to repeat, but mails the teacher and fills her inbox: hourly.
  bookGroupConversation: studentWriteIn("request")
    .input(groupConversationBookingSchema)
    .mutation(({ ctx, input }) => bookGroupConversation(ctx.db, ctx.student, input, ctx.env.PUBLIC_URL)),
  referralSignup: rateLimitedProcedure(["booking", "request"])
    .use(invalidInputSays(REQUIRED_FIELDS))
    .input(referralSignupSchema)
    .mutation(async ({ ctx, input }) => registerReferralSignup(ctx.db, input, await ctx.sessionUser("student"))),
  publicContact: publicProcedure.query(({ ctx }) =>
    getPublicContact(ctx.db, { email: ctx.env.CONTACT_EMAIL, phone: ctx.env.CONTACT_PHONE }),
  ),
});

import { z } from "zod";
import {
  availabilityQuerySchema,
  availabilityRequestSchema,
  bookingIdSchema,
  groupConversationBookingSchema,
  packageBookingSchema,
  quoteSchema,
  referralSignupSchema,
  singleBookingSchema,
  validatePriceSchema,
} from "../../../shared/booking-schemas.ts";
import { enforceRateLimit } from "../../plugins/rate-limit.ts";
import type { Context } from "../../trpc/context.ts";
import { publicProcedure, router, studentProcedure } from "../../trpc/init.ts";
import { cachedAvailability } from "./availability-cache.ts";
import { createAvailabilityRequest } from "./availability-request.service.ts";
import { bookGroupConversation, createBooking, createPackageBooking, getBooking } from "./booking.service.ts";
import {
  getPackage,
  listGroupConversationEvents,
  listGroupConversationPackages,
  listPackages,
  listTeachers,
} from "./catalogue.service.ts";
import { getPublicContact } from "./contact.service.ts";
import { quotePrice, validatePrice } from "./pricing.service.ts";
import { registerReferralSignup } from "./referral.service.ts";

/** The same per-account (or per-address) booking limit as the REST routes. */
const limitBookingWrites = (ctx: Context, subject: string) =>
  enforceRateLimit(ctx.rateLimiter, "booking", subject, { limit: ctx.env.RATE_LIMIT_BOOKING, windowMs: 60_000 });

export const bookingRouter = router({
  packages: publicProcedure.query(({ ctx }) => listPackages(ctx.db)),
  package: publicProcedure
    .input(z.object({ id: z.string().min(1).max(100) }))
    .query(({ ctx, input }) => getPackage(ctx.db, input.id)),
  teachers: publicProcedure.query(({ ctx }) => listTeachers(ctx.db)),
  groupEvents: publicProcedure.query(({ ctx }) => listGroupConversationEvents(ctx.db)),
  groupPackages: publicProcedure.query(({ ctx }) => listGroupConversationPackages(ctx.db)),
  requestCustomAvailability: publicProcedure.input(availabilityRequestSchema).mutation(async ({ ctx, input }) => {
    const student = await ctx.sessionUser("student");
    return createAvailabilityRequest(ctx.db, input, student?.id ?? null, ctx.env.PUBLIC_URL);
  }),
  availability: publicProcedure
    .input(availabilityQuerySchema.optional())
    .query(({ ctx, input }) => cachedAvailability(ctx.db, ctx.availabilityCache, input ?? {})),
  quote: publicProcedure.input(quoteSchema).query(async ({ ctx, input }) => {
    const student = await ctx.sessionUser("student");
    return quotePrice(ctx.db, student?.id ?? null, input);
  }),
  validatePrice: publicProcedure.input(validatePriceSchema).mutation(async ({ ctx, input }) => {
    const student = await ctx.sessionUser("student");
    return validatePrice(ctx.db, student?.id ?? null, input);
  }),
  createBooking: studentProcedure.input(singleBookingSchema).mutation(async ({ ctx, input }) => {
    await limitBookingWrites(ctx, ctx.student.id);
    return createBooking(ctx.db, ctx.student, input, { publicUrl: ctx.env.PUBLIC_URL });
  }),
  createPackageBooking: studentProcedure.input(packageBookingSchema).mutation(async ({ ctx, input }) => {
    await limitBookingWrites(ctx, ctx.student.id);
    return createPackageBooking(ctx.db, ctx.student, input, { publicUrl: ctx.env.PUBLIC_URL });
  }),
  getBooking: publicProcedure.input(bookingIdSchema).query(async ({ ctx, input }) => {
    const [student, admin] = await Promise.all([ctx.sessionUser("student"), ctx.sessionUser("admin")]);
    return getBooking(ctx.db, input.id, { studentId: student?.id ?? null, isAdmin: admin?.isAdmin === true });
  }),
  bookGroupConversation: studentProcedure.input(groupConversationBookingSchema).mutation(async ({ ctx, input }) => {
    await limitBookingWrites(ctx, ctx.student.id);
    return bookGroupConversation(ctx.db, ctx.student, input, ctx.env.PUBLIC_URL);
  }),
  referralSignup: publicProcedure.input(referralSignupSchema).mutation(async ({ ctx, input }) => {
    await limitBookingWrites(ctx, ctx.clientIp);
    return registerReferralSignup(ctx.db, input);
  }),
  publicContact: publicProcedure.query(({ ctx }) =>
    getPublicContact(ctx.db, { email: ctx.env.CONTACT_EMAIL, phone: ctx.env.CONTACT_PHONE }),
  ),
});

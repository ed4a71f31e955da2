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
import {
  limitCallOf,
  publicProcedure,
  rateLimitedProcedure,
  rateLimitedStudentProcedure,
  router,
} from "../../trpc/init.ts";
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

export const bookingRouter = router({
  packages: publicProcedure.query(({ ctx }) => listPackages(ctx.db)),
  package: publicProcedure
    .input(z.object({ id: z.string().min(1).max(100) }))
    .query(({ ctx, input }) => getPackage(ctx.db, input.id)),
  teachers: publicProcedure.query(({ ctx }) => listTeachers(ctx.db)),
  groupEvents: publicProcedure.query(({ ctx }) => listGroupConversationEvents(ctx.db)),
  groupPackages: publicProcedure.query(({ ctx }) => listGroupConversationPackages(ctx.db)),
  requestCustomAvailability: rateLimitedProcedure("request")
    .input(availabilityRequestSchema)
    .mutation(async ({ ctx, input }) => {
      const student = await ctx.sessionUser("student");
      return createAvailabilityRequest(ctx.db, input, student?.id ?? null, ctx.env.PUBLIC_URL);
    }),
  availability: publicProcedure
    .input(availabilityQuerySchema.optional())
    .query(({ ctx, input }) => cachedAvailability(ctx.db, ctx.availabilityCache, input ?? {})),
  // A quote or price check carrying a referral code says whether the code exists: counted as a
  // code lookup too, like GET /api/student/validate-referral/:code.
  quote: rateLimitedProcedure("quote")
    .input(quoteSchema)
    .query(async ({ ctx, input }) => {
      if (input.referralCode) await limitCallOf(ctx, "code-lookup");
      const student = await ctx.sessionUser("student");
      return quotePrice(ctx.db, student?.id ?? null, input);
    }),
  validatePrice: rateLimitedProcedure("quote")
    .input(validatePriceSchema)
    .mutation(async ({ ctx, input }) => {
      if (input.referralCode) await limitCallOf(ctx, "code-lookup");
      const student = await ctx.sessionUser("student");
      return validatePrice(ctx.db, student?.id ?? null, input);
    }),
  createBooking: rateLimitedStudentProcedure("booking")
    .input(singleBookingSchema)
    .mutation(({ ctx, input }) => createBooking(ctx.db, ctx.student, input, { publicUrl: ctx.env.PUBLIC_URL })),
  createPackageBooking: rateLimitedStudentProcedure("booking")
    .input(packageBookingSchema)
    .mutation(({ ctx, input }) => createPackageBooking(ctx.db, ctx.student, input, { publicUrl: ctx.env.PUBLIC_URL })),
  getBooking: publicProcedure.input(bookingIdSchema).query(async ({ ctx, input }) => {
    const [student, admin] = await Promise.all([ctx.sessionUser("student"), ctx.sessionUser("admin")]);
    return getBooking(ctx.db, input.id, { studentId: student?.id ?? null, isAdmin: admin?.isAdmin === true });
  }),
  bookGroupConversation: rateLimitedStudentProcedure("booking")
    .input(groupConversationBookingSchema)
    .mutation(({ ctx, input }) => bookGroupConversation(ctx.db, ctx.student, input, ctx.env.PUBLIC_URL)),
  referralSignup: rateLimitedProcedure(["booking", "request"])
    .input(referralSignupSchema)
    .mutation(({ ctx, input }) => registerReferralSignup(ctx.db, input)),
  publicContact: publicProcedure.query(({ ctx }) =>
    getPublicContact(ctx.db, { email: ctx.env.CONTACT_EMAIL, phone: ctx.env.CONTACT_PHONE }),
  ),
});

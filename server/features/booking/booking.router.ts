import { z } from "zod";
import { publicProcedure, router } from "../../trpc/init.ts";
import {
  getPackage,
  listGroupConversationEvents,
  listGroupConversationPackages,
  listPackages,
  listTeachers,
} from "./catalogue.service.ts";
import { getPublicContact } from "./contact.service.ts";
import { availabilityRequestSchema } from "../../../shared/booking-schemas.ts";
import { createAvailabilityRequest } from "./availability-request.service.ts";

export const bookingRouter = router({
  packages: publicProcedure.query(({ ctx }) => listPackages(ctx.db)),
  package: publicProcedure.input(z.object({ id: z.string().min(1).max(100) })).query(({ ctx, input }) => getPackage(ctx.db, input.id)),
  teachers: publicProcedure.query(({ ctx }) => listTeachers(ctx.db)),
  groupEvents: publicProcedure.query(({ ctx }) => listGroupConversationEvents(ctx.db)),
  groupPackages: publicProcedure.query(({ ctx }) => listGroupConversationPackages(ctx.db)),
  requestCustomAvailability: publicProcedure.input(availabilityRequestSchema).mutation(async ({ ctx, input }) => {
    const student = await ctx.sessionUser("student");
    return createAvailabilityRequest(ctx.db, input, student?.id ?? null);
  }),
  publicContact: publicProcedure.query(({ ctx }) =>
    getPublicContact(ctx.db, { email: ctx.env.CONTACT_EMAIL, phone: ctx.env.CONTACT_PHONE }),
  ),
});

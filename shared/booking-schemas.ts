import { z } from "zod";

const text = (max: number) => z.string().trim().max(max);

/** The custom availability dialog: name, email, availability and city/time zone required. */
export const availabilityRequestSchema = z.object({
  name: text(120).min(1, "Name is required"),
  email: z.email("Please enter a valid email address").max(254),
  availability: text(2000).min(1, "Availability is required"),
  location: text(200).min(1, "City or time zone is required"),
  phone: text(40).optional().or(z.literal("")),
  packageInfo: z.record(z.string(), z.unknown()).optional().nullable(),
  teacherInfo: z.record(z.string(), z.unknown()).optional().nullable(),
});
export type AvailabilityRequestInput = z.infer<typeof availabilityRequestSchema>;

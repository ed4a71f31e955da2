// The message catalogues: one JSON file per language and area (messages/<locale>/<area>.json), so
// a page downloads only its own area's texts in its own language. The English files are the
// reference: their keys are the `MessageKey` type, so a key no catalogue holds does not compile,
// and tests/unit/catalogues.test.ts holds every language to the same keys and placeholders.
import type admin from "./messages/en/admin.json";
import type billing from "./messages/en/billing.json";
import type booking from "./messages/en/booking.json";
import type bookingConfirmation from "./messages/en/booking-confirmation.json";
import type bookingDetails from "./messages/en/booking-details.json";
import type bookingGroup from "./messages/en/booking-group.json";
import type bookingLearners from "./messages/en/booking-learners.json";
import type bookingPackages from "./messages/en/booking-packages.json";
import type bookingSchedule from "./messages/en/booking-schedule.json";
import type common from "./messages/en/common.json";
import type documents from "./messages/en/documents.json";
import type email from "./messages/en/email.json";
import type errors from "./messages/en/errors.json";
import type landing from "./messages/en/landing.json";
import type levels from "./messages/en/levels.json";
import type portal from "./messages/en/portal.json";
import type quiz from "./messages/en/quiz.json";

// The booking flow's words are one area per step, beside the frame's ("booking"): a step downloads
// its own, as it does its code (the steps' 130 KB budget, tests/e2e/bundle.spec.ts).
export const AREAS = [
  "common",
  "landing",
  "booking",
  "booking-packages",
  "booking-schedule",
  "booking-details",
  // The details step's parts that arrive on their own, their words with them: the group
  // conversation offer, and the choice of the family's learner (signed in).
  "booking-group",
  "booking-learners",
  "booking-confirmation",
  // The payer's fiscal data: the portal's profile, and the booking's details step when the teacher's regime needs it.
  "billing",
  "portal",
  // The level chart (issue 31, item 4), shown in the portal and the teacher's learner profile: it
  // arrives with the chart.
  "levels",
  "quiz",
  "admin",
  "email",
  "errors",
  "documents",
] as const;
export type Area = (typeof AREAS)[number];
/** The areas only the server speaks (emails, refusals, the PDFs of receipts and invoices): no page downloads them. */
export const SERVER_AREAS = ["email", "errors", "documents"] as const satisfies readonly Area[];
/** The areas the pages show. */
export type PageArea = Exclude<Area, (typeof SERVER_AREAS)[number]>;
export const PAGE_AREAS: readonly PageArea[] = AREAS.filter(
  (area): area is PageArea => !(SERVER_AREAS as readonly Area[]).includes(area),
);

export type MessageKey =
  | keyof typeof common
  | keyof typeof landing
  | keyof typeof booking
  | keyof typeof bookingPackages
  | keyof typeof bookingSchedule
  | keyof typeof bookingDetails
  | keyof typeof bookingGroup
  | keyof typeof bookingLearners
  | keyof typeof bookingConfirmation
  | keyof typeof billing
  | keyof typeof portal
  | keyof typeof levels
  | keyof typeof quiz
  | keyof typeof admin
  | keyof typeof email
  | keyof typeof errors
  | keyof typeof documents;

/** The values an ICU message's placeholders take. */
export type MessageValues = Record<string, string | number | Date>;

/** A translation function bound to one language. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

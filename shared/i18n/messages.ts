// The message catalogues: one JSON file per language and area (messages/<locale>/<area>.json), so
// a page downloads only its own area's texts in its own language. The English files are the
// reference: their keys are the `MessageKey` type, so a key no catalogue holds does not compile,
// and tests/unit/catalogues.test.ts holds every language to the same keys and placeholders.
import type admin from "./messages/en/admin.json";
import type booking from "./messages/en/booking.json";
import type common from "./messages/en/common.json";
import type email from "./messages/en/email.json";
import type errors from "./messages/en/errors.json";
import type landing from "./messages/en/landing.json";
import type portal from "./messages/en/portal.json";
import type quiz from "./messages/en/quiz.json";

export const AREAS = ["common", "landing", "booking", "portal", "quiz", "admin", "email", "errors"] as const;
export type Area = (typeof AREAS)[number];

export type MessageKey =
  | keyof typeof common
  | keyof typeof landing
  | keyof typeof booking
  | keyof typeof portal
  | keyof typeof quiz
  | keyof typeof admin
  | keyof typeof email
  | keyof typeof errors;

/** The values an ICU message's placeholders take. */
export type MessageValues = Record<string, string | number | Date>;

/** A translation function bound to one language. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

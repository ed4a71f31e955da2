// The message catalogues: one JSON file per language and area (messages/<locale>/<area>.json), so
// a page downloads only its own area's texts in its own language. The English files are the
// reference: their keys are the `MessageKey` type, so a key no catalogue holds does not compile,
// and tests/unit/catalogues.test.ts holds every language to the same keys and placeholders.
import type common from "./messages/en/common.json";
import type landing from "./messages/en/landing.json";

export const AREAS = ["common", "landing"] as const;
export type Area = (typeof AREAS)[number];

export type MessageKey = keyof typeof common | keyof typeof landing;

/** The values an ICU message's placeholders take. */
export type MessageValues = Record<string, string | number | Date>;

/** A translation function bound to one language. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

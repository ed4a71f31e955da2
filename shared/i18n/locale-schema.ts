// The language a request names (a booking, the profile, the teacher's settings): one of the site's,
// or a clear refusal naming them.
import { z } from "zod";
import { LOCALES } from "./locales.ts";

export const localeSchema = z.enum(LOCALES, { error: `The locale must be one of: ${LOCALES.join(", ")}.` });

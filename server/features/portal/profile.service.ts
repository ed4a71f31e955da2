// The student's own profile: read and saved by the session's id only.

import { z } from "zod";
import { ENGLISH_LEVELS, NAME_REQUIRED_MESSAGE } from "../../../shared/constants.ts";
import { localeSchema } from "../../../shared/i18n/locale-schema.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../shared/i18n/locales.ts";
import { multiLineText, personName, singleLineText } from "../../../shared/text.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import * as data from "./portal.data.ts";

// ---- profile ----

const optionalText = (max: number, lines: "single" | "multi" = "single") =>
  (lines === "single" ? singleLineText(max) : multiLineText(max)).nullish().transform((v) => (v ? v : null));

export const profileUpdateSchema = z.object({
  name: personName(120, NAME_REQUIRED_MESSAGE),
  phone: optionalText(40),
  englishLevel: z
    .union([z.enum(ENGLISH_LEVELS), z.literal(""), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  lessonFocus: optionalText(1000, "multi"),
  preferredType: z
    .union([z.enum(["online", "in-person", "either"]), z.literal(""), z.null()])
    .optional()
    .transform((v) => (v ? v : null)),
  preferredLocation: optionalText(200),
  notes: optionalText(2000, "multi"),
  /** The language of everything that reaches the student (issue 29); unchanged when absent. */
  locale: localeSchema.optional(),
});

type ProfileRow = NonNullable<Awaited<ReturnType<typeof data.findProfile>>>;
const toProfileDto = (p: ProfileRow) => ({
  id: p.id,
  name: p.name,
  email: p.email,
  phone: p.phone,
  englishLevel: p.englishLevel,
  lessonFocus: p.lessonFocus,
  preferredType: p.preferredType,
  preferredLocation: p.preferredLocation,
  notes: p.notes,
  imageUrl: p.imageUrl,
  referralCode: p.referralCode,
  locale: isLocale(p.locale) ? p.locale : DEFAULT_LOCALE,
  memberSince: p.createdAt.toISOString(),
});

export async function getProfile(db: Db, studentId: string) {
  const profile = await data.findProfile(db, studentId);
  if (!profile) throw new AppError("NOT_FOUND", "Profile not found.");
  return toProfileDto(profile);
}

/** Only the account's language: what the portal's language switch changes. */
export const localeUpdateSchema = z.object({ locale: localeSchema });

export async function saveLocale(db: Db, studentId: string, locale: Locale): Promise<Locale> {
  await data.updateLocale(db, studentId, locale);
  return locale;
}

export async function saveProfile(db: Db, studentId: string, input: z.infer<typeof profileUpdateSchema>) {
  return toProfileDto(await data.updateProfile(db, studentId, input));
}

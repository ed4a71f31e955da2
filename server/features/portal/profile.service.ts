// The student's own profile: read and saved by the session's id only.

import type { z } from "zod";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../shared/i18n/locales.ts";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { getPayerBilling, setPayerBilling } from "../billing/billing.service.ts";
import * as data from "./portal.data.ts";
import type { profileUpdateSchema } from "./portal.schemas.ts";

// ---- profile ----

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
  const [profile, billing] = await Promise.all([data.findProfile(db, studentId), getPayerBilling(db, studentId)]);
  if (!profile) throw new AppError("NOT_FOUND", "Profile not found.");
  return { ...toProfileDto(profile), billing };
}

/** Only the account's language: what the portal's language switch changes. */
export async function saveLocale(db: Db, studentId: string, locale: Locale): Promise<Locale> {
  await data.updateLocale(db, studentId, locale);
  return locale;
}

export async function saveProfile(db: Db, studentId: string, input: z.infer<typeof profileUpdateSchema>) {
  const { billing, ...fields } = input;
  const [profile, payer] = await db.$transaction(async (tx) => [
    await data.updateProfile(tx, studentId, fields),
    billing ? await setPayerBilling(tx, studentId, billing) : await getPayerBilling(tx, studentId),
  ]);
  return { ...toProfileDto(profile), billing: payer };
}

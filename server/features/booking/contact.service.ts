// Public contact details: the first teacher's own email and phone when set, else the
// CONTACT_EMAIL / CONTACT_PHONE configuration.
import { AFTER_HOURS_TEXT } from "../../../shared/constants.ts";
import type { Db } from "../../db.ts";
import { loadSiteRules } from "../availability/availability.service.ts";
import { listActiveTeachers } from "./catalogue.data.ts";

export type ContactFallback = { email: string; phone: string };

export async function getPublicContact(db: Db, fallback: ContactFallback) {
  const [[teacher], { zone, cancellationNotice, creditExpiryMonths }] = await Promise.all([
    listActiveTeachers(db),
    loadSiteRules(db),
  ]);
  return {
    email: teacher?.email || fallback.email,
    phone: teacher?.phone || fallback.phone,
    availabilityText: AFTER_HOURS_TEXT,
    /** The teacher's zone (settings): the portal shows lesson times in it. */
    timezone: zone,
    /** The notice a cancellation or a move needs: the policy card states it before purchase. */
    cancellationNotice,
    /** How long a package's lessons stay usable, in months (issue 30): stated before purchase too. */
    creditExpiryMonths,
  };
}

// Public contact details: the first teacher's own email and phone when set, else the
// CONTACT_EMAIL / CONTACT_PHONE configuration.
import { AFTER_HOURS_TEXT } from "../../../shared/constants.ts";
import type { Db } from "../../db.ts";
import { listActiveTeachers } from "./catalogue.data.ts";

export type ContactFallback = { email: string; phone: string };

export async function getPublicContact(db: Db, fallback: ContactFallback) {
  const [teacher] = await listActiveTeachers(db);
  return {
    email: teacher?.email || fallback.email,
    phone: teacher?.phone || fallback.phone,
    availabilityText: AFTER_HOURS_TEXT,
  };
}

import { newReferralCode } from "../../codes.ts";
import type { DbOrTx } from "../../db.ts";
import { ensureUserByEmail } from "./account.data.ts";

export const DEMO_STUDENT_EMAIL = "demo.student@example.com";

/** The demo student used by the local demo sign-in and the demo data; never in production. */
export async function ensureDemoStudent(db: DbOrTx) {
  return ensureUserByEmail(db, DEMO_STUDENT_EMAIL, {
    emailVerified: true,
    name: "Sofia Bianchi",
    phone: "+39 340 555 0101",
    englishLevel: "intermediate",
    lessonFocus: "Speaking confidence for work meetings",
    preferredType: "either",
    referralCode: newReferralCode(),
  });
}

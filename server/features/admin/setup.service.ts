// The first-run checklist of the admin dashboard (issue 33, item 8): what a new teacher has to set
// before students can book and be taught, each item done by what the settings already hold.

import type { Db } from "../../db.ts";
import { getBillingProfile } from "../billing/billing.service.ts";
import { meetingLinkFor, meetingRulesOf } from "../booking/meeting-room.ts";
import { applyMeetingLinkToUpcoming, findTeacherProfile, hasWeeklySchedule } from "./settings.data.ts";
import { getSiteSettings } from "./settings.service.ts";

export async function getSetupChecklist(db: Db, teacherId: string, env: { googleSignIn: boolean }) {
  const [teacher, site, billing, schedule] = await Promise.all([
    findTeacherProfile(db, teacherId),
    getSiteSettings(db),
    getBillingProfile(db),
    hasWeeklySchedule(db, teacherId),
  ]);
  const items = {
    profile: teacher.bio.trim() !== "" && Boolean(teacher.imageUrl),
    payment:
      site.paymentInstructions.trim() !== "" ||
      [billing.iban, billing.satispayLink, billing.paypalLink, billing.cardLink].some((v) => v.trim() !== ""),
    // A fixed link, a Jitsi room or a default link: every confirmed online lesson gets one.
    meetingLink: meetingLinkFor(meetingRulesOf(site), "online") !== null,
    schedule,
    googleSignIn: env.googleSignIn,
  };
  return { items, done: Object.values(items).every(Boolean) };
}

/** The new default meeting link, given to upcoming online lessons with none or the old one. */
export async function applyDefaultMeetingLink(
  db: Db,
  teacherId: string,
  input: { link: string; previous: string | null },
  now = new Date(),
) {
  const updated = await applyMeetingLinkToUpcoming(db, teacherId, input.link, input.previous, now);
  return { updated };
}

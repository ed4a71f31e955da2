// Daily housekeeping, run by the scheduler (never on a request's path): expired sessions,
// idempotency records past their day, mail that was sent a while ago and time taken out of the
// standing schedule that lies in the past. Each delete is one statement, safe with several
// processes (a row deleted twice is deleted once).
import type { Db } from "../../db.ts";
import { deleteExpiredSessions } from "../auth/session.data.ts";
import { deleteExceptionsEndedBefore } from "../availability/standing-schedule.data.ts";
import { deleteIdempotencyRecordsBefore } from "../booking/booking.data.ts";
import { IDEMPOTENCY_KEEP_MS } from "../booking/idempotency.service.ts";
import { deleteSettledEmails } from "../mail/mail.data.ts";

const DAY_MS = 86_400_000;
/** Sent mail stays visible in the admin's Email view for a month. */
export const SENT_MAIL_KEEP_DAYS = 30;
/** Held (no SMTP configured) and failed mail stays for three months, for the teacher to read or retry. */
export const UNSENT_MAIL_KEEP_DAYS = 90;

export async function runHousekeeping(db: Db, now: Date) {
  const sessions = await deleteExpiredSessions(db, now);
  const idempotencyRecords = await deleteIdempotencyRecordsBefore(db, new Date(now.getTime() - IDEMPOTENCY_KEEP_MS));
  const emails = await deleteSettledEmails(db, {
    sentBefore: new Date(now.getTime() - SENT_MAIL_KEEP_DAYS * DAY_MS),
    settledBefore: new Date(now.getTime() - UNSENT_MAIL_KEEP_DAYS * DAY_MS),
  });
  const exceptions = await deleteExceptionsEndedBefore(db, now);
  return { sessions, idempotencyRecords, emails, exceptions };
}

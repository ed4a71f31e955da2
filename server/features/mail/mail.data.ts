import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../shared/i18n/locales.ts";
import { hasNoEmail } from "../../../shared/no-email.ts";
import { Prisma } from "../../db/generated/client.ts";
import { type PageWindow, readPage } from "../../db/paged.ts";
import type { Db, DbOrTx } from "../../db.ts";

/** The site's time zone, the teacher's language and the first active teacher, who signs the mails and receives the notices. */
export async function findMailSender(db: Db) {
  const [settings, teacher] = await Promise.all([
    db.adminSettings.findUnique({ where: { id: "site" }, select: { timezone: true, teacherLocale: true } }),
    db.teacher.findFirst({
      where: { isActive: true },
      orderBy: { createdAt: "asc" },
      select: { name: true, email: true },
    }),
  ]);
  return { settings, teacher };
}

/** A lesson's time, state and place: what every message about it and the student's export state. */
export const lessonFactsSelect = {
  id: true,
  startsAt: true,
  endsAt: true,
  status: true,
  lessonType: true,
  meetingLink: true,
  location: true,
} as const satisfies Prisma.BookingSelect;

/** What the mail about one lesson needs: the facts, and to whom in which zone and language. */
export const lessonMailSelect = {
  ...lessonFactsSelect,
  studentName: true,
  guardianName: true,
  studentEmail: true,
  studentTimezone: true,
  order: { select: { locale: true } },
  student: { select: { locale: true } },
} as const satisfies Prisma.BookingSelect;

/**
 * The language of a student's mail about a lesson: its order's (the language it was booked in),
 * else the account's, else English.
 */
export function lessonLocale(row: { order?: { locale: string } | null; student?: { locale: string } | null }): Locale {
  if (isLocale(row.order?.locale)) return row.order.locale;
  if (isLocale(row.student?.locale)) return row.student.locale;
  return DEFAULT_LOCALE;
}

/** The language of the account with this address (English when there is none). */
export async function findAccountLocale(db: DbOrTx, email: string): Promise<Locale> {
  const user = await db.user.findUnique({ where: { email: email.toLowerCase() }, select: { locale: true } });
  return isLocale(user?.locale) ? user.locale : DEFAULT_LOCALE;
}

/**
 * A file a mail carries. Text (a calendar file) is stored as it is; binary content (a PDF, the EPC
 * QR code's PNG) as base64 with `encoding`, and `cid` lets a mail client show an image inline.
 */
export type MailAttachment = {
  filename: string;
  contentType: string;
  content: string;
  encoding?: "base64";
  cid?: string;
};

export type NewOutboxEmail = {
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string;
  attachments?: MailAttachment[];
  dedupeKey?: string;
  status?: "pending" | "held";
};

/** One outbox row from a template's content. */
export function outboxMail(
  kind: string,
  toAddress: string,
  content: { subject: string; text: string },
  dedupeKey: string,
): NewOutboxEmail {
  return { kind, toAddress, subject: content.subject, textBody: content.text, dedupeKey };
}

/** A family the teacher entered with a phone only has no address: its mail is not queued at all. */
const deliverable = (emails: NewOutboxEmail[]) => emails.filter((e) => !hasNoEmail(e.toAddress));

/**
 * The statement that queues `emails`; rows whose dedupeKey already exists are skipped (a reminder
 * is never queued twice). A fragment, so a change can queue its mail in its own statement.
 */
export function outboxInsertSql(emails: NewOutboxEmail[]): Prisma.Sql {
  const rows = deliverable(emails).map((e) => ({
    ...e,
    status: e.status ?? "pending",
    attachments: e.attachments ?? null,
  }));
  return Prisma.sql`
    INSERT INTO "OutboxEmail" ("id", "kind", "toAddress", "subject", "textBody", "attachments", "dedupeKey", "status")
    SELECT gen_random_uuid(), e."kind", e."toAddress", e."subject", e."textBody", e."attachments", e."dedupeKey", e."status"
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS e(
      "kind" text, "toAddress" text, "subject" text, "textBody" text, "attachments" jsonb, "dedupeKey" text, "status" text)
    ON CONFLICT DO NOTHING`;
}

/** Queues mail (see outboxInsertSql); answers how many rows were new. */
export async function insertOutboxEmails(db: DbOrTx, emails: NewOutboxEmail[]): Promise<number> {
  if (deliverable(emails).length === 0) return 0;
  return db.$executeRaw(outboxInsertSql(emails));
}

export type ClaimedEmail = {
  id: string;
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string;
  attachments: MailAttachment[] | null;
  attempts: number;
};

/**
 * Claims due rows for this worker: FOR UPDATE SKIP LOCKED lets several processes work the same
 * table without taking each other's rows, and `lockedUntil` hands a row back if its worker dies
 * mid-send.
 */
export async function claimDueEmails(db: Db, now: Date, limit: number, leaseMs: number): Promise<ClaimedEmail[]> {
  const leaseEnd = new Date(now.getTime() + leaseMs);
  return db.$queryRaw<ClaimedEmail[]>`
    UPDATE "OutboxEmail" SET "lockedUntil" = ${leaseEnd}, "attempts" = "attempts" + 1
    WHERE "id" IN (
      SELECT "id" FROM "OutboxEmail"
      WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now} AND ("lockedUntil" IS NULL OR "lockedUntil" < ${now})
      ORDER BY "createdAt"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id", "kind", "toAddress", "subject", "textBody", "attachments", "attempts"`;
}

// The three below touch a row only if it still exists: erasing an account deletes the mail to its
// person, maybe while the worker is sending one of them.
export function markEmailSent(db: Db, id: string, at: Date) {
  return db.outboxEmail.updateMany({
    where: { id },
    data: { status: "sent", sentAt: at, lockedUntil: null, lastError: null },
  });
}

export function markEmailForRetry(db: Db, id: string, nextAttemptAt: Date, error: string) {
  return db.outboxEmail.updateMany({ where: { id }, data: { nextAttemptAt, lockedUntil: null, lastError: error } });
}

export function markEmailFailed(db: Db, id: string, error: string) {
  return db.outboxEmail.updateMany({ where: { id }, data: { status: "failed", lockedUntil: null, lastError: error } });
}

/**
 * Without an SMTP server nothing is sent: due mail is parked as held, listed in the admin area.
 * Held mail is never released later, so configuring SMTP months on does not send stale reminders.
 */
export function holdPendingEmails(db: Db, now: Date) {
  return db.outboxEmail.updateMany({
    where: { status: "pending", nextAttemptAt: { lte: now } },
    data: { status: "held" },
  });
}

/** One page of the outbox, newest first, and how many messages of that status there are in all. */
export function listOutboxEmails(db: Db, status: string | undefined, page: PageWindow) {
  const where = status ? { status } : undefined;
  return readPage(
    page,
    (window) =>
      db.outboxEmail.findMany({
        where,
        // The id breaks ties, so paging returns every message once even when times are equal.
        orderBy: [{ createdAt: "desc" }, { id: "asc" }],
        ...window,
        select: {
          id: true,
          kind: true,
          toAddress: true,
          subject: true,
          textBody: true,
          status: true,
          attempts: true,
          nextAttemptAt: true,
          lastError: true,
          sentAt: true,
          createdAt: true,
        },
      }),
    () => db.outboxEmail.count({ where }),
  );
}

export function countOutboxEmailsByStatus(db: Db) {
  return db.outboxEmail.groupBy({ by: ["status"], _count: { _all: true } });
}

/** Lessons starting in (from, to] that are still on, with when they were booked. */
export function listLessonsStartingBetween(db: Db, from: Date, to: Date) {
  return db.booking.findMany({
    where: { status: { in: ["pending", "confirmed"] }, startsAt: { gt: from, lte: to } },
    select: { ...lessonMailSelect, createdAt: true, teacher: { select: { name: true } } },
  });
}

export function findOutboxAttachmentNames(db: Db, ids: string[]) {
  return db.outboxEmail.findMany({ where: { id: { in: ids } }, select: { id: true, attachments: true } });
}

/** A failed message goes back to the queue with a fresh set of attempts; any other status is left alone. */
export async function requeueFailedEmail(db: Db, id: string, now: Date) {
  const { count } = await db.outboxEmail.updateMany({
    where: { id, status: "failed" },
    data: { status: "pending", attempts: 0, nextAttemptAt: now, lockedUntil: null },
  });
  return count > 0;
}

/**
 * Housekeeping: sent mail older than `sentBefore`, and held or failed mail created before
 * `settledBefore`, leave the outbox. Pending mail always stays. A reminder's dedupe key goes with
 * its row only long after the lesson, when no reminder is queued for it any more.
 */
export async function deleteSettledEmails(db: Db, opts: { sentBefore: Date; settledBefore: Date }) {
  const { count } = await db.outboxEmail.deleteMany({
    where: {
      OR: [
        { status: "sent", sentAt: { lt: opts.sentBefore } },
        { status: { in: ["held", "failed"] }, createdAt: { lt: opts.settledBefore } },
      ],
    },
  });
  return count;
}

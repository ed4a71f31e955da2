// The outbox worker: sends queued mail through SMTP (nodemailer), retries failures with backoff,
// parks mail as held when no SMTP server is configured, and queues the 24-hour lesson reminders
// (each in its student's language: the lesson's order's, else the account's).

import { DEFAULT_LOCALE, isLocale } from "../../../shared/i18n/locales.ts";
import type { Db, DbOrTx } from "../../db.ts";
import type { Env } from "../../env.ts";
import {
  claimDueEmails,
  findMailSender,
  holdPendingEmails,
  insertOutboxEmails,
  lessonLocale,
  listLessonsStartingBetween,
  type MailAttachment,
  markEmailFailed,
  markEmailForRetry,
  markEmailSent,
  type NewOutboxEmail,
  outboxMail,
} from "./mail.data.ts";
import { type LessonForMail, lessonAddressee, lessonReminderEmail, type MailContext } from "./mail.templates.ts";

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  messageId: string;
  attachments: MailAttachment[];
};
export type MailTransport = { send(mail: OutgoingMail): Promise<void>; close(): void };

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  // nodemailer loads in the background, off the start-up path (it costs ~35 ms of start).
  const loading = import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
  loading.catch(() => {}); // reported by the first send
  return {
    async send(mail) {
      const transporter = await loading;
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        // A stable Message-ID per outbox row: if a crash makes us send a row twice, mail clients
        // see the same message and show it once.
        messageId: mail.messageId,
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
          ...(a.encoding ? { encoding: a.encoding } : {}),
          ...(a.cid ? { cid: a.cid, contentDisposition: "inline" as const } : {}),
        })),
      });
    },
    close: () =>
      void loading.then(
        (transporter) => transporter.close(),
        () => {},
      ),
  };
}

/** Minutes to wait after attempt n (1-based) fails; after the last one the mail is marked failed. */
export const RETRY_BACKOFF_MINUTES = [1, 5, 30, 120, 360] as const;
const LEASE_MS = 2 * 60_000;
const BATCH = 20;

export function nextAttemptAfter(attempts: number, now: Date): Date | null {
  const minutes = RETRY_BACKOFF_MINUTES[attempts - 1];
  return minutes === undefined ? null : new Date(now.getTime() + minutes * 60_000);
}

type Logger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/** One pass over due mail. Returns how many were sent. */
export async function processOutbox(opts: {
  db: Db;
  transport: MailTransport | null;
  host: string;
  now?: Date;
  log?: Logger;
}) {
  const now = opts.now ?? new Date();
  if (!opts.transport) {
    await holdPendingEmails(opts.db, now);
    return 0;
  }
  let sent = 0;
  const batch = await claimDueEmails(opts.db, now, BATCH, LEASE_MS);
  for (const email of batch) {
    try {
      await opts.transport.send({
        to: email.toAddress,
        subject: email.subject,
        text: email.textBody,
        messageId: `<${email.id}@${opts.host}>`,
        attachments: email.attachments ?? [],
      });
      await markEmailSent(opts.db, email.id, opts.now ?? new Date());
      sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message.slice(0, 500) : "send failed";
      const retryAt = nextAttemptAfter(email.attempts, opts.now ?? new Date());
      if (retryAt) await markEmailForRetry(opts.db, email.id, retryAt, message);
      else await markEmailFailed(opts.db, email.id, message);
      opts.log?.warn({ emailId: email.id, attempts: email.attempts, willRetry: Boolean(retryAt) }, "email send failed");
    }
  }
  return sent;
}

/** Queues mail inside the caller's transaction, so it exists exactly when the change it reports does. */
export function queueEmails(db: DbOrTx, emails: NewOutboxEmail[]) {
  return insertOutboxEmails(db, emails);
}

export const HOURS_BEFORE_REMINDER = 24;

/** Whether a lesson is owed a reminder: booked before its reminder window opened. */
export const isOwedReminder = (lesson: { startsAt: Date; createdAt: Date }) =>
  lesson.createdAt.getTime() <= lesson.startsAt.getTime() - HOURS_BEFORE_REMINDER * 3600_000;

/**
 * Queues a reminder for every lesson starting within the next 24 hours that was booked before
 * then: a lesson booked inside the window was just confirmed by its own email, and a reminder
 * minutes later would only repeat it. The dedupe key holds the lesson's start, so a moved lesson
 * gets a new reminder and no lesson gets two, whichever process runs this.
 */
export async function queueLessonReminders(db: Db, ctx: MailContext, now = new Date()) {
  const until = new Date(now.getTime() + HOURS_BEFORE_REMINDER * 3600_000);
  const lessons = (await listLessonsStartingBetween(db, now, until)).filter(isOwedReminder);
  const emails = lessons.map((lesson): NewOutboxEmail => {
    const to = lessonAddressee(lesson, {
      ...ctx,
      teacherName: lesson.teacher?.name ?? ctx.teacherName,
      studentZone: lesson.studentTimezone,
      locale: lessonLocale(lesson),
    });
    const content = lessonReminderEmail(to.name, lesson satisfies LessonForMail, to.ctx);
    return outboxMail(
      "lesson_reminder",
      lesson.studentEmail,
      content,
      `reminder:${lesson.id}:${lesson.startsAt.toISOString()}`,
    );
  });
  return insertOutboxEmails(db, emails);
}

/** The site's mail context: the first teacher's name, the settings' time zone and the teacher's language. */
export async function loadMailContext(db: Db, env: Pick<Env, "PUBLIC_URL">): Promise<MailContext> {
  return (await loadTeacherMail(db, env)).ctx;
}

/** The mail context and the address of the teacher who receives the site's notices (the first active one). */
export async function loadTeacherMail(
  db: Db,
  env: Pick<Env, "PUBLIC_URL">,
): Promise<{ ctx: MailContext; teacherEmail: string | null }> {
  const { settings, teacher } = await findMailSender(db);
  const ctx = mailContext({
    publicUrl: env.PUBLIC_URL,
    teacherName: teacher?.name ?? null,
    teacherZone: settings?.timezone ?? "Europe/Rome",
    teacherLocale: isLocale(settings?.teacherLocale) ? settings.teacherLocale : DEFAULT_LOCALE,
  });
  return { ctx, teacherEmail: teacher?.email ?? null };
}

/** The mail context for a caller that already knows the teacher and the zones (no query). */
export function mailContext(known: Omit<MailContext, "siteName">): MailContext {
  return { siteName: "English with Giulia", ...known };
}

/**
 * Runs the outbox and the reminder scheduler every `intervalMs` until stopped; the first pass at
 * once, or after `firstPassAfterMs` (the server starts listening first: its queries would hold up
 * the first requests on the embedded database's single connection).
 */
export function startMailWorker(opts: {
  db: Db;
  env: Env;
  log: Logger;
  intervalMs?: number;
  firstPassAfterMs?: number;
  transport?: MailTransport | null;
}) {
  const transport =
    opts.transport !== undefined
      ? opts.transport
      : opts.env.SMTP_URL
        ? createSmtpTransport(opts.env.SMTP_URL, opts.env.MAIL_FROM)
        : null;
  const host = new URL(opts.env.PUBLIC_URL).hostname;
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = async () => {
    try {
      await queueLessonReminders(opts.db, await loadMailContext(opts.db, opts.env));
      await processOutbox({ db: opts.db, transport, host, log: opts.log });
    } catch (error) {
      if (!stopped) opts.log.error({ err: error }, "mail worker pass failed");
    }
  };
  const pass = () => {
    if (!running && !stopped) running = tick().finally(() => (running = null));
  };
  const timer = setInterval(pass, opts.intervalMs ?? 15_000);
  timer.unref();
  const firstPass = opts.firstPassAfterMs ? setTimeout(pass, opts.firstPassAfterMs) : undefined;
  firstPass?.unref();
  if (!firstPass) pass();
  return {
    /** Lets the current pass finish, then stops. Call before closing the database. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(firstPass);
      await running;
      transport?.close();
    },
    /** Runs one pass now (tests, and after a change that queued mail). */
    async runOnce() {
      while (running) await running;
      running = tick().finally(() => (running = null));
      await running;
    },
  };
}
export type MailWorker = ReturnType<typeof startMailWorker>;

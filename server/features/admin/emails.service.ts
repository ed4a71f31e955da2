// The admin's view of the email outbox: what was sent, what waits for its next attempt, what
// failed (and why), and what was held because no SMTP server is configured.
import type { z } from "zod";
import type { Db } from "../../db.ts";
import { AppError } from "../../errors.ts";
import {
  countOutboxEmailsByStatus,
  findOutboxAttachmentNames,
  listOutboxEmails,
  requeueFailedEmail,
} from "../mail/mail.data.ts";
import type { listEmailsSchema } from "./admin.schemas.ts";

export const EMAIL_STATUSES = ["pending", "sent", "failed", "held"] as const;
export const HELD_EMAIL_NOTE = "Not sent: no SMTP server configured";

export async function listEmails(db: Db, input: z.output<typeof listEmailsSchema>, opts: { smtpConfigured: boolean }) {
  const status = input.status === "all" ? undefined : input.status;
  const [{ rows, total }, counts] = await Promise.all([
    listOutboxEmails(db, status, input),
    countOutboxEmailsByStatus(db),
  ]);
  const attachments = new Map(
    (
      await findOutboxAttachmentNames(
        db,
        rows.map((r) => r.id),
      )
    ).map((r) => [
      r.id,
      Array.isArray(r.attachments)
        ? r.attachments.map((a) => String((a as { filename?: unknown }).filename ?? ""))
        : [],
    ]),
  );
  return {
    smtp_configured: opts.smtpConfigured,
    total,
    counts: Object.fromEntries(
      EMAIL_STATUSES.map((s) => [s, counts.find((c) => c.status === s)?._count._all ?? 0]),
    ) as Record<(typeof EMAIL_STATUSES)[number], number>,
    emails: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      to: r.toAddress,
      subject: r.subject,
      text: r.textBody,
      status: r.status as (typeof EMAIL_STATUSES)[number],
      attempts: r.attempts,
      next_attempt_at: r.status === "pending" ? r.nextAttemptAt.toISOString() : null,
      last_error: r.status === "held" ? HELD_EMAIL_NOTE : r.lastError,
      sent_at: r.sentAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
      attachments: attachments.get(r.id) ?? [],
    })),
  };
}

export async function retryEmail(db: Db, id: string, now = new Date()) {
  if (!(await requeueFailedEmail(db, id, now))) {
    throw new AppError("CONFLICT", "Only a failed email can be retried.");
  }
  return { success: true as const, message: "The email is queued again." };
}

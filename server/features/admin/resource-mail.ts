// The student's email when the teacher shares a file or a non-private note. It is queued in the
// change's own transaction, and at most once per item (its dedupe key): hiding and showing a file
// again, or making a note private and shared again, does not email the student a second time.
import type { Db, DbOrTx } from "../../db.ts";
import { insertOutboxEmails, outboxMail } from "../mail/mail.data.ts";
import { loadMailContext } from "../mail/mail.service.ts";
import { type MailContext, resourceSharedEmail } from "../mail/mail.templates.ts";

export type SharedItem = { kind: "file" | "note"; id: string; title: string };
export type MailOptions = { publicUrl: string };

/** The mail context, read before the transaction only when a share will need it. */
export function resourceMailContext(db: Db, needed: boolean, opts: MailOptions): Promise<MailContext | null> {
  return needed ? loadMailContext(db, { PUBLIC_URL: opts.publicUrl }) : Promise.resolve(null);
}

export function queueResourceSharedMail(
  tx: DbOrTx,
  ctx: MailContext | null,
  student: { name: string; email: string },
  item: SharedItem,
) {
  if (!ctx || !student.email) return Promise.resolve(0);
  const content = resourceSharedEmail(student.name, item, ctx);
  return insertOutboxEmails(tx, [
    outboxMail(`${item.kind}_shared`, student.email, content, `${item.kind}_shared:${item.id}`),
  ]);
}

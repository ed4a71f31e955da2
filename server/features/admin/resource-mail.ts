// The student's email when the teacher shares a file or a non-private note. It is queued in the
// change's own transaction, and at most once per item (its dedupe key): hiding and showing a file
// again, or making a note private and shared again, does not email the student a second time.
import type { Db, Tx } from "../../db.ts";
import { runInTransaction } from "../booking/booking.data.ts";
import { findAccountLocale, insertOutboxEmails, outboxMail } from "../mail/mail.data.ts";
import { loadMailContext } from "../mail/mail.service.ts";
import { resourceSharedEmail } from "../mail/mail.templates.ts";

export type SharedItem = { kind: "file" | "note"; id: string; title: string };
export type MailOptions = { publicUrl: string };

/**
 * Writes a file's or a note's change together with its email. `sharedItem` names the written row
 * when its student can see it (null: hidden or private, no mail); `mayBeShared` says beforehand
 * whether the mail context is worth reading.
 */
export async function saveSharedItem<T extends { student: { name: string; email: string } }>(
  db: Db,
  opts: MailOptions,
  mayBeShared: boolean,
  write: (tx: Tx) => Promise<T>,
  sharedItem: (row: T) => SharedItem | null,
): Promise<T> {
  const ctx = mayBeShared ? await loadMailContext(db, { PUBLIC_URL: opts.publicUrl }) : null;
  return runInTransaction(db, async (tx) => {
    const row = await write(tx);
    const item = sharedItem(row);
    if (ctx && item && row.student.email) {
      // The student's language: their account's.
      const locale = await findAccountLocale(tx, row.student.email);
      const content = resourceSharedEmail(row.student.name, item, { ...ctx, locale });
      await insertOutboxEmails(tx, [
        outboxMail(`${item.kind}_shared`, row.student.email, content, `${item.kind}_shared:${item.id}`),
      ]);
    }
    return row;
  });
}

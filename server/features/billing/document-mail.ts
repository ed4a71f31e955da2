// Each issued document goes to its payer by email with its PDF, in the document's language
// (issue 30, item 4). A periodic job rather than the payment's own transaction: the PDF is built
// outside the lock the payment holds, a failure to build one never refuses a payment, and a
// document issued while the job was down is sent on its next pass. The outbox's dedupe key makes a
// second pass, or a second process, queue nothing twice.
import { centsToEuro } from "../../../shared/money.ts";
import type { Db } from "../../db.ts";
import { runInTransaction } from "../booking/booking.data.ts";
import { insertOutboxEmails, outboxMail } from "../mail/mail.data.ts";
import { loadMailContext } from "../mail/mail.service.ts";
import { documentIssuedEmail } from "../mail/mail.templates.ts";
import { documentPdf } from "./document-pdf.ts";
import { listDocumentsToEmail, markDocumentEmailed } from "./documents.data.ts";
import { documentPdfFileName, toIssuedDocument } from "./documents.service.ts";

const BATCH = 20;

/** Queues the mail of documents not yet sent; answers how many. */
export async function emailIssuedDocuments(db: Db, publicUrl: string, now = new Date()) {
  const rows = await listDocumentsToEmail(db, BATCH);
  if (rows.length === 0) return { emailed: 0 };
  const ctx = await loadMailContext(db, { PUBLIC_URL: publicUrl });
  let emailed = 0;
  for (const row of rows) {
    const document = toIssuedDocument(row);
    const pdf = await documentPdf(document);
    const content = documentIssuedEmail(
      row.student?.name ?? document.payer.name,
      {
        kind: document.kind,
        number: document.number,
        total: centsToEuro(document.totalCents),
        reference: document.orderReference,
      },
      { ...ctx, locale: document.locale },
    );
    await runInTransaction(db, async (tx) => {
      if (row.student?.email) {
        await insertOutboxEmails(tx, [
          {
            ...outboxMail("document_issued", row.student.email, content, `document_issued:${row.id}`),
            attachments: [
              {
                filename: documentPdfFileName(document),
                contentType: "application/pdf",
                content: pdf.toString("base64"),
                encoding: "base64",
              },
            ],
          },
        ]);
        emailed++;
      }
      await markDocumentEmailed(tx, row.id, now);
    });
  }
  return { emailed };
}

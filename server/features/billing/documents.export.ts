// For the accountant (issue 30, item 5): a year's documents as CSV, and the FatturaPA files as a
// ZIP ready to upload to the tax agency's portal ("Fatture e Corrispettivi") or to hand on.
import type { DbOrTx } from "../../db.ts";
import { listDocumentFiles, listDocuments } from "./documents.data.ts";
import { toDocumentDto } from "./documents.service.ts";
import { centsToDecimal } from "./money.ts";

export const DOCUMENTS_CSV_HEADER = [
  "number",
  "date",
  "kind",
  "payer",
  "tax_code_or_vat_number",
  "total",
  "stamp_duty",
  "withholding",
  "method",
  "paid_on",
  "order",
  "corrects",
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. A text that a
 * spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first) is prefixed
 * with an apostrophe: a payer's name is theirs to choose (OWASP "CSV injection"). Our own amounts
 * (`-160.00`) stay numbers.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d+\.\d{2}$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The year's documents, one line each in number order; amounts with a dot and two decimals. */
export async function documentsCsv(db: DbOrTx, year: number): Promise<string> {
  const rows = (await listDocuments(db, { year })).map((row) => {
    const d = toDocumentDto(row);
    // A credit note's amounts are written negative: the columns then add up to what was earned.
    const sign = d.kind === "credit_note" ? -1 : 1;
    const amount = (cents: number) => (cents === 0 ? "0.00" : `${sign < 0 ? "-" : ""}${centsToDecimal(cents)}`);
    return [
      d.number,
      d.date,
      d.kind,
      d.payer.name,
      d.payer.vatNumber ?? d.payer.taxCode ?? "",
      amount(row.totalCents),
      amount(row.stampDutyCents),
      amount(row.withholdingCents),
      d.method ?? "",
      d.paidOn ?? "",
      d.orderReference ?? "",
      d.corrects?.number ?? "",
    ];
  });
  return `${[[...DOCUMENTS_CSV_HEADER], ...rows].map((fields) => fields.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/** The year's FatturaPA files by their SdI names, for `zipSync`. */
export async function documentsZip(db: DbOrTx, year: number): Promise<Record<string, Uint8Array>> {
  const files = await listDocumentFiles(db, year);
  const encoder = new TextEncoder();
  return Object.fromEntries(
    files.flatMap((f) => (f.fileName && f.xml ? [[f.fileName, encoder.encode(f.xml)] as const] : [])),
  );
}

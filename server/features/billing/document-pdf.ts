// The PDF of an issued document (issue 30, item 4), in the payer's language: the courtesy copy of a
// flat-rate teacher's electronic invoice (the legally valid one travels as XML through the SdI),
// the receipt of an occasional service, a plain payment receipt, or the credit note of any of them.
// Pure: an `IssuedDocument` in, the bytes out; nothing is read from the database or the disk.
//
// pdfkit draws it with the standard Helvetica (server/pdf.ts, decision 0015).
//
// Legal formulas are printed in Italian in every language (they cite Italian law and must read as
// the law writes them), from the `documents.legal.*` keys and FatturaPA's own constants; a
// language other than Italian adds a gloss below each (`documents.gloss.*`). Italian's gloss keys
// hold the formula itself, and a gloss that repeats its formula is not printed.
import { formatDate, formatEuro } from "../../../shared/i18n/format.ts";
import { INTL_TAGS } from "../../../shared/i18n/locales.ts";
import type { Translate } from "../../../shared/i18n/messages.ts";
import { translator } from "../../i18n.ts";
import {
  ACCENT,
  a4Page,
  BOLD,
  type Doc,
  drawPageFooters,
  drawRule,
  FONT,
  INK,
  ITALIC,
  MUTED,
  RULE,
  renderA4Pdf,
  SHADE,
  toWinAnsi,
  writeText,
} from "../../pdf.ts";
import { FORFETTARIO_LEGAL_WORDING, FORFETTARIO_NO_WITHHOLDING_WORDING, type PostalAddress } from "./fatturapa.ts";
import type { DocumentPayer, IssuedDocument } from "./issued-document.ts";

const PAGE = a4Page(20);
const MARGIN = PAGE.margin;
const CONTENT_WIDTH = PAGE.contentWidth;

export type DocumentPdfOptions = {
  /** The EPC QR code (`epcQrPng`) of an amount still to pay; printed only on a document not yet paid. */
  qrPng?: Buffer;
};

/** A legal formula in Italian and, in another language, what it means. */
type Note = { text: string; gloss: string | null };

/** Everything the document says, in its language: the drawing below only places it. */
type DocumentTexts = {
  title: string;
  number: string;
  date: string;
  corrects: string | null;
  seller: { name: string; lines: string[] };
  payerLabel: string;
  payer: { name: string; lines: string[] };
  details: string[];
  columns: { description: string; quantity: string; unitPrice: string; amount: string };
  lines: { description: string; quantity: string; unitPrice: string; amount: string }[];
  totals: { label: string; amount: string; strong: boolean }[];
  due: { amount: string; hint: string } | null;
  notes: Note[];
  footer: string;
};

const euro = (doc: IssuedDocument, cents: number) => formatEuro(doc.locale, cents / 100, { alwaysCents: true });
// `date` is a calendar day (YYYY-MM-DD): read and written in UTC, it is that day in every zone.
const day = (doc: IssuedDocument, date: string) =>
  formatDate(doc.locale, `${date}T00:00:00Z`, {
    style: { year: "numeric", month: "long", day: "numeric" },
    timeZone: "UTC",
  });

function addressLines(address: PostalAddress): string[] {
  const city = [address.zip, address.city, address.province ? `(${address.province})` : ""].filter(Boolean).join(" ");
  return [address.street, city, address.country !== "IT" ? address.country : ""].filter((line) => line.trim() !== "");
}

function payerLines(doc: IssuedDocument, payer: DocumentPayer, t: Translate): string[] {
  const lines = addressLines(payer.address);
  if (payer.kind === "company") {
    lines.push(t("documents.vatNumber", { number: payer.vatNumber }));
    if (payer.taxCode && payer.taxCode !== payer.vatNumber) lines.push(t("documents.taxCode", { code: payer.taxCode }));
    // How the electronic invoice reached the company: only an invoice travels through the SdI.
    if (doc.regime === "forfettario") {
      if (payer.sdiCode) lines.push(t("documents.sdiCode", { code: payer.sdiCode }));
      else if (payer.pec) lines.push(t("documents.pec", { address: payer.pec }));
    }
  } else if (payer.taxCode) {
    lines.push(t("documents.taxCode", { code: payer.taxCode }));
  }
  return lines;
}

/** A document whose kind its regime does not issue: printing it would mislabel it. */
export class DocumentPdfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DocumentPdfError";
  }
}

function documentTitle(doc: IssuedDocument, t: Translate): string {
  // A flat-rate teacher issues invoices (TD01, and TD04 to correct one); the other regimes receipts.
  if ((doc.kind === "invoice") !== (doc.regime === "forfettario") && doc.kind !== "credit_note") {
    throw new DocumentPdfError(`A ${doc.regime} teacher does not issue a document of kind ${doc.kind}`);
  }
  if (doc.kind === "credit_note") {
    return t(doc.regime === "forfettario" ? "documents.title.electronicCreditNote" : "documents.title.creditNote");
  }
  if (doc.regime === "forfettario") return t("documents.title.invoice");
  return t(doc.regime === "occasionale" ? "documents.title.occasionalReceipt" : "documents.title.paymentReceipt");
}

function totals(doc: IssuedDocument, t: Translate): DocumentTexts["totals"] {
  const isCredit = doc.kind === "credit_note";
  const finalLabel = isCredit
    ? t("documents.total.refunded")
    : doc.regime === "none"
      ? t("documents.total.paid")
      : t("documents.total");
  if (doc.withholdingCents > 0) {
    return [
      { label: t("documents.total.gross"), amount: euro(doc, doc.totalCents), strong: false },
      { label: t("documents.total.withholding"), amount: `- ${euro(doc, doc.withholdingCents)}`, strong: false },
      {
        label: isCredit ? finalLabel : t("documents.total.net"),
        amount: euro(doc, doc.totalCents - doc.withholdingCents),
        strong: true,
      },
    ];
  }
  const gross = doc.regime === "occasionale" && !isCredit ? t("documents.total.gross") : finalLabel;
  return [{ label: gross, amount: euro(doc, doc.totalCents), strong: true }];
}

function notes(doc: IssuedDocument, t: Translate): Note[] {
  // The formulas in Italian, whatever the document's language.
  const italian = translator("it");
  const note = (text: string, gloss: string): Note => ({ text, gloss: gloss === text ? null : gloss });
  const stampDuty = { amount: formatEuro("it", doc.stampDutyCents / 100, { alwaysCents: true }) };
  const stampDutyGloss = { amount: euro(doc, doc.stampDutyCents) };
  const list: Note[] = [];
  if (doc.regime === "forfettario") {
    list.push(
      note(
        italian("documents.legal.courtesyCopy", { kind: doc.kind }),
        t("documents.gloss.courtesyCopy", { kind: doc.kind }),
      ),
      note(FORFETTARIO_LEGAL_WORDING, t("documents.gloss.forfettario")),
    );
    if (doc.payer.kind === "company") {
      list.push(note(FORFETTARIO_NO_WITHHOLDING_WORDING, t("documents.gloss.noWithholding")));
    }
    if (doc.stampDutyCents > 0) {
      list.push(
        note(
          italian("documents.legal.stampDutyVirtual", stampDuty),
          t("documents.gloss.stampDutyVirtual", stampDutyGloss),
        ),
      );
    }
  } else if (doc.regime === "occasionale") {
    list.push(
      note(italian("documents.legal.occasional"), t("documents.gloss.occasional")),
      note(italian("documents.legal.outOfScope"), t("documents.gloss.outOfScope")),
    );
    if (doc.withholdingCents > 0) {
      list.push(note(italian("documents.legal.withholding"), t("documents.gloss.withholding")));
    }
    if (doc.stampDutyCents > 0) {
      list.push(
        note(
          italian("documents.legal.stampDutyOriginal", stampDuty),
          t("documents.gloss.stampDutyOriginal", stampDutyGloss),
        ),
      );
    }
  } else if (doc.kind === "receipt") {
    list.push({ text: t("documents.note.notAnInvoice"), gloss: null });
  }
  return list;
}

/** The document's words in its language. */
function documentTexts(doc: IssuedDocument, opts: DocumentPdfOptions = {}): DocumentTexts {
  const t = translator(doc.locale);
  const { seller } = doc;
  const sellerLines = addressLines(seller.address);
  if (seller.taxCode) sellerLines.push(t("documents.taxCode", { code: seller.taxCode }));
  // An occasional service is given by someone without a VAT number; a plain receipt needs none.
  if (doc.regime === "forfettario" && seller.vatNumber) {
    sellerLines.push(t("documents.vatNumber", { number: seller.vatNumber }));
  }
  if (seller.email) sellerLines.push(seller.email);

  const details: string[] = [];
  if (doc.orderReference) details.push(t("documents.orderReference", { reference: doc.orderReference }));
  if (doc.payment) {
    const values = { method: doc.payment.method ?? "other", date: day(doc, doc.payment.paidOn) };
    details.push(
      doc.kind === "credit_note" ? t("documents.payment.refunded", values) : t("documents.payment.paid", values),
    );
    if (doc.payment.iban) details.push(t("documents.payment.iban", { iban: groupIban(doc.payment.iban) }));
  }

  const title = documentTitle(doc, t);
  const number = t("documents.number", { number: doc.number });
  return {
    title,
    number,
    date: t("documents.date", { date: day(doc, doc.date) }),
    corrects: doc.corrects
      ? t("documents.corrects", {
          kind: doc.regime === "forfettario" ? "invoice" : "receipt",
          number: doc.corrects.number,
          date: day(doc, doc.corrects.date),
        })
      : null,
    seller: { name: seller.name, lines: sellerLines },
    payerLabel: t("documents.payer"),
    payer: { name: doc.payer.name, lines: payerLines(doc, doc.payer, t) },
    details,
    columns: {
      description: t("documents.lines.description"),
      quantity: t("documents.lines.quantity"),
      unitPrice: t("documents.lines.unitPrice"),
      amount: t("documents.lines.amount"),
    },
    lines: doc.lines.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: euro(doc, line.unitPriceCents),
      amount: euro(doc, line.quantity * line.unitPriceCents),
    })),
    totals: totals(doc, t),
    due:
      opts.qrPng && !doc.payment && doc.kind !== "credit_note"
        ? {
            amount: t("documents.payment.due", { amount: euro(doc, doc.totalCents - doc.withholdingCents) }),
            hint: t("documents.payment.qr"),
          }
        : null,
    notes: notes(doc, t),
    footer: `${seller.name} · ${title} · ${number}`,
  };
}

/** IT60 X054 2811 …: the IBAN as people read it aloud. */
const groupIban = (iban: string) => iban.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");

/**
 * The document as an A4 PDF: the teacher top left, the title, number and date top right, the
 * payer, the lines, the totals, how it was paid, and the legal notes at the foot of the page.
 */
export async function documentPdf(doc: IssuedDocument, opts: DocumentPdfOptions = {}): Promise<Buffer> {
  const texts = documentTexts(doc, opts);
  const t = translator(doc.locale);
  // A fixed creation date (the document's own) keeps the bytes the same for the same document.
  const issued = new Date(`${doc.date}T12:00:00Z`);
  const info = {
    Title: toWinAnsi(`${texts.title} ${texts.number}`),
    Author: toWinAnsi(doc.seller.name),
    Subject: toWinAnsi(texts.title),
    CreationDate: issued,
    ModDate: issued,
  };
  return renderA4Pdf(PAGE, { lang: INTL_TAGS[doc.locale], info }, (pdf) => {
    drawHeader(pdf, texts);
    drawParties(pdf, texts);
    drawLines(pdf, texts, PAGE.bottom);
    drawTotals(pdf, texts, PAGE.bottom);
    if (texts.due && opts.qrPng) drawDue(pdf, texts.due, opts.qrPng, PAGE.bottom);
    drawNotes(pdf, texts.notes, PAGE.bottom);
    drawPageFooters(pdf, PAGE, texts.footer, t);
  });
}

const rule = (pdf: Doc, y: number, x = MARGIN, width = CONTENT_WIDTH, color = RULE) =>
  drawRule(pdf, y, x, width, color);

function drawHeader(pdf: Doc, texts: DocumentTexts) {
  const leftWidth = CONTENT_WIDTH * 0.52;
  const rightWidth = CONTENT_WIDTH * 0.46;
  const rightX = MARGIN + CONTENT_WIDTH - rightWidth;
  let left = writeText(pdf, texts.seller.name, MARGIN, MARGIN, leftWidth, { font: BOLD, size: 13, gap: 4 });
  for (const line of texts.seller.lines)
    left = writeText(pdf, line, MARGIN, left, leftWidth, { size: 9, color: MUTED });

  let right = writeText(pdf, texts.title, rightX, MARGIN, rightWidth, {
    font: BOLD,
    size: 15,
    color: ACCENT,
    align: "right",
    gap: 6,
  });
  right = writeText(pdf, texts.number, rightX, right, rightWidth, { font: BOLD, size: 11, align: "right", gap: 2 });
  right = writeText(pdf, texts.date, rightX, right, rightWidth, { size: 9.5, align: "right" });
  if (texts.corrects)
    right = writeText(pdf, texts.corrects, rightX, right + 2, rightWidth, { size: 9, align: "right" });

  const y = Math.max(left, right) + 14;
  rule(pdf, y, MARGIN, CONTENT_WIDTH, ACCENT);
  pdf.y = y + 16;
}

function drawParties(pdf: Doc, texts: DocumentTexts) {
  const top = pdf.y;
  const width = CONTENT_WIDTH * 0.5;
  let left = writeText(pdf, texts.payerLabel.toUpperCase(), MARGIN, top, width, {
    font: BOLD,
    size: 7.5,
    color: MUTED,
    gap: 4,
  });
  left = writeText(pdf, texts.payer.name, MARGIN, left, width, { font: BOLD, size: 11, gap: 2 });
  for (const line of texts.payer.lines) left = writeText(pdf, line, MARGIN, left, width, { size: 9 });

  const rightWidth = CONTENT_WIDTH * 0.46;
  const rightX = MARGIN + CONTENT_WIDTH - rightWidth;
  let right = top + 11.5;
  for (const line of texts.details)
    right = writeText(pdf, line, rightX, right, rightWidth, { size: 9, align: "right", gap: 2 });
  pdf.y = Math.max(left, right) + 22;
}

const COLUMNS = { quantity: 40, unitPrice: 84, amount: 88 };
const CELL = 6;

function drawLines(pdf: Doc, texts: DocumentTexts, bottom: number) {
  const descriptionWidth = CONTENT_WIDTH - COLUMNS.quantity - COLUMNS.unitPrice - COLUMNS.amount;
  const x = {
    description: MARGIN,
    quantity: MARGIN + descriptionWidth,
    unitPrice: MARGIN + descriptionWidth + COLUMNS.quantity,
    amount: MARGIN + CONTENT_WIDTH - COLUMNS.amount,
  };
  const header = () => {
    const y = pdf.y;
    pdf.save().rect(MARGIN, y, CONTENT_WIDTH, 20).fill(SHADE).restore();
    const style = { font: BOLD, size: 8.5, color: MUTED } as const;
    writeText(pdf, texts.columns.description, x.description + CELL, y + 6, descriptionWidth - 2 * CELL, style);
    writeText(pdf, texts.columns.quantity, x.quantity, y + 6, COLUMNS.quantity - CELL, { ...style, align: "right" });
    writeText(pdf, texts.columns.unitPrice, x.unitPrice, y + 6, COLUMNS.unitPrice - CELL, { ...style, align: "right" });
    writeText(pdf, texts.columns.amount, x.amount, y + 6, COLUMNS.amount - CELL, { ...style, align: "right" });
    pdf.y = y + 20;
  };
  header();
  for (const line of texts.lines) {
    pdf.font(FONT).fontSize(9.5);
    const height =
      pdf.heightOfString(toWinAnsi(line.description), { width: descriptionWidth - 2 * CELL, lineGap: 1.5 }) +
      2 * CELL +
      2;
    if (pdf.y + height > bottom) {
      pdf.addPage();
      header();
    }
    const top = pdf.y;
    const y = top + CELL + 1;
    writeText(pdf, line.description, x.description + CELL, y, descriptionWidth - 2 * CELL);
    writeText(pdf, line.quantity, x.quantity, y, COLUMNS.quantity - CELL, { align: "right" });
    writeText(pdf, line.unitPrice, x.unitPrice, y, COLUMNS.unitPrice - CELL, { align: "right" });
    writeText(pdf, line.amount, x.amount, y, COLUMNS.amount - CELL, { align: "right" });
    pdf.y = top + height;
    rule(pdf, pdf.y);
  }
  pdf.y += 10;
}

function drawTotals(pdf: Doc, texts: DocumentTexts, bottom: number) {
  const width = 290;
  const x = MARGIN + CONTENT_WIDTH - width;
  const labelWidth = width - COLUMNS.amount - 2 * CELL;
  const rows = texts.totals.map((total) => {
    const style = {
      font: total.strong ? BOLD : FONT,
      size: total.strong ? 11 : 9.5,
      color: total.strong ? ACCENT : INK,
    } as const;
    const labelHeight = pdf
      .font(style.font)
      .fontSize(style.size)
      .heightOfString(toWinAnsi(total.label), { width: labelWidth, lineGap: 1.5 });
    return { ...total, style, height: Math.max(22, labelHeight + 10) };
  });
  if (pdf.y + rows.reduce((sum, row) => sum + row.height, 0) + 10 > bottom) pdf.addPage();
  for (const row of rows) {
    const y = pdf.y;
    if (row.strong) pdf.save().rect(x, y, width, row.height).fill(SHADE).restore();
    writeText(pdf, row.label, x + CELL, y + 6, labelWidth, row.style);
    writeText(pdf, row.amount, x + width - COLUMNS.amount, y + 6, COLUMNS.amount - CELL, {
      ...row.style,
      align: "right",
    });
    pdf.y = y + row.height;
  }
  pdf.y += 16;
}

function drawDue(pdf: Doc, due: NonNullable<DocumentTexts["due"]>, qrPng: Buffer, bottom: number) {
  const size = 96;
  if (pdf.y + size > bottom) pdf.addPage();
  const y = pdf.y;
  pdf.image(qrPng, MARGIN, y, { width: size, height: size });
  const textX = MARGIN + size + 14;
  const after = writeText(pdf, due.amount, textX, y + 20, 220, { font: BOLD, size: 11, gap: 4 });
  writeText(pdf, due.hint, textX, after, 220, { size: 9, color: MUTED });
  pdf.y = y + size + 16;
}

/** The notes at the foot of the last page: each formula, its gloss below it in grey. */
function drawNotes(pdf: Doc, notes: Note[], bottom: number) {
  if (notes.length === 0) return;
  const styles = { text: { size: 8.5, gap: 1 }, gloss: { font: ITALIC, size: 8, color: MUTED, gap: 1 } } as const;
  const measure = (text: string, size: number, font: string) =>
    pdf.font(font).fontSize(size).heightOfString(toWinAnsi(text), { width: CONTENT_WIDTH, lineGap: 1.5 });
  const height =
    14 +
    notes.reduce(
      (sum, note) =>
        sum +
        measure(note.text, styles.text.size, FONT) +
        styles.text.gap +
        (note.gloss ? measure(note.gloss, styles.gloss.size, ITALIC) + styles.gloss.gap : 0) +
        5,
      0,
    );
  if (pdf.y + height > bottom) pdf.addPage();
  // At the foot of the page when they fit there, else right below what precedes them.
  let y = Math.max(pdf.y, bottom - height);
  rule(pdf, y);
  y += 10;
  for (const note of notes) {
    y = writeText(pdf, note.text, MARGIN, y, CONTENT_WIDTH, styles.text);
    if (note.gloss) y = writeText(pdf, note.gloss, MARGIN, y, CONTENT_WIDTH, styles.gloss);
    y += 5;
  }
  pdf.y = y;
}

// Documents for payments (issue 30, item 4): a receipt or an invoice for each payment recorded on
// an order, a credit note for each refund or reversal of one, numbered per calendar year without
// gaps (`2026/1`, `2026/2`, …) and never edited. Issued in the transaction that records the payment
// (the teacher's setting `issueDocuments: "on_payment"`) or when she asks from the order; what is
// printed is copied into the document at issue (issued-document.ts), so the teacher's later
// profile and the payer's erasure leave it as it was.
import { DateTime } from "luxon";
import { PAYMENT_METHODS, type PaymentMethod } from "../../../shared/constants.ts";
import { isLocale, type Locale } from "../../../shared/i18n/locales.ts";
import type { MessageKey } from "../../../shared/i18n/messages.ts";
import { centsToEuro } from "../../../shared/money.ts";
import type { Db, DbOrTx } from "../../db.ts";
import { AppError } from "../../errors.ts";
import { translator } from "../../i18n.ts";
import { loadSiteRules } from "../availability/availability.service.ts";
import { runInTransaction } from "../booking/booking.data.ts";
import { lockOrder } from "../booking/order.data.ts";
import { type BillingProfileRow, readBillingProfile } from "./billing.data.ts";
import type { FiscalRegime } from "./billing.schemas.ts";
import { orderReference } from "./billing.service.ts";
import {
  type DocumentRow,
  findDocument,
  findDocumentXml,
  findOrderForDocument,
  findTeacherName,
  insertDocument,
  listDocuments,
  listOrderPaymentsWithDocuments,
  takeCounter,
} from "./documents.data.ts";
import {
  type FatturaPaBuyer,
  type FatturaPaDocument,
  FatturaPaError,
  fatturaPaFileName,
  fatturaPaXml,
  progressiveFromSequence,
} from "./fatturapa.ts";
import type { DocumentKind, DocumentLine, DocumentPayer, DocumentSeller, IssuedDocument } from "./issued-document.ts";
import { stampDutyCents } from "./stamp-duty.ts";

export const DOCUMENT_NOT_FOUND_MESSAGE = "Document not found.";
/** The withholding a company makes on an occasional service's fee (art. 25, D.P.R. 600/1973). */
export const OCCASIONALE_WITHHOLDING_PERCENT = 20;

/** Why no document could be issued yet: an errors-catalogue key, shown to the teacher. */
export type DocumentBlocker = Extract<
  MessageKey,
  | "errors.documentSellerName"
  | "errors.documentSellerTaxCode"
  | "errors.documentSellerVat"
  | "errors.documentSellerAddress"
  | "errors.documentPayerMissing"
  | "errors.documentPayerTaxCode"
  | "errors.documentInvalid"
>;

type OrderForDocument = NonNullable<Awaited<ReturnType<typeof findOrderForDocument>>>;

const localeOf = (value: string | null | undefined): Locale => (value && isLocale(value) ? value : "en");
const isoDay = (date: Date) => DateTime.fromJSDate(date, { zone: "utc" }).toISODate() as string;

function sellerOf(profile: BillingProfileRow, teacher: { name: string; email: string } | null): DocumentSeller {
  return {
    name: profile.legalName.trim() || teacher?.name || "",
    firstName: null,
    lastName: null,
    taxCode: profile.taxCode,
    vatNumber: profile.vatNumber,
    address: {
      street: profile.street,
      zip: profile.zip,
      city: profile.city,
      ...(profile.province ? { province: profile.province } : {}),
      country: profile.country,
    },
    email: teacher?.email ?? null,
  };
}

/** The payer as the paperwork names them: their billing details, else (a receipt) the account's name. */
function payerOf(order: OrderForDocument): DocumentPayer | null {
  const billing = order.student?.payerBilling;
  if (billing) {
    const address = {
      street: billing.street,
      zip: billing.zip,
      city: billing.city,
      ...(billing.province ? { province: billing.province } : {}),
      country: billing.country,
    };
    return billing.kind === "company" && billing.vatNumber
      ? {
          kind: "company",
          name: billing.name,
          vatNumber: billing.vatNumber,
          taxCode: billing.taxCode,
          sdiCode: billing.sdiCode,
          pec: billing.pec,
          address,
        }
      : { kind: "person", name: billing.name, firstName: null, lastName: null, taxCode: billing.taxCode, address };
  }
  if (!order.student) return null;
  return {
    kind: "person",
    name: order.student.name,
    firstName: null,
    lastName: null,
    taxCode: null,
    address: { street: "", zip: "", city: "", country: "IT" },
  };
}

/** What stops a document of this regime from being issued, or null. */
function blockerOf(regime: FiscalRegime, seller: DocumentSeller, payer: DocumentPayer | null): DocumentBlocker | null {
  if (!seller.name) return "errors.documentSellerName";
  if (regime === "none") return payer ? null : "errors.documentPayerMissing";
  if (!seller.taxCode) return "errors.documentSellerTaxCode";
  if (regime === "forfettario") {
    if (!seller.vatNumber) return "errors.documentSellerVat";
    const { street, zip, city, province, country } = seller.address;
    if (!street || !zip || !city || (country === "IT" && !province)) return "errors.documentSellerAddress";
    if (!payer) return "errors.documentPayerMissing";
    if (payer.kind === "person" && (!payer.taxCode || !payer.address.street)) return "errors.documentPayerTaxCode";
  }
  return payer ? null : "errors.documentPayerMissing";
}

function learnerOf(order: OrderForDocument): string {
  const first = order.bookings[0];
  return first?.studentName || order.student?.name || "";
}

function lineFor(order: OrderForDocument, locale: Locale, amountCents: number): DocumentLine {
  const t = translator(locale);
  const values = {
    package: order.package.name,
    count: order.lessons,
    learner: learnerOf(order),
    reference: orderReference(order.number),
  };
  const key = amountCents >= order.totalPriceCents ? "email.document.line" : "email.document.partLine";
  return { description: t(key, values), quantity: 1, unitPriceCents: amountCents };
}

const methodOf = (value: string | null): PaymentMethod | null =>
  (PAYMENT_METHODS as readonly string[]).includes(value ?? "") ? (value as PaymentMethod) : null;

type Draft = Omit<IssuedDocument, "id" | "number" | "progressive" | "fileName"> & {
  paymentId: string;
  studentId: string | null;
};

/** The FatturaPA of a draft with its number and progressive (forfettario invoices and credit notes). */
function xmlOf(draft: Draft, number: string, progressive: string): FatturaPaDocument {
  const { seller, payer } = draft;
  const buyer: FatturaPaBuyer =
    payer.kind === "company"
      ? {
          kind: "company",
          name: payer.name,
          vatNumber: payer.vatNumber,
          ...(payer.taxCode ? { taxCode: payer.taxCode } : {}),
          address: payer.address,
          ...(payer.sdiCode ? { sdiCode: payer.sdiCode } : {}),
          ...(payer.pec ? { pec: payer.pec } : {}),
        }
      : {
          kind: "person",
          ...(payer.firstName && payer.lastName
            ? { firstName: payer.firstName, lastName: payer.lastName }
            : { name: payer.name }),
          taxCode: payer.taxCode ?? "",
          address: payer.address,
        };
  const payment = draft.payment;
  const withPayment =
    draft.kind !== "credit_note" && payment?.method && (payment.method !== "bank_transfer" || payment.iban);
  return {
    kind: draft.kind === "credit_note" ? "TD04" : "TD01",
    progressive,
    number,
    date: draft.date,
    seller: {
      name: seller.name,
      taxCode: seller.taxCode ?? "",
      vatNumber: seller.vatNumber ?? "",
      address: seller.address,
      ...(seller.email ? { email: seller.email } : {}),
    },
    buyer,
    lines: draft.lines,
    ...(withPayment && payment?.method
      ? {
          payment: {
            method: payment.method,
            amountCents: draft.totalCents,
            ...(payment.iban ? { iban: payment.iban } : {}),
          },
        }
      : {}),
    ...(draft.corrects ? { corrects: { number: draft.corrects.number, date: draft.corrects.date } } : {}),
  };
}

/** Numbers the draft, writes its XML when its regime has one, and inserts it. */
async function issue(tx: DbOrTx, draft: Draft) {
  const year = Number(draft.date.slice(0, 4));
  // Checked before a number is taken: a refused file must not cost a number.
  if (draft.regime === "forfettario") fatturaPaXml(xmlOf(draft, `${year}/999999`, "ZZZZZ"));
  const sequence = await takeCounter(tx, `year:${year}`);
  const number = `${year}/${sequence}`;
  let fatturaPa: { progressive: string; fileName: string; xml: string } | null = null;
  if (draft.regime === "forfettario") {
    const progressive = progressiveFromSequence(await takeCounter(tx, "fatturapa"));
    fatturaPa = {
      progressive,
      fileName: fatturaPaFileName(draft.seller.vatNumber ?? "", progressive),
      xml: fatturaPaXml(xmlOf(draft, number, progressive)),
    };
  }
  return insertDocument(tx, {
    year,
    sequence,
    number,
    kind: draft.kind,
    regime: draft.regime,
    issuedOn: DateTime.fromISO(draft.date, { zone: "utc" }).toJSDate(),
    locale: draft.locale,
    orderId: draft.orderId,
    paymentId: draft.paymentId,
    studentId: draft.studentId,
    correctsId: draft.corrects?.id ?? null,
    totalCents: draft.totalCents,
    stampDutyCents: draft.stampDutyCents,
    withholdingCents: draft.withholdingCents,
    seller: draft.seller,
    payer: draft.payer,
    lines: draft.lines,
    payment: draft.payment ?? undefined,
    orderReference: draft.orderReference,
    progressive: fatturaPa?.progressive ?? null,
    fileName: fatturaPa?.fileName ?? null,
    xml: fatturaPa?.xml ?? null,
  });
}

export type IssueOutcome = { issued: DocumentRow[]; blocker: DocumentBlocker | null };

/**
 * Issues what the order's payments still lack, oldest first, in the caller's transaction (under
 * the order's lock): a receipt or invoice for each payment standing, a credit note for a refund
 * (against the order's documents, newest first, up to what each has not yet had credited) or for
 * the reversal of a payment that has a document. A mistake reversed before any document was issued
 * needs none. When the profile or the payer lacks what the regime needs, nothing is issued and the
 * blocker says what is missing.
 */
export async function issueOrderDocuments(
  tx: DbOrTx,
  orderId: string,
  today: string,
  // The profile when the caller has read it already (the payment's own check of the setting).
  knownProfile?: BillingProfileRow,
): Promise<IssueOutcome> {
  const [profile, teacher, order, entries, existing] = await Promise.all([
    knownProfile ?? readBillingProfile(tx),
    findTeacherName(tx),
    findOrderForDocument(tx, orderId),
    listOrderPaymentsWithDocuments(tx, orderId),
    listDocuments(tx, { orderId }),
  ]);
  if (!order) return { issued: [], blocker: null };
  const reversedIds = new Set(entries.flatMap((e) => (e.reversesId ? [e.reversesId] : [])));
  const byId = new Map(entries.map((e) => [e.id, e]));
  const documented = new Set(existing.flatMap((d) => (d.paymentId ? [d.paymentId] : [])));
  const todo = entries.filter((e) => {
    if (documented.has(e.id) || e.amountCents === 0) return false;
    // A payment reversed before it had a document was a mistake undone: it needs none.
    if (e.amountCents > 0) return !reversedIds.has(e.id);
    // A reversal needs a credit note only when what it reverses has a document.
    return e.reversesId === null || documented.has(e.reversesId);
  });
  if (todo.length === 0) return { issued: [], blocker: null };

  const regime = profile.regime as FiscalRegime;
  const seller = sellerOf(profile, teacher);
  const payer = payerOf(order);
  const blocker = blockerOf(regime, seller, payer);
  if (blocker || !payer) return { issued: [], blocker: blocker ?? "errors.documentPayerMissing" };

  const locale = localeOf(order.student?.locale ?? order.locale);
  const base = {
    regime,
    date: today,
    locale,
    seller,
    payer,
    orderReference: orderReference(order.number),
    orderId: order.id,
    studentId: order.studentId,
  };
  const stampDuty = (cents: number) => (regime === "none" ? 0 : stampDutyCents(cents));
  const withholding = (cents: number) =>
    regime === "occasionale" && payer.kind === "company"
      ? Math.round((cents * OCCASIONALE_WITHHOLDING_PERCENT) / 100)
      : 0;

  // What each issued document still has to credit.
  const open = existing.filter((d) => d.kind !== "credit_note");
  const credited = new Map<string, number>();
  for (const d of existing) {
    if (d.kind === "credit_note" && d.correctsId) {
      credited.set(d.correctsId, (credited.get(d.correctsId) ?? 0) + d.totalCents);
    }
  }
  const issued: DocumentRow[] = [];
  const creditNote = async (target: DocumentRow, cents: number, paymentId: string, method: string | null) => {
    const t = translator(locale);
    const lines = [
      {
        description: t("email.document.creditLine", { number: target.number }),
        quantity: 1,
        unitPriceCents: cents,
      },
    ];
    const row = await issue(tx, {
      ...base,
      kind: "credit_note",
      paymentId,
      lines,
      totalCents: cents,
      stampDutyCents: stampDuty(cents),
      withholdingCents: withholding(cents),
      payment: { method: methodOf(method), paidOn: today, iban: null },
      corrects: { id: target.id, number: target.number, date: isoDay(target.issuedOn) },
    });
    credited.set(target.id, (credited.get(target.id) ?? 0) + cents);
    issued.push(row);
  };

  for (const entry of todo) {
    if (entry.amountCents > 0) {
      const kind: DocumentKind = regime === "forfettario" ? "invoice" : "receipt";
      const row = await issue(tx, {
        ...base,
        kind,
        paymentId: entry.id,
        lines: [lineFor(order, locale, entry.amountCents)],
        totalCents: entry.amountCents,
        stampDutyCents: stampDuty(entry.amountCents),
        withholdingCents: withholding(entry.amountCents),
        payment: {
          method: methodOf(entry.method),
          paidOn: isoDay(entry.paidOn),
          iban: entry.method === "bank_transfer" ? profile.iban : null,
        },
        corrects: null,
      });
      open.push(row);
      issued.push(row);
      continue;
    }
    const reversed = entry.reversesId ? byId.get(entry.reversesId) : undefined;
    if (reversed) {
      const target = [...existing, ...issued].find((d) => d.paymentId === reversed.id && d.kind !== "credit_note");
      if (target) await creditNote(target, Math.min(-entry.amountCents, target.totalCents), entry.id, entry.method);
      continue;
    }
    // A refund: credited against the newest documents first.
    let left = -entry.amountCents;
    for (const target of [...open].reverse()) {
      if (left <= 0) break;
      const room = target.totalCents - (credited.get(target.id) ?? 0);
      if (room <= 0) continue;
      const cents = Math.min(room, left);
      await creditNote(target, cents, entry.id, entry.method);
      left -= cents;
    }
  }
  return { issued, blocker: null };
}

/** The teacher's day, in her zone: a document's date. */
export async function documentDay(db: DbOrTx) {
  const { zone } = await loadSiteRules(db);
  return DateTime.now().setZone(zone).toISODate() as string;
}

/** POST /api/admin/orders/{id}/documents: the teacher issues what the order's payments lack. */
export async function issueDocumentsNow(db: Db, orderId: string) {
  const today = await documentDay(db);
  const outcome = await runInTransaction(db, async (tx) => {
    await lockOrder(tx, orderId);
    try {
      return await issueOrderDocuments(tx, orderId, today);
    } catch (error) {
      if (error instanceof FatturaPaError) {
        throw new AppError("BAD_REQUEST", { key: "errors.documentInvalid", values: { reason: error.message } });
      }
      throw error;
    }
  });
  if (outcome.blocker) throw new AppError("BAD_REQUEST", { key: outcome.blocker });
  return { documents: outcome.issued.map(toDocumentDto) };
}

// ---- Reading ----

export function toIssuedDocument(row: DocumentRow): IssuedDocument {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind as DocumentKind,
    regime: row.regime as FiscalRegime,
    date: isoDay(row.issuedOn),
    locale: localeOf(row.locale),
    seller: row.seller as DocumentSeller,
    payer: row.payer as DocumentPayer,
    lines: row.lines as DocumentLine[],
    totalCents: row.totalCents,
    stampDutyCents: row.stampDutyCents,
    withholdingCents: row.withholdingCents,
    payment: (row.payment as IssuedDocument["payment"]) ?? null,
    orderReference: row.orderReference,
    orderId: row.orderId,
    corrects: row.corrects
      ? { id: row.corrects.id, number: row.corrects.number, date: isoDay(row.corrects.issuedOn) }
      : null,
    progressive: row.progressive,
    fileName: row.fileName,
  };
}

/** `ricevuta-2026-3.pdf`, `fattura-2026-3.pdf`, `nota-di-credito-2026-3.pdf`: named as an Italian accountant files them. */
export function documentPdfFileName(document: Pick<IssuedDocument, "kind" | "number">): string {
  const prefix = { invoice: "fattura", receipt: "ricevuta", credit_note: "nota-di-credito" }[document.kind];
  return `${prefix}-${document.number.replace("/", "-")}.pdf`;
}

/** One row of `GET /api/admin/documents` and `GET /api/student/documents`; amounts in euros. */
export function toDocumentDto(row: DocumentRow) {
  const payer = row.payer as DocumentPayer;
  return {
    id: row.id,
    number: row.number,
    date: isoDay(row.issuedOn),
    kind: row.kind as DocumentKind,
    regime: row.regime as FiscalRegime,
    total: centsToEuro(row.totalCents),
    stampDuty: centsToEuro(row.stampDutyCents),
    withholding: centsToEuro(row.withholdingCents),
    payer: {
      kind: payer.kind,
      name: payer.name,
      taxCode: payer.taxCode,
      vatNumber: payer.kind === "company" ? payer.vatNumber : null,
    },
    orderId: row.orderId,
    orderReference: row.orderReference,
    method: (row.payment as IssuedDocument["payment"])?.method ?? null,
    paidOn: (row.payment as IssuedDocument["payment"])?.paidOn ?? null,
    corrects: row.corrects ? { id: row.corrects.id, number: row.corrects.number } : null,
    hasXml: row.fileName !== null,
  };
}
export type DocumentDto = ReturnType<typeof toDocumentDto>;

/** GET /api/admin/documents?year=: a calendar year's documents, in number order. */
export async function listAdminDocuments(db: DbOrTx, year: number) {
  return { year, documents: (await listDocuments(db, { year })).map(toDocumentDto) };
}

/** GET /api/student/documents: the signed-in payer's own documents, newest first. */
export async function listStudentDocuments(db: DbOrTx, studentId: string) {
  return { documents: (await listDocuments(db, { studentId })).map(toDocumentDto).reverse() };
}

/** One document for the teacher; 404 when there is none. */
export async function loadDocument(db: DbOrTx, id: string) {
  const row = await findDocument(db, id);
  if (!row) throw new AppError("NOT_FOUND", DOCUMENT_NOT_FOUND_MESSAGE);
  return toIssuedDocument(row);
}

/** One of the student's own documents; another's is 404, exactly like one that does not exist. */
export async function loadStudentDocument(db: DbOrTx, studentId: string, id: string) {
  const row = await findDocument(db, id);
  if (!row || row.studentId !== studentId) throw new AppError("NOT_FOUND", DOCUMENT_NOT_FOUND_MESSAGE);
  return toIssuedDocument(row);
}

/** GET /api/admin/documents/{id}/xml: the FatturaPA file as issued (forfettario documents only). */
export async function loadDocumentXml(db: DbOrTx, id: string) {
  const row = await findDocumentXml(db, id);
  if (!row?.xml || !row.fileName) throw new AppError("NOT_FOUND", DOCUMENT_NOT_FOUND_MESSAGE);
  return { xml: row.xml, fileName: row.fileName };
}

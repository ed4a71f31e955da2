// An issued document as it was printed (issue 30, item 4): numbered, dated, and never edited. The
// seller's and payer's data are copies taken at issue, so the document still reads the same after
// the teacher changes her profile or the payer deletes the account (kept ten years, by law).
// Every renderer (the FatturaPA XML, the PDFs, the CSV export) reads this one shape.
import type { PaymentMethod } from "../../../shared/constants.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import type { FiscalRegime } from "./billing.schemas.ts";
import type { PostalAddress } from "./fatturapa.ts";

/**
 * `invoice`: a FatturaPA TD01 (forfettario). `receipt`: a receipt for an occasional service
 * (occasionale) or a plain payment receipt (none). `credit_note`: the correction of one of them
 * (TD04 for an invoice), for a refund or a payment recorded by mistake.
 */
export const DOCUMENT_KINDS = ["invoice", "receipt", "credit_note"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export type DocumentSeller = {
  /** The name printed (the legal name). */
  name: string;
  /** For FatturaPA's `Nome`/`Cognome` when known; else `name` is written as `Denominazione`. */
  firstName: string | null;
  lastName: string | null;
  taxCode: string | null;
  vatNumber: string | null;
  address: PostalAddress;
  email: string | null;
};

export type DocumentPayer =
  | {
      kind: "person";
      name: string;
      firstName: string | null;
      lastName: string | null;
      taxCode: string | null;
      address: PostalAddress;
    }
  | {
      kind: "company";
      name: string;
      vatNumber: string;
      taxCode: string | null;
      sdiCode: string | null;
      pec: string | null;
      address: PostalAddress;
    };

export type DocumentLine = {
  /** In the document's language; names the learner when a guardian pays. */
  description: string;
  quantity: number;
  unitPriceCents: number;
};

export type IssuedDocument = {
  id: string;
  /** `2026/1`: per calendar year, no gaps, never reused. */
  number: string;
  kind: DocumentKind;
  /** The teacher's regime when it was issued: it decides the document's form. */
  regime: FiscalRegime;
  /** YYYY-MM-DD, in the teacher's calendar. */
  date: string;
  /** The language it is printed in: the payer's (the order's). */
  locale: Locale;
  seller: DocumentSeller;
  payer: DocumentPayer;
  lines: DocumentLine[];
  /** The sum of the lines, positive for a credit note too (its kind gives the sign). */
  totalCents: number;
  /** 200 when the total is above 77.47 €, else 0. */
  stampDutyCents: number;
  /** Occasionale paid by a company: the 20 % the company withholds; else 0. */
  withholdingCents: number;
  /** How and when the money it records moved. */
  payment: { method: PaymentMethod | null; paidOn: string; iban: string | null } | null;
  /** The order's reference (`ORD-0042`). */
  orderReference: string | null;
  orderId: string | null;
  /** A credit note: the document it corrects. */
  corrects: { id: string; number: string; date: string } | null;
  /** FatturaPA only: the file's progressive and name. */
  progressive: string | null;
  fileName: string | null;
};

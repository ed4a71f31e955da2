// A FatturaPA electronic invoice (format FPR12, schema 1.2.2) of a flat-rate ("forfettario")
// teacher: RF19, every line at 0 % VAT with nature N2.2 and the regime's legal wording, stamp duty
// declared when due, the buyer reached by SdI code, PEC or (a private person) 0000000 and their
// codice fiscale. TD01 is an invoice, TD04 a credit note that names the invoice it corrects.
// The XML is written by fast-xml-builder (fast-xml-parser's builder, decision 0014).
// The facts this relies on, with their sources, are in docs/getting-paid.md.
//
// The input is expected to have passed the billing profile's zod schemas already; what would
// still make the SdI refuse the file (a bad check digit, a character outside Latin-1, a field too
// long) throws `FatturaPaError` here rather than producing a file that bounces days later.
import XMLBuilder from "fast-xml-builder";
import {
  isValidCompanyTaxCode,
  isValidIban,
  isValidTaxCode,
  isValidVatNumber,
  normaliseBic,
  normaliseIban,
  normaliseTaxCode,
  normaliseVatNumber,
} from "./fiscal-ids.ts";
import { centsToDecimal } from "./money.ts";
import { stampDutyCents } from "./stamp-duty.ts";

const FATTURAPA_NAMESPACE = "http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2";
const XMLDSIG_NAMESPACE = "http://www.w3.org/2000/09/xmldsig#";
const XSI_NAMESPACE = "http://www.w3.org/2001/XMLSchema-instance";

// Escapes text (`&`, `<`, `>`, quotes); element order is the objects' key order, which follows the schema's sequences.
const xmlBuilder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@", format: true, indentBy: "  " });

/** RegimeFiscale of the flat-rate regime (art. 1, commi 54-89, L. 190/2014). */
export const FORFETTARIO_REGIME = "RF19";
/** "Non soggette - altri casi": the nature of a flat-rate seller's operations since 2021 (N2 alone is refused). */
export const FORFETTARIO_NATURE = "N2.2";
export const FORFETTARIO_LEGAL_WORDING =
  "Operazione in franchigia da IVA ai sensi dell'art. 1, commi 54-89, L. 190/2014";
/** A flat-rate seller's fees are not subject to withholding tax; said to a buyer that would otherwise withhold. */
export const FORFETTARIO_NO_WITHHOLDING_WORDING =
  "Operazione senza applicazione della ritenuta alla fonte a titolo d'acconto ai sensi dell'art. 1, comma 67, L. 190/2014";
/** CodiceDestinatario of a buyer reached by PEC or through their tax drawer (a private person). */
export const NO_SDI_CODE = "0000000";

export type PostalAddress = {
  street: string;
  zip: string;
  city: string;
  /** Two-letter province (`MI`); required in Italy. */
  province?: string;
  /** ISO 3166-1 alpha-2, `IT`. */
  country: string;
};

/**
 * A person's name: `Nome` and `Cognome` when both are known, else the one name given, written as
 * `Denominazione` (the schema's choice; the SdI checks the tax code, not which form the name has).
 */
export type PersonName = { firstName: string; lastName: string } | { name: string };

export type FatturaPaSeller = PersonName & {
  taxCode: string;
  vatNumber: string;
  address: PostalAddress;
  email?: string;
};

export type FatturaPaBuyer =
  | (PersonName & {
      kind: "person";
      taxCode: string;
      address: PostalAddress;
      pec?: string;
    })
  | {
      kind: "company";
      name: string;
      vatNumber: string;
      taxCode?: string;
      address: PostalAddress;
      /** The 7-character recipient code the company registered with the SdI; else its PEC. */
      sdiCode?: string;
      pec?: string;
    };

export type FatturaPaLine = {
  /** What was taught and to whom: the learner is named here when a guardian pays. */
  description: string;
  /** Whole units (lessons, packages). */
  quantity: number;
  unitPriceCents: number;
};

export type PaymentMethod = "bank_transfer" | "card" | "satispay" | "paypal" | "cash";

export type FatturaPaPayment = {
  method: PaymentMethod;
  amountCents: number;
  /** YYYY-MM-DD */
  dueOn?: string;
  /** Required for a bank transfer: the teacher's account. */
  iban?: string;
  bic?: string;
};

export type FatturaPaDocument = {
  kind: "TD01" | "TD04";
  /** ProgressivoInvio and the file name's suffix: 1 to 5 letters or digits, never reused. */
  progressive: string;
  /** The document number, `2026/1`. */
  number: string;
  /** YYYY-MM-DD, the date of issue in Italy. */
  date: string;
  seller: FatturaPaSeller;
  buyer: FatturaPaBuyer;
  lines: FatturaPaLine[];
  payment?: FatturaPaPayment;
  /** For a credit note (TD04): the invoice it corrects. */
  corrects?: { number: string; date: string };
};

// ModalitaPagamento: MP01 contanti, MP05 bonifico, MP08 carta di pagamento (card and the wallets
// paid with one: PayPal, Satispay).
const paymentModes: Record<PaymentMethod, string> = {
  cash: "MP01",
  bank_transfer: "MP05",
  card: "MP08",
  paypal: "MP08",
  satispay: "MP08",
};

export class FatturaPaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FatturaPaError";
  }
}

// The schema's text fields take Basic Latin and Latin-1 Supplement only (`String…LatinType`), on one
// line. Typographic punctuation people paste is folded to its Latin-1 form; anything else is refused.
const typographic: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2026": "...",
  "\u20ac": "EUR",
};

function latinText(field: string, value: string, maxLength: number): string {
  const text = value
    .normalize("NFC")
    .replace(/[\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u20ac]/g, (c) => typographic[c] ?? c)
    .replace(/\s+/g, " ")
    .trim();
  if (text.length === 0) throw new FatturaPaError(`${field} is empty`);
  const outside = text.match(/[^\u0020-\u007e\u00a0-\u00ff]/u);
  if (outside) throw new FatturaPaError(`${field} has "${outside[0]}", which FatturaPA cannot carry (Latin-1 only)`);
  if (text.length > maxLength) throw new FatturaPaError(`${field} is longer than ${maxLength} characters`);
  return text;
}

function basicLatinText(field: string, value: string, maxLength: number): string {
  const text = value.trim();
  if (!/^[\u0020-\u007e]+$/.test(text) || text.length > maxLength) {
    throw new FatturaPaError(`${field} must be 1 to ${maxLength} plain ASCII characters`);
  }
  return text;
}

function isoDate(field: string, value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new FatturaPaError(`${field} must be a date as YYYY-MM-DD`);
  }
  return value;
}

function address(field: string, value: PostalAddress) {
  const country = value.country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw new FatturaPaError(`${field}: the country must be a two-letter code`);
  if (!/^\d{5}$/.test(value.zip.trim())) throw new FatturaPaError(`${field}: the postcode (CAP) must have 5 digits`);
  const province = value.province?.trim().toUpperCase();
  if (province !== undefined && !/^[A-Z]{2}$/.test(province)) {
    throw new FatturaPaError(`${field}: the province must be a two-letter code`);
  }
  if (country === "IT" && province === undefined)
    throw new FatturaPaError(`${field}: an Italian address needs its province`);
  return {
    Indirizzo: latinText(`${field}: street`, value.street, 60),
    CAP: value.zip.trim(),
    Comune: latinText(`${field}: city`, value.city, 60),
    ...(province ? { Provincia: province } : {}),
    Nazione: country,
  };
}

function email(field: string, value: string): string {
  const text = value.trim();
  if (text.length > 256 || !/^[^\s@"]+@[^\s@"]+\.[^\s@"]+$/.test(text)) {
    throw new FatturaPaError(`${field} is not an email address`);
  }
  return text;
}

function wholeCents(field: string, cents: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new FatturaPaError(`${field} must be whole cents, not negative`);
  return cents;
}

/** The document's untaxed total in cents: the sum of its lines. */
export function fatturaPaTotalCents(lines: readonly FatturaPaLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
}

function anagrafica(whose: string, value: PersonName) {
  if ("name" in value) return { Denominazione: latinText(`${whose} name`, value.name, 80) };
  return {
    Nome: latinText(`${whose} first name`, value.firstName, 60),
    Cognome: latinText(`${whose} last name`, value.lastName, 60),
  };
}

/** The name as printed: "Giulia Bianchi". */
function fullName(value: PersonName) {
  return "name" in value ? value.name : `${value.firstName} ${value.lastName}`;
}

function seller(value: FatturaPaSeller) {
  if (!isValidVatNumber(value.vatNumber))
    throw new FatturaPaError("The seller's VAT number (partita IVA) is not valid");
  if (!isValidTaxCode(value.taxCode)) throw new FatturaPaError("The seller's tax code (codice fiscale) is not valid");
  return {
    DatiAnagrafici: {
      IdFiscaleIVA: { IdPaese: "IT", IdCodice: normaliseVatNumber(value.vatNumber) },
      CodiceFiscale: normaliseTaxCode(value.taxCode),
      Anagrafica: anagrafica("The seller's", value),
      RegimeFiscale: FORFETTARIO_REGIME,
    },
    Sede: address("The seller's address", value.address),
    ...(value.email ? { Contatti: { Email: email("The seller's email", value.email) } } : {}),
  };
}

function buyer(value: FatturaPaBuyer) {
  if (value.kind === "person") {
    if (!isValidTaxCode(value.taxCode)) throw new FatturaPaError("The buyer's tax code (codice fiscale) is not valid");
    return {
      DatiAnagrafici: {
        CodiceFiscale: normaliseTaxCode(value.taxCode),
        Anagrafica: anagrafica("The buyer's", value),
      },
      Sede: address("The buyer's address", value.address),
    };
  }
  if (!isValidVatNumber(value.vatNumber)) throw new FatturaPaError("The buyer's VAT number (partita IVA) is not valid");
  if (value.taxCode !== undefined && !isValidCompanyTaxCode(value.taxCode)) {
    throw new FatturaPaError("The buyer's tax code (codice fiscale) is not valid");
  }
  return {
    DatiAnagrafici: {
      IdFiscaleIVA: { IdPaese: "IT", IdCodice: normaliseVatNumber(value.vatNumber) },
      ...(value.taxCode !== undefined ? { CodiceFiscale: normaliseTaxCode(value.taxCode) } : {}),
      Anagrafica: { Denominazione: latinText("The buyer's name", value.name, 80) },
    },
    Sede: address("The buyer's address", value.address),
  };
}

/** CodiceDestinatario and PECDestinatario: the SdI code, else 0000000 with the PEC, else (a person) 0000000 alone. */
function recipient(value: FatturaPaBuyer): { code: string; pec?: string } {
  const pec = value.pec ? email("The buyer's PEC", value.pec) : undefined;
  if (value.kind === "company" && value.sdiCode && value.sdiCode.trim().toUpperCase() !== NO_SDI_CODE) {
    const code = value.sdiCode.trim().toUpperCase();
    if (!/^[A-Z0-9]{7}$/.test(code)) throw new FatturaPaError("The buyer's SdI code must have 7 letters or digits");
    return { code };
  }
  if (value.kind === "company" && !pec) throw new FatturaPaError("A company buyer needs its SdI code or its PEC");
  return { code: NO_SDI_CODE, ...(pec ? { pec } : {}) };
}

function lines(values: readonly FatturaPaLine[]) {
  if (values.length === 0) throw new FatturaPaError("A document needs at least one line");
  if (values.length > 9999) throw new FatturaPaError("A document has at most 9999 lines");
  return values.map((line, index) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new FatturaPaError(`Line ${index + 1}: the quantity must be a whole number from 1`);
    }
    const unit = wholeCents(`Line ${index + 1}: the unit price`, line.unitPriceCents);
    return {
      NumeroLinea: index + 1,
      Descrizione: latinText(`Line ${index + 1}: the description`, line.description, 1000),
      Quantita: `${line.quantity}.00`,
      PrezzoUnitario: centsToDecimal(unit),
      PrezzoTotale: centsToDecimal(unit * line.quantity),
      AliquotaIVA: "0.00",
      Natura: FORFETTARIO_NATURE,
    };
  });
}

function payment(value: FatturaPaPayment, beneficiary: string) {
  const iban = value.iban ? normaliseIban(value.iban) : undefined;
  if (iban !== undefined && !isValidIban(iban)) throw new FatturaPaError("The IBAN is not valid");
  if (value.method === "bank_transfer" && iban === undefined)
    throw new FatturaPaError("A bank transfer needs the IBAN");
  const bic = value.bic ? normaliseBic(value.bic) : undefined;
  if (bic !== undefined && !/^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/.test(bic)) {
    throw new FatturaPaError("The BIC is not valid");
  }
  return {
    CondizioniPagamento: "TP02", // pagamento completo
    DettaglioPagamento: {
      Beneficiario: beneficiary,
      ModalitaPagamento: paymentModes[value.method],
      ...(value.dueOn ? { DataScadenzaPagamento: isoDate("The payment's due date", value.dueOn) } : {}),
      ImportoPagamento: centsToDecimal(wholeCents("The payment's amount", value.amountCents)),
      ...(iban ? { IBAN: iban } : {}),
      ...(bic ? { BIC: bic } : {}),
    },
  };
}

/** The FatturaPA XML of one document, UTF-8, ready to be named with `fatturaPaFileName`. */
export function fatturaPaXml(document: FatturaPaDocument): string {
  const progressive = fatturaPaProgressive(document.progressive);
  const vatNumber = normaliseVatNumber(document.seller.vatNumber);
  const recipientOf = recipient(document.buyer);
  const lineElements = lines(document.lines);
  const totalCents = fatturaPaTotalCents(document.lines);
  const stampDuty = stampDutyCents(totalCents);
  if (document.kind === "TD04" && !document.corrects)
    throw new FatturaPaError("A credit note (TD04) names the invoice it corrects");
  if (document.kind === "TD01" && document.corrects)
    throw new FatturaPaError("Only a credit note (TD04) corrects an invoice");
  const sellerName = latinText("The seller's name", fullName(document.seller), 200);

  const body = {
    DatiGenerali: {
      DatiGeneraliDocumento: {
        TipoDocumento: document.kind,
        Divisa: "EUR",
        Data: isoDate("The document's date", document.date),
        Numero: basicLatinText("The document's number", document.number, 20),
        ...(stampDuty > 0 ? { DatiBollo: { BolloVirtuale: "SI", ImportoBollo: centsToDecimal(stampDuty) } } : {}),
        ImportoTotaleDocumento: centsToDecimal(totalCents),
        ...(document.buyer.kind === "company" ? { Causale: FORFETTARIO_NO_WITHHOLDING_WORDING } : {}),
      },
      ...(document.corrects
        ? {
            DatiFattureCollegate: {
              IdDocumento: basicLatinText("The corrected invoice's number", document.corrects.number, 20),
              Data: isoDate("The corrected invoice's date", document.corrects.date),
            },
          }
        : {}),
    },
    DatiBeniServizi: {
      DettaglioLinee: lineElements,
      DatiRiepilogo: {
        AliquotaIVA: "0.00",
        Natura: FORFETTARIO_NATURE,
        ImponibileImporto: centsToDecimal(totalCents),
        Imposta: "0.00",
        RiferimentoNormativo: FORFETTARIO_LEGAL_WORDING,
      },
    },
    ...(document.payment ? { DatiPagamento: payment(document.payment, sellerName) } : {}),
  };

  const root = {
    "?xml": { "@version": "1.0", "@encoding": "UTF-8" },
    "p:FatturaElettronica": {
      "@versione": "FPR12",
      "@xmlns:p": FATTURAPA_NAMESPACE,
      "@xmlns:ds": XMLDSIG_NAMESPACE,
      "@xmlns:xsi": XSI_NAMESPACE,
      "@xsi:schemaLocation": `${FATTURAPA_NAMESPACE} Schema_del_file_xml_FatturaPA_v1.2.2.xsd`,
      FatturaElettronicaHeader: {
        DatiTrasmissione: {
          // The teacher transmits their own files (the tax agency's portal or an intermediary's upload).
          IdTrasmittente: { IdPaese: "IT", IdCodice: vatNumber },
          ProgressivoInvio: progressive,
          FormatoTrasmissione: "FPR12",
          CodiceDestinatario: recipientOf.code,
          ...(recipientOf.pec ? { PECDestinatario: recipientOf.pec } : {}),
        },
        CedentePrestatore: seller(document.seller),
        CessionarioCommittente: buyer(document.buyer),
      },
      FatturaElettronicaBody: body,
    },
  };
  return xmlBuilder.build(root);
}

const PROGRESSIVE_PATTERN = /^[A-Za-z0-9]{1,5}$/;
const PROGRESSIVE_LIMIT = 36 ** 5;

/** Checks a progressive: 1 to 5 letters or digits (the SdI's rule for the file name's suffix). */
export function fatturaPaProgressive(value: string): string {
  if (!PROGRESSIVE_PATTERN.test(value)) {
    throw new FatturaPaError("The progressive must have 1 to 5 letters or digits");
  }
  return value;
}

/** The progressive for the n-th file a teacher produces (1 → `00001`): base 36, upper case, 5 characters. */
export function progressiveFromSequence(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1 || sequence >= PROGRESSIVE_LIMIT) {
    throw new FatturaPaError(`The sequence must be from 1 to ${PROGRESSIVE_LIMIT - 1}`);
  }
  return sequence.toString(36).toUpperCase().padStart(5, "0");
}

/** `IT<the transmitter's VAT number or tax code>_<progressive>.xml`, the name the SdI requires. */
export function fatturaPaFileName(sellerVatOrTaxId: string, progressive: string): string {
  const compact = sellerVatOrTaxId.replace(/\s/g, "").toUpperCase();
  const id = /^IT\d{11}$/.test(compact) ? compact.slice(2) : compact;
  if (!isValidVatNumber(id) && !isValidTaxCode(id)) {
    throw new FatturaPaError("The file name needs the seller's VAT number or tax code");
  }
  return `IT${id}_${fatturaPaProgressive(progressive)}.xml`;
}

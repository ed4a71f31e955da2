// The EPC QR code ("SEPA QR", "GiroCode"): a SEPA credit transfer that a banking app fills in by
// scanning it. Layout from the European Payments Council's EPC069-12 ("Quick Response Code:
// guidelines to enable data capture for the initiation of a SEPA credit transfer"), version 002:
// one element per line, separated by LF; the last populated element has no separator after it, so
// the trailing optional lines are left out; UTF-8 (character set `1`); the whole payload at most
// 331 bytes, which is what fits a version 13 symbol at error correction level M, the level the
// guidelines require. docs/getting-paid.md, "Facts from the standards", has the table.
import QRCode from "qrcode";
import { isValidBic, isValidIban, normaliseBic, normaliseIban } from "./fiscal-ids.ts";
import { centsToDecimal } from "./money.ts";

export const EPC_MAX_PAYLOAD_BYTES = 331;
export const EPC_MAX_NAME_LENGTH = 70;
export const EPC_MAX_REMITTANCE_LENGTH = 140;
const EPC_MIN_AMOUNT_CENTS = 1;
const EPC_MAX_AMOUNT_CENTS = 99_999_999_999;
const EPC_MAX_QR_VERSION = 13;

export type EpcTransfer = {
  /** The beneficiary bank's BIC; optional in version 002 within the EEA. */
  bic?: string;
  /** The beneficiary's name, at most 70 characters. */
  name: string;
  iban: string;
  amountCents: number;
  /** The unstructured remittance information the payer's bank shows, at most 140 characters. */
  reference: string;
};

export class EpcPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EpcPayloadError";
  }
}

function singleLine(field: string, value: string): string {
  const text = value.trim();
  if (/[\r\n]/.test(text)) throw new EpcPayloadError(`The ${field} must be one line`);
  return text;
}

/** The QR code's text for one bank transfer; throws `EpcPayloadError` on what EPC069-12 forbids. */
export function epcPayload(transfer: EpcTransfer): string {
  const name = singleLine("beneficiary name", transfer.name);
  if (name.length === 0 || [...name].length > EPC_MAX_NAME_LENGTH) {
    throw new EpcPayloadError(`The beneficiary name must have 1 to ${EPC_MAX_NAME_LENGTH} characters`);
  }
  const iban = normaliseIban(transfer.iban);
  if (!isValidIban(iban)) throw new EpcPayloadError("The IBAN is not valid");
  const bic = transfer.bic ? normaliseBic(transfer.bic) : "";
  if (bic && !isValidBic(bic)) throw new EpcPayloadError("The BIC is not valid");
  const { amountCents } = transfer;
  if (!Number.isSafeInteger(amountCents) || amountCents < EPC_MIN_AMOUNT_CENTS || amountCents > EPC_MAX_AMOUNT_CENTS) {
    throw new EpcPayloadError("The amount must be between EUR 0.01 and EUR 999999999.99, in whole cents");
  }
  const reference = singleLine("reference", transfer.reference);
  if (reference.length === 0 || [...reference].length > EPC_MAX_REMITTANCE_LENGTH) {
    throw new EpcPayloadError(`The reference must have 1 to ${EPC_MAX_REMITTANCE_LENGTH} characters`);
  }

  const lines = [
    "BCD", // service tag
    "002", // version
    "1", // character set: UTF-8
    "SCT", // identification: SEPA credit transfer
    bic,
    name,
    iban,
    `EUR${centsToDecimal(amountCents)}`,
    "", // purpose (a 4-letter ISO 20022 code), not used
    "", // structured creditor reference (ISO 11649 `RF…`), exclusive with the next line
    reference, // unstructured remittance information; the last populated element, nothing after it
  ];
  const payload = lines.join("\n");
  const bytes = Buffer.byteLength(payload, "utf8");
  if (bytes > EPC_MAX_PAYLOAD_BYTES) {
    throw new EpcPayloadError(`The payload is ${bytes} bytes; EPC069-12 allows ${EPC_MAX_PAYLOAD_BYTES}`);
  }
  return payload;
}

// Error correction level M is what EPC069-12 requires; 331 bytes keep the symbol at version 13 or below.
const qrOptions = { errorCorrectionLevel: "M", margin: 4 } as const;

function checkSymbolVersion(payload: string): void {
  const { version } = QRCode.create(payload, qrOptions);
  if (version > EPC_MAX_QR_VERSION) {
    throw new EpcPayloadError(`The QR code would be version ${version}; EPC069-12 allows up to ${EPC_MAX_QR_VERSION}`);
  }
}

/** The QR code as an SVG document, for the order page (scales to any size). */
export async function epcQrSvg(payload: string): Promise<string> {
  checkSymbolVersion(payload);
  return QRCode.toString(payload, { ...qrOptions, type: "svg" });
}

/** The QR code as a PNG, for emails and PDFs; `scale` is pixels per module. */
export async function epcQrPng(payload: string, scale = 6): Promise<Buffer> {
  checkSymbolVersion(payload);
  return QRCode.toBuffer(payload, { ...qrOptions, type: "png", scale });
}

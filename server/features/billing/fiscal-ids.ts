// Checks of the identifiers printed on a fiscal document, as zod-friendly predicates
// (`z.string().refine(isValidTaxCode)`) and normalisers. The check digits come from libraries
// (decision 0014): stdnum for the codice fiscale and the partita IVA, ibantools for IBAN and BIC.
// stdnum is imported per module: its index loads every country's validators (about 140 ms at boot).
import { isValidBIC, isValidIBAN } from "ibantools";
import * as codiceFiscale from "stdnum/lib/cjs/it/codicefiscale.js";
import * as partitaIva from "stdnum/lib/cjs/it/iva.js";

/** Upper case, without the spaces, dots, dashes and slashes people type into these codes. */
function compactCode(value: string): string {
  return value.replace(/[\s.\-/]/g, "").toUpperCase();
}

/** A person's codice fiscale, 16 characters: the pattern (omocodia letters allowed) and its check letter. */
export function isValidTaxCode(value: string): boolean {
  return codiceFiscale.validate(compactCode(value)).isValid;
}

export function normaliseTaxCode(value: string): string {
  return compactCode(value);
}

/** An Italian partita IVA, 11 digits (an `IT` prefix is accepted): the office code and the Luhn check digit. */
export function isValidVatNumber(value: string): boolean {
  return partitaIva.validate(normaliseVatNumber(value)).isValid;
}

/** The 11 digits, without an `IT` prefix, as FatturaPA's `IdCodice` wants them. */
export function normaliseVatNumber(value: string): string {
  return compactCode(value).replace(/^IT/, "");
}

/** What a company's buyer may use as its codice fiscale: 11 digits (a company's) or 16 characters (a person's). */
export function isValidCompanyTaxCode(value: string): boolean {
  const code = compactCode(value);
  return /^\d{11}$/.test(code) ? partitaIva.validate(code).isValid : isValidTaxCode(code);
}

/** The IBAN in its electronic form: no spaces, upper case (`IT60X0542811101000000123456`). */
export function normaliseIban(value: string): string {
  return value.replace(/\s/g, "").toUpperCase();
}

/** Length per country and the ISO 13616 mod-97 check, on the normalised IBAN. */
export function isValidIban(value: string): boolean {
  return isValidIBAN(normaliseIban(value));
}

/** `IT60 X054 2811 1010 0000 0123 456`, for people to read. */
export function formatIban(value: string): string {
  return normaliseIban(value).replace(/(.{4})(?=.)/g, "$1 ");
}

export function normaliseBic(value: string): string {
  return value.replace(/\s/g, "").toUpperCase();
}

/** An ISO 9362 BIC, 8 or 11 characters. */
export function isValidBic(value: string): boolean {
  return isValidBIC(normaliseBic(value));
}

/** An SdI recipient code for a private party (FPR12): 7 letters or digits. */
export function isValidSdiCode(value: string): boolean {
  return /^[A-Z0-9]{7}$/.test(value.trim().toUpperCase());
}

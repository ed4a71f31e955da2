// Who is paid and who pays (issue 30, items 2 and 3): the teacher's billing profile
// (`settings.billing`) and the payer's fiscal data (`billing` on the student's profile). The
// identifiers are checked by fiscal-ids.ts and stored normalised; an empty optional field is null.
import { z } from "zod";
import { singleLineText } from "../../../shared/text.ts";
import {
  isValidBic,
  isValidCompanyTaxCode,
  isValidIban,
  isValidSdiCode,
  isValidTaxCode,
  isValidVatNumber,
  normaliseBic,
  normaliseIban,
  normaliseTaxCode,
  normaliseVatNumber,
} from "./fiscal-ids.ts";

export const FISCAL_REGIMES = ["forfettario", "occasionale", "none"] as const;
export type FiscalRegime = (typeof FISCAL_REGIMES)[number];
export const PAYER_KINDS = ["person", "company"] as const;
/** When a payment's document is issued: as the payment is recorded, or when the teacher asks. */
export const ISSUE_DOCUMENTS = ["on_payment", "manual"] as const;
export type IssueDocuments = (typeof ISSUE_DOCUMENTS)[number];

/** The beneficiary's name on a bank transfer: EPC069-12 allows 70 characters. */
const LEGAL_NAME_MAX = 70;

/** Empty, or a valid code stored in its normal form; empty is null. */
const optionalCode = (
  max: number,
  isValid: (v: string) => boolean,
  normalise: (v: string) => string,
  message: string,
) =>
  singleLineText(max)
    .default("")
    .refine((v) => v === "" || isValid(v), { message })
    .transform((v) => (v === "" ? null : normalise(v)));

const taxCode = optionalCode(30, isValidTaxCode, normaliseTaxCode, "The tax code (codice fiscale) is not valid.");
const vatNumber = optionalCode(20, isValidVatNumber, normaliseVatNumber, "The VAT number (partita IVA) is not valid.");

const paymentLink = singleLineText(500)
  .default("")
  .refine((v) => v === "" || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v), {
    message: "Payment links must be https:// addresses.",
  })
  .transform((v) => (v === "" ? null : v));

const addressFields = {
  street: singleLineText(200).default(""),
  zip: singleLineText(10).default(""),
  city: singleLineText(100).default(""),
  province: singleLineText(2)
    .default("")
    .transform((v) => v.toUpperCase())
    .refine((v) => v === "" || /^[A-Z]{2}$/.test(v), { message: "The province is its two-letter code, such as MI." }),
  country: singleLineText(2)
    .default("IT")
    .transform((v) => (v || "IT").toUpperCase())
    .refine((v) => /^[A-Z]{2}$/.test(v), { message: "The country is its two-letter code, such as IT." }),
};
const addressSchema = z.object(addressFields);

/** `settings.billing`: absent from an update keeps what is saved (clients that predate it). */
export const billingProfileSchema = z
  .object({
    regime: z.enum(FISCAL_REGIMES, { message: "Please choose a fiscal regime: forfettario, occasionale or none." }),
    legalName: singleLineText(LEGAL_NAME_MAX).default(""),
    taxCode,
    vatNumber,
    address: addressSchema.default({ street: "", zip: "", city: "", province: "", country: "IT" }),
    iban: optionalCode(42, isValidIban, normaliseIban, "The IBAN is not valid."),
    bic: optionalCode(15, isValidBic, normaliseBic, "The BIC is not valid."),
    satispayLink: paymentLink,
    paypalLink: paymentLink,
    cardLink: paymentLink,
    issueDocuments: z
      .enum(ISSUE_DOCUMENTS, { message: "Please choose when documents are issued: on_payment or manual." })
      .default("on_payment"),
  })
  .superRefine((billing, ctx) => {
    if (billing.regime === "forfettario" && !billing.vatNumber) {
      ctx.addIssue({
        code: "custom",
        path: ["vatNumber"],
        message: "The flat-rate regime (forfettario) needs your VAT number (partita IVA).",
      });
    }
  });
export type BillingProfileInput = z.output<typeof billingProfileSchema>;

/** The payer's fiscal data, given once before a receipt or invoice is issued. */
export const payerBillingSchema = z
  .object({
    kind: z.enum(PAYER_KINDS, { message: "Please choose whether a person or a company pays." }),
    name: singleLineText(LEGAL_NAME_MAX).min(1, "Please enter the name to print on receipts and invoices."),
    // A company's codice fiscale may be its 11 digits; a person's is checked to be 16 below.
    taxCode: optionalCode(30, isValidCompanyTaxCode, normaliseTaxCode, "The tax code (codice fiscale) is not valid."),
    vatNumber,
    sdiCode: optionalCode(
      7,
      isValidSdiCode,
      (v) => v.trim().toUpperCase(),
      "The SdI recipient code has 7 letters or digits.",
    ),
    pec: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .default("")
      .refine((v) => v === "" || z.email().safeParse(v).success, {
        message: "The PEC address is not a valid email address.",
      })
      .transform((v) => (v === "" ? null : v)),
    address: addressSchema,
  })
  .superRefine((payer, ctx) => {
    if (payer.kind === "person" && !payer.taxCode) {
      ctx.addIssue({ code: "custom", path: ["taxCode"], message: "Please enter the tax code (codice fiscale)." });
    } else if (payer.kind === "person" && payer.taxCode && !isValidTaxCode(payer.taxCode)) {
      ctx.addIssue({ code: "custom", path: ["taxCode"], message: "The tax code (codice fiscale) is not valid." });
    }
    if (payer.kind === "company" && !payer.vatNumber) {
      ctx.addIssue({ code: "custom", path: ["vatNumber"], message: "Please enter the VAT number (partita IVA)." });
    }
    if (payer.kind === "company" && !payer.sdiCode && !payer.pec) {
      ctx.addIssue({
        code: "custom",
        path: ["sdiCode"],
        message: "A company needs its SdI recipient code or a PEC address.",
      });
    }
    const { street, zip, city, country } = payer.address;
    if (!street || !zip || !city) {
      ctx.addIssue({ code: "custom", path: ["address"], message: "Please enter the street, postcode and city." });
    } else if (country === "IT" && !/^\d{5}$/.test(zip)) {
      ctx.addIssue({ code: "custom", path: ["address", "zip"], message: "An Italian postcode (CAP) has 5 digits." });
    }
  });
export type PayerBillingInput = z.output<typeof payerBillingSchema>;

/** `?year=` of the documents' list and exports: the current calendar year when absent. */
export const documentYearSchema = z.object({
  year: z.coerce
    .number({ message: "Please choose a year from 2000 to 2100." })
    .int("Please choose a year from 2000 to 2100.")
    .min(2000, "Please choose a year from 2000 to 2100.")
    .max(2100, "Please choose a year from 2000 to 2100.")
    .default(() => new Date().getFullYear()),
});

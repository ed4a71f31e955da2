import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  formatIban,
  isValidBic,
  isValidCompanyTaxCode,
  isValidIban,
  isValidSdiCode,
  isValidTaxCode,
  isValidVatNumber,
  normaliseIban,
  normaliseTaxCode,
  normaliseVatNumber,
} from "./fiscal-ids.ts";

// Check letters and digits worked out by hand from the published algorithms (docs/getting-paid.md),
// not by the libraries under test.
describe("codice fiscale", () => {
  it.each([
    ["RSSMRA85T10A562S", "the textbook example"],
    ["rssmra85t10a562s", "typed in lower case"],
    ["RSS MRA 85T10 A562S", "typed with spaces"],
    ["RSSMRA85T10A56NH", "an omocodia variant (a digit replaced by its letter, check letter recomputed)"],
    ["DNGNCL12A01F205M", "Nicolò D'Angelo, born in Milan"],
  ])("accepts %s (%s)", (code) => {
    expect(isValidTaxCode(code)).toBe(true);
  });

  it.each([
    ["RSSMRA85T10A562T", "a wrong check letter"],
    ["RSSMRA85T10A562", "15 characters"],
    ["RSSMRA85Z10A562B", "a month letter that does not exist (its check letter right)"],
    ["12345670017", "a partita IVA"],
    ["", "nothing"],
  ])("refuses %s (%s)", (code) => {
    expect(isValidTaxCode(code)).toBe(false);
  });

  it("normalises to the upper-case compact form", () => {
    expect(normaliseTaxCode(" rss mra 85t10 a562s ")).toBe("RSSMRA85T10A562S");
  });

  it("works as a zod refinement", () => {
    const taxCode = z.string().refine(isValidTaxCode, "Invalid tax code");
    expect(taxCode.safeParse("RSSMRA85T10A562S").success).toBe(true);
    expect(taxCode.safeParse("RSSMRA85T10A562T").success).toBe(false);
  });
});

describe("partita IVA", () => {
  it.each(["12345670017", "02159680962", "IT12345670017", "it 123 456 700 17"])("accepts %s", (vat) => {
    expect(isValidVatNumber(vat)).toBe(true);
  });

  it.each([
    ["12345670018", "a wrong check digit"],
    ["12345678903", "a valid Luhn digit but office code 890, which does not exist"],
    ["1234567001", "10 digits"],
    ["1234567001A", "a letter"],
  ])("refuses %s (%s)", (vat) => {
    expect(isValidVatNumber(vat)).toBe(false);
  });

  it("drops the IT prefix for FatturaPA's IdCodice", () => {
    expect(normaliseVatNumber("IT 12345670017")).toBe("12345670017");
  });

  it("takes a company's tax code as 11 digits or 16 characters", () => {
    expect(isValidCompanyTaxCode("02159680962")).toBe(true);
    expect(isValidCompanyTaxCode("RSSMRA85T10A562S")).toBe(true);
    expect(isValidCompanyTaxCode("02159680963")).toBe(false);
  });
});

describe("IBAN and BIC", () => {
  it("accepts an Italian IBAN typed with spaces and in lower case", () => {
    expect(isValidIban("it60 x054 2811 1010 0000 0123 456")).toBe(true);
    expect(normaliseIban("it60 x054 2811 1010 0000 0123 456")).toBe("IT60X0542811101000000123456");
    expect(formatIban("IT60X0542811101000000123456")).toBe("IT60 X054 2811 1010 0000 0123 456");
  });

  it("refuses a wrong check, a wrong length and garbage", () => {
    expect(isValidIban("IT61X0542811101000000123456")).toBe(false);
    expect(isValidIban("IT60X054281110100000012345")).toBe(false);
    expect(isValidIban("not an iban")).toBe(false);
  });

  it("checks a BIC of 8 or 11 characters", () => {
    expect(isValidBic("BPPIITRRXXX")).toBe(true);
    expect(isValidBic("bppiitrr")).toBe(true);
    expect(isValidBic("BPPI1TRR")).toBe(false);
  });

  it("checks an SdI recipient code: 7 letters or digits", () => {
    expect(isValidSdiCode("M5UXCR1")).toBe(true);
    expect(isValidSdiCode("UFXXXX")).toBe(false);
  });
});

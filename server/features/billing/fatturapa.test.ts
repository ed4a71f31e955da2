import { describe, expect, it } from "vitest";
import {
  companyWithPec,
  companyWithSdiCode,
  documents,
  parent,
  teacher,
} from "../../../tests/helpers/billing-fixtures.ts";
import {
  FatturaPaError,
  fatturaPaFileName,
  fatturaPaProgressive,
  fatturaPaTotalCents,
  fatturaPaXml,
  progressiveFromSequence,
} from "./fatturapa.ts";

const invoice = documents[2].document;

describe("FatturaPA file name", () => {
  it("is IT, the transmitter's id, an underscore and the progressive", () => {
    expect(fatturaPaFileName("12345670017", "00001")).toBe("IT12345670017_00001.xml");
    expect(fatturaPaFileName("IT12345670017", "A1b2C")).toBe("IT12345670017_A1b2C.xml");
    expect(fatturaPaFileName("bncgli85c45f205b", "7")).toBe("ITBNCGLI85C45F205B_7.xml");
  });

  it.each(["", "000001", "00-01", "0001_"])("refuses the progressive %j (1 to 5 letters or digits)", (progressive) => {
    expect(() => fatturaPaFileName("12345670017", progressive)).toThrow(FatturaPaError);
  });

  it("refuses an id that is neither a VAT number nor a tax code", () => {
    expect(() => fatturaPaFileName("12345670018", "00001")).toThrow(/VAT number or tax code/);
  });

  it("numbers progressives in base 36, five characters, without repeating", () => {
    expect(progressiveFromSequence(1)).toBe("00001");
    expect(progressiveFromSequence(36)).toBe("00010");
    expect(progressiveFromSequence(36 ** 5 - 1)).toBe("ZZZZZ");
    expect(() => progressiveFromSequence(36 ** 5)).toThrow(FatturaPaError);
    expect(() => progressiveFromSequence(0)).toThrow(FatturaPaError);
    expect(new Set(Array.from({ length: 2000 }, (_, i) => progressiveFromSequence(i + 1))).size).toBe(2000);
    expect(fatturaPaProgressive(progressiveFromSequence(123_456))).toBe("02N9C"); // 2·36³ + 23·36² + 9·36 + 12;
  });
});

describe("FatturaPA document", () => {
  it("totals its lines in cents", () => {
    expect(fatturaPaTotalCents(documents[5].document.lines)).toBe(26800);
  });

  it("puts the seller's VAT number in IdTrasmittente and the progressive in ProgressivoInvio", () => {
    const xml = fatturaPaXml(invoice);
    expect(xml).toContain("<IdTrasmittente>\n        <IdPaese>IT</IdPaese>\n        <IdCodice>12345670017</IdCodice>");
    expect(xml).toContain("<ProgressivoInvio>00003</ProgressivoInvio>");
    expect(xml).toContain('versione="FPR12"');
  });

  it("tells a company that no withholding tax applies, and not a person", () => {
    expect(fatturaPaXml({ ...invoice, buyer: companyWithSdiCode })).toContain("art. 1, comma 67, L. 190/2014");
    expect(fatturaPaXml(invoice)).not.toContain("comma 67");
  });

  it("pays by bank transfer with MP05 and the IBAN", () => {
    const xml = fatturaPaXml(invoice);
    expect(xml).toContain("<ModalitaPagamento>MP05</ModalitaPagamento>");
    expect(xml).toContain("<IBAN>IT60X0542811101000000123456</IBAN>");
  });

  it.each([
    ["a credit note without the invoice it corrects", { kind: "TD04" as const }, /TD04/],
    ["an invoice that claims to correct another", { corrects: { number: "2026/1", date: "2026-01-05" } }, /TD04/],
    ["no lines", { lines: [] }, /at least one line/],
    ["a fractional quantity", { lines: [{ description: "Lezione", quantity: 1.5, unitPriceCents: 4000 }] }, /quantity/],
    ["a fractional amount", { lines: [{ description: "Lezione", quantity: 1, unitPriceCents: 40.5 }] }, /whole cents/],
    ["a date that does not exist", { date: "2026-02-30" }, /YYYY-MM-DD/],
    ["a number over 20 characters", { number: "2026/123456789012345678" }, /number/],
    ["a progressive of 6 characters", { progressive: "000001" }, /progressive/],
    ["a bank transfer without an IBAN", { payment: { method: "bank_transfer" as const, amountCents: 16000 } }, /IBAN/],
    ["a seller's wrong VAT number", { seller: { ...teacher, vatNumber: "12345670018" } }, /VAT number/],
    ["a buyer's wrong tax code", { buyer: { ...parent, taxCode: "DNGLRA80E50F205J" } }, /tax code/],
    [
      "a company with neither SdI code nor PEC",
      { buyer: { ...companyWithPec, pec: undefined } },
      /SdI code or its PEC/,
    ],
    [
      "a company with a 6-character code (public administration)",
      { buyer: { ...companyWithSdiCode, sdiCode: "UFXXXX" } },
      /7 letters/,
    ],
    ["a name in a script FatturaPA cannot carry", { buyer: { ...parent, lastName: "Wiśniewska" } }, /"ś"/],
    [
      "an Italian address without its province",
      { buyer: { ...parent, address: { ...parent.address, province: undefined } } },
      /province/,
    ],
  ])("refuses %s", (_, change, message) => {
    expect(() => fatturaPaXml({ ...invoice, ...change })).toThrow(FatturaPaError);
    expect(() => fatturaPaXml({ ...invoice, ...change })).toThrow(message);
  });
});

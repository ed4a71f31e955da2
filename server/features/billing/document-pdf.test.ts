// The PDFs of issued documents, read back: each is rendered, its text extracted with PDF.js
// (`unpdf`, as a reader's viewer or a search would see it), and checked for what the document must
// say in its language: the number, the payer, the total, the legal wording, the stamp duty exactly
// when due. Each PDF is also written to /tmp/shots-pdf/ to be looked at (`pdftoppm -png`).
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { extractImages, extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { SERVER_EXTERNALS } from "../../../scripts/build-server.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { toWinAnsi } from "../../pdf.ts";
import { DocumentPdfError, documentPdf } from "./document-pdf.ts";
import { epcPayload, epcQrPng } from "./epc-qr.ts";
import { FORFETTARIO_LEGAL_WORDING, FORFETTARIO_NO_WITHHOLDING_WORDING } from "./fatturapa.ts";
import type { DocumentPayer, DocumentSeller, IssuedDocument } from "./issued-document.ts";
import { stampDutyCents } from "./stamp-duty.ts";

const SHOTS = "/tmp/shots-pdf";

const milan = { zip: "20123", city: "Milano", province: "MI", country: "IT" };
const teacher: DocumentSeller = {
  name: "Giulia Bianchi",
  firstName: "Giulia",
  lastName: "Bianchi",
  taxCode: "BNCGLI85C45F205B",
  vatNumber: "12345670017",
  address: { street: "Via Roma 1", zip: "20121", city: "Milano", province: "MI", country: "IT" },
  email: "giulia@example.com",
};
const parent: DocumentPayer = {
  kind: "person",
  name: "Laura D'Angelo",
  firstName: "Laura",
  lastName: "D'Angelo",
  taxCode: "DNGLRA80E50F205H",
  address: { street: "Corso di Porta Ticinese 12", ...milan },
};
const company: DocumentPayer = {
  kind: "company",
  name: "Studio Rossi S.r.l.",
  vatNumber: "02159680962",
  taxCode: "02159680962",
  sdiCode: "M5UXCR1",
  pec: null,
  address: { street: "Via Torino 5", ...milan },
};

/** A document of `totalCents` in one line, with what the lead's issuing computes from it. */
function issued(
  overrides: Partial<IssuedDocument> & Pick<IssuedDocument, "kind" | "regime" | "locale" | "number">,
  totalCents = 16000,
  quantity = 4,
): IssuedDocument {
  const payer = overrides.payer ?? parent;
  const regime = overrides.regime;
  return {
    id: `doc-${overrides.number}`,
    date: "2026-03-02",
    seller: regime === "forfettario" ? teacher : { ...teacher, vatNumber: null },
    payer,
    lines: [
      {
        description:
          overrides.locale === "it"
            ? "Lezioni di inglese per Nicolò D'Angelo, già prenotate: perché è più facile così"
            : "English lessons for Nicolò D'Angelo",
        quantity,
        unitPriceCents: totalCents / quantity,
      },
    ],
    totalCents,
    stampDutyCents: regime === "none" ? 0 : stampDutyCents(totalCents),
    withholdingCents: regime === "occasionale" && payer.kind === "company" ? totalCents / 5 : 0,
    payment: { method: "bank_transfer", paidOn: "2026-03-05", iban: null },
    orderReference: "ORD-0042",
    orderId: "order-42",
    corrects: null,
    progressive: regime === "forfettario" ? "00003" : null,
    fileName: null,
    ...overrides,
  };
}

/** The text of every page, with Intl's no-break spaces as plain ones and runs of spaces as one. */
async function textOf(pdf: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/[\u00a0\u202f]/g, " ").replace(/\s+/g, " ");
}

async function render(name: string, doc: IssuedDocument, opts?: { qrPng?: Buffer }) {
  const pdf = await documentPdf(doc, opts);
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(`${SHOTS}/${name}.pdf`, pdf);
  return { pdf, text: await textOf(pdf) };
}

const count = (text: string, part: string) => text.split(part).length - 1;

const STAMP_VIRTUAL =
  "Imposta di bollo di 2,00 € assolta in modo virtuale ai sensi dell'art. 6 del D.M. 17 giugno 2014.";
const STAMP_ORIGINAL = "Marca da bollo da 2,00 € applicata sull'originale.";
const OUT_OF_SCOPE =
  "Operazione fuori campo IVA ai sensi dell'art. 5 del D.P.R. 633/1972, per mancanza del requisito dell'abitualità.";
const WITHHOLDING = "Ritenuta d'acconto del 20% ai sensi dell'art. 25 del D.P.R. 600/1973";
const COURTESY = "Copia di cortesia priva di valenza fiscale ai sensi dell'art. 21 del D.P.R. 633/1972.";

describe("a flat-rate teacher's invoice: the courtesy copy", () => {
  it("in English: title, seller's VAT number and tax code, payer, lines, total, the regime's wording in Italian with a gloss, stamp duty, payment", async () => {
    const { pdf, text } = await render(
      "invoice-en",
      issued({ kind: "invoice", regime: "forfettario", locale: "en", number: "2026/3" }),
    );
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(text).toContain("Courtesy copy of invoice");
    expect(text).toContain("No. 2026/3");
    expect(text).toContain("Date: March 2, 2026");
    expect(text).toContain("Giulia Bianchi");
    expect(text).toContain("VAT number (partita IVA): 12345670017");
    expect(text).toContain("Tax code (codice fiscale): BNCGLI85C45F205B");
    expect(text).toContain("Laura D'Angelo");
    expect(text).toContain("Tax code (codice fiscale): DNGLRA80E50F205H");
    expect(text).toContain("English lessons for Nicolò D'Angelo");
    expect(text).toContain("€40.00");
    expect(text).toMatch(/Total €160\.00/);
    expect(text).toContain(COURTESY);
    expect(text).toContain("The legally valid invoice is the electronic one sent through the SdI");
    expect(text).toContain("tax drawer (cassetto fiscale)");
    expect(text).toContain(FORFETTARIO_LEGAL_WORDING);
    expect(text).toContain("No VAT charged: the flat-rate scheme");
    // A person withholds nothing: the company's wording is not there.
    expect(text).not.toContain(FORFETTARIO_NO_WITHHOLDING_WORDING);
    expect(text).toContain(STAMP_VIRTUAL);
    expect(text).toContain("Stamp duty of €2.00, paid by the seller electronically");
    expect(text).toContain("Paid by bank transfer on March 5, 2026.");
    expect(text).toContain("Order reference: ORD-0042");
    expect(text).toContain("Page 1 of 1");
  });

  it("in Italian: the same in Italian, each legal formula once and no gloss", async () => {
    const { text } = await render(
      "invoice-it",
      issued({ kind: "invoice", regime: "forfettario", locale: "it", number: "2026/3" }),
    );
    expect(text).toContain("Copia di cortesia della fattura");
    expect(text).toContain("N. 2026/3");
    expect(text).toContain("Data: 2 marzo 2026");
    expect(text).toContain("Partita IVA: 12345670017");
    expect(text).toContain("Codice fiscale: BNCGLI85C45F205B");
    expect(text).toContain("Laura D'Angelo");
    // Italian's accents and the euro sign survive the standard font's encoding.
    expect(text).toContain("Lezioni di inglese per Nicolò D'Angelo, già prenotate: perché è più facile così");
    expect(text).toContain("40,00 €");
    expect(text).toMatch(/Totale 160,00 €/);
    expect(count(text, COURTESY)).toBe(1);
    expect(text).toContain("fattura elettronica trasmessa tramite il Sistema di Interscambio (SdI)");
    expect(text).toContain("cassetto fiscale");
    expect(count(text, FORFETTARIO_LEGAL_WORDING)).toBe(1);
    expect(count(text, STAMP_VIRTUAL)).toBe(1);
    expect(text).toContain("Pagato con bonifico il 5 marzo 2026.");
    expect(text).toContain("Riferimento ordine: ORD-0042");
    expect(text).toContain("Pagina 1 di 1");
    expect(text).not.toMatch(/Courtesy|Total |flat-rate|Page /);
  });

  it.each(["en", "it"] as const)(
    "to a company (%s): its VAT number, SdI code and the no-withholding wording",
    async (locale) => {
      const { text } = await render(
        `invoice-company-${locale}`,
        issued({ kind: "invoice", regime: "forfettario", locale, number: "2026/4", payer: company }, 45000, 10),
      );
      expect(text).toContain("Studio Rossi S.r.l.");
      expect(text).toContain(locale === "en" ? "VAT number (partita IVA): 02159680962" : "Partita IVA: 02159680962");
      expect(text).toContain(locale === "en" ? "SdI recipient code: M5UXCR1" : "Codice destinatario SdI: M5UXCR1");
      // Its tax code is its VAT number: printed once.
      expect(count(text, "02159680962")).toBe(1);
      expect(text).toContain(FORFETTARIO_NO_WITHHOLDING_WORDING);
      expect(text).toContain(locale === "en" ? "Total €450.00" : "Totale 450,00 €");
    },
  );

  it.each([
    ["en", 7747, false],
    ["en", 7748, true],
    ["it", 7747, false],
    ["it", 7748, true],
  ] as const)("(%s) at %d cents says stamp duty: %s", async (locale, cents, due) => {
    const { text } = await render(
      `invoice-${cents}-${locale}`,
      issued({ kind: "invoice", regime: "forfettario", locale, number: "2026/2" }, cents, 1),
    );
    expect(text.includes(STAMP_VIRTUAL)).toBe(due);
    expect(text.includes("Imposta di bollo")).toBe(due);
    expect(text).toContain(
      locale === "en" ? `€${(cents / 100).toFixed(2)}` : `${(cents / 100).toFixed(2).replace(".", ",")} €`,
    );
  });
});

describe("an occasional service's receipt", () => {
  it("in English, to a person: no VAT number, gross total, art. 5 wording, stamp duty on the original", async () => {
    const { text } = await render(
      "occasionale-person-en",
      issued({ kind: "receipt", regime: "occasionale", locale: "en", number: "2026/8" }),
    );
    expect(text).toContain("Receipt for occasional services");
    expect(text).toContain("No. 2026/8");
    expect(text).toContain("Tax code (codice fiscale): BNCGLI85C45F205B");
    expect(text).toContain("Via Roma 1");
    expect(text).not.toContain("VAT number");
    expect(text).not.toContain("12345670017");
    expect(text).toContain("Laura D'Angelo");
    expect(text).toContain("Gross fee €160.00");
    expect(text).not.toContain("Withholding");
    expect(text).toContain(OUT_OF_SCOPE);
    expect(text).toContain("Outside the scope of VAT");
    expect(text).toContain(STAMP_ORIGINAL);
    expect(text).toContain("A revenue stamp of €2.00 is affixed to the original.");
    expect(text).not.toContain(STAMP_VIRTUAL);
    expect(text).not.toContain("SdI");
  });

  it.each(["en", "it"] as const)("(%s) to a company: 20 per cent withheld and the net", async (locale) => {
    const { text } = await render(
      `occasionale-company-${locale}`,
      issued({ kind: "receipt", regime: "occasionale", locale, number: "2026/9", payer: company }, 45000, 10),
    );
    if (locale === "en") {
      expect(text).toContain("Gross fee €450.00");
      expect(text).toContain("Withholding tax (ritenuta d'acconto) 20% - €90.00");
      expect(text).toContain("Net amount €360.00");
      expect(text).toContain("Receipt for occasional services");
    } else {
      expect(text).toContain("Ricevuta per prestazione occasionale");
      expect(text).toContain("Compenso lordo 450,00 €");
      expect(text).toContain("Ritenuta d'acconto 20% - 90,00 €");
      expect(text).toContain("Importo netto 360,00 €");
    }
    expect(text).toContain(WITHHOLDING);
    expect(text).toContain(OUT_OF_SCOPE);
    // The SdI code means nothing on a receipt.
    expect(text).not.toContain("M5UXCR1");
  });

  it.each([
    ["en", 7747, false],
    ["en", 7748, true],
    ["it", 7747, false],
    ["it", 7748, true],
  ] as const)("(%s) at %d cents says stamp duty: %s", async (locale, cents, due) => {
    const { text } = await render(
      `occasionale-${cents}-${locale}`,
      issued({ kind: "receipt", regime: "occasionale", locale, number: "2026/10" }, cents, 1),
    );
    expect(text.includes(STAMP_ORIGINAL)).toBe(due);
  });
});

describe("a plain payment receipt", () => {
  it.each([
    ["en", "Payment receipt", "Total paid €160.00", "Paid by card on March 5, 2026.", "It is not an invoice."],
    [
      "it",
      "Ricevuta di pagamento",
      "Totale pagato 160,00 €",
      "Pagato con carta il 5 marzo 2026.",
      "Non è una fattura.",
    ],
  ] as const)("in %s: %s, the amount, method, date and order", async (locale, title, total, paid, note) => {
    const { text } = await render(
      `receipt-${locale}`,
      issued({
        kind: "receipt",
        regime: "none",
        locale,
        number: "2026/11",
        payment: { method: "card", paidOn: "2026-03-05", iban: null },
      }),
    );
    expect(text).toContain(title);
    expect(text).toContain("2026/11");
    expect(text).toContain("Laura D'Angelo");
    expect(text).toContain(total);
    expect(text).toContain(paid);
    expect(text).toContain("ORD-0042");
    expect(text).toContain(note);
    expect(text).not.toMatch(/IVA|bollo|SdI/);
  });
});

describe("a credit note", () => {
  it.each([
    [
      "forfettario",
      "en",
      "Courtesy copy of credit note",
      "Corrects invoice no. 2026/3 of March 2, 2026",
      "Total refunded €80.00",
    ],
    [
      "forfettario",
      "it",
      "Copia di cortesia della nota di credito",
      "A rettifica della fattura n. 2026/3 del 2 marzo 2026",
      "Totale rimborsato 80,00 €",
    ],
    ["occasionale", "en", "Credit note", "Corrects receipt no. 2026/3 of March 2, 2026", "Total refunded €80.00"],
    [
      "none",
      "it",
      "Nota di credito",
      "A rettifica della ricevuta n. 2026/3 del 2 marzo 2026",
      "Totale rimborsato 80,00 €",
    ],
  ] as const)(
    "%s in %s: %s, naming the document it corrects, refunded",
    async (regime, locale, title, corrects, total) => {
      const { text } = await render(
        `credit-note-${regime}-${locale}`,
        issued(
          {
            kind: "credit_note",
            regime,
            locale,
            number: "2026/12",
            date: "2026-03-20",
            corrects: { id: "doc-2026/3", number: "2026/3", date: "2026-03-02" },
            payment: { method: "bank_transfer", paidOn: "2026-03-20", iban: "IT60X0542811101000000123456" },
          },
          8000,
          2,
        ),
      );
      expect(text).toContain(title);
      expect(text).toContain("2026/12");
      expect(text).toContain(corrects);
      expect(text).toContain(total);
      expect(text).toContain(
        locale === "en" ? "Refunded by bank transfer on March 20, 2026." : "Rimborsato con bonifico il 20 marzo 2026.",
      );
      expect(text).toContain("IBAN: IT60 X054 2811 1010 0000 0123 456");
      expect(text.includes("nota di credito elettronica")).toBe(regime === "forfettario");
      expect(text.includes("Imposta di bollo")).toBe(regime === "forfettario");
    },
  );
});

describe("an invoice still to pay, with the EPC QR code", () => {
  it("prints the QR code and the amount due; a paid one prints neither", async () => {
    const payload = epcPayload({
      name: "Giulia Bianchi",
      iban: "IT60X0542811101000000123456",
      amountCents: 16000,
      reference: "ORD-0042",
    });
    const qrPng = await epcQrPng(payload);
    const unpaid = issued({ kind: "invoice", regime: "forfettario", locale: "it", number: "2026/13", payment: null });
    const { pdf, text } = await render("invoice-unpaid-qr-it", unpaid, { qrPng });
    expect(text).toContain("Importo da pagare: 160,00 €");
    expect(text).toContain("inquadrare il codice QR con l'app della propria banca");
    const images = await extractImages(await getDocumentProxy(new Uint8Array(pdf)), 1);
    expect(images).toHaveLength(1);

    const paid = await render(
      "invoice-paid-qr-en",
      { ...unpaid, locale: "en", payment: { method: "cash", paidOn: "2026-03-02", iban: null } },
      { qrPng },
    );
    expect(paid.text).not.toContain("Amount due");
    expect(paid.text).toContain("Paid in cash on March 2, 2026.");
    expect(await extractImages(await getDocumentProxy(new Uint8Array(paid.pdf)), 1)).toHaveLength(0);
  });
});

describe("long documents and names beyond the standard font", () => {
  it("runs onto a second page with the table's header again, and folds what WinAnsi lacks", async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({
      description: `Lezione ${i + 1} per Zoë Dvořák e Łukasz: conversazione, grammatica e lessico dell'inglese d'affari`,
      quantity: 1,
      unitPriceCents: 4000,
    }));
    const doc = issued(
      { kind: "invoice", regime: "forfettario", locale: "it" as Locale, number: "2026/14", lines },
      160000,
      40,
    );
    const { text } = await render("invoice-long-it", doc);
    const pages = Number(text.match(/Pagina 1 di (\d+)/)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Pagina ${pages} di ${pages}`);
    // Every page starts its part of the table with the columns' names.
    expect(count(text, "Descrizione")).toBe(pages);
    expect(text).toContain("Zoë Dvorák e Lukasz");
    expect(text).toContain("Totale 1.600,00 €");
    expect(count(text, FORFETTARIO_LEGAL_WORDING)).toBe(1);
  });

  it("toWinAnsi keeps Italian, the euro and typographic punctuation, and folds the rest", () => {
    expect(toWinAnsi("àèéìòù ÀÈÉÌÒÙ € “perché” – l’anno…")).toBe("àèéìòù ÀÈÉÌÒÙ € “perché” – l’anno…");
    expect(toWinAnsi("Dvořák Łukasz Şahin Nguyễn 李")).toBe("Dvorák Lukasz Sahin Nguyen ?");
    expect(toWinAnsi("a\nb\u202fc")).toBe("a b\u00a0c");
  });
});

describe("a kind its regime does not issue", () => {
  it.each([
    ["invoice", "occasionale"],
    ["invoice", "none"],
    ["receipt", "forfettario"],
  ] as const)("refuses a %s of a %s teacher rather than mislabel it", async (kind, regime) => {
    await expect(documentPdf(issued({ kind, regime, locale: "en", number: "2026/16" }))).rejects.toThrow(
      DocumentPdfError,
    );
  });
});

describe("in the server's bundle", () => {
  it("renders from a bundle built with the server's externals (pdfkit finds its fonts in node_modules)", async () => {
    // Inside the repository, so the bundle resolves the packages it leaves out from node_modules.
    const dir = path.resolve(import.meta.dirname, "../../../node_modules/.cache/document-pdf-bundle");
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const document = issued({ kind: "receipt", regime: "none", locale: "it", number: "2026/15" });
    writeFileSync(
      path.join(dir, "entry.ts"),
      `import { documentPdf } from ${JSON.stringify(path.resolve(import.meta.dirname, "document-pdf.ts"))};
const pdf = await documentPdf(${JSON.stringify(document)});
process.stdout.write(pdf.toString("base64"));`,
    );
    // The options of scripts/build-server.ts that decide what is bundled and how.
    await build({
      entryPoints: [path.join(dir, "entry.ts")],
      outdir: dir,
      outExtension: { ".js": ".mjs" },
      bundle: true,
      splitting: true,
      platform: "node",
      format: "esm",
      target: "node24",
      external: SERVER_EXTERNALS,
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
      logLevel: "silent",
    });
    const output = execFileSync(process.execPath, [path.join(dir, "entry.mjs")], { encoding: "utf8" });
    const text = await textOf(Buffer.from(output, "base64"));
    expect(text).toContain("Ricevuta di pagamento");
    expect(text).toContain("Totale pagato 160,00 €");
    rmSync(dir, { recursive: true, force: true });
  });
});

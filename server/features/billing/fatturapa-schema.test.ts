// Every FatturaPA file the builder writes validates against the official schema 1.2.2 with xmllint
// (Debian's libxml2-utils; .ci/run installs it), and carries what the schema cannot require of a
// flat-rate seller: RF19, N2.2 on every line, the stamp duty exactly when due.
import { afterAll, describe, expect, it } from "vitest";
import { documents, parent, teacher } from "../../../tests/helpers/billing-fixtures.ts";
import { validateFatturaPa as validate, xmlFolder, xpath } from "../../../tests/helpers/xmllint.ts";
import { fatturaPaFileName, fatturaPaXml } from "./fatturapa.ts";

const folder = xmlFolder();
afterAll(folder.remove);
const write = folder.write;

describe("FatturaPA files against the schema 1.2.2", () => {
  it.each(documents)(
    "$name validates and carries RF19, N2.2 and the stamp duty when due",
    ({ document, owesStampDuty }) => {
      const file = write(fatturaPaFileName(teacher.vatNumber, document.progressive), fatturaPaXml(document));
      const result = validate(file);
      expect(result.output).toContain("validates");
      expect(result.status).toBe(0);

      expect(xpath(file, "string(//CedentePrestatore/DatiAnagrafici/RegimeFiscale)")).toBe("RF19");
      const lineCount = Number(xpath(file, "count(//DettaglioLinee)"));
      expect(lineCount).toBe(document.lines.length);
      expect(Number(xpath(file, "count(//DettaglioLinee[AliquotaIVA='0.00'][Natura='N2.2'])"))).toBe(lineCount);
      expect(xpath(file, "string(//DatiRiepilogo/Natura)")).toBe("N2.2");
      expect(xpath(file, "string(//DatiRiepilogo/RiferimentoNormativo)")).toMatch(/L\. 190\/2014/);
      expect(Number(xpath(file, "count(//DatiBollo)"))).toBe(owesStampDuty ? 1 : 0);
      if (owesStampDuty) {
        expect(xpath(file, "string(//DatiBollo/BolloVirtuale)")).toBe("SI");
        expect(xpath(file, "string(//DatiBollo/ImportoBollo)")).toBe("2.00");
      }
    },
  );

  it("addresses a person by 0000000 and their codice fiscale, a company by SdI code or PEC", () => {
    const [person, , , withSdiCode, withPec] = documents.map(({ document }) =>
      write(`${document.progressive}.xml`, fatturaPaXml(document)),
    );
    expect(xpath(person, "string(//CodiceDestinatario)")).toBe("0000000");
    expect(xpath(person, "string(//CessionarioCommittente/DatiAnagrafici/CodiceFiscale)")).toBe("DNGLRA80E50F205H");
    expect(xpath(withSdiCode, "string(//CodiceDestinatario)")).toBe("M5UXCR1");
    expect(Number(xpath(withSdiCode, "count(//PECDestinatario)"))).toBe(0);
    expect(xpath(withPec, "string(//CodiceDestinatario)")).toBe("0000000");
    expect(xpath(withPec, "string(//PECDestinatario)")).toBe("amministrazione@pec.bianchiefigli.it");
  });

  it("names the corrected invoice in a credit note and keeps the learner's name in Latin-1", () => {
    const creditNote = documents.find(({ document }) => document.kind === "TD04");
    const file = write("credit-note.xml", fatturaPaXml(creditNote?.document ?? documents[0].document));
    expect(xpath(file, "string(//TipoDocumento)")).toBe("TD04");
    expect(xpath(file, "string(//DatiFattureCollegate/IdDocumento)")).toBe("2026/3");
    expect(xpath(file, "string(//DatiFattureCollegate/Data)")).toBe("2026-03-02");

    const packageFile = write("package.xml", fatturaPaXml(documents[5].document));
    expect(xpath(packageFile, "string(//DettaglioLinee[1]/Descrizione)")).toBe(
      "Pacchetto di 6 lezioni di inglese per Nicolò D'Angelo (livello B1)",
    );
    expect(xpath(packageFile, "string(//ImportoTotaleDocumento)")).toBe("268.00");
  });

  // The check can fail: documents broken on purpose do not validate.
  it.each([
    [
      "a buyer without a name (Anagrafica)",
      (xml: string) =>
        xml.replace(
          /<CessionarioCommittente>([\s\S]*?)<Anagrafica>[\s\S]*?<\/Anagrafica>/,
          "<CessionarioCommittente>$1",
        ),
    ],
    [
      "a codice fiscale of 5 characters",
      (xml: string) => xml.replace("<CodiceFiscale>DNGLRA80E50F205H", "<CodiceFiscale>DNGLR"),
    ],
    [
      "an amount with one decimal",
      (xml: string) => xml.replace("<ImportoTotaleDocumento>160.00", "<ImportoTotaleDocumento>160.0"),
    ],
    [
      "a nature code the schema does not know (N9)",
      (xml: string) => xml.replaceAll("<Natura>N2.2</Natura>", "<Natura>N9</Natura>"),
    ],
  ])("refuses %s", (_, breakIt) => {
    const xml = fatturaPaXml(documents[2].document);
    const broken = breakIt(xml);
    expect(broken).not.toBe(xml);
    const result = validate(write("broken.xml", broken));
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("fails to validate");
  });

  it("is not asked to produce a person without a codice fiscale, which the schema alone would let through", () => {
    expect(() => fatturaPaXml({ ...documents[0].document, buyer: { ...parent, taxCode: "" } })).toThrow(/tax code/);
  });
});

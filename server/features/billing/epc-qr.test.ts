import jsQR from "jsqr";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { EpcPayloadError, epcPayload, epcQrPng, epcQrSvg } from "./epc-qr.ts";

// An order of four lessons at 40 € for Nicolò, paid to the teacher's account.
const order = {
  name: "Giulia Bianchi",
  iban: "IT60 X054 2811 1010 0000 0123 456",
  amountCents: 16000,
  reference: "Ordine ME-7K2Q Nicolò D'Angelo",
};

describe("EPC QR payload (EPC069-12, version 002)", () => {
  it("has one field per line and nothing after the last populated one", () => {
    expect(epcPayload(order)).toBe(
      [
        "BCD",
        "002",
        "1",
        "SCT",
        "",
        "Giulia Bianchi",
        "IT60X0542811101000000123456",
        "EUR160.00",
        "",
        "",
        "Ordine ME-7K2Q Nicolò D'Angelo",
      ].join("\n"),
    );
  });

  it("carries the BIC when given, upper case", () => {
    expect(epcPayload({ ...order, bic: "bppiitrrxxx" }).split("\n")[4]).toBe("BPPIITRRXXX");
  });

  it.each([
    [1, "EUR0.01"],
    [7748, "EUR77.48"],
    [99_999_999_999, "EUR999999999.99"],
  ])("writes %i cents as %s", (amountCents, amount) => {
    expect(epcPayload({ ...order, amountCents }).split("\n")[7]).toBe(amount);
  });

  it.each([
    ["no amount", { amountCents: 0 }, /amount/],
    ["an amount over the maximum", { amountCents: 100_000_000_000 }, /amount/],
    ["a fraction of a cent", { amountCents: 160.5 }, /amount/],
    ["a name over 70 characters", { name: "N".repeat(71) }, /name/],
    ["an empty name", { name: "  " }, /name/],
    ["a reference over 140 characters", { reference: "R".repeat(141) }, /reference/],
    ["a reference on two lines", { reference: "first\nsecond" }, /reference/],
    ["an IBAN with a wrong check", { iban: "IT61X0542811101000000123456" }, /IBAN/],
    ["a wrong BIC", { bic: "BPPI1TRR" }, /BIC/],
  ])("refuses %s", (_, change, message) => {
    expect(() => epcPayload({ ...order, ...change })).toThrow(EpcPayloadError);
    expect(() => epcPayload({ ...order, ...change })).toThrow(message);
  });

  it("takes up to 331 bytes, counted in UTF-8", () => {
    // 57 bytes of fixed fields with an 11-letter BIC, 10 separators, 140 bytes of reference: 207.
    // The name's 70 characters then take 124 bytes (331) or 125 (332) with one more two-byte letter.
    const full = { ...order, bic: "BPPIITRRXXX", reference: "R".repeat(140) };
    const at331 = { ...full, name: `${"è".repeat(54)}${"e".repeat(16)}` };
    expect(Buffer.byteLength(epcPayload(at331), "utf8")).toBe(331);
    expect(() => epcPayload({ ...full, name: `${"è".repeat(55)}${"e".repeat(15)}` })).toThrow(/332 bytes/);
  });
});

describe("EPC QR image", () => {
  it("decodes back to the payload from the PNG", async () => {
    const payload = epcPayload(order);
    const png = PNG.sync.read(await epcQrPng(payload));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code).not.toBeNull();
    expect(Buffer.from(code?.binaryData ?? []).toString("utf8")).toBe(payload);
  });

  it("is drawn at error correction level M, as EPC069-12 requires", async () => {
    const payload = epcPayload(order);
    const svg = await epcQrSvg(payload);
    expect(svg).toMatch(/^<svg /);
    expect(svg).toBe(await QRCode.toString(payload, { type: "svg", errorCorrectionLevel: "M", margin: 4 }));
    expect(svg).not.toBe(await QRCode.toString(payload, { type: "svg", errorCorrectionLevel: "L", margin: 4 }));
  });

  it("fits the largest payload, 331 bytes, in a symbol of version 13 or below", async () => {
    const largest = epcPayload({
      ...order,
      bic: "BPPIITRRXXX",
      name: `${"è".repeat(54)}${"e".repeat(16)}`,
      reference: "R".repeat(140),
    });
    expect(QRCode.create(largest, { errorCorrectionLevel: "M" }).version).toBeLessThanOrEqual(13);
    await expect(epcQrSvg(largest)).resolves.toMatch(/^<svg /);
  });
});

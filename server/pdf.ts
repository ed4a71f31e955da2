// What every PDF the server draws shares (issued documents, the termly report; decision 0015):
// pdfkit with the PDF standard font Helvetica, which every reader has, so nothing is embedded;
// its encoding is WinAnsi (Windows-1252: Latin-1, "€" and typographic punctuation), and
// `toWinAnsi` folds what it lacks ("ś" to "s") rather than print a wrong glyph. pdfkit is loaded
// at the first PDF, not at the server's start, and stays outside the server's bundle
// (scripts/build-server.ts): it loads its font metrics from its own folder.
import type PDFKit from "pdfkit";
import type { Translate } from "../shared/i18n/messages.ts";

export type Doc = PDFKit.PDFDocument;

export const MM = 72 / 25.4;
export const A4 = { width: 595.28, height: 841.89 };
/** The line at the foot of each page (the document's name, "page 1 of 2"). */
export const FOOTER_HEIGHT = 18;

export const FONT = "Helvetica";
export const BOLD = "Helvetica-Bold";
export const ITALIC = "Helvetica-Oblique";
export const INK = "#1f2937";
export const MUTED = "#6b7280";
export const ACCENT = "#1e3a5f";
export const RULE = "#d1d5db";
export const SHADE = "#f1f5f9";

// Windows-1252's characters beyond Latin-1, which the standard fonts' WinAnsi encoding also has.
const WIN_ANSI_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
// Letters whose base letter Unicode does not decompose to.
const FOLDED: Record<string, string> = { ł: "l", Ł: "L", đ: "d", Đ: "D", ı: "i", ħ: "h", Ħ: "H", ø: "o", Ø: "O" };

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
}

/**
 * Text the standard fonts can print: characters outside WinAnsi lose their accents ("Dvořák" is
 * printed "Dvorak", "Łukasz" "Lukasz") or become "?"; line breaks and tabs become spaces, and the
 * narrow no-break space `Intl` writes in some formats a no-break space.
 */
export function toWinAnsi(text: string): string {
  const prepared = text
    .normalize("NFC")
    .replace(/[\t\r\n]+/g, " ")
    .replace(/[\u2007\u202f]/g, "\u00a0")
    .replace(/[\u2010\u2011\u2212]/g, "-");
  return Array.from(prepared, (char) => {
    if (isWinAnsi(char)) return char;
    if (FOLDED[char]) return FOLDED[char];
    const base = char.normalize("NFD").replace(/\p{M}/gu, "");
    return base !== "" && Array.from(base).every(isWinAnsi) ? base : "?";
  }).join("");
}

/** An A4 page with `marginMm` on every side: where the text column starts, how wide it is, where it ends. */
export function a4Page(marginMm: number) {
  const margin = marginMm * MM;
  return { margin, contentWidth: A4.width - 2 * margin, bottom: A4.height - margin - FOOTER_HEIGHT };
}
export type Page = ReturnType<typeof a4Page>;

export type TextStyle = {
  font?: string;
  size?: number;
  color?: string;
  align?: "left" | "right" | "center";
  gap?: number;
};

/** Writes one block of text at (x, y) in a column `width` wide; returns the y below it. */
export function writeText(pdf: Doc, text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
  pdf
    .font(style.font ?? FONT)
    .fontSize(style.size ?? 9.5)
    .fillColor(style.color ?? INK);
  const options = { width, align: style.align ?? "left", lineGap: 1.5 } as const;
  const printed = toWinAnsi(text);
  const height = pdf.heightOfString(printed, options);
  pdf.text(printed, x, y, options);
  return y + height + (style.gap ?? 0);
}

/** A thin horizontal line at `y`, from `x` for `width`. */
export function drawRule(pdf: Doc, y: number, x: number, width: number, color = RULE) {
  pdf
    .save()
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.6)
    .strokeColor(color)
    .stroke()
    .restore();
}

/** Each page's foot: `footer` on the left, "page n of m" on the right (the document's buffered pages). */
export function drawPageFooters(pdf: Doc, page: Page, footer: string, t: Translate) {
  const range = pdf.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    pdf.switchToPage(index);
    // The footer sits in the bottom margin: pdfkit would start a new page for text below it.
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const y = A4.height - page.margin - 8;
    const style = { size: 7.5, color: MUTED } as const;
    writeText(pdf, footer, page.margin, y, page.contentWidth * 0.75, style);
    const label = t("documents.page", { page: index - range.start + 1, pages: range.count });
    writeText(pdf, label, page.margin + page.contentWidth * 0.75, y, page.contentWidth * 0.25, {
      ...style,
      align: "right",
    });
    pdf.page.margins.bottom = margin;
  }
}

/**
 * A4 PDF bytes: `draw` fills a new document (pages buffered, so that the footers can be written
 * last), in the document's language and with its title shown by readers.
 */
export async function renderA4Pdf(
  page: Page,
  options: { lang: string; compress?: boolean; info: PDFKit.DocumentInfo },
  draw: (pdf: Doc) => void,
): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const pdf = new PDFDocument({
    size: "A4",
    margin: page.margin,
    bufferPages: true,
    compress: options.compress ?? true,
    lang: options.lang,
    displayTitle: true,
    info: options.info,
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  draw(pdf);
  pdf.end();
  return ended;
}

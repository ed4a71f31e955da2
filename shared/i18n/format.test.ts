import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { compileCatalogue } from "./compile.ts";
import { formatDate, formatDateTime, formatEuro, formatFileSize, formatPercent, formatTime } from "./format.ts";

const ROME = "Europe/Rome";
/** Intl's no-break spaces, written plainly so the expectations read as text. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("dates in each language", () => {
  const day = "2026-12-09T10:00:00Z";
  it.each([
    ["en", "long", "Wednesday, December 9, 2026"],
    ["en", "medium", "Dec 9, 2026"],
    ["en", "short", "Wed, Dec 9"],
    ["it", "long", "mercoledì 9 dicembre 2026"],
    ["it", "medium", "9 dic 2026"],
    ["it", "short", "mer 9 dic"],
    // A style of one screen's own (a document's date), given as its fields.
    ["en", { year: "numeric", month: "long", day: "numeric" }, "December 9, 2026"],
    ["it", { year: "numeric", month: "long", day: "numeric" }, "9 dicembre 2026"],
  ] as const)("%s %o: %s", (locale, style, expected) => {
    expect(formatDate(locale, day, { style, timeZone: ROME })).toBe(expected);
  });

  it("reads the date in the zone asked for, not the machine's (TZ is Asia/Kathmandu here)", () => {
    // 23:30 in Rome on the 9th is already the 10th in Kathmandu.
    expect(formatDate("it", "2026-12-09T22:30:00Z", { style: "long", timeZone: ROME })).toBe(
      "mercoledì 9 dicembre 2026",
    );
    expect(formatDate("it", "2026-12-09T22:30:00Z", { style: "long" })).toBe("giovedì 10 dicembre 2026");
  });
});

describe("times in each language, across Rome's clock changes", () => {
  it.each([
    // 29 March 2026: 02:00 CET becomes 03:00 CEST.
    ["2026-03-29T00:30:00Z", "1:30 AM", "01:30"],
    ["2026-03-29T01:30:00Z", "3:30 AM", "03:30"],
    // 25 October 2026: 03:00 CEST becomes 02:00 CET; 02:30 happens twice.
    ["2026-10-25T00:30:00Z", "2:30 AM", "02:30"],
    ["2026-10-25T01:30:00Z", "2:30 AM", "02:30"],
    ["2026-10-25T02:30:00Z", "3:30 AM", "03:30"],
    // Just after midnight, and the afternoon.
    ["2026-12-09T23:30:00Z", "12:30 AM", "00:30"],
    ["2026-12-09T13:00:00Z", "2:00 PM", "14:00"],
  ])("%s is %s and %s", (instant, english, italian) => {
    expect(plain(formatTime("en", instant, { timeZone: ROME }))).toBe(english);
    expect(formatTime("it", instant, { timeZone: ROME })).toBe(italian);
  });

  it("writes a date with its time", () => {
    expect(plain(formatDateTime("en", "2026-12-09T13:00:00Z", { timeZone: ROME }))).toBe("Wed, Dec 9, 2026, 2:00 PM");
    expect(formatDateTime("it", "2026-12-09T13:00:00Z", { timeZone: ROME })).toBe("mer 9 dic 2026, 14:00");
  });
});

describe("euro amounts in each language", () => {
  it.each([
    [160, "€160", "160 €"],
    [22.5, "€22.50", "22,50 €"],
    [1234.5, "€1,234.50", "1.234,50 €"],
    [1200, "€1,200", "1.200 €"],
    [0, "€0", "0 €"],
    [-15, "-€15", "-15 €"],
  ])("%d is %s and %s", (amount, english, italian) => {
    expect(plain(formatEuro("en", amount))).toBe(english);
    expect(plain(formatEuro("it", amount))).toBe(italian);
  });

  it("keeps the Italian amount and its sign together with a no-break space", () => {
    expect(formatEuro("it", 160)).toBe("160\u00a0€");
  });

  it.each([
    [160, "€160.00", "160,00 €"],
    [22.5, "€22.50", "22,50 €"],
    [1234.5, "€1,234.50", "1.234,50 €"],
  ])("%d with its cents always is %s and %s (a document's column)", (amount, english, italian) => {
    expect(plain(formatEuro("en", amount, { alwaysCents: true }))).toBe(english);
    expect(plain(formatEuro("it", amount, { alwaysCents: true }))).toBe(italian);
    // The cached formatter of one form never answers for the other.
    expect(plain(formatEuro("en", 160))).toBe("€160");
  });
});

describe("percentages in each language", () => {
  it.each([
    [85, "85%", "85%"],
    [0, "0%", "0%"],
    [100, "100%", "100%"],
    [66.7, "67%", "67%"],
  ])("%s: %s · %s", (percent, english, italian) => {
    expect(plain(formatPercent("en", percent))).toBe(english);
    expect(plain(formatPercent("it", percent))).toBe(italian);
  });
});

describe("plural forms", () => {
  const messages = {
    en: { lessons: "{count, plural, =0 {No lessons left} one {# lesson left} other {# lessons left}}" },
    it: { lessons: "{count, plural, =0 {Nessuna lezione rimasta} one {# lezione rimasta} other {# lezioni rimaste}}" },
  };
  it.each([
    [0, "No lessons left", "Nessuna lezione rimasta"],
    [1, "1 lesson left", "1 lezione rimasta"],
    [2, "2 lessons left", "2 lezioni rimaste"],
    [12, "12 lessons left", "12 lezioni rimaste"],
  ])("%d: %s / %s", (count, english, italian) => {
    for (const [locale, expected] of [
      ["en", english],
      ["it", italian],
    ] as const) {
      const i18n = setupI18n({ locale, messages: { [locale]: compileCatalogue(messages[locale]) } });
      expect(i18n._("lessons", { count })).toBe(expected);
    }
  });
});

describe("formatFileSize", () => {
  it("keeps the admin specification's English sizes", () => {
    expect(formatFileSize("en", 0)).toBe("0 Bytes");
    expect(formatFileSize("en", 512)).toBe("512 Bytes");
    expect(formatFileSize("en", 1536)).toBe("1.5 KB");
    expect(formatFileSize("en", 5 * 1024 * 1024 + 123_456)).toBe("5.12 MB");
  });

  it("writes Italian's decimal comma and byte", () => {
    expect(formatFileSize("it", 0)).toBe("0 byte");
    expect(formatFileSize("it", 1536)).toBe("1,5 KB");
    expect(formatFileSize("it", 3 * 1024 ** 3)).toBe("3 GB");
  });

  it("leaves an unknown size to the caller", () => {
    expect(formatFileSize("it", null)).toBeNull();
    expect(formatFileSize("en", -1)).toBeNull();
  });
});

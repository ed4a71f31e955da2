import { describe, expect, it } from "vitest";
import { isTranslated, localePath, preferredLocale, splitLocalePath, TRANSLATED_PAGES } from "./locales.ts";

describe("the language an address names", () => {
  it.each([
    ["/", "en", "/"],
    ["/book/pricing", "en", "/book/pricing"],
    ["/it", "it", "/"],
    ["/it/", "it", "/"],
    ["/it/book/pricing", "it", "/book/pricing"],
    ["/it/student/dashboard", "it", "/student/dashboard"],
    ["/italy", "en", "/italy"],
    ["/iterate/it", "en", "/iterate/it"],
  ])("%s is the %s page %s", (pathname, locale, path) => {
    expect(splitLocalePath(pathname)).toEqual({ locale, path });
  });

  it.each([
    ["en", "/book?ref=X", "/book?ref=X"],
    ["it", "/", "/it"],
    ["it", "/?ref=X", "/it?ref=X"],
    ["it", "/#contact", "/it#contact"],
  ] as const)("%s %s is at %s, and back", (locale, path, address) => {
    expect(localePath(locale, path)).toBe(address);
    expect(splitLocalePath(new URL(address, "http://x").pathname).locale).toBe(locale);
  });

  it("keeps a page not translated yet at its English address in every language", () => {
    // Every page of the app is translated now; an address outside the list stands for the next one.
    const untranslated = ["/bookings", "/administrator", "/italy"].filter((p) => !isTranslated(p));
    expect(untranslated).toHaveLength(3);
    for (const path of untranslated) expect(localePath("it", `${path}?x=1`)).toBe(`${path}?x=1`);
    for (const path of TRANSLATED_PAGES) expect(localePath("it", path)).toBe(path === "/" ? "/it" : `/it${path}`);
  });

  it.each([
    ["/", true],
    ["/?ref=1", true],
    ["/#about", true],
    ["/book", true],
    ["/book/pricing?package=x", true],
    ["/admin", true],
    ["/admin/bookings", true],
    ["/bookings", false],
    ["/italy", false],
  ])("%s is translated: %s", (path, translated) => {
    expect(isTranslated(path)).toBe(translated);
  });
});

describe("the language a browser prefers", () => {
  it.each([
    ["it-IT,it;q=0.9,en-US;q=0.8,en;q=0.7", "it"],
    ["en-GB,en;q=0.9,it;q=0.8", "en"],
    ["de-DE,de;q=0.9,it;q=0.5,en;q=0.4", "it"],
    ["fr;q=0.9, en;q=0.8, it;q=0.85", "it"],
    ["IT", "it"],
    ["de, fr", null],
    ["it;q=0, en;q=0.1", "en"],
    ["", null],
    [undefined, null],
  ])("%s prefers %s", (header, locale) => {
    expect(preferredLocale(header)).toBe(locale);
  });
});

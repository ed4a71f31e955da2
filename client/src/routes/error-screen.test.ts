// The router's error screen: the specification's English, Italian on an Italian page, and still
// readable (in English) when the page's catalogue itself could not load.
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { compileCatalogue } from "../../../shared/i18n/compile.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { createCatalogue, I18nProvider, loadAreas } from "../lib/i18n.tsx";
import { ErrorScreen } from "./error-screen.tsx";

async function render(locale: Locale, loaded: boolean) {
  const catalogue = createCatalogue(locale, (messages) => compileCatalogue(messages as Record<string, string>));
  if (loaded) await loadAreas(catalogue, ["common"]);
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  return renderToStaticMarkup(h(I18nProvider, { catalogue }, h(ErrorScreen)));
}

describe("the error screen", () => {
  it("reads the specification's words in English", async () => {
    const html = await render("en", true);
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain('href="/"');
  });

  it("reads Italian on an Italian page, and leads home in Italian", async () => {
    const html = await render("it", true);
    expect(html).toContain("Errore imprevisto");
    expect(html).not.toContain("Unexpected");
    expect(html).toContain('href="/it"');
  });

  it("reads English, not message keys, when the catalogue could not load", async () => {
    const html = await render("it", false);
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("Return to Home");
    expect(html).not.toContain("common.errorScreen");
  });
});

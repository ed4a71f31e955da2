// The page-side translation glue, rendered to HTML in both languages: elements placed inside a
// message where each language's grammar puts them, and selects that agree with their subject.
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { compileCatalogue } from "../../../shared/i18n/compile.ts";
import type { Locale } from "../../../shared/i18n/locales.ts";
import { StatusBadge } from "../components/ui/badge.tsx";
import { Pager } from "../components/ui/pager.tsx";
import { createCatalogue, I18nProvider, loadAreas } from "./i18n.tsx";

async function render(locale: Locale, element: ReturnType<typeof h>) {
  const catalogue = createCatalogue(locale, (messages) => compileCatalogue(messages as Record<string, string>));
  await loadAreas(catalogue, ["common"]);
  const html = renderToStaticMarkup(h(I18nProvider, { catalogue }, element));
  return { html, text: html.replace(/<[^>]+>/g, "") };
}

describe("useRichT", () => {
  const pager = h(Pager, { offset: 25, limit: 25, total: 130, onChange: () => {} });

  it("keeps the elements of a message in English word order", async () => {
    const { html, text } = await render("en", pager);
    expect(text).toContain("Showing 26–50 of 130");
    expect(html).toContain('<span class="font-semibold text-slate-900 tabular-nums">130</span>');
    expect(html).toContain('aria-label="Pages"');
  });

  it("lets Italian place them in its own", async () => {
    const { html, text } = await render("it", pager);
    expect(text).toContain("26–50 di 130");
    expect(text).not.toMatch(/Showing|Previous|Next/);
    expect(html).toContain('<span class="font-semibold text-slate-900 tabular-nums">26–50</span>');
    expect(text).toContain("Precedente");
  });
});

describe("StatusBadge", () => {
  it("agrees with a lesson or an order in Italian, and reads the same in English", async () => {
    expect((await render("it", h(StatusBadge, { status: "confirmed" }))).text).toBe("Confermata");
    expect((await render("it", h(StatusBadge, { status: "confirmed", of: "order" }))).text).toBe("Confermato");
    expect((await render("it", h(StatusBadge, { status: "cancelled" }))).text).toBe("Disdetta");
    expect((await render("en", h(StatusBadge, { status: "cancelled", of: "order" }))).text).toBe("Cancelled");
    expect((await render("en", h(StatusBadge, { status: "on_hold" }))).text).toBe("on_hold");
  });
});

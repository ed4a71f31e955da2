// The week's slots as the server's HTML draws them (issue 15): before the browser has said which
// zone the visitor is in, each slot keeps an empty line for the visitor's time (shown only where
// the page's start script found another zone: styles.css), so nothing moves when it is filled.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "../../../../shared/i18n/locales.ts";
import { catalogueFor } from "../../../../tests/helpers/translate.ts";
import { I18nProvider } from "../../lib/i18n.tsx";
import { WeekGrid } from "./week-grid.tsx";

const catalogues = { en: await catalogueFor("en"), it: await catalogueFor("it") };

const slot = {
  id: "t1:2026-12-01T09:00:00.000Z",
  startTime: "2026-12-01T09:00:00.000Z",
  endTime: "2026-12-01T10:00:00.000Z",
};
const grid = (localZone: string | null | undefined, locale: Locale = "en", weekStart = "2026-11-29") =>
  renderToString(
    createElement(
      I18nProvider,
      // (`children` comes as the third argument.)
      { catalogue: catalogues[locale] } as Parameters<typeof I18nProvider>[0],
      createElement(WeekGrid, {
        weekStart,
        slots: [slot],
        selectedIds: new Set<string>(),
        timeZone: "Europe/Rome",
        localZone,
        todayKey: weekStart,
        onToggle: () => {},
      }),
    ),
  );

describe("a slot's line for the visitor's own time", () => {
  it("is kept empty, hidden from screen readers, while the visitor's zone is not known", () => {
    const html = grid(undefined);
    // Both layouts (wide and phone) draw the slot.
    expect(html.match(/class="local-time-pending text-\[11px\]" aria-hidden="true">\u00a0<\/span>/g)).toHaveLength(2);
    expect(html).not.toContain("yours");
  });

  it("shows the visitor's time in another zone, and nothing in the teacher's", () => {
    const london = grid("Europe/London");
    expect(london).not.toContain("local-time-pending");
    expect(london).toContain("09:00");
    expect(london).toMatch(/yours/);
    const rome = grid(null);
    expect(rome).not.toContain("local-time-pending");
    expect(rome).not.toContain("yours");
  });
});

describe("the week in Italian", () => {
  it("starts on Monday, with Italian day names and 24-hour times", () => {
    const html = grid(null, "it", "2026-11-30");
    const weekdays = [...html.matchAll(/uppercase">([^<]+)<\/p>/g)].map((m) => m[1]);
    expect(weekdays).toEqual(["lun", "mar", "mer", "gio", "ven", "sab", "dom"]);
    expect(html).toContain("martedì 1 dicembre");
    expect(html).toContain('aria-label="mar 1 dic alle 10:00"');
    expect(html).not.toMatch(/AM|PM/);
  });
});

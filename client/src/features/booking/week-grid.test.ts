// The week's slots as the server's HTML draws them (issue 15): before the browser has said which
// zone the visitor is in, each slot keeps an empty line for the visitor's time (shown only where
// the page's start script found another zone: styles.css), so nothing moves when it is filled.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WeekGrid } from "./week-grid.tsx";

const slot = {
  id: "t1:2026-12-01T09:00:00.000Z",
  startTime: "2026-12-01T09:00:00.000Z",
  endTime: "2026-12-01T10:00:00.000Z",
};
const grid = (localZone: string | null | undefined) =>
  renderToString(
    createElement(WeekGrid, {
      weekStart: "2026-11-29",
      slots: [slot],
      selectedIds: new Set<string>(),
      timeZone: "Europe/Rome",
      localZone,
      todayKey: "2026-11-29",
      onToggle: () => {},
    }),
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

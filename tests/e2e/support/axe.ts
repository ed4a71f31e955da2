// axe-core on the page as it stands: the specs fail on any serious or critical WCAG 2.1 AA violation.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export async function expectNoSeriousViolations(page: Page, name: string) {
  // Colours are read as they stand once settled: a button just enabled fades in from half
  // opacity, and the testimonials turn on their own; a contrast measured halfway through a
  // transition is not the page's. Transitions are switched off (which ends them at once) for the
  // analysis: a constructed style sheet, which the pages' Content-Security-Policy does not govern.
  await page.evaluate(() => {
    const settled = new CSSStyleSheet();
    settled.replaceSync("*, *::before, *::after { transition: none !important; }");
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, settled];
    (window as unknown as { __axeSettled?: CSSStyleSheet }).__axeSettled = settled;
  });
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // Only violations are read: collecting passes and incomplete checks costs time for nothing.
    .options({ resultTypes: ["violations"] })
    .analyze();
  await page.evaluate(() => {
    const holder = window as unknown as { __axeSettled?: CSSStyleSheet };
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== holder.__axeSettled);
  });
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, `${name}: serious or critical axe violations`).toEqual([]);
}

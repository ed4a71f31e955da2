// axe-core on the page as it stands: the specs fail on any serious or critical WCAG 2.1 AA violation.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export async function expectNoSeriousViolations(page: Page, name: string) {
  // Colours are read as they will stand: a button just enabled fades in from half opacity, and a
  // contrast measured halfway through is not the page's. Endless animations (spinners) don't wait.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // Only violations are read: collecting passes and incomplete checks costs time for nothing.
    .options({ resultTypes: ["violations"] })
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, `${name}: serious or critical axe violations`).toEqual([]);
}

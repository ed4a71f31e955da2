// Everyday friction, item 8 (issue 33): screenshots of the new teacher's setup screens, English and
// Italian, at 360 and 1280 px: the dashboard's first-run checklist, the confirm dialog that asks for
// a meeting link, and the offer to give a new default link to the upcoming lessons.
// Run: npm run build && E2E_PORT=3431 npx playwright test tests/e2e/teacher-setup.spec.ts --project desktop
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signInAsTeacher } from "./support/demo-sign-in.ts";

const SHOTS = "/tmp/shots-teacher-setup";
mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

test.skip(({ isMobile }) => isMobile, "one set of screenshots, both widths");

test("the checklist, the confirm dialog's link and the new default link, in both languages", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInAsTeacher(page);
  // The demo's meeting settings give no link by themselves: the manual mode, no default link.
  const checklist = page.getByRole("region", { name: "Getting started" });
  await expect(checklist).toBeVisible();
  await expect(checklist.getByText("Google sign-in for production")).toBeVisible();
  for (const [width, height] of [
    [360, 780],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const lang of ["en", "it"] as const) {
      await page.context().addCookies([{ name: "lang", value: lang, url: baseURL }]);
      await page.goto(lang === "it" ? "/it/admin" : "/admin");
      await expect(
        page.getByRole("region", { name: lang === "it" ? "Per iniziare" : "Getting started" }),
      ).toBeVisible();
      await shot(page, `${lang}-dashboard`);
    }
  }
});

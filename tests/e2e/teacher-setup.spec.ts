// Everyday friction, item 8 (issue 33): screenshots of the new teacher's setup screens, English and
// Italian, at 360 and 1280 px: the dashboard's first-run checklist, the confirm dialog that asks for
// a meeting link, and the offer to give a new default link to the upcoming lessons.
// Run: npm run build && E2E_PORT=3431 npx playwright test tests/e2e/teacher-setup.spec.ts --project desktop
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signInAsTeacher } from "./support/demo-sign-in.ts";

const SHOTS = "/tmp/shots-teacher-setup";
mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string, fullPage = true) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage });
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

      // A new default link: the settings offer it to the upcoming lessons too.
      const it = lang === "it";
      await page.goto(it ? "/it/admin/settings" : "/admin/settings");
      await page
        .getByLabel(it ? "Link predefinito della videochiamata" : "Default meeting link")
        .fill(`https://meet.example/giulia-${lang}-${width}`);
      await page.getByRole("button", { name: it ? "Salva le modifiche" : "Save Changes" }).click();
      const offer = page.getByRole("dialog", {
        name: it ? "Usare il nuovo link per le prossime lezioni?" : "Use the new link for upcoming lessons?",
      });
      const apply = offer.getByRole("button", {
        name: it ? "Applica alle prossime lezioni" : "Apply to upcoming lessons",
      });
      await expect(apply).toBeVisible();
      await shot(page, `${lang}-settings-apply-link`, false);
      await apply.click();
      await expect(offer).toHaveCount(0);
      await expect(page.getByText(/the new link\.|nuovo link\./).first()).toBeVisible();
    }
  }
  // A default link now set: the checklist counts the meeting link as done.
  await page.goto("/admin");
  await expect(page.getByRole("region", { name: "Getting started" }).getByText(/Meeting link \(done\)/)).toBeAttached();
});

// Issue 29 in a browser: the Italian home page read with and without JavaScript, in Italian with
// its lang set; the language switch keeps the page; a browser that prefers Italian is offered
// Italian on the English page (never redirected), and the answer is remembered; axe finds no
// serious violation on the Italian page, nor on the suggestion.
// Run: npm run build && E2E_PORT=3420 npx playwright test tests/e2e/italiano.spec.ts
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";

const SHOTS = "/tmp/shots-italiano";

async function shot(page: Page, name: string, project: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${project}.png` });
}

test("/it reads in Italian without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/it");
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parla inglese con sicurezza, con Giulia.");
  // The booking steps are translated: the link stays Italian (TRANSLATED_PAGES).
  await expect(page.getByRole("link", { name: "Prenota una lezione" })).toHaveAttribute("href", "/it/book");
  await expect(page.getByText("Cosa dicono i miei studenti")).toBeVisible();
  await context.close();
});

test("the language switch keeps the page, both ways", async ({ page }, info) => {
  await page.goto("/it");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parla inglese con sicurezza, con Giulia.");
  await expectNoSeriousViolations(page, "/it");
  await shot(page, "home-it", info.project.name);
  if (info.project.name === "phone") await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("link", { name: "English", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Speak English with confidence, with Giulia.");
  if (info.project.name === "phone") await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("link", { name: "Italiano", exact: true }).click();
  await expect(page).toHaveURL(/\/it$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parla inglese con sicurezza, con Giulia.");
  // A translated page opens in Italian (a page not translated yet would open at its English address).
  await page.getByRole("link", { name: "Vedi pacchetti e prezzi" }).click();
  await expect(page).toHaveURL(/\/it\/book\/pricing$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByRole("heading", { name: "Scegli il tuo pacchetto" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/it$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parla inglese con sicurezza, con Giulia.");
});

test.describe("a browser that prefers Italian", () => {
  test.use({ locale: "it-IT" });

  test("is offered Italian on the English page, and the answer is remembered", async ({ page }, info) => {
    await page.goto("/");
    // The English page it asked for, with the suggestion in Italian: never a redirect.
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const offer = page.getByRole("complementary", { name: "Italiano" });
    await expect(offer).toContainText("Questo sito è anche in italiano.");
    await expectNoSeriousViolations(page, "/ with the suggestion");
    await shot(page, "offer", info.project.name);

    await offer.getByRole("link", { name: "Leggilo in italiano" }).click();
    await expect(page).toHaveURL(/\/it$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parla inglese con sicurezza, con Giulia.");
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "lang")?.value).toBe("it");
    // Chosen: the English page is no longer interrupted.
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Speak English with confidence, with Giulia.");
    await expect(page.getByRole("complementary", { name: "Italiano" })).toHaveCount(0);
  });

  test("No, thanks keeps the English page and stops asking", async ({ page }) => {
    await page.goto("/#testimonials");
    const offer = page.getByRole("complementary", { name: "Italiano" });
    await expect(offer.getByRole("link", { name: "Leggilo in italiano" })).toHaveAttribute("href", "/it");
    await offer.getByRole("button", { name: "No, grazie" }).click();
    await expect(offer).toHaveCount(0);
    await expect(page).toHaveURL(/\/#testimonials$/);
    expect((await page.context().cookies()).find((c) => c.name === "lang")?.value).toBe("en");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Speak English with confidence, with Giulia.");
    await expect(page.getByRole("complementary", { name: "Italiano" })).toHaveCount(0);
    // Another translated page asks again once the choice is forgotten, offering its own Italian address.
    await page.context().clearCookies();
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(
      page.getByRole("complementary", { name: "Italiano" }).getByRole("link", { name: "Leggilo in italiano" }),
    ).toHaveAttribute("href", "/it/privacy");
  });

  test("on a booking step the suggestion covers nothing, and goes once the visitor moves on", async ({
    page,
  }, info) => {
    await page.goto("/book/pricing");
    const offer = page.getByRole("complementary", { name: "Italiano" });
    await expect(offer).toBeVisible();
    await page.getByRole("button", { name: "Select Single Lesson" }).click();
    // The step's action bar (sticky at the window's bottom on a phone) is the element there, not the suggestion.
    const next = page.getByRole("button", { name: /Continue to Schedule/ });
    await next.scrollIntoViewIfNeeded();
    await expect(next).toBeInViewport();
    const box = await next.boundingBox();
    if (!box) throw new Error("the Continue button has no box");
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest("button")?.textContent ?? null,
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(hit).toMatch(/Continue to Schedule/);
    await shot(page, "offer-booking", info.project.name);
    await next.click();
    await expect(page).toHaveURL(/\/book\/schedule\?/);
    // Its link named the page just left: it goes, unanswered, and the next page the server sends asks again.
    await expect(offer).toHaveCount(0);
    expect((await page.context().cookies()).find((c) => c.name === "lang")).toBeUndefined();
  });
});

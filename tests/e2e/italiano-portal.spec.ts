// Issue 29 in the student portal: the demo student Sofia signs in from the Italian sign-in page and
// reads every portal page in Italian at /it/... (24-hour times, Italian dates and amounts, lang="it");
// the sidebar's language switch keeps the page, and the account's language follows it; axe finds
// no serious violation on the Italian pages. Screenshots at 360 px (phone) and desktop, both languages.
// Run: npm run build && E2E_PORT=3430 npx playwright test tests/e2e/italiano-portal.spec.ts
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";

const SHOTS = "/tmp/shots-italiano-portal";

async function shot(page: Page, name: string, project: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${project}.png`, fullPage: true });
}

// The phone project at the narrowest common width.
test.beforeEach(async ({ page }, info) => {
  if (info.project.name === "phone") await page.setViewportSize({ width: 360, height: 780 });
});

async function signInInItalian(page: Page) {
  await page.goto("/it/student");
  // The demo sign-in page speaks the language of the page it returns to.
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByRole("heading", { name: "Accesso demo" })).toBeVisible();
  await page.getByRole("button", { name: /Continua come studente demo/ }).click();
  await expect(page).toHaveURL(/\/it\/student\/dashboard$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
}

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Area studenti" });

test("a student uses the portal in Italian, page by page", async ({ page }, info) => {
  // Seven pages and a dialog, each checked by axe and photographed whole.
  test.setTimeout(240_000);
  await signInInItalian(page);
  await expect(page.getByRole("heading", { level: 1, name: "Ciao Sofia, felice di rivederti!" })).toBeVisible();
  const numbers = page.getByRole("region", { name: "I tuoi numeri" });
  await expect(numbers.getByText("Lezioni svolte")).toBeVisible();
  // The upcoming lessons: Italian dates and a 24-hour clock, never AM or PM.
  const upcoming = page.locator("li").filter({ has: page.getByText(/Lezione online|Lezione in presenza/) });
  await expect(upcoming.first()).toBeVisible();
  await expect(upcoming.first()).toContainText(/· \d{2}:\d{2}/);
  await expect(page.getByRole("main")).not.toContainText(/\b(AM|PM)\b/);
  const contact = page.getByRole("main").getByRole("link", { name: "Scrivi", exact: true }).first();
  await expect(contact).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=Ciao%20Giulia/);
  await expect(sidebar(page).getByRole("link", { name: "Panoramica" })).toHaveAttribute("aria-current", "page");
  await expectNoSeriousViolations(page, "/it/student/dashboard");
  await shot(page, "dashboard-it", info.project.name);

  await sidebar(page).getByRole("link", { name: "Le mie lezioni" }).click();
  await expect(page).toHaveURL(/\/it\/student\/lessons$/);
  await expect(page.getByRole("heading", { level: 1, name: "Le mie lezioni" })).toBeVisible();
  await expect(page.getByRole("tab", { name: /In programma \(\d+\)/ })).toBeVisible();
  const card = page.getByRole("article", { name: /^Lezione di / }).first();
  await expect(card).toContainText(/alle \d{2}:\d{2}/);
  await expect(page.getByText(/Regole di disdetta: i pacchetti includono/)).toContainText("24 ore di preavviso");
  await expect(page.getByRole("heading", { name: "Abbonati al tuo calendario" })).toBeVisible();
  await expectNoSeriousViolations(page, "/it/student/lessons");
  await shot(page, "lessons-it", info.project.name);

  // The move dialog: the policy and the free times in Italian, on a 24-hour clock.
  await card.getByRole("button", { name: "Sposta la lezione" }).click();
  const dialog = page.getByRole("dialog", { name: "Sposta questa lezione" });
  await expect(dialog.getByRole("heading", { name: "Sposta questa lezione" })).toBeVisible();
  await expect(dialog).toContainText(/Orario attuale: .* \d{2}:\d{2} \(ora di Milano\)/);
  await expectNoSeriousViolations(page, "/it/student/lessons move dialog");
  await shot(page, "move-it", info.project.name);
  await dialog.getByRole("button", { name: "Mantieni questo orario" }).click();

  await sidebar(page).getByRole("link", { name: "I miei progressi" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "I miei progressi" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Traguardi raggiunti" })).toBeVisible();
  await expect(page.getByText("Lezioni · Livello 2")).toBeVisible();
  await expectNoSeriousViolations(page, "/it/student/progress");
  await shot(page, "progress-it", info.project.name);

  await sidebar(page).getByRole("link", { name: "Materiali" }).click();
  await expect(page).toHaveURL(/\/it\/resources\/files$/);
  await expect(page.getByRole("heading", { level: 1, name: "Materiali" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /File condivisi/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "tutti" })).toHaveAttribute("aria-pressed", "true");
  await expectNoSeriousViolations(page, "/it/resources/files");
  await shot(page, "resources-it", info.project.name);

  await sidebar(page).getByRole("link", { name: "Invita un amico" }).click();
  await expect(page).toHaveURL(/\/it\/referrals$/);
  await expect(page.getByRole("heading", { level: 1, name: "Invita un amico" })).toBeVisible();
  await expect(page.getByText("Come funziona")).toBeVisible();
  await expect(page.getByRole("region", { name: "I numeri dei tuoi inviti" })).toContainText("€");
  await expectNoSeriousViolations(page, "/it/referrals");
  await shot(page, "referrals-it", info.project.name);

  await sidebar(page).getByRole("link", { name: "Contatti" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contatti" })).toBeVisible();
  await expect(page.getByText(/disponibile fino alle 22:00/)).toBeVisible();
  await expectNoSeriousViolations(page, "/it/student/contact");
  await shot(page, "contact-it", info.project.name);

  await page.getByRole("link", { name: /Ciao, Sofia/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Il mio profilo" })).toBeVisible();
  await expect(page.getByText("PNG, JPG, GIF fino a 5 MB")).toBeVisible();
  await expect(page.getByRole("region", { name: "Privacy e dati" })).toBeVisible();
  await expectNoSeriousViolations(page, "/it/student/profile");
  await shot(page, "profile-it", info.project.name);
});

test("the sidebar's switch keeps the page, and the account's language follows it", async ({ page }, info) => {
  await signInInItalian(page);
  await page.goto("/it/student/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Il mio profilo" })).toBeVisible();
  // Opening an Italian address does not change the account's language; the switch does.
  const language = page.getByRole("combobox", { name: "Lingua" });
  const before = await language.inputValue();

  await page.getByRole("link", { name: "English", exact: true }).click();
  await expect(page).toHaveURL(/\/student\/profile$/);
  await expect(page).not.toHaveURL(/\/it\//);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Language" })).toHaveValue("en");
  expect(["en", "it"]).toContain(before);
  await shot(page, "profile-en", info.project.name);

  await page.getByRole("navigation", { name: "Student area" }).getByRole("link", { name: "My Lessons" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Lessons" })).toBeVisible();
  await shot(page, "lessons-en", info.project.name);
  await page.getByRole("link", { name: "Italiano", exact: true }).click();
  await expect(page).toHaveURL(/\/it\/student\/lessons$/);
  await expect(page.getByRole("heading", { level: 1, name: "Le mie lezioni" })).toBeVisible();

  await page.getByRole("link", { name: /Ciao, Sofia/ }).click();
  await expect(page.getByRole("combobox", { name: "Lingua" })).toHaveValue("it");
  // Remembered: the choice is in the `lang` cookie.
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "lang")?.value).toBe("it");

  // Back to English, as the other specs expect the demo student.
  await page.getByRole("link", { name: "English", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Language" })).toHaveValue("en");
  await page.goto("/student/dashboard");
  await shot(page, "dashboard-en", info.project.name);
});

test("the sign-in card and the referral landing read in Italian", async ({ page }, info) => {
  // A signed-out visitor coming back from a cancelled sign-in sees the card.
  await page.goto("/it/student?error=auth_failed");
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByRole("heading", { level: 1, name: "Area studenti" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continua con Google" })).toBeVisible();
  await expectNoSeriousViolations(page, "/it/student sign-in card");
  await shot(page, "sign-in-it", info.project.name);

  await page.goto("/it/ref");
  await expect(page.getByRole("heading", { level: 1, name: "Nessun codice invito" })).toBeVisible();

  await signInInItalian(page);
  await page.goto("/it/referrals");
  const code = await page.getByLabel("Codice invito").inputValue();
  await page.getByRole("button", { name: "Esci" }).click();
  await page.goto(`/it/ref?code=${code}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Ciao! Sofia ti invita a imparare l'inglese con Giulia",
  );
  await expect(page.getByText(/Il codice invito .* viene applicato quando prenoti\./)).toBeVisible();
  await expectNoSeriousViolations(page, "/it/ref");
  await shot(page, "ref-it", info.project.name);
});

test("the privacy notice reads in Italian at /it/privacy, rendered by the server", async ({
  browser,
  page: live,
}, info) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/it/privacy");
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Informativa sulla privacy");
  await expect(page.getByRole("heading", { name: "1. Titolare del trattamento" })).toBeVisible();
  await expect(page.getByText("Ultimo aggiornamento: 22 novembre 2026")).toBeVisible();
  await context.close();

  await live.goto("/it/privacy");
  await expect(live.getByRole("heading", { name: "7. Diritti dell'interessato" })).toBeVisible();
  await expectNoSeriousViolations(live, "/it/privacy");
  await shot(live, "privacy-it", info.project.name);
  await live.getByRole("link", { name: "English", exact: true }).click();
  await expect(live).toHaveURL(/\/privacy$/);
  await expect(live.getByRole("heading", { level: 1 })).toHaveText("Privacy notice");
  await expect(live.getByText("Last updated: 22 November 2026")).toBeVisible();
});

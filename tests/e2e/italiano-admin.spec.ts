// Issue 29 in the admin area: the demo teacher signs in from /it/admin and runs the business in
// Italian on a laptop and on a phone: the dashboard, the bookings list, a booking's details and its
// update, the weekly schedule's save (whose result the page words from the server's counts), the
// settings and a held email. Italian headings and buttons, weekdays and a 24-hour clock, none of the
// specification's English; the language switch keeps the page; axe finds no serious violation.
// Screenshots at 360 px (phone) and desktop go to test-results/italiano-admin/.
// Run: npm run build && E2E_PORT=3361 npx playwright test tests/e2e/italiano-admin.spec.ts --project desktop --project phone
import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations as expectNoSeriousViolationsNow } from "./support/axe.ts";

const SHOTS = "test-results/italiano-admin";

async function shot(page: Page, name: string, project: string) {
  mkdirSync(SHOTS, { recursive: true });
  // From the top, so the sticky header is photographed where it belongs.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}-${project}.png`, fullPage: true });
}

// The phone project at the narrowest common width.
test.beforeEach(async ({ page }, info) => {
  if (info.project.name === "phone") await page.setViewportSize({ width: 360, height: 780 });
});

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: text });

/** A date in either of the teacher's day-first formats (an Italian page never writes the US order). */
const DATE = String.raw`(\d{2}/\d{2}/\d{4}|\d{4}-\d{2}-\d{2})`;

/** Italian weekday names, as the admin's dates start. */
const ITALIAN_WEEKDAY = /(lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica)/;

/** The specification's English words the admin screens say, none of which an Italian page may show. */
const ENGLISH = [
  "Admin Login Required",
  "Sign in with Google",
  "Admin Dashboard",
  "Manage Availability",
  "View All Bookings",
  "All Bookings",
  "Student Profiles",
  "Pending Bookings",
  "Recent Bookings",
  "View Details",
  "Back to Dashboard",
  "Logout",
  "Student Information",
  "Lesson Details",
  "Update Booking",
  "Weekly Schedule Template",
  "Update Weekly Schedule",
  "Weekly schedule saved",
  "no new slots were needed",
  "booked lesson",
  "Settings",
  "Save Changes",
  "Business Configuration",
  "System Preferences",
];

/**
 * No English sentence of the specification, and no 12-hour clock, in `scope`. The choices of a
 * select are left out of the clock check: Settings offers the 12-hour format by its example.
 */
async function expectNoEnglish(scope: Locator) {
  const text = (await scope.textContent()) ?? "";
  expect(ENGLISH.filter((words) => text.includes(words))).toEqual([]);
  const choices = await scope.locator("option").allTextContents();
  const shown = choices.reduce((rest, choice) => rest.replace(choice, ""), text);
  expect(shown).not.toMatch(/\b\d{1,2}:\d{2} ?(AM|PM)\b/);
}

/** axe once the dialogs' entrance transitions are over: contrast is measured on the final colours. */
async function expectNoSeriousViolations(page: Page, name: string) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await expectNoSeriousViolationsNow(page, name);
}

async function signInInItalian(page: Page, project: string) {
  await page.goto("/it/admin");
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByRole("heading", { name: "Accesso riservato all'insegnante" })).toBeVisible();
  await expect(page.getByRole("link", { name: "English", exact: true })).toHaveAttribute("href", "/admin");
  await expectNoEnglish(page.locator("body"));
  await expectNoSeriousViolations(page, "/it/admin sign-in");
  await shot(page, "sign-in", project);
  await page.getByRole("button", { name: "Accedi con Google" }).click();
  // The demo sign-in page speaks the language of the page it returns to.
  await expect(page.getByRole("heading", { name: "Accesso demo" })).toBeVisible();
  await page.getByRole("button", { name: /Continua come insegnante demo/ }).click();
  await expect(page).toHaveURL(/\/it\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pannello di controllo" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
}

test("the teacher runs the admin in Italian: dashboard, bookings, weekly schedule, settings", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const desktop = info.project.name === "desktop";
  await signInInItalian(page, info.project.name);

  // The dashboard: Italian tiles and figures; lesson dates with an Italian weekday on a 24-hour clock.
  const management = page.getByRole("region", { name: "Gestione" });
  for (const tile of ["Gestisci disponibilità", "Tutte le prenotazioni", "Schede studenti", "Impostazioni"]) {
    await expect(management.getByRole("link", { name: new RegExp(tile) })).toBeVisible();
  }
  const statistics = page.getByRole("region", { name: "Statistiche" });
  await expect(statistics.getByText("Prenotazioni in attesa")).toBeVisible();
  const recent = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: "Dettagli: Sofia Bianchi" }) })
    .first();
  await expect(recent).toContainText(ITALIAN_WEEKDAY);
  await expect(recent).toContainText(new RegExp(`${DATE} \\d{2}:\\d{2} ·`));
  await expectNoEnglish(page.locator("body"));
  await expectNoSeriousViolations(page, "/it/admin");
  await shot(page, "dashboard", info.project.name);

  // The pending demo lesson is confirmed from the dashboard, once (the two projects share the data).
  if (desktop) {
    await expect(statistics).toContainText("Prenotazioni in attesa1");
    await page.getByRole("button", { name: "Conferma: Sofia Bianchi" }).click();
    await expect(toast(page, "La prenotazione è stata confermata.")).toBeVisible();
    await expect(statistics).toContainText("Prenotazioni in attesa0");
  }

  // The bookings list, and the language switch that keeps the page both ways.
  await management.getByRole("link", { name: /Tutte le prenotazioni/ }).click();
  await expect(page).toHaveURL(/\/it\/admin\/bookings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tutte le prenotazioni" })).toBeVisible();
  await expect(page.getByText(/^\d+ prenotazion[ei]$/)).toBeVisible();
  const sofia = page.getByRole("main").getByText(ITALIAN_WEEKDAY).first();
  await expect(sofia).toContainText(new RegExp(`${DATE}, \\d{2}:\\d{2}`));
  await expectNoEnglish(page.locator("body"));
  await expectNoSeriousViolations(page, "/it/admin/bookings");
  await shot(page, "bookings", info.project.name);

  await page.getByRole("link", { name: "English", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/bookings$/);
  await expect(page).not.toHaveURL(/\/it\//);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "All Bookings" })).toBeVisible();
  await page.getByRole("link", { name: "Italiano", exact: true }).click();
  await expect(page).toHaveURL(/\/it\/admin\/bookings$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByRole("heading", { level: 1, name: "Tutte le prenotazioni" })).toBeVisible();

  // A booking's details, then its update: confirmed (again) from the dialog.
  await page.getByRole("button", { name: "Vedi la prenotazione di Sofia Bianchi" }).first().click();
  const details = page.getByRole("dialog", { name: "Dettagli della prenotazione" });
  await expect(details.getByText("Dati dello studente")).toBeVisible();
  await expect(details.getByText("Dettagli della lezione")).toBeVisible();
  await expect(details).toContainText(ITALIAN_WEEKDAY);
  await expect(details).toContainText(/\d{2}:\d{2} – \d{2}:\d{2}/);
  await expectNoEnglish(details);
  await expectNoSeriousViolations(page, "/it/admin/bookings details dialog");
  await shot(page, "booking-details", info.project.name);
  await details.getByRole("button", { name: "Chiudi" }).first().click();
  await expect(details).toBeHidden();

  await page.getByRole("button", { name: "Aggiorna la prenotazione di Sofia Bianchi" }).first().click();
  const update = page.getByRole("dialog", { name: "Aggiorna prenotazione" });
  await expect(update).toContainText(new RegExp(`Sofia Bianchi · \\S+, ${DATE} \\d{2}:\\d{2}`));
  await expect(update).toContainText(ITALIAN_WEEKDAY);
  await update.getByRole("combobox", { name: "Stato" }).selectOption("confirmed");
  await expectNoEnglish(update);
  await expectNoSeriousViolations(page, "/it/admin/bookings update dialog");
  await shot(page, "booking-update", info.project.name);
  await update.getByRole("button", { name: "Aggiorna prenotazione" }).click();
  await expect(toast(page, "Prenotazione aggiornata.")).toBeVisible();
  await expect(update).toBeHidden();

  // The weekly schedule saved again: the result in Italian, from the server's counts.
  await page.getByRole("link", { name: /Torna al pannello/ }).click();
  await management.getByRole("link", { name: /Gestisci disponibilità/ }).click();
  await expect(page).toHaveURL(/\/it\/admin\/availability$/);
  const current = page.getByRole("region", { name: "Orario settimanale attuale" });
  await expect(current.getByText("Orario settimanale attivo")).toBeVisible();
  await expect(current.getByText(/09:00–13:00/).first()).toBeVisible();
  await page.getByRole("button", { name: "Aggiorna l'orario settimanale" }).click();
  // Saved over the schedule in place: "updated", and nothing to add said in words, not as a count.
  await expect(toast(page, "Orario settimanale aggiornato.")).toBeVisible();
  const result = page.getByRole("status").filter({ hasText: "Orario settimanale salvato:" });
  await expect(result).toContainText(
    /^Orario settimanale salvato: nessun orario nuovo da aggiungere; gli orari sono prenotabili fino a \S+ \d+ \S+ \d{4} e le nuove settimane si aggiungono man mano\./,
  );
  await expect(result).not.toContainText("già presenti");
  await expectNoEnglish(page.locator("body"));
  await expectNoSeriousViolations(page, "/it/admin/availability");
  await shot(page, "availability", info.project.name);

  // Settings: Italian labels, and a save that says so in Italian.
  await page.goto("/it/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Impostazioni" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByRole("heading", { name: "Preferenze di sistema" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Formato dell'ora" })).toBeVisible();
  await expectNoEnglish(page.locator("body"));
  await expectNoSeriousViolations(page, "/it/admin/settings");
  await shot(page, "settings", info.project.name);
  await page.getByRole("button", { name: "Salva le modifiche" }).click();
  await expect(toast(page, "Impostazioni salvate.")).toBeVisible();

  // The email view: a held email's note is the page's, not the server's English.
  await page.goto("/it/admin/email");
  await expect(page.getByRole("heading", { level: 1, name: "Email" })).toBeVisible();
  await expect(page.getByText("Non inviata: nessun server SMTP configurato").first()).toBeVisible();
  await expect(page.getByText("Not sent: no SMTP server configured")).toHaveCount(0);
  await expectNoSeriousViolations(page, "/it/admin/email");
});

// Issue 29 in a browser, the booking flow: a parent books in Italian from /it (landing, pricing,
// schedule, details, confirmation), with Monday-first weeks, 24-hour times and euro amounts
// written the Italian way, and the order made in Italian; the language switch keeps the booking
// step; /it/book/pricing reads in Italian with JavaScript off; axe finds no serious violation on
// the Italian booking pages. Screenshots of every step at 360 px and on the desktop, in both
// languages, go to /tmp/shots-italiano-booking.
// Run: npm run build && E2E_PORT=3421 npx playwright test tests/e2e/italiano-booking.spec.ts
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { freeSlots, weekLoaded } from "./support/booking-steps.ts";

const SHOTS = "/tmp/shots-italiano-booking";
/** An Italian time of the day: 24-hour, two-digit hours ("09:00", "17:30"). */
const TIME = /^\d{2}:\d{2}$/;
/** An Italian euro amount: the sign after the number, a no-break space between ("35 €"). */
const euro = (amount: number) => new RegExp(`\\b${amount}\\u00a0€`);

// A family in Italy: the browser prefers Italian (the English pages then suggest Italian, and the
// Italian ones suggest nothing).
test.use({ locale: "it-IT" });

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Picks `n` free times, moving to later weeks when one runs out, and checks the counter. */
async function pickTimes(page: Page, n: number) {
  await page.getByRole("button", { name: /Settimana successiva/ }).click();
  let picked = 0;
  for (let week = 0; week < 6 && picked < n; week++) {
    await weekLoaded(page).catch(() => undefined);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const available = await freeSlots(page).count();
    for (let i = 0; i < available && picked < n; i++, picked++) await freeSlots(page).first().click();
    if (picked < n) await page.getByRole("button", { name: /Settimana successiva/ }).click();
  }
  await expect(page.getByText(`${n} di ${n} scelte`)).toBeVisible();
}

test("a parent books a lesson entirely in Italian, from /it to the confirmation", async ({ page }, info) => {
  const sent: string[] = [];
  const weeksAsked: string[] = [];
  page.on("request", (request) => {
    const url = decodeURIComponent(request.url());
    if (url.includes("booking.createBooking")) sent.push(request.postData() ?? "");
    const startDate = /"startDate":"(\d{4}-\d{2}-\d{2})"/.exec(url)?.[1];
    if (url.includes("booking.availability") && startDate) weeksAsked.push(startDate);
  });

  await page.goto("/it");
  await page.getByRole("link", { name: "Prenota una lezione" }).first().click();
  await expect(page).toHaveURL(/\/it\/book$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prenota le tue lezioni di inglese");
  await page.getByRole("link", { name: /Prenota la tua lezione/ }).click();

  // Pricing: Italian words, euro amounts the Italian way.
  await expect(page).toHaveURL(/\/it\/book\/pricing$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scegli il tuo pacchetto");
  const cards = page.getByRole("list", { name: "Pacchetti" }).getByRole("article");
  await expect(cards).toHaveCount(5);
  await expect(cards.filter({ hasText: "Single Lesson" })).toContainText(euro(35));
  await expect(cards.filter({ hasText: "Online Starter" })).toContainText("5 lezioni");
  await expect(page.getByText("Il più scelto")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Disdette e rimborsi" })).toBeVisible();
  for (const price of await cards.locator("span.text-3xl").allTextContents()) expect(price).toMatch(/^\d+\u00a0€$/);
  await shot(page, `it-pricing-${info.project.name}`);
  await page.getByRole("button", { name: "Scegli Single Lesson" }).click();
  await page.getByRole("button", { name: /Continua con gli orari/ }).click();

  // Schedule: the week starts on Monday, times are 24-hour.
  await expect(page).toHaveURL(/\/it\/book\/schedule\?package=[\w-]+/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scegli gli orari delle lezioni");
  await weekLoaded(page).catch(() => undefined);
  await expect(page.getByText(/Gli orari sono nel fuso orario dell'insegnante/)).toBeVisible();
  // The wide grid's day headers (hidden on a phone, whose list of days starts at the first free one).
  const weekdays = page.locator('section[aria-label="Orari liberi di questa settimana"] p.uppercase');
  await expect.poll(() => weekdays.allTextContents()).toEqual(["lun", "mar", "mer", "gio", "ven", "sab", "dom"]);
  for (const startDate of weeksAsked) expect(new Date(`${startDate}T00:00:00Z`).getUTCDay(), startDate).toBe(1);
  await pickTimes(page, 1);
  const times = await page.locator("button[data-slot-id] > span:first-child").allTextContents();
  expect(times.length).toBeGreaterThan(0);
  for (const time of times) expect(time.trim()).toMatch(TIME);
  await expect(page.getByText(/\b(AM|PM)\b/)).toHaveCount(0);
  await shot(page, `it-schedule-${info.project.name}`);
  await page.getByRole("button", { name: /^Continua/ }).click();

  // Signed out: the step says in Italian that signing in comes next, then goes to the student
  // sign-in, which comes back to the Italian step.
  await expect(page.getByRole("status").filter({ hasText: "Ora accedi" })).toContainText(
    "Prenoti dal tuo account, poi torni qui con le tue scelte.",
  );
  await expect(page).toHaveURL(/[?&]next=%2Fit%2Fbook%2Fdetails$/);
  await page.getByRole("button", { name: "Continua come studente demo" }).click();
  await expect(page).toHaveURL(/\/it\/book\/details$/);

  // Details: a parent booking for a child.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dati dello studente");
  await expect(page.getByTestId("quote-total")).toHaveText(euro(35));
  await page.getByRole("button", { name: "Prenota la lezione" }).click();
  await expect(page.getByText("Indica se prenoti per te o come genitore o tutore").first()).toBeVisible();
  await page.getByLabel("Sono il genitore o tutore dello studente").check();
  await page.getByLabel("Nome dello studente").fill("Luca Bianchi");
  await page.getByLabel("Numero di telefono").fill("+39 333 765 4321");
  await page.getByLabel("Livello di inglese").selectOption("beginner");
  await page.getByLabel("Obiettivi").fill("Preparare l'esame Cambridge B1.");
  await expect(page.getByRole("list", { name: "Gli orari delle tue lezioni" })).toContainText(/\d{2}:\d{2}/);
  await shot(page, `it-details-${info.project.name}`);
  await page.getByRole("button", { name: "Prenota la lezione" }).click();

  // Confirmation, in Italian; the order was made in Italian.
  await expect(page).toHaveURL(/\/it\/book\/confirmation\?order=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^(Richiesta inviata!|Lezione confermata!)$/);
  await expect(
    page.getByText(/^(lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica) \d{1,2} \S+ \d{4}$/),
  ).toBeVisible();
  await expect(page.getByText(/^\d{2}:\d{2} \(Europe\/Rome\)/)).toBeVisible();
  await expect(page.getByText("Cosa succede ora?")).toBeVisible();
  await expect(page.getByText(euro(35)).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Torna alla home" })).toHaveAttribute("href", "/it");
  expect(sent).toHaveLength(1);
  // The order's language is the page's: stored on the order (tests/integration/locale.int.test.ts).
  expect(sent[0]).toContain('"locale":"it"');
  await expectNoSeriousViolations(page, "/it/book/confirmation");
  await shot(page, `it-confirmation-${info.project.name}`);
});

test("the language switch keeps the booking step, both ways", async ({ page }) => {
  await page.goto("/it/book/pricing");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scegli il tuo pacchetto");
  await page.getByRole("link", { name: "English", exact: true }).click();
  await expect(page).toHaveURL(/\/book\/pricing$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose Your Package");

  // The schedule keeps its package and teacher across the switch.
  await page.getByRole("button", { name: "Select Single Lesson" }).click();
  await page.getByRole("button", { name: /Continue to Schedule/ }).click();
  await expect(page).toHaveURL(/\/book\/schedule\?package=[\w-]+/);
  const search = new URL(page.url()).search;
  await page.getByRole("link", { name: "Italiano", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/it/book/schedule" && url.search === search);
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scegli gli orari delle lezioni");
  await expect(page.getByText(/^Single Lesson: scegli 1 lezione da 60 minuti/)).toBeVisible();
});

test("/it/book/pricing reads in Italian without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/it/book/pricing");
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scegli il tuo pacchetto");
  await expect(page.getByText("Tutte le lezioni durano 60 minuti. Prezzi in euro.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Disdette e rimborsi" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Pacchetti" }).getByRole("article").first()).toContainText(/\d\u00a0€/);
  await expect(page.getByRole("link", { name: "English", exact: true })).toHaveAttribute("href", "/book/pricing");
  await context.close();
});

test("axe finds no serious violation on the Italian booking steps", async ({ page }) => {
  await page.goto("/it/book");
  await expectNoSeriousViolations(page, "/it/book");
  await page.goto("/it/book/pricing");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scegli il tuo pacchetto");
  await expectNoSeriousViolations(page, "/it/book/pricing");
  await page.getByRole("button", { name: "Scegli Online Starter" }).click();
  await page.getByRole("button", { name: /Continua con gli orari/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scegli gli orari delle lezioni");
  await weekLoaded(page).catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoSeriousViolations(page, "/it/book/schedule");
  await pickTimes(page, 5);
  await expectNoSeriousViolations(page, "/it/book/schedule with five times");
  await page.goto("/student");
  await page.getByRole("button", { name: /Continue as the demo student/ }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  await page.goto("/it/book/details");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dati dello studente");
  await page.getByRole("button", { name: /Ti interessa la conversazione di gruppo\?/ }).click();
  await expect(page.getByText("Scegli una serata", { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, "/it/book/details");
});

// Every step in both languages at 360 px and on the desktop, to be looked at.
for (const [width, height] of [
  [360, 780],
  [1280, 900],
] as const) {
  test(`screenshots of the steps in both languages at ${width} px`, async ({ page, baseURL }, info) => {
    test.skip(info.project.name !== "desktop", "one set of screenshots");
    await page.setViewportSize({ width, height });
    for (const prefix of ["", "/it"]) {
      const lang = prefix ? "it" : "en";
      // Chosen, as the switch would: no suggestion of the other language over the steps.
      await page.context().addCookies([{ name: "lang", value: lang, url: baseURL }]);
      await page.goto(`${prefix}/book`);
      await shot(page, `${width}-${lang}-0-intro`);
      await page.goto(`${prefix}/book/pricing`);
      await expect(page.getByRole("list").getByRole("article")).toHaveCount(5);
      await shot(page, `${width}-${lang}-1-pricing`);
      await page.getByRole("button", { name: /^(Select|Scegli) Online Starter$/ }).click();
      await page.getByRole("button", { name: /Continue to Schedule|Continua con gli orari/ }).click();
      await page.getByRole("button", { name: /Next Week|Settimana successiva/ }).click();
      await weekLoaded(page).catch(() => undefined);
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await freeSlots(page).first().click();
      await shot(page, `${width}-${lang}-2-schedule`);
    }
  });
}

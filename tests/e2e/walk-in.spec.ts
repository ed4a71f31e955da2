// The teacher books for a student herself (issue 32, item 6): a walk-in entered by name and phone
// from her agenda, at a free time of hers today or tomorrow (inside the 48 hours a student must
// keep), picked on a week view; the lesson is then in her agenda, and her move dialog shows her
// free times on the same week view. English on the phone (and 360 px), Italian on the desktop.
// Run: npm run build && E2E_PORT=3411 npx playwright test tests/e2e/walk-in.spec.ts
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signInAsTeacher } from "./support/demo-sign-in.ts";
import { pickInstant } from "./support/teacher-week.ts";

const SHOTS = "/tmp/shots-walk-in";

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: text });

const romeDay = (instant: Date | string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date(instant));

/** Her first free time today or tomorrow, as the week view gets it (admin.freeTimes). */
async function firstFreeTimeSoon(page: Page): Promise<string> {
  const today = romeDay(new Date());
  const tomorrow = romeDay(new Date(Date.now() + 86_400_000));
  for (const from of [today, tomorrow]) {
    const input = encodeURIComponent(JSON.stringify({ json: { from } }));
    const response = await page.request.get(`/api/trpc/admin.freeTimes?input=${input}`);
    expect(response.ok()).toBe(true);
    const { slots } = ((await response.json()) as { result: { data: { json: { slots: { startTime: string }[] } } } })
      .result.data.json;
    const soon = slots.find((s) => [today, tomorrow].includes(romeDay(s.startTime)));
    if (soon) return soon.startTime;
  }
  throw new Error("no free time today or tomorrow");
}

const text = {
  en: {
    path: "/admin/agenda",
    open: "Book a lesson",
    dialog: "Book a Lesson",
    newStudent: "New student",
    name: "Name",
    phone: "Phone",
    email: "Email",
    submit: /^Book for /,
    done: "Lesson Booked",
    nextDay: "Next day",
    move: (name: string) => `Move: ${name}`,
    moveDialog: "Move Lesson",
    cancel: "Cancel",
  },
  it: {
    path: "/it/admin/agenda",
    open: "Prenota una lezione",
    dialog: "Prenota una lezione",
    newStudent: "Nuovo studente",
    name: "Nome",
    phone: "Telefono",
    email: "Email",
    submit: /^Prenota per /,
    done: "Lezione prenotata",
    nextDay: "Giorno successivo",
    move: (name: string) => `Sposta: ${name}`,
    moveDialog: "Sposta lezione",
    cancel: "Annulla",
  },
};

test("books a walk-in from her phone", async ({ page }, info) => {
  mkdirSync(SHOTS, { recursive: true });
  const phone = info.project.name === "phone";
  const lang = phone ? "en" : "it";
  const words = text[lang];
  const name = phone ? "Walk-in Giada Neri" : "Walk-in Paolo Rizzi";
  await signInAsTeacher(page);
  if (phone) await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(words.path);

  await page.getByRole("button", { name: words.open }).click();
  const dialog = page.getByRole("dialog", { name: words.dialog });
  await expect(dialog.getByRole("heading", { name: words.dialog })).toBeVisible();
  await dialog.getByText(words.newStudent, { exact: true }).click();
  await dialog.getByRole("textbox", { name: words.name, exact: true }).fill(name);
  if (phone) await dialog.getByRole("textbox", { name: words.phone, exact: true }).fill("+39 347 555 0909");
  else await dialog.getByRole("textbox", { name: words.email, exact: true }).fill("paolo.rizzi@family.example");
  const start = await firstFreeTimeSoon(page);
  await pickInstant(dialog, start);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/book-${lang}-${info.project.name}.png`, fullPage: false });
  await dialog.getByRole("button", { name: words.submit }).click();
  await expect(toast(page, words.done).first()).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The lesson in her agenda, on its day.
  if (romeDay(start) !== romeDay(new Date())) {
    await page.getByRole("button", { name: words.nextDay }).click();
  }
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/agenda-${lang}-${info.project.name}.png` });

  // Her move dialog shows her free times on a week view too.
  await card.getByRole("button", { name: words.move(name) }).click();
  const move = page.getByRole("dialog", { name: words.moveDialog });
  await expect(move.getByTestId("free-times-week")).toBeVisible();
  await expect(move.locator("[data-slot-id]:visible").first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/move-${lang}-${info.project.name}.png` });
  await move.getByRole("button", { name: words.cancel }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The other language's dialog, at this size too, for the screenshots.
  const other = phone ? text.it : text.en;
  await page.goto(other.path);
  await page.getByRole("button", { name: other.open }).click();
  const again = page.getByRole("dialog", { name: other.dialog });
  await again.getByText(other.newStudent, { exact: true }).click();
  await expect(again.getByTestId("free-times-week")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/book-${phone ? "it" : "en"}-${info.project.name}.png` });
});

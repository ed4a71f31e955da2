// Issue 30, item 7 in Chromium: the teacher opens Money from the dashboard on a laptop and on a
// 360 px phone: the period's totals (the same as GET /api/admin/money answers), the chart, the
// month table (cards on the phone) with this month's payment in it, another period chosen, then
// the same view in Italian. axe finds no serious violation. Screenshots in /tmp/shots-money/.
// Run: npm run build && E2E_PORT=3440 npx playwright test tests/e2e/money.spec.ts --project desktop --project phone
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { formatEuro } from "../../shared/i18n/format.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { signInAsTeacher } from "./support/demo-sign-in.ts";

const SHOTS = "/tmp/shots-money";
mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${test.info().project.name}-${name}.png`, fullPage: true });
};

type MoneyView = {
  from: string;
  to: string;
  currentMonth: string;
  months: { month: string; lessonsTaught: number; paid: number; owed: number | null }[];
  totals: { lessonsTaught: number; invoiced: number; paid: number; owed: number | null; creditsOutstanding: number };
};

test.beforeEach(async ({ page }, info) => {
  if (info.project.name === "phone") await page.setViewportSize({ width: 360, height: 780 });
});

test("the teacher reads the money view, in English and in Italian", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsTeacher(page);

  // A payment today on the demo order (each project adds 40 €; the two stay within its 192 €).
  const orders = await page.request.get("/api/admin/orders?filter=all&limit=50");
  const order = ((await orders.json()) as { orders: { id: string; total_price: number }[] }).orders.find(
    (o) => o.total_price === 192,
  );
  expect(order, "the demo order").toBeTruthy();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());
  const paid = await page.request.post(`/api/admin/orders/${order?.id}/payments`, {
    data: { amount: 40, method: "cash", date: today },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const view = (await (await page.request.get("/api/admin/money")).json()) as MoneyView;
  expect(view.totals.paid).toBeGreaterThanOrEqual(40);
  expect(view.totals.lessonsTaught).toBeGreaterThanOrEqual(4);

  await page.getByRole("link", { name: /^Money/ }).click();
  await expect(page).toHaveURL(/\/admin\/money$/);
  await expect(page.getByRole("heading", { level: 1, name: "Money" })).toBeVisible();
  const totals = page.getByRole("region", { name: "The period's totals" });
  await expect(totals).toContainText(`Lessons taught${view.totals.lessonsTaught}`);
  await expect(totals).toContainText(`Paid${formatEuro("en", view.totals.paid)}`);
  await expect(totals).toContainText(`Invoiced${formatEuro("en", view.totals.invoiced)}`);
  await expect(totals).toContainText(`Owed${formatEuro("en", view.totals.owed ?? 0)}today`);
  await expect(totals).toContainText(`Lessons sold, not yet taught${view.totals.creditsOutstanding}today`);
  const chart = page.getByRole("img", { name: /^Bar chart of the amounts invoiced and paid/ });
  await expect(chart).toBeVisible();
  await shot(page, "1-money-en");
  await page.screenshot({ path: `${SHOTS}/${test.info().project.name}-1-money-en-top.png` });
  await chart.screenshot({ path: `${SHOTS}/${test.info().project.name}-1-money-en-chart.png` });

  // This month, in the table on a laptop and as a card on a phone.
  const month = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${view.currentMonth}-15T12:00:00Z`),
  );
  const current = view.months.find((m) => m.month === view.currentMonth);
  if (test.info().project.name === "phone") {
    const card = page.getByRole("article", { name: month });
    await expect(card).toBeVisible();
    await expect(card).toContainText(`Paid${formatEuro("en", current?.paid ?? 0)}`);
    // Nothing runs off the side of a 360 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  } else {
    const row = page.getByRole("row").filter({ hasText: month });
    await expect(row).toBeVisible();
    await expect(row.getByRole("cell").nth(3)).toHaveText(formatEuro("en", current?.paid ?? 0));
  }
  await expectNoSeriousViolations(page, "money");

  // Another period: a calendar year.
  const year = view.currentMonth.slice(0, 4);
  await page.getByRole("combobox", { name: "Period" }).selectOption(year);
  await expect(page.getByText(`From January ${year} to December ${year}`)).toBeVisible();
  await shot(page, "2-money-year-en");

  // In Italian: the same view, its months and amounts in Italian.
  await page.goto("/it/admin/money");
  await expect(page.getByRole("heading", { level: 1, name: "Incassi" })).toBeVisible();
  const totali = page.getByRole("region", { name: "I totali del periodo" });
  await expect(totali).toContainText(`Incassato${formatEuro("it", view.totals.paid)}`);
  await expect(totali).toContainText("Da incassare");
  await expect(page.getByRole("img", { name: /^Grafico a barre/ })).toBeVisible();
  await expect(page.getByText(/^Da \S+ \d{4} a \S+ \d{4}$/)).toBeVisible();
  await expect(page.getByText("Lessons taught")).toHaveCount(0);
  await expectNoSeriousViolations(page, "money in Italian");
  await shot(page, "3-money-it");
});

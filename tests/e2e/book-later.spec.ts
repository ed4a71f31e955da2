// Issue 30, item 1 in Chromium: a parent buys the six-lesson package picking only two of its
// lessons, reads that the rest can be booked later and until when, then books one more from the
// portal's credits line. Screenshots at 360 px (the phone project, narrowed) and desktop.
// Run: npm run build && E2E_PORT=3431 npx playwright test tests/e2e/book-later.spec.ts --project desktop --project phone
import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { fillDetails, pickSlots, toast } from "./support/booking-steps.ts";

const SHOTS = "/tmp/shots-later";
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${test.info().project.name}-${name}.png`, fullPage: true });
/** The screen as the parent sees it with `target` in view (a full page of a phone is too tall to read). */
const view = async (page: Page, target: Locator, name: string) => {
  await target.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${test.info().project.name}-${name}-view.png` });
};

/** "4 of 6 lessons left, valid until Nov 29, 2027" → [4, 6]. */
const leftOf = async (page: Page) => {
  const text = (await creditsLine(page).textContent()) ?? "";
  const match = /^(\d+) of (\d+) lessons left, valid until \w{3} \d{1,2}, \d{4}$/.exec(text.trim());
  expect(match, text).not.toBeNull();
  return [Number(match?.[1]), Number(match?.[2])];
};
const creditsLine = (page: Page) => page.locator("details summary").filter({ hasText: /lessons? left, valid until/ });

test("a parent buys six lessons with two booked now, then books one more from the portal", async ({ page }) => {
  test.setTimeout(120_000);
  if (test.info().project.name === "phone") await page.setViewportSize({ width: 360, height: 780 });

  await page.goto("/student");
  await page.getByRole("button", { name: /Continue as the demo student/ }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  // The desktop run comes first on fresh demo data: no ledger line yet. The phone run finds the
  // desktop run's lessons left.
  const before = (await (await page.request.get("/api/student/credits")).json()) as {
    balance: number;
    entries: { kind: string; lessons: number }[];
  };
  const leftBefore = before.balance;
  const totalBefore = before.entries
    .filter((e) => e.lessons > 0 && e.kind !== "returned")
    .reduce((n, e) => n + e.lessons, 0);

  // The package choice states how long its lessons stay valid.
  await page.goto("/book/pricing");
  await page.getByRole("button", { name: "Select Standard Package" }).click();
  await expect(page.getByText("Valid for 12 months from purchase.")).toBeVisible();
  await shot(page, "1-pricing");
  await view(page, page.getByText("Valid for 12 months from purchase."), "1-pricing");
  await page.getByRole("button", { name: /Continue to Schedule/ }).click();

  // The schedule says the rest can wait; two of six is enough to continue.
  await expect(page.getByText("You can pick all 6 lessons now or book the rest later from your portal.")).toBeVisible();
  await pickSlots(page, 2, 6);
  await shot(page, "2-schedule");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${test.info().project.name}-2-schedule-view.png` });
  await page.getByRole("button", { name: /^Continue/ }).click();
  await expect(page).toHaveURL(/\/book\/details$/);

  // The review: the two lessons picked now, at the whole package's price (the schedule step said
  // the rest are booked later; the confirmation says how many are left).
  const later = page.getByText("2 × 60 minutes", { exact: true });
  await expect(later).toBeVisible();
  await expect(page.getByTestId("quote-total")).toHaveText("€192");
  await fillDetails(page);
  await shot(page, "3-details");
  await view(page, later, "3-details");
  await page.getByRole("button", { name: "Book Lesson" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bookings Requested!" })).toBeVisible();
  await expect(page.getByText("4 lessons are left to book later from your portal.")).toBeVisible();
  await shot(page, "4-confirmation");
  await view(page, page.getByText("4 lessons are left to book later from your portal."), "4-confirmation");

  // The portal: the lessons left, and one booked from them.
  await page.goto("/student/dashboard");
  await expect.poll(() => leftOf(page)).toEqual([leftBefore + 4, totalBefore + 6]);
  await shot(page, "5-dashboard");
  await view(page, creditsLine(page), "5-dashboard");
  await page.getByRole("button", { name: "Book a lesson" }).click();
  const dialog = page.getByRole("dialog", { name: "Book a lesson from your package" });
  await expect(dialog.getByText(/from those left in your package/)).toBeVisible();
  await dialog.locator("fieldset button").first().click();
  await page.screenshot({ path: `${SHOTS}/${test.info().project.name}-6-book-later-view.png` });
  await dialog.getByRole("button", { name: /^Book / }).click();
  await expect(toast(page, "Lesson Booked")).toContainText("booked with one of your package's lessons");
  await expect(dialog).toBeHidden();
  await expect.poll(() => leftOf(page)).toEqual([leftBefore + 3, totalBefore + 6]);
  await creditsLine(page).click();
  const entries = page.getByRole("list", { name: "Your lesson credits, newest first" }).getByRole("listitem");
  await expect(entries.first()).toContainText("Lesson booked");
  await expect(entries.filter({ hasText: "Package bought" }).first()).toContainText("+6 lessons");
  await shot(page, "7-dashboard-after");
  await view(page, creditsLine(page), "7-dashboard-after");
});

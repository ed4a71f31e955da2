// Steps of the booking flow shared by the e2e specs (booking, portal referral).
import { expect, type Page } from "@playwright/test";

export const toast = (page: Page, text: string) =>
  page.locator('[aria-live="polite"] [role="alert"], [aria-live="polite"] [role="status"]').filter({ hasText: text });

export async function choosePackage(page: Page, name: string) {
  await page.goto("/book/pricing");
  await page.getByRole("button", { name: `Select ${name}` }).click();
  await page.getByRole("button", { name: /Continue to Schedule/ }).click();
  await expect(page).toHaveURL(/\/book\/schedule\?package=[\w-]+/);
}

export const freeSlots = (page: Page) => page.locator('button[data-slot-id][aria-pressed="false"]:visible');

/** Waits until the viewed week has loaded: its free slots, or the message that there are none. */
export async function weekLoaded(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(
    freeSlots(page)
      .or(page.getByText("No available times this week.", { exact: false }))
      .first(),
  ).toBeVisible();
}

/** Selects n free slots of a package of `of` lessons, moving to later weeks when this one runs out. */
export async function pickSlots(page: Page, n: number, of = n) {
  await page.getByRole("button", { name: /Next Week/ }).click();
  let picked = 0;
  for (let week = 0; week < 6 && picked < n; week++) {
    await weekLoaded(page);
    const available = await freeSlots(page).count();
    for (let i = 0; i < available && picked < n; i++) {
      // Spread the picks over the week; the locator re-evaluates after each click.
      await freeSlots(page)
        .nth(Math.min(i * 2, (await freeSlots(page).count()) - 1))
        .click();
      picked++;
    }
    if (picked < n) await page.getByRole("button", { name: /Next Week/ }).click();
  }
  await expect(page.getByText(`${n} of ${of} selected`)).toBeVisible();
}

export async function fillDetails(page: Page, opts: { level?: string } = {}) {
  await page.getByLabel("Contact phone number").fill("+39 333 765 4321");
  await page.getByLabel("English level").selectOption(opts.level ?? "intermediate");
  await page.getByLabel("Learning goals").fill("Speak confidently in meetings at work.");
  await page.getByLabel("I am 18 or older and booking for myself").check();
}

// Issue 31, items 3 and 4 on the Settings page, at desktop size and at 360 px: the meeting-room
// setting and the holidays panel (a year's list, one click to mark them, the "every year" box).
// Run: npm run build && E2E_PORT=3361 npx playwright test tests/e2e/holidays-settings.spec.ts
import { expect, test } from "@playwright/test";
import { signInAsTeacher } from "./support/demo-sign-in.ts";

test("the teacher picks a Jitsi room per lesson and marks next year's holidays as days off", async ({ page }, info) => {
  test.setTimeout(90_000);
  // The phone project's device is 412 px wide; the smallest screens the site serves are 360.
  if (info.project.name === "phone") await page.setViewportSize({ width: 360, height: 780 });
  await signInAsTeacher(page, { loginScreen: true });
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Meeting rooms" })).toBeVisible();

  // Nothing of the page is wider than the screen (360 px on the phone project).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByLabel("Meeting link of a new online lesson").selectOption("jitsi");
  await expect(page.getByLabel("Jitsi server")).toHaveValue("https://meet.jit.si");

  const year =
    Number(new Intl.DateTimeFormat("en", { year: "numeric", timeZone: "Europe/Rome" }).format(new Date())) + 1;
  await page.getByLabel("Year", { exact: true }).selectOption(String(year));
  const list = page.getByRole("list", { name: `Public holidays of ${year}` });
  await expect(list.getByText("Easter Monday")).toBeVisible();
  await expect(list.getByText("Sant'Ambrogio, Milano's patron saint")).toBeVisible();
  await page.getByRole("button", { name: `Mark all ${year} holidays as days off` }).click();
  await expect(page.getByText(/holidays? marked as days? off|No new days off/).first()).toBeVisible();
  await expect(list.getByText("Day off").first()).toBeVisible();

  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Settings saved successfully!").first()).toBeVisible();
  const saved = await (await page.request.get("/api/admin/settings")).json();
  expect(saved.settings.meetings.mode).toBe("jitsi");

  // Back to the behaviour of before, for the other specs.
  await page.getByLabel("Meeting link of a new online lesson").selectOption("manual");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Settings saved successfully!").first()).toBeVisible();
});

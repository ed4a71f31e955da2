// Signing in through the demo accounts (POST /api/demo-auth behind the sign-in buttons), as a
// visitor would in a demo deployment: the specs that need a signed-in teacher or student start here.
import { expect, type Page } from "@playwright/test";

/** The demo teacher, from /admin; `loginScreen` also checks the sign-in screen shown first. */
export async function signInAsTeacher(page: Page, { loginScreen = false }: { loginScreen?: boolean } = {}) {
  await page.goto("/admin");
  if (loginScreen) await expect(page.getByRole("heading", { name: "Admin Login Required" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.getByRole("button", { name: /Continue as the demo teacher/ }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
}

/** The demo student, from /student, landing on the dashboard. */
export async function signInAsStudent(page: Page) {
  await page.goto("/student");
  await page.getByRole("button", { name: /Continue as the demo student/ }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
}

// Privacy in Chromium on a fresh embedded database with demo data: the public privacy notice and
// the links to it, the demo student's data export, and (last, since it erases the demo student)
// account deletion. The phone project runs after the desktop one on the same database: the demo
// sign-in then recreates an empty demo student, so the tests compare with what the portal shows
// rather than with the seeded numbers.
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";

const SHOTS = "/tmp/shots-privacy";

async function signIn(page: Page) {
  await page.goto("/student");
  await page.getByRole("button", { name: /Continue as the demo student/ }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
}

test("the privacy notice is public and linked from the footer and both sign-in cards", async ({ page }, info) => {
  await page.goto("/");
  const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice" });
  await footerLink.scrollIntoViewIfNeeded();
  await page.getByRole("contentinfo").screenshot({ path: `${SHOTS}/landing-footer-${info.project.name}.png` });
  await footerLink.click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy notice" })).toBeVisible();
  for (const name of [
    "1. Who is responsible",
    "2. What we collect",
    "3. Why, and on what basis",
    "4. How long we keep it",
    "5. Who else handles it",
    "6. Students under 18",
    "7. Your rights",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  // The controller and contact come from the site's data and public configuration.
  await expect(page.getByRole("region", { name: "1. Who is responsible" })).toContainText("Giulia Rossi");
  await expect(page.getByRole("link", { name: "teacher@example.com" }).first()).toHaveAttribute(
    "href",
    "mailto:teacher@example.com",
  );
  await expect(page.getByText(/keep them for 10 years/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Garante per la protezione dei dati personali" })).toHaveAttribute(
    "href",
    "https://www.garanteprivacy.it",
  );
  await page.screenshot({ path: `${SHOTS}/privacy-notice-${info.project.name}.png`, fullPage: true });
  await page.screenshot({ path: `${SHOTS}/privacy-notice-top-${info.project.name}.png` });

  // The student sign-in card (shown after a first attempt) and the admin login card link to it.
  // The first visit starts sign-in (the demo page); coming back shows the card.
  await page.goto("/student", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { name: "Demo sign-in" })).toBeVisible();
  await page.goto("/student");
  await expect(page.getByRole("heading", { name: "Student Portal" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Privacy notice" })).toHaveAttribute("href", "/privacy");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Login Required" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Privacy notice" })).toHaveAttribute("href", "/privacy");
});

test("the demo student downloads everything about them as JSON", async ({ page }, info) => {
  await signIn(page);
  await page.goto("/student/profile");
  const section = page.getByRole("region", { name: "Privacy & data" });
  await expect(section).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/profile-privacy-${info.project.name}.png`, fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("link", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^english-with-giulia-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), "utf8"));
  expect(data.profile.email).toBe("demo.student@example.com");

  // The export holds every lesson the portal shows, and only this student's.
  const lessons = (await (await page.request.get("/api/student/lessons")).json()) as { lessons: { id: string }[] };
  expect(data.bookings.map((b: { id: string }) => b.id).sort()).toEqual(lessons.lessons.map((l) => l.id).sort());
  for (const b of data.bookings) expect(b.student_email).toBe("demo.student@example.com");
  if (info.project.name === "desktop") {
    // First run on the seeded database: Sofia's 4 completed and 2 upcoming lessons, her notes and files.
    expect(data.bookings.length).toBeGreaterThanOrEqual(6);
    expect(data.orders.length).toBeGreaterThanOrEqual(1);
    expect(data.shared_files.length).toBeGreaterThanOrEqual(1);
    expect(data.notes.length).toBeGreaterThanOrEqual(1);
  }
  for (const key of ["referrals", "discounts", "quiz_results", "cancellation_requests", "access_logs", "uploads"]) {
    expect(data).toHaveProperty(key);
  }
});

test("the demo student deletes their account and is signed out", async ({ page }, info) => {
  await signIn(page);
  const upcomingBefore = (await (await page.request.get("/api/student/lessons?upcoming=true")).json()) as {
    lessons: { id: string }[];
  };
  await page.goto("/student/profile");
  const section = page.getByRole("region", { name: "Privacy & data" });
  await section.getByRole("button", { name: "Delete my account" }).click();

  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  // The dialog element is a zero-size anchor for its fixed panel: look at its content.
  await expect(dialog.getByText("This cannot be undone.")).toBeVisible();
  await expect(dialog).toContainText("your upcoming lessons are cancelled");
  await page.screenshot({ path: `${SHOTS}/delete-dialog-${info.project.name}.png` });

  // The wrong word does nothing but explain.
  const field = dialog.getByLabel("Type DELETE to confirm");
  await field.fill("delete");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("Type DELETE in capital letters to confirm.")).toBeVisible();
  // Cancel keeps everything.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog.getByText("This cannot be undone.")).toBeHidden();
  expect((await page.request.get("/api/student/profile")).status()).toBe(200);

  await section.getByRole("button", { name: "Delete my account" }).click();
  await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
  await dialog.getByRole("button", { name: "Delete my account" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Account deleted", { exact: true })).toBeVisible();
  expect((await page.request.get("/api/student/profile")).status()).toBe(401);
  const status = await (await page.request.get("/api/student-auth/status")).json();
  expect(status.authenticated).toBe(false);

  // The teacher still sees the lessons that were upcoming, cancelled and without the student.
  if (upcomingBefore.lessons.length > 0) {
    await page.goto("/admin");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await page.getByRole("button", { name: /Continue as the demo teacher/ }).click();
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    for (const lesson of upcomingBefore.lessons) {
      const response = await page.request.get(`/api/admin/bookings/${lesson.id}`);
      expect(response.status(), `lesson ${lesson.id} stays in the teacher's records`).toBe(200);
      const row = (await response.json()).booking;
      expect(row?.status).toBe("cancelled");
      expect(JSON.stringify(row)).not.toContain("Sofia");
      expect(JSON.stringify(row)).not.toContain("demo.student@example.com");
    }
  }
});

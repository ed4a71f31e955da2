// Attendance (issue 31, item 1) in Chromium against the embedded demo database: the teacher, on a
// phone (360 px) and a laptop, marks the demo student's lesson of a week ago from the agenda in one
// tap, and the family reads the mark in My Lessons; then the same in Italian, and the setting. The projects share
// one server, so each test first taps another mark: every run changes the lesson at least once.
// Screenshots go to test-results/attendance/.
// Run: npm run build && E2E_PORT=3411 npx playwright test tests/e2e/attendance.spec.ts --project desktop --project phone
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { lastWeeksLesson } from "./support/agenda.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { signInAsStudent, signInAsTeacher } from "./support/demo-sign-in.ts";

const SHOTS = "test-results/attendance";

async function shot(page: Page, name: string, project: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${project}.png`, fullPage: true });
}

test.beforeEach(async ({ page }, info) => {
  if (info.project.name === "phone") await page.setViewportSize({ width: 360, height: 780 });
});

test("the teacher marks a lesson from the agenda in one tap, and the family sees it in My Lessons", async ({
  page,
}, info) => {
  await signInAsTeacher(page);
  await page.getByRole("link", { name: /^Agenda/ }).click();
  await expect(page).toHaveURL(/\/admin\/agenda$/);
  const card = await lastWeeksLesson(page, { thisWeek: "This week", previousWeek: "Previous week" });
  const marks = card.getByRole("group", { name: "Attendance: Sofia Bianchi" });
  const [attended, noShow, late] = ["Attended", "No-show", "Cancelled late"].map((name) =>
    marks.getByRole("button", { name, exact: true }),
  );
  await expect(card).toContainText("keep the lesson spent");

  await late.click();
  await expect(late).toHaveAttribute("aria-pressed", "true");
  await noShow.click();
  await expect(noShow).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("status").filter({ hasText: "Attendance saved." }).first()).toBeVisible();
  await expect(late).toHaveAttribute("aria-pressed", "false");
  await expect(attended).toHaveAttribute("aria-pressed", "false");
  // One tap each, big enough for a thumb.
  const box = await noShow.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await card.scrollIntoViewIfNeeded();
  await shot(page, "agenda", info.project.name);
  await expectNoSeriousViolations(page, "/admin/agenda with attendance");

  // Kept: the agenda read again shows the mark.
  await page.reload();
  const again = await lastWeeksLesson(page, { thisWeek: "This week", previousWeek: "Previous week" });
  await expect(again.getByRole("button", { name: "No-show", exact: true })).toHaveAttribute("aria-pressed", "true");
  // A missed lesson is not also called "Completed".
  await expect(again.getByText("Completed", { exact: true })).toHaveCount(0);

  // The family: the lesson in My Lessons' history says No-show and what it means for the credit.
  await signInAsStudent(page);
  await page.goto("/student/lessons");
  await page.getByRole("tab", { name: /^History/ }).click();
  const missed = page.getByRole("article").filter({ hasText: "No-show" });
  await expect(missed).toHaveCount(1);
  await expect(missed).toContainText("Under the cancellation policy, this lesson counts as used.");
  await expect(missed.getByText("Completed", { exact: true })).toHaveCount(0);
  await missed.scrollIntoViewIfNeeded();
  await shot(page, "my-lessons", info.project.name);
});

test("in Italian: Disdetta tardiva from the agenda, read by the family", async ({ page }, info) => {
  await page.goto("/it/admin");
  await page.getByRole("button", { name: "Accedi con Google" }).click();
  await page.getByRole("button", { name: /Continua come insegnante demo/ }).click();
  await expect(page).toHaveURL(/\/it\/admin$/);
  await page.goto("/it/admin/agenda");
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  const card = await lastWeeksLesson(page, { thisWeek: "Questa settimana", previousWeek: "Settimana precedente" });
  const marks = card.getByRole("group", { name: "Presenza: Sofia Bianchi" });
  await expect(marks.getByRole("button")).toHaveText(["Presente", "Assente", "Disdetta tardiva"]);
  const late = marks.getByRole("button", { name: "Disdetta tardiva" });
  await late.click();
  await expect(late).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("status").filter({ hasText: "Presenza salvata." }).first()).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, "agenda-it", info.project.name);

  await page.goto("/it/student");
  await page.getByRole("button", { name: /Continua come studente demo/ }).click();
  await expect(page).toHaveURL(/\/it\/student\/dashboard$/);
  await page.goto("/it/student/lessons");
  await page.getByRole("tab", { name: /^Passate/ }).click();
  const late_ = page.getByRole("article").filter({ hasText: "Disdetta tardiva" });
  await expect(late_).toHaveCount(1);
  await expect(late_).toContainText("Secondo le regole di disdetta, questa lezione viene comunque conteggiata.");
  await late_.scrollIntoViewIfNeeded();
  await shot(page, "my-lessons-it", info.project.name);
});

test("the hours before unmarked lessons are marked attended are a setting, saved in both languages", async ({
  page,
}, info) => {
  await signInAsTeacher(page);
  await page.goto("/admin/settings");
  const hours = page.getByLabel("Mark unmarked lessons attended after (hours)");
  // 24 by default; 12 when the other project of this run saved it first (one server for both).
  await expect(hours).toHaveValue(/^(24|12)$/);
  await hours.fill("12");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved successfully!" }).first()).toBeVisible();
  await page.reload();
  await expect(hours).toHaveValue("12");
  await hours.scrollIntoViewIfNeeded();
  const field = hours.locator("xpath=ancestor::div[1]");
  mkdirSync(SHOTS, { recursive: true });
  await field.screenshot({ path: `${SHOTS}/setting-${info.project.name}.png` });

  await page.goto("/it/admin/settings");
  const italian = page.getByLabel("Presenza automatica (ore dopo la fine della lezione)");
  await expect(italian).toHaveValue("12");
  await italian.scrollIntoViewIfNeeded();
  await italian.locator("xpath=ancestor::div[1]").screenshot({ path: `${SHOTS}/setting-it-${info.project.name}.png` });
});

// A report after each lesson (issue 31, item 2) in Chromium against the embedded demo database:
// the teacher, on a phone (360 px) and a laptop, marks the demo student's lesson of a week ago
// attended and writes its report from the agenda (skill chips with CEFR levels); the family reads
// it in My Lessons and ticks the homework; then the same screens in Italian. The projects share one
// server, so the second finds the report written and edits it ("Edit report", no new email).
// Screenshots go to test-results/lesson-report/.
// Run: npm run build && E2E_PORT=3413 npx playwright test tests/e2e/lesson-report.spec.ts --project desktop --project phone
import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { lastWeeksLesson } from "./support/agenda.ts";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { signInAsStudent, signInAsTeacher } from "./support/demo-sign-in.ts";

const SHOTS = "test-results/lesson-report";

async function shot(page: Page, name: string, project: string, fullPage = true) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${project}.png`, fullPage });
}

test.beforeEach(async ({ page }, info) => {
  if (info.project.name === "phone") await page.setViewportSize({ width: 360, height: 780 });
});

/** Empties the skill rows a report already holds (the second project edits the first's). */
async function removeSkills(dialog: Locator) {
  const remove = dialog.getByRole("button", { name: /^(Remove|Rimuovi) / });
  while ((await remove.count()) > 0) await remove.first().click();
}

test("the teacher marks attendance and writes the report from the agenda; the family reads it and ticks the homework", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const project = info.project.name;
  const summary = `Role-play of a work meeting (${project})`;
  await signInAsTeacher(page);
  await page.getByRole("link", { name: /^Agenda/ }).click();
  const card = await lastWeeksLesson(page, { thisWeek: "This week", previousWeek: "Previous week" });
  const attended = card.getByRole("group", { name: "Attendance: Sofia Bianchi" }).getByRole("button", {
    name: "Attended",
    exact: true,
  });
  await attended.click();
  await expect(attended).toHaveAttribute("aria-pressed", "true");

  const write = card.getByRole("button", { name: /(Write|Edit) the report of Sofia Bianchi's lesson/ });
  const box = await write.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  const wasWritten = (await write.textContent())?.includes("Edit") ?? false;
  await write.click();
  const dialog = page.getByRole("dialog", { name: "Lesson report" });
  await expect(dialog.getByRole("heading", { name: "Lesson report" })).toBeVisible();
  await expect(dialog).toContainText("Sofia Bianchi");

  await dialog.getByLabel("What we did").fill(summary);
  await dialog.getByLabel("What to do").fill("Write five sentences about last week in the past simple.");
  await dialog.getByLabel("Due by").fill("2026-12-18");
  await dialog.getByLabel("Link").fill("https://example.com/past-simple");
  await dialog.getByLabel("Next focus").fill("Asking questions in meetings");
  await removeSkills(dialog);
  // Two taps per skill: the chip, then the level.
  await dialog.getByRole("button", { name: "+ speaking" }).click();
  await dialog.getByRole("button", { name: "+ past simple" }).click();
  const levels = dialog.getByLabel("Level");
  await expect(levels).toHaveCount(2);
  await levels.nth(0).selectOption("B2");
  await levels.nth(1).selectOption("A2");
  await expect(dialog.getByLabel("Skill").nth(1)).toHaveValue("past simple");
  await shot(page, "report-form", project);
  await expectNoSeriousViolations(page, "/admin/agenda with the report form");

  if (wasWritten) {
    await expect(dialog).toContainText("Emailed to the family on");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Report saved." }).first()).toBeVisible();
  } else {
    await expect(dialog).toContainText("Saving emails the report");
    await dialog.getByRole("button", { name: "Save and email" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Report saved and emailed" }).first()).toBeVisible();
  }
  await expect(dialog).toBeHidden();
  await expect(card.getByRole("button", { name: "Edit the report of Sofia Bianchi's lesson" })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, "agenda", project);

  // The family: the report under the lesson in My Lessons' history; the homework ticked.
  await signInAsStudent(page);
  await page.goto("/student/lessons");
  await page.getByRole("tab", { name: /^History/ }).click();
  const lesson = page.getByRole("article").filter({ hasText: summary });
  await expect(lesson).toHaveCount(1);
  const report = lesson.getByRole("region", { name: "Lesson report" });
  await expect(report).toContainText("Write five sentences about last week in the past simple.");
  await expect(report).toContainText("Asking questions in meetings");
  await expect(report).toContainText("speaking: B2");
  await expect(report).toContainText("past simple: A2");
  await expect(report.getByRole("link", { name: "Open the link" })).toHaveAttribute(
    "href",
    "https://example.com/past-simple",
  );
  const done = report.getByRole("checkbox", { name: "Homework done" });
  if (await done.isChecked()) {
    await done.uncheck();
    await expect(done).not.toBeChecked();
  }
  await done.check();
  await expect(done).toBeChecked();
  await expect(page.getByRole("status").filter({ hasText: "could not be ticked" })).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await page.reload();
  await page.getByRole("tab", { name: /^History/ }).click();
  await expect(
    page.getByRole("article").filter({ hasText: summary }).getByRole("checkbox", { name: "Homework done" }),
  ).toBeChecked();
  await page.getByRole("article").filter({ hasText: summary }).scrollIntoViewIfNeeded();
  await shot(page, "my-lessons", project);
  await expectNoSeriousViolations(page, "/student/lessons with a report");
});

test("in Italian: the report form from the agenda and the report in Le mie lezioni", async ({ page }, info) => {
  const project = info.project.name;
  await page.goto("/it/admin");
  await page.getByRole("button", { name: "Accedi con Google" }).click();
  await page.getByRole("button", { name: /Continua come insegnante demo/ }).click();
  await expect(page).toHaveURL(/\/it\/admin$/);
  await page.goto("/it/admin/agenda");
  const card = await lastWeeksLesson(page, { thisWeek: "Questa settimana", previousWeek: "Settimana precedente" });
  await card.getByRole("button", { name: /il resoconto della lezione di Sofia Bianchi/ }).click();
  const dialog = page.getByRole("dialog", { name: "Resoconto della lezione" });
  await expect(dialog.getByRole("heading", { name: "Resoconto della lezione" })).toBeVisible();
  await expect(dialog.getByLabel("Cosa abbiamo fatto")).not.toHaveValue("");
  await expect(dialog.getByRole("group", { name: "Compiti" })).toBeVisible();
  await expect(dialog.getByRole("group", { name: "Abilità e livelli QCER" })).toBeVisible();
  await shot(page, "report-form-it", project);
  await dialog.getByRole("button", { name: "Annulla" }).click();
  await expect(dialog).toBeHidden();

  await page.goto("/it/student");
  await page.getByRole("button", { name: /Continua come studente demo/ }).click();
  await expect(page).toHaveURL(/\/it\/student\/dashboard$/);
  await page.goto("/it/student/lessons");
  await page.getByRole("tab", { name: /^Passate/ }).click();
  const report = page.getByRole("region", { name: "Resoconto della lezione" }).first();
  await expect(report).toContainText("Compiti");
  await expect(report.getByRole("checkbox", { name: "Compiti fatti" })).toBeVisible();
  await report.scrollIntoViewIfNeeded();
  await shot(page, "my-lessons-it", project);
});

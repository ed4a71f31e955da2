// Progress on one CEFR scale (issue 31, item 4) in Chromium on the desktop and phone projects: a
// new student takes the quick assessment, finds her level over time in My Progress (English and
// Italian), and the teacher sees the same chart in her profile and the glance card above Student
// Profiles.
// Run: npm run build && E2E_PORT=3417 npx playwright test tests/e2e/level-progress.spec.ts
import { expect, type Page, test } from "@playwright/test";
import { signInAsTeacher } from "./support/demo-sign-in.ts";
import { answerQuickPlacement, startTest } from "./support/quiz.ts";

const SHOTS = "/tmp/shots-levels";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${test.info().project.name}-${name}.png`, fullPage: true });

test("a placed student sees her level over time; the teacher sees it in her profile and at a glance", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const project = test.info().project.name;
  const name = `Livia Levels ${project === "phone" ? "Phone" : "Desk"}`;
  await page.goto("/student");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(`livia-${Date.now()}-${project}@levels.test`);
  await page.getByRole("button", { name: "Continue as a new student" }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);

  // Before any measurement, the section says what will show there.
  await page.goto("/student/progress");
  const section = page.getByRole("region", { name: "Level over time" });
  await expect(section).toContainText("No level measured yet.");

  await page.goto("/student/quizzes/general?type=quick");
  await startTest(page);
  await answerQuickPlacement(page);

  await page.goto("/student/progress");
  await expect(section.getByRole("img", { name: /English level over time/ })).toBeVisible();
  await expect(section).toContainText(/Latest: (A1|A2|B1|B2|C1|C2)/);
  await section.scrollIntoViewIfNeeded();
  await shot(page, "1-progress-en");
  await section.screenshot({ path: `${SHOTS}/${project}-1-chart-en.png` });
  await page.goto("/it/student/progress");
  const sezione = page.getByRole("region", { name: "Livello nel tempo" });
  await expect(sezione.getByRole("img")).toBeVisible();
  await sezione.scrollIntoViewIfNeeded();
  await shot(page, "2-progress-it");
  await sezione.screenshot({ path: `${SHOTS}/${project}-2-chart-it.png` });

  const teacher = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await signInAsTeacher(teacher);
  await teacher.goto("/admin/students");
  const glance = teacher.getByRole("region", { name: "Progress at a glance" });
  await expect(glance.getByRole("heading", { name: /^Moved up a level since \d{1,2}\/\d{1,2}\/\d{4}$/ })).toBeVisible();
  await expect(glance.getByRole("heading", { name: "Not measured for three months" })).toBeVisible();
  await shot(teacher, "3-glance-en");
  await glance.screenshot({ path: `${SHOTS}/${project}-3-card-en.png` });
  await teacher
    .getByRole("searchbox", { name: "Search students" })
    .or(teacher.getByLabel("Search students"))
    .first()
    .fill(name);
  const row = teacher.locator("tr:visible, li:visible").filter({ hasText: name }).first();
  await row.getByRole("button", { name: `View profile of ${name}` }).click();
  const profile = teacher.getByRole("dialog", { name });
  const levels = profile.getByRole("region", { name: "Level over time" });
  await expect(levels.getByRole("img", { name: /English level over time/ })).toBeVisible();
  await levels.scrollIntoViewIfNeeded();
  await teacher.screenshot({ path: `${SHOTS}/${project}-4-profile-en.png` });

  await teacher.goto("/it/admin/students");
  await expect(teacher.getByRole("region", { name: "Progressi a colpo d'occhio" })).toBeVisible();
  await shot(teacher, "5-glance-it");
  await teacher.close();
});

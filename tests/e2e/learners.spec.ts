// Each learner a person of their own (issue 31, item 0), in Chromium on the desktop and the phone
// projects: a parent books for her son, the next booking offers him with his details filled in,
// and the teacher finds the son by his own name with his parent as guardian.
// Run: npm run build && E2E_PORT=3401 npx playwright test tests/e2e/learners.spec.ts
import { expect, type Page, test } from "@playwright/test";
import { choosePackage, pickSlots } from "./support/booking-steps.ts";
import { signInAsStudent, signInAsTeacher } from "./support/demo-sign-in.ts";

const SHOTS = "/tmp/shots-learners";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${test.info().project.name}-${name}.png`, fullPage: true });

async function toDetails(page: Page) {
  await choosePackage(page, "Single Lesson");
  await pickSlots(page, 1);
  await page.getByRole("button", { name: /^Continue/ }).click();
  await expect(page.getByRole("heading", { name: "Student Details" })).toBeVisible();
}

test("a parent books for her son, and the teacher finds the son by name with the parent as guardian", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const son = `Pietro ${test.info().project.name === "phone" ? "Phone" : "Desk"}`;
  await signInAsStudent(page);
  await toDetails(page);

  const who = page.getByRole("group", { name: "Who is this lesson for?" });
  const name = page.getByLabel("Student name");
  // The family's learners are offered (the account holder's own first); none is chosen for her,
  // and the name is never the parent's until she says she books for herself.
  await expect(who.getByRole("radio", { name: /Sofia Bianchi \(you\)/ })).not.toBeChecked();
  await expect(name).toHaveValue("");
  await who.getByRole("radio", { name: /Someone else/ }).check();
  await page.getByLabel("I am the parent or guardian of the student").check();
  await name.fill(son);
  await page.getByLabel("Contact phone number").fill("+39 333 765 4321");
  await page.getByLabel("English level").selectOption("beginner");
  await page.getByLabel("Learning goals").fill("English for school.");
  await shot(page, "1-details-new-learner");
  await page.getByRole("button", { name: "Book Lesson" }).click();
  await expect(page).toHaveURL(/\/book\/confirmation\?order=[0-9a-f-]{36}$/);
  // The parent is thanked; it is her son the teacher looks forward to seeing in class.
  await expect(page.getByText("Thank you, Sofia!")).toBeVisible();
  await expect(page.getByText(`We look forward to seeing ${son} in class.`)).toBeVisible();
  await shot(page, "2-confirmation");

  // The next booking offers him with his level and goals, and the phone given before.
  await toDetails(page);
  await who.getByRole("radio", { name: new RegExp(son) }).check();
  await expect(name).toHaveValue(son);
  await expect(page.getByLabel("English level")).toHaveValue("beginner");
  await expect(page.getByLabel("Learning goals")).toHaveValue("English for school.");
  await expect(page.getByLabel("Contact phone number")).not.toHaveValue("");
  await expect(page.getByLabel("I am the parent or guardian of the student")).toBeChecked();
  await shot(page, "3-details-family-learner");
  await page.getByRole("button", { name: "Book Lesson" }).click();
  await expect(page).toHaveURL(/\/book\/confirmation\?order=[0-9a-f-]{36}$/);

  const teacher = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await signInAsTeacher(teacher);
  await teacher.goto("/admin/students");
  await teacher
    .getByRole("searchbox", { name: "Search students" })
    .or(teacher.getByLabel("Search students"))
    .first()
    .fill(son);
  const row = teacher.locator("tr:visible, li:visible").filter({ hasText: "Sofia Bianchi" }).first();
  await expect(row).toContainText(new RegExp(`Parent or guardian of .*${son}`));
  await expect(row).toContainText("demo.student@example.com");
  await shot(teacher, "4-admin-search");
  await row.getByRole("button", { name: "View profile of Sofia Bianchi" }).first().click();
  const profile = teacher.getByRole("dialog");
  // His own entry among the family's learners: a child, with the two lessons booked for him.
  const entry = profile.getByRole("region", { name: "Learners" }).getByRole("listitem").filter({ hasText: son });
  await expect(entry).toContainText("Child · 2 lessons");
  await expect(entry).toContainText("English for school.");
  await teacher.screenshot({ path: `${SHOTS}/${test.info().project.name}-5-admin-profile.png`, fullPage: true });
  await teacher.close();
});

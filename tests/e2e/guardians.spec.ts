// A parent books for their child, and the teacher's shares reach the student's Resources marked
// New (issue 16, items 5 and 7), in Chromium on the desktop and the phone projects.
// Run: npx vite build && npm run build:server && E2E_PORT=3404 npx playwright test tests/e2e/guardians.spec.ts
import { expect, type Page, test } from "@playwright/test";
import { choosePackage, pickSlots } from "./support/booking-steps.ts";
import { signInAsStudent, signInAsTeacher } from "./support/demo-sign-in.ts";

const SHOTS = "/tmp/shots-guardians";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${test.info().project.name}-${name}.png`, fullPage: true });

test("a guardian books for a child: the learner's name is typed by hand, and the lists name both", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const learner = `Luca ${test.info().project.name === "phone" ? "Phone" : "Desk"}`;
  await signInAsStudent(page);
  await choosePackage(page, "Single Lesson");
  await pickSlots(page, 1);
  await page.getByRole("button", { name: /^Continue/ }).click();
  await expect(page.getByRole("heading", { name: "Student Details" })).toBeVisible();

  const name = page.getByLabel("Student name");
  // Issue 31: the name is the learner's, never the account holder's until they say they book for
  // themselves; then it is filled in, and a guardian's answer empties it again.
  await expect(name).toHaveValue("");
  await page.getByLabel("I am 18 or older and booking for myself").check();
  await expect(name).toHaveValue("Sofia Bianchi");
  await page.getByLabel("I am the parent or guardian of the student").check();
  await expect(name).toHaveValue("");
  await expect(page.getByText("The name of the student you are booking for")).toBeVisible();
  await name.fill(learner);
  await page.getByLabel("Contact phone number").fill("+39 333 765 4321");
  await page.getByLabel("English level").selectOption("beginner");
  await page.getByLabel("Learning goals").fill("English for school.");
  await shot(page, "1-details-guardian");
  await page.getByRole("button", { name: "Book Lesson" }).click();
  await expect(page).toHaveURL(/\/book\/confirmation\?order=[0-9a-f-]{36}$/);
  // The confirmation thanks the account holder, not the child.
  await expect(page.getByText("Thank you, Sofia!")).toBeVisible();

  await page.goto("/student/lessons");
  await expect(page.getByText(`For ${learner}`).first()).toBeVisible();
  await shot(page, "2-lessons");

  const teacher = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await signInAsTeacher(teacher);
  await teacher.goto("/admin/bookings");
  const row = teacher.locator("tr:visible, li:visible").filter({ hasText: learner }).first();
  await expect(row).toContainText("Guardian: Sofia Bianchi");
  await teacher.screenshot({ path: `${SHOTS}/${test.info().project.name}-3-admin-bookings.png`, fullPage: true });
  await row.getByRole("button", { name: `View ${learner}'s booking` }).click();
  const details = teacher.getByRole("dialog");
  await expect(details.getByText("Sofia Bianchi (parent or guardian)")).toBeVisible();
  await expect(details.getByText("Guardian's phone")).toBeVisible();
  await details.getByRole("button", { name: "Close" }).first().click();
  // The students list connects the account holder with the learners she booked for.
  await teacher.goto("/admin/students");
  await expect(
    teacher
      .getByText(new RegExp(`Parent or guardian of .*${learner}`))
      .locator("visible=true")
      .first(),
  ).toBeVisible();
  await teacher.screenshot({ path: `${SHOTS}/${test.info().project.name}-3b-admin-students.png`, fullPage: true });
  await teacher.close();
});

test("Resources shows New on a freshly shared file until the student opens it", async ({ page, browser }) => {
  const title = `Irregular verbs (${test.info().project.name})`;
  const teacher = await browser.newPage();
  await signInAsTeacher(teacher);
  await teacher.goto("/admin/files");
  await teacher.getByRole("button", { name: "+ Share File" }).first().click();
  const share = teacher.getByRole("dialog", { name: "Share File" });
  await share.getByRole("combobox", { name: "Student" }).selectOption({ label: "Sofia Bianchi" });
  await share.getByRole("textbox", { name: /^Title/ }).fill(title);
  await share.getByRole("textbox", { name: /^File URL/ }).fill("https://example.com/irregular-verbs.pdf");
  await share.getByRole("button", { name: "Share File" }).click();
  await expect(teacher.getByText(title)).toBeVisible();
  await teacher.close();

  await signInAsStudent(page);
  await page.goto("/resources/files");
  const card = page.getByRole("listitem").filter({ hasText: title });
  await expect(card.getByText("New", { exact: true })).toBeVisible();
  await shot(page, "4-resources-new");
  // Still new on a second visit: only opening it counts.
  await page.reload();
  await expect(card.getByText("New", { exact: true })).toBeVisible();

  const saved = page.waitForResponse((r) => r.url().includes("portal.logFileAccess") && r.ok());
  await card.getByRole("button", { name: "Preview" }).click();
  await saved;
  await expect(card.getByText("New", { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(card).toBeVisible();
  await expect(card.getByText("New", { exact: true })).toHaveCount(0);
});

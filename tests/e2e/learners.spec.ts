// Each learner a person of their own (issue 31, item 0), in Chromium on the desktop and the phone
// projects: a parent books for her son, the next booking offers him with his details filled in,
// and the teacher finds the son by his own name with his parent as guardian; a parent has her
// daughter take the placement test and finds the result under the daughter's name.
// Run: npm run build && E2E_PORT=3401 npx playwright test tests/e2e/learners.spec.ts
import { expect, type Page, test } from "@playwright/test";
import { choosePackage, pickSlots } from "./support/booking-steps.ts";
import { signInAsStudent, signInAsTeacher } from "./support/demo-sign-in.ts";
import { answerQuickPlacement, startTest } from "./support/quiz.ts";

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
  // A row of his own, naming his parent as guardian with her contact.
  const row = teacher
    .locator("tr:visible, li:visible")
    .filter({ hasText: son })
    .filter({ hasText: "Guardian: Sofia Bianchi" })
    .first();
  await expect(row).toContainText("demo.student@example.com");
  await shot(teacher, "4-admin-search");
  await row.getByRole("button", { name: `View profile of ${son}` }).click();
  const profile = teacher.getByRole("dialog", { name: son });
  await expect(profile.getByText("Guardian: Sofia Bianchi").first()).toBeVisible();
  await expect(profile).toContainText("demo.student@example.com");
  await expect(profile).toContainText("English for school.");
  await expect(profile.getByRole("heading", { name: "Booking history (2)" })).toBeVisible();

  // The teacher writes a note about him, and shares a file with him.
  const noteText = `${son} reads aloud with confidence.`;
  await profile.getByLabel(`Write a note about ${son}`).fill(noteText);
  await profile.getByRole("button", { name: "Save note" }).click();
  await expect(profile.getByRole("region", { name: `Notes about ${son}` })).toContainText(noteText);
  const fileTitle = `Phonics song for ${son}`;
  await profile.getByLabel("Title", { exact: true }).fill(fileTitle);
  await profile.getByLabel("Link", { exact: true }).fill("https://example.com/phonics");
  await profile.getByRole("button", { name: `Share with ${son}` }).click();
  await expect(
    profile.getByRole("region", { name: `Files shared with ${son}` }).getByRole("link", { name: fileTitle }),
  ).toBeVisible();
  await teacher.screenshot({ path: `${SHOTS}/${test.info().project.name}-5-admin-profile.png`, fullPage: true });
  // The Notes list names the learner the note is about, and his guardian.
  await teacher.keyboard.press("Escape");
  await teacher.goto("/admin/notes");
  await expect(teacher.getByText(noteText)).toBeVisible();
  await expect(teacher.getByText(son, { exact: true }).first()).toBeVisible();

  // His parent finds the file under him, in her family and in Resources.
  await page.goto("/student/family");
  const his = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: son }) });
  await expect(his).toContainText("Child");
  await expect(his.getByRole("heading", { name: `Shared with ${son}` })).toBeVisible();
  await expect(his.getByRole("link", { name: fileTitle })).toBeVisible();
  await shot(page, "6-family");
  await page.goto("/resources/files");
  await expect(page.getByRole("listitem").filter({ hasText: fileTitle })).toContainText(`For ${son}`);
  await teacher.close();
});

test("an adult student finds her placement result again in My Progress and Activities, and edits her family", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const project = test.info().project.name;
  await page.goto("/student");
  await page.getByLabel("Name").fill("Chiara Neri");
  await page.getByLabel("Email").fill(`chiara-${Date.now()}-${project}@learners.test`);
  await page.getByRole("button", { name: "Continue as a new student" }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);

  // Nothing yet: My Progress says where results will be.
  await page.goto("/student/progress");
  await expect(page.getByText("No results yet. Take a test in Activities: its result stays here.")).toBeVisible();

  await page.goto("/student/quizzes/general?type=quick");
  await startTest(page);
  await answerQuickPlacement(page);
  const level = (await page.getByRole("heading", { level: 1, name: /^(A1|A2|B1|B2|C1|C2) — / }).textContent())?.slice(
    0,
    2,
  );

  // She leaves the results page; her result is still there.
  await page.goto("/student/dashboard");
  await page.goto("/student/progress");
  const results = page.getByRole("region", { name: "Your results and certificates" });
  await expect(results.getByRole("listitem").first()).toContainText("General Level Assessment");
  await expect(results.getByRole("listitem").first()).toContainText(`Level ${level}`);
  await shot(page, "7-progress-results");
  await page.goto("/student/quizzes");
  await expect(
    page.getByRole("region", { name: "Your results and certificates" }).getByRole("listitem").first(),
  ).toContainText("General Level Assessment");

  // Her family: she adds her daughter and corrects her goals.
  await page.goto("/student/family");
  await expect(page.getByText("No learners yet")).toBeVisible();
  const add = page.getByRole("form", { name: "Add a learner" });
  await add.getByLabel("Name").fill("Bea Neri");
  await add.getByLabel("Age group").selectOption("teen");
  await add.getByLabel("English level").selectOption("beginner");
  await add.getByLabel("Learning goals").fill("Cambridge A2 Key");
  await add.getByRole("button", { name: "Add learner" }).click();
  const bea = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Bea Neri" }) });
  await expect(bea).toContainText("Teenager");
  await expect(bea).toContainText("Cambridge A2 Key");
  await bea.getByRole("button", { name: "Edit Bea Neri" }).click();
  const editing = page.getByRole("form", { name: "Edit Bea Neri" });
  await editing.getByLabel("Learning goals").fill("Cambridge A2 Key in June");
  await editing.getByRole("button", { name: "Save" }).click();
  await expect(bea).toContainText("Cambridge A2 Key in June");
  // A name the family already has is refused, saying why.
  await add.getByLabel("Name").fill("bea neri");
  await add.getByRole("button", { name: "Add learner" }).click();
  await expect(page.getByText("A learner of your family already has this name.")).toBeVisible();
  await shot(page, "8-family-edit");
});

test("a parent has her daughter take the placement test, and finds the result under the daughter's name", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const project = test.info().project.name;
  await page.goto("/student");
  await page.getByLabel("Name").fill("Elena Conti");
  await page.getByLabel("Email").fill(`elena-${Date.now()}-${project}@learners.test`);
  await page.getByRole("button", { name: "Continue as a new student" }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  // A family of two learners: her son and her daughter.
  await page.goto("/student/family");
  const add = page.getByRole("form", { name: "Add a learner" });
  for (const [name, group] of [
    ["Marco Conti", "child"],
    ["Anna Conti", "teen"],
  ]) {
    await add.getByLabel("Name").fill(name);
    await add.getByLabel("Age group").selectOption(group);
    await add.getByRole("button", { name: "Add learner" }).click();
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }

  // The start screen asks who is taking the test, in both languages (at 360 px too); she picks her daughter.
  const viewport = page.viewportSize() ?? { width: 1440, height: 900 };
  for (const width of project === "desktop" ? [360, viewport.width] : [viewport.width]) {
    await page.setViewportSize({ width, height: viewport.height });
    for (const [prefix, legend] of [
      ["/it", "Chi fa questo test?"],
      ["", "Who is taking this test?"],
    ]) {
      await page.goto(`${prefix}/student/quizzes/general?type=quick`);
      await expect(page.getByRole("group", { name: legend })).toBeVisible();
      await shot(page, `9-quiz-taker-${width}${prefix ? "-it" : "-en"}`);
    }
  }
  const who = page.getByRole("group", { name: "Who is taking this test?" });
  await expect(who.getByRole("radio", { name: /Marco Conti/ })).toBeChecked();
  await who.getByRole("radio", { name: /Anna Conti/ }).check();
  await expect(who.getByRole("radio", { name: /Anna Conti/ })).toBeChecked();
  await shot(page, "10-quiz-taker");
  await startTest(page);
  await answerQuickPlacement(page);

  // My Progress lists it under Anna, not under her brother.
  await page.goto("/student/progress");
  const result = page.getByRole("region", { name: "Your results and certificates" }).getByRole("listitem");
  await expect(result).toHaveCount(1);
  await expect(result).toContainText("General Level Assessment");
  await expect(result).toContainText("taken by Anna Conti");
  await shot(page, "11-progress-daughter");
});

test("the new screens at 360 px and on the desktop, in English and Italian", async ({ page, browser }) => {
  test.skip(test.info().project.name !== "desktop", "sets both widths itself");
  test.setTimeout(120_000);
  const teacher = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await signInAsStudent(page);
  await signInAsTeacher(teacher);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await teacher.setViewportSize({ width, height: 800 });
    for (const prefix of ["", "/it"]) {
      const tag = `${width}${prefix ? "-it" : "-en"}`;
      await page.goto(`${prefix}/student/family`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("main form").first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/screens-family-${tag}.png`, fullPage: true });
      await page.goto(`${prefix}/student/progress`);
      await expect(page.locator("#my-results")).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/screens-progress-${tag}.png`, fullPage: true });
      await teacher.goto(`${prefix}/admin/students`);
      const view = teacher
        .getByRole("button", { name: /^(View profile of|Vedi la scheda di) / })
        .locator("visible=true");
      await view.first().click();
      await expect(teacher.locator("#learner-notes")).toBeVisible();
      await teacher.screenshot({ path: `${SHOTS}/screens-admin-profile-${tag}.png`, fullPage: true });
      await teacher.keyboard.press("Escape");
      await teacher.screenshot({ path: `${SHOTS}/screens-admin-students-${tag}.png`, fullPage: true });
    }
  }
  await teacher.close();
});

// The teacher's Question Bank view in Chromium, on a phone and on a desktop: a student's scripted
// attempts make one item misbehave (missed by students who get the rest of its test right), the
// teacher filters the flagged items, opens that one and retires it, corrects another, and new
// tests serve the correction and leave the retired item out.
// Run: npx vite build && npm run build:server && E2E_PORT=3321 npx playwright test tests/e2e/question-bank.spec.ts
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { readBank } from "../../prisma/quiz-bank.ts";
import { CORRECTION_MESSAGES } from "../../shared/question-bank-schemas.ts";

const SHOTS = "/tmp/shots-question-bank";
mkdirSync(SHOTS, { recursive: true });

type Served = { attemptId: string; questions: { id: string; options: string[] }[] };
type Review = { questionId: string; options: string[]; correctAnswer: number }[];

async function call<T>(page: Page, procedure: string, input: unknown): Promise<T> {
  const response = await page.request.post(`/api/trpc/${procedure}`, { data: { json: input } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

/**
 * One of the bank's smallest level-and-concept cells (15 items): a test of it serves the whole
 * cell every time. Each project takes its own, so the two runs' answers never meet on one item.
 */
function smallCell(index: number) {
  const cells = new Map<string, number>();
  for (const { item } of readBank()) {
    // A reading text's questions have reading concepts, which no concept test serves.
    if (!item.concept || item.testletId) continue;
    const key = `${item.level}|${item.concept}`;
    cells.set(key, (cells.get(key) ?? 0) + 1);
  }
  const [key] = [...cells].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))[index];
  const [level, concept] = key.split("|");
  return { level, concept };
}

async function signInAsNewStudent(page: Page) {
  await page.goto("/student");
  await page.getByLabel("Name").fill("Marco Gialli");
  await page.getByLabel("Email").fill(`marco-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@bank.test`);
  await page.getByRole("button", { name: "Continue as a new student" }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
}

test("the teacher filters the flagged questions and retires one", async ({ page }, info) => {
  test.setTimeout(180_000);
  const cell = smallCell(info.project.name === "phone" ? 1 : 0);
  // The narrowest phone the site is made for, and a common laptop.
  const viewport = info.project.name === "phone" ? { width: 360, height: 800 } : { width: 1280, height: 800 };
  await page.setViewportSize(viewport);
  const input = { kind: "level", level: cell.level, concept: cell.concept };

  // A student's attempts: the first, blank, shows the keys in its review; in the next 20 the
  // student gets every item right but one, the cell's first item, which they always miss.
  await signInAsNewStudent(page);
  const first = await call<Served>(page, "quiz.start", input);
  const blank = await call<{ review: Review }>(page, "quiz.submit", { attemptId: first.attemptId, answers: {} });
  const keys = new Map(blank.review.map((r) => [r.questionId, r.options[r.correctAnswer]]));
  // Each item's wrong options, by their text (every test shuffles the order).
  const wrong = new Map(blank.review.map((r) => [r.questionId, r.options.filter((_, i) => i !== r.correctAnswer)]));
  const missed = [...keys.keys()].sort()[0];
  const choose = (q: Served["questions"][number], text: string | undefined) => [q.id, q.options.indexOf(text ?? "")];
  for (let i = 0; i < 20; i++) {
    const quiz = await call<Served>(page, "quiz.start", input);
    const answers = Object.fromEntries(
      quiz.questions.map((q) => choose(q, q.id === missed ? wrong.get(q.id)?.[0] : keys.get(q.id))),
    );
    await call(page, "quiz.submit", { attemptId: quiz.attemptId, answers });
  }
  // And 20 attempts that miss everything, always on another wrong option: the weaker half of the
  // item's answers. The strong attempts' wrong choice on the missed item is then a distractor that
  // draws the stronger students (issue 34, item 7).
  for (let i = 0; i < 20; i++) {
    const quiz = await call<Served>(page, "quiz.start", input);
    const answers = Object.fromEntries(quiz.questions.map((q) => choose(q, wrong.get(q.id)?.[1])));
    await call(page, "quiz.submit", { attemptId: quiz.attemptId, answers });
  }

  // The teacher opens the Question Bank from the dashboard and shows only flagged items.
  await page.goto("/admin");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.getByRole("button", { name: /Continue as the demo teacher/ }).click();
  await page.getByRole("link", { name: /Question Bank/ }).click();
  await expect(page).toHaveURL(/\/admin\/question-bank$/);
  await expect(page.getByRole("heading", { name: "Question Bank" })).toBeVisible();
  await expect(page.getByText(/AI generation is off/)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Question pages" })).toContainText(/Showing 1–25 of \d{3,}/);

  await page.getByLabel(/Flagged only/).check();
  await page.getByLabel("Level").selectOption(cell.level);
  const open = page.getByRole("button", { name: `Open ${missed}` });
  await expect(open).toBeVisible();
  await expect(page.getByText("Too hard for its level").filter({ visible: true }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-flagged.png`, fullPage: true });

  await open.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Question details" })).toBeVisible();
  // The 40 answered attempts; the blank first one, sent without an answer, says nothing of the item.
  await expect(dialog).toContainText("0% of 40 answers");
  await expect(dialog.getByText("Too hard for its level")).toBeVisible();
  await expect(dialog.getByText("A wrong option draws stronger students")).toBeVisible();
  const options = dialog.getByRole("list", { name: "Options" }).getByRole("listitem");
  const drawing = options.filter({ hasText: "Chosen more by stronger students" });
  await expect(drawing).toHaveCount(1);
  await expect(drawing).toContainText("stronger 100% · weaker 0%");
  await expect(options.filter({ hasText: "stronger 0% · weaker 100%" })).toHaveCount(1);
  await expect(dialog).toContainText("(20 and 20 answers)");
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-dialog.png` });
  await dialog.getByText("(20 and 20 answers)").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-dialog-shares.png` });

  // The same analysis in Italian, on the teacher's session in another tab.
  const italian = await page.context().newPage();
  await italian.setViewportSize(viewport);
  await italian.goto("/it/admin/question-bank");
  await italian.getByLabel("Cerca").fill(missed);
  await italian.getByRole("button", { name: `Apri ${missed}`, exact: true }).click();
  const dialogIt = italian.getByRole("dialog");
  await expect(dialogIt.getByRole("heading", { name: "Dettagli della domanda" })).toBeVisible();
  await expect(dialogIt.getByText("Un'opzione sbagliata attira gli studenti più forti")).toBeVisible();
  const optionsIt = dialogIt.getByRole("list", { name: "Opzioni" }).getByRole("listitem");
  await expect(optionsIt.filter({ hasText: "Scelta più spesso dagli studenti più forti" })).toContainText(
    "più forti 100% · più deboli 0%",
  );
  await expect(dialogIt).toContainText("(20 e 20 risposte)");
  await dialogIt.getByText("(20 e 20 risposte)").scrollIntoViewIfNeeded();
  await italian.screenshot({ path: `${SHOTS}/${info.project.name}-it-dialog-shares.png`, animations: "disabled" });
  // An item of the cell that names its point (issue 34, item 4) says so.
  const pointed = readBank().find(
    ({ item }) => item.level === cell.level && item.concept === cell.concept && item.point,
  )?.item;
  if (!pointed?.point) throw new Error(`no item of ${cell.level} ${cell.concept} names a point`);
  await dialogIt.getByRole("button", { name: "Chiudi" }).click();
  await italian.getByLabel("Cerca").fill(pointed.id);
  await italian.getByRole("button", { name: `Apri ${pointed.id}`, exact: true }).click();
  await expect(italian.getByRole("dialog")).toContainText("Punto verificato");
  await expect(italian.getByRole("dialog")).toContainText(
    `${pointed.point}: mai nello stesso test con un'altra domanda di questo punto`,
  );
  // With the point's row in view, the dialog's opening transition finished.
  await italian.getByRole("dialog").getByText("Punto verificato").scrollIntoViewIfNeeded();
  await italian.screenshot({ path: `${SHOTS}/${info.project.name}-it-point.png`, animations: "disabled" });
  await italian.close();

  await dialog.getByRole("button", { name: `Retire ${missed}` }).click();
  const confirm = page.getByRole("dialog");
  await expect(confirm.getByRole("heading", { name: "Retire this question?" })).toBeVisible();
  await confirm.getByRole("button", { name: "Retire question" }).click();
  await expect(
    page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: "Question retired" }),
  ).toBeVisible();

  // The list says so; the details offer nothing more to do with it.
  await page.getByLabel("Status").selectOption("retired");
  await expect(page.getByRole("button", { name: `Open ${missed}` })).toBeVisible();
  await page.getByRole("button", { name: `Open ${missed}` }).click();
  await expect(page.getByRole("dialog").getByText("Retired", { exact: true })).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("button", { name: `Retire ${missed}` })).toHaveCount(0);
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();

  // Another item of the cell is corrected: a short explanation is refused with the checker's
  // reason; a good one is saved as version 2, which the dialog then shows.
  const fixed = [...keys.keys()].sort()[1];
  await page.getByLabel("Status").selectOption("");
  await page.getByLabel(/Flagged only/).uncheck();
  await page.getByLabel("Search").fill(fixed);
  await page.getByRole("button", { name: `Open ${fixed}`, exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Correct" }).click();
  const form = page.getByRole("dialog", { name: "Correct this question" });
  await form.getByLabel("Explanation").fill("Too short.");
  await form.getByRole("button", { name: "Save as new version" }).click();
  await expect(form.getByRole("alert")).toHaveText(CORRECTION_MESSAGES.explanation);
  await form
    .getByLabel("Explanation")
    .fill("The key is the only form that fits the sentence; the nearest distractor changes the tense.");
  await form.getByRole("button", { name: "Save as new version" }).click();
  await expect(page.getByRole("dialog", { name: "Question details" })).toContainText(`${fixed}-v2`);
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-corrected.png` });
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();

  // A new test of the same cell no longer serves the retired item, and serves the correction.
  const after = await call<Served>(page, "quiz.start", input);
  expect(after.questions.map((q) => q.id)).not.toContain(missed);
  expect(after.questions.map((q) => q.id)).not.toContain(fixed);
  expect(after.questions.map((q) => q.id)).toContain(`${fixed}-v2`);
});

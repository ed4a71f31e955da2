// A student taking a test in the quiz area, in either language: the bank's keys (the questions
// stay English in both), the start screen, and answering one question.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";

/** The runner's words a test presses, per page language. */
const RUNNER = {
  en: { beforeYouStart: "Before you start", start: "Start", next: /^(Next|Submit Test)$/ },
  it: { beforeYouStart: "Prima di iniziare", start: "Inizia", next: /^(Avanti|Consegna il test)$/ },
} as const;
type Language = keyof typeof RUNNER;

type KeyedItem = { question: string; options: string[]; correctAnswer: number };

/**
 * The bank's keys by question text, as a student who knows the answers would give them: the items'
 * files and the reading texts' questions (prisma/data/quiz/testlets/).
 */
export const QUIZ_KEYS = (() => {
  const keys = new Map<string, Set<string>>();
  const files = ["prisma/data/quiz", "prisma/data/quiz/testlets"].flatMap((dir) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith(".json"))
          .map((f) => `${dir}/${f}`)
      : [],
  );
  for (const file of files) {
    const entries = JSON.parse(readFileSync(file, "utf8")) as (KeyedItem | { questions: KeyedItem[] })[];
    for (const item of entries.flatMap((e) => ("questions" in e ? e.questions : [e]))) {
      const known = keys.get(item.question) ?? new Set<string>();
      known.add(item.options[item.correctAnswer]);
      keys.set(item.question, known);
    }
  }
  return keys;
})();

/**
 * A new test opens on its start screen (issue 16): no clock runs until Start. Returns the screen's
 * text for the caller's own checks.
 */
export async function startTest(page: Page, language: Language = "en") {
  const words = RUNNER[language];
  const screen = page.getByRole("region").filter({ hasText: words.beforeYouStart });
  await expect(screen.getByRole("button", { name: words.start, exact: true })).toBeVisible();
  await expect(page.getByRole("timer")).toHaveCount(0);
  const text = (await screen.textContent()) ?? "";
  await screen.getByRole("button", { name: words.start, exact: true }).click();
  return text;
}

/**
 * Answers the question shown, rightly (the bank's key: the question must be one of the bank's, in
 * English) or with option `option`, and moves on (Next, or Submit Test on the last).
 */
export async function answerQuestion(page: Page, how: { right: true } | { option: number }, language: Language = "en") {
  const group = page.getByRole("radiogroup");
  let option = "option" in how ? how.option : 0;
  if ("right" in how) {
    const stem = (await page.locator("legend").textContent()) ?? "";
    // Each option's text is the last span of its label (the first is the letter).
    const options = await group.locator("label > span:last-child").allTextContents();
    const keys = QUIZ_KEYS.get(stem) ?? new Set<string>();
    option = options.findIndex((o) => keys.has(o));
    expect(
      option,
      `"${stem}": a question of the bank, in English, with its key among the options`,
    ).toBeGreaterThanOrEqual(0);
  }
  await group.locator("label").nth(option).click();
  const next = page.getByRole("button", { name: RUNNER[language].next });
  await expect(next).toBeEnabled();
  await next.click();
}

/** Answers the started quick placement test's 15 questions (option `i % 4` each) and waits for its review. */
export async function answerQuickPlacement(page: Page) {
  for (let i = 1; i <= 15; i++) {
    await expect(page.getByRole("heading", { name: new RegExp(`^Question ${i} of 15`) })).toBeVisible();
    await answerQuestion(page, { option: i % 4 });
  }
  await expect(page).toHaveURL(/\/student\/quizzes\/review$/);
}

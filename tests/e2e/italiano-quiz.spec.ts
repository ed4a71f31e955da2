// Issue 29, the quiz area in Italian: the hub, a placement test taken at /it/student/quizzes with
// its questions in English (an English test), the results with the level explained in Italian, a
// certificate written in its holder's language and its public verification in Italian; axe finds
// no serious violation. Shots at 360 px and on the desktop, in both languages.
// Run: npm run build && E2E_PORT=3356 npx playwright test tests/e2e/italiano-quiz.spec.ts
import { mkdirSync } from "node:fs";
import { type Browser, expect, type Page, type TestInfo, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { answerQuestion, QUIZ_KEYS, startTest } from "./support/quiz.ts";

const SHOTS = "/tmp/shots-italiano-quiz";
mkdirSync(SHOTS, { recursive: true });

// The brief's narrowest phone: 360 px wide.
test.beforeEach(async ({ page }, info) => {
  if (info.project.name === "phone") await page.setViewportSize({ width: 360, height: 780 });
});

async function shot(page: Page, name: string, info: TestInfo, fullPage = false) {
  await page.screenshot({ path: `${SHOTS}/${name}-${info.project.name}.png`, fullPage });
}

/** A student of their own (the demo page's new-student form), so their attempts are certified. */
async function signInAsNewStudent(page: Page, name: string) {
  const email = `quiz-it-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@quiz.test`;
  await page.goto("/student");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue as a new student" }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
}

/** Answers the question shown, rightly or with option `option`, and moves on (Avanti, or Consegna il test). */
async function answer(page: Page, how: { right: true } | { option: number }) {
  const stem = (await page.locator("legend").textContent()) ?? "";
  expect(QUIZ_KEYS.has(stem), `"${stem}" is a question of the bank, in English`).toBe(true);
  await answerQuestion(page, how, "it");
}

test.describe("the quiz area in Italian", () => {
  test("the hub, a quick assessment in Italian with English questions, and its results", async ({ page }, info) => {
    test.setTimeout(120_000);
    await signInAsNewStudent(page, "Luca Ferrari");
    await page.goto("/it/student/quizzes");
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await expect(page.getByRole("heading", { level: 1, name: "Attività di inglese" })).toBeVisible();
    for (const tile of ["Quiz disponibili", "Completati", "Punteggio medio", "Tempo di studio"])
      await expect(page.getByText(tile, { exact: true })).toBeVisible();
    await expect(page.getByText("La generazione con l'IA non è attiva.")).toBeVisible();
    await expectNoSeriousViolations(page, "/it/student/quizzes");
    await shot(page, "hub-it", info, true);

    await page.getByRole("button", { name: /Test di livello di inglese/ }).click();
    await expect(page.getByRole("heading", { name: "B1 Intermedio" })).toBeVisible();
    await expect(page.getByText("+ altre 2 abilità").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Fai il test B2" })).toHaveAttribute(
      "href",
      "/it/student/quizzes/quiz/b2",
    );
    await shot(page, "hub-levels-it", info, true);
    await page.getByRole("button", { name: /Test per argomento, al livello che scegli/ }).click();
    await expect(page.getByRole("heading", { name: "Periodo ipotetico" })).toBeVisible();
    await expect(page.getByRole("option", { name: "A1 Principiante (non disponibile)" }).first()).toBeAttached();
    await expectNoSeriousViolations(page, "/it/student/quizzes, a section open");

    await page.getByRole("button", { name: /Valutazione generale del livello/ }).click();
    await page.getByRole("link", { name: "Inizia la valutazione rapida" }).click();
    await expect(page).toHaveURL(/\/it\/student\/quizzes\/general\?type=quick$/);
    await expect(page.getByRole("heading", { level: 1, name: "Valutazione rapida" })).toBeVisible();
    await expectNoSeriousViolations(page, "the start screen");
    await shot(page, "start-it", info);
    const screen = await startTest(page, "it");
    expect(screen).toContain("Fino a 15, in gruppi da 5 scelti in base alle tue risposte precedenti");
    expect(screen).toContain("45 secondi");
    expect(screen).toContain("Test di esercitazione: non dà diritto a un attestato.");

    await expect(page.getByRole("heading", { name: "Domanda 1 di 15 · Gruppo 1 di 3" })).toBeVisible();
    await expect(page.getByRole("timer")).toHaveAttribute("aria-label", /^Tempo rimasto \d+:\d\d$/);
    await expect(page.getByRole("button", { name: "Esci dal test" })).toBeVisible();
    await expect(page.getByText("Risposte: 0 su 15")).toBeVisible();
    await page.getByRole("radiogroup").locator("label").first().click();
    await expectNoSeriousViolations(page, "the runner");
    await shot(page, "runner-it", info);
    for (let i = 1; i <= 15; i++) {
      await expect(page.getByRole("heading", { name: new RegExp(`^Domanda ${i} di 15`) })).toBeVisible();
      if (i === 5) await expect(page.getByText("«Avanti» invia questo gruppo e apre il gruppo 2")).toBeVisible();
      await answer(page, i % 3 === 0 ? { option: 3 } : { right: true });
    }

    // The results: the level measured and what it means, in Italian; the questions in English.
    await expect(page).toHaveURL(/\/it\/student\/quizzes\/review$/, { timeout: 30_000 });
    await expect(
      page.getByRole("heading", { level: 1, name: /^(A1|A2|B1|B2|C1|C2) · circa \d+% di probabilità$/ }),
    ).toBeVisible();
    await expect(page.getByText(/^Dalle tue risposte, il livello più probabile è [ABC][12] \(/)).toBeVisible();
    await expect(page.getByText(/vuol dire: [a-zà-ù ,]+\.$/)).toBeVisible();
    await expect(page.getByText("Valutazione rapida", { exact: true })).toBeVisible();
    for (const label of ["Punteggio", "Precisione", "Livello stimato", "Tempo"])
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Quanto è affidabile?" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Consigli" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Rivedi le domande" })).toBeVisible();
    const stems = await page.locator("ol > li p.font-medium").allTextContents();
    expect(stems.length).toBe(15);
    for (const stem of stems) expect(QUIZ_KEYS.has(stem.replace(/^\d+\.\s*/, "").trim()), stem).toBe(true);
    await page.getByRole("button", { name: "Mostra le spiegazioni" }).click();
    await expect(page.getByRole("button", { name: "Nascondi le spiegazioni" })).toBeVisible();
    await expectNoSeriousViolations(page, "the results");
    await shot(page, "results-it", info, true);
  });

  test("a level test earns a certificate in its holder's language, verified publicly in Italian", async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(240_000);
    await signInAsNewStudent(page, "Chiara Neri");
    // The account's language: the certificate is written in it, whichever page shows it.
    await page.goto("/student/profile");
    await page.getByRole("combobox", { name: "Language" }).selectOption("it");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Your profile has been saved.")).toBeVisible();

    await page.goto("/it/student/quizzes/quiz/a1");
    await expect(page.getByRole("heading", { level: 1, name: "Test A1 Principiante" })).toBeVisible();
    expect(await startTest(page, "it")).toContain("Tentativo certificato: superalo per ottenere un attestato");
    for (let i = 1; i <= 45; i++) {
      await expect(page.getByRole("heading", { name: `Domanda ${i} di 45` })).toBeVisible();
      await answer(page, i <= 30 ? { right: true } : { option: i % 4 });
    }
    await expect(page).toHaveURL(/\/it\/quizzes\/results$/);
    await expect(page.getByText("A1 raggiunto")).toBeVisible();
    await expect(page.getByText("Il tuo attestato di completamento è pronto")).toBeVisible();
    await expectNoSeriousViolations(page, "the level test's results");
    await shot(page, "level-results-it", info, true);

    await page.getByRole("link", { name: "Vedi l'attestato" }).click();
    await expect(page).toHaveURL(/\/it\/student\/quizzes\/certificate\/[0-9a-f-]{36}$/);
    await expect(page.getByText("Attestato di completamento")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Chiara Neri" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Test A1 Principiante" })).toBeVisible();
    await expect(page.getByText("A1 Principiante", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Stampa o salva in PDF" })).toBeVisible();
    const code = (await page.locator("#certificate .font-mono").textContent())?.trim() ?? "";
    expect(code).toMatch(/^EWG-/);
    await expectNoSeriousViolations(page, "the certificate");
    await shot(page, "certificate-it", info, true);
    await page.emulateMedia({ media: "print" });
    const pdf = await page.pdf({ landscape: true, printBackground: true });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    await page.emulateMedia({ media: "screen" });

    // The English page around it; the certificate itself stays in its holder's Italian.
    await page.goto(page.url().replace("/it/student/", "/student/"));
    await expect(page.getByRole("button", { name: "Print or Save as PDF" })).toBeVisible();
    await expect(page.locator("#certificate")).toHaveAttribute("lang", "it");
    await expect(page.getByRole("heading", { name: "Test A1 Principiante" })).toBeVisible();
    await shot(page, "certificate-en-page", info, true);

    await verifyPublicly(browser, code, info);
  });
});

async function verifyPublicly(browser: Browser, code: string, info: TestInfo) {
  const visitor = await browser.newContext(
    info.project.name === "phone" ? { viewport: { width: 360, height: 780 }, isMobile: true } : {},
  );
  const page = await visitor.newPage();
  await page.goto(`/it/certificates/${code}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByRole("heading", { name: "Attestato valido" })).toBeVisible();
  await expect(page.getByText("Rilasciato a")).toBeVisible();
  await expect(page.getByText("Chiara N.")).toBeVisible();
  await expect(page.getByText("Neri")).toHaveCount(0);
  await expect(page.getByText("Test A1 Principiante")).toBeVisible();
  await expectNoSeriousViolations(page, "/it/certificates");
  await shot(page, "verify-it", info);
  await page.goto(`/certificates/${code}`);
  await expect(page.getByRole("heading", { name: "Valid certificate" })).toBeVisible();
  await expect(page.getByText("A1 Beginner Test")).toBeVisible();
  await shot(page, "verify-en", info);
  await page.goto("/it/certificates/EWG-AAAA-BBBB-CCCC");
  await expect(page.getByRole("heading", { name: "Attestato non trovato" })).toBeVisible();
  await expect(page.getByText("Questo codice non corrisponde a un attestato valido.", { exact: false })).toBeVisible();
  await expectNoSeriousViolations(page, "/it/certificates, a wrong code");
  await shot(page, "verify-not-found-it", info);
  await visitor.close();
}

test("the hub and the certificate check in English, for the shots beside the Italian", async ({ page }, info) => {
  await signInAsNewStudent(page, "Tom Baker");
  await page.goto("/student/quizzes?section=levels");
  await expect(page.getByRole("heading", { level: 1, name: "English Activities" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Take B2 Test" })).toBeVisible();
  await shot(page, "hub-levels-en", info, true);
  await page.goto("/student/quizzes/general?type=quick");
  await expect(page.getByRole("heading", { level: 1, name: "Quick Assessment" })).toBeVisible();
  await shot(page, "start-en", info);
  await page.goto("/certificates/EWG-AAAA-BBBB-CCCC");
  await expect(page.getByRole("heading", { name: "Certificate not found" })).toBeVisible();
  await shot(page, "verify-not-found-en", info);
});

// Everyday friction, item 6 (issue 33): at 360 px nothing of the student menu or of the booking
// steps is cut off, in English and in Italian (whose labels are longer), measured rather than looked
// at: no element wider than its box (scrollWidth > clientWidth) and none whose right edge passes the
// viewport. The bottom bar of the booking steps stays a thin strip, and the landing's Milano clock
// speaks the same clock as its "until" line; no page of the teacher's back office scrolls sideways. Screenshots at 360 and 1280 px, both languages.
// Run: npm run build && E2E_PORT=3431 npx playwright test tests/e2e/phone-layout.spec.ts --project desktop
import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { freeSlots, weekLoaded } from "./support/booking-steps.ts";
import { signInAsTeacher } from "./support/demo-sign-in.ts";
import { answerQuestion, startTest } from "./support/quiz.ts";

const SHOTS = "/tmp/shots-phone-layout";
mkdirSync(SHOTS, { recursive: true });

const PHONE = { width: 360, height: 640 };
/** The bottom bar of a step may take at most this share of a small phone's screen. */
const MAX_BAR_SHARE = 0.15;

const LANGS = [
  {
    lang: "en",
    prefix: "",
    menu: "Student area",
    demo: /Continue as the demo student/,
    select: /^Select /,
    toSchedule: /Continue to Schedule/,
    continue: /^Continue/,
  },
  {
    lang: "it",
    prefix: "/it",
    menu: "Area studenti",
    demo: /Continua come studente demo/,
    select: /^Scegli /,
    toSchedule: /Continua con gli orari/,
    continue: /^Continua/,
  },
] as const;

const STUDENT_PAGES = [
  "/student/dashboard",
  "/student/lessons",
  "/student/progress",
  "/student/quizzes",
  "/student/family",
  "/student/waitlist",
  "/resources/files",
  "/referrals",
  "/student/contact",
  "/student/profile",
];

/** The teacher's back office, used between lessons on her phone (issue 33, item 6: every page). */
const ADMIN_PAGES = [
  "/admin",
  "/admin/agenda",
  "/admin/bookings",
  "/admin/orders",
  "/admin/availability",
  "/admin/students",
  "/admin/notes",
  "/admin/files",
  "/admin/inbox",
  "/admin/email",
  "/admin/documents",
  "/admin/money",
  "/admin/calendar-feed",
  "/admin/question-bank",
  "/admin/settings",
];

type Overflow = { page: number; view: number; cut: string[] };

/**
 * What of `root` is cut off: each visible element (the root too) whose content is wider than its
 * box, or whose right edge (left edge) lies beyond the viewport. `strict` (the menu and the
 * bottom bar, which must show everything at once): both, a box that scrolls sideways included.
 * Otherwise (a whole page) the edges only, and a box that scrolls on purpose (a wide table) and
 * what it holds are left alone: a card clips its decorative circles on purpose.
 */
async function overflowOf(root: Locator, strict: boolean): Promise<Overflow> {
  return root.evaluate((el, strict) => {
    const view = document.documentElement.clientWidth;
    const cut: string[] = [];
    const scrolls = (node: Element) => ["auto", "scroll"].includes(getComputedStyle(node).overflowX);
    for (const node of [el, ...el.querySelectorAll("*")]) {
      if (!(node instanceof HTMLElement) || node.closest("[aria-hidden='true']")) continue;
      const box = node.getBoundingClientRect();
      // Visually hidden text (sr-only) is a 1 px box on purpose.
      if (box.width <= 1 || box.height <= 1) continue;
      let scroller = node.parentElement;
      while (scroller && scroller !== document.body && !scrolls(scroller)) scroller = scroller.parentElement;
      if (!strict && scroller && scroller !== document.body) continue;
      const label = `${node.tagName.toLowerCase()} "${(node.textContent ?? "").trim().slice(0, 40)}"`;
      const overflowX = getComputedStyle(node).overflowX;
      if (strict && node.scrollWidth > node.clientWidth + 1 && overflowX !== "visible")
        cut.push(`${label}: content ${node.scrollWidth} px in ${node.clientWidth} px`);
      if (box.right > view + 1 || box.left < -1)
        cut.push(`${label}: from ${Math.round(box.left)} to ${Math.round(box.right)} px of ${view}`);
    }
    return { page: document.documentElement.scrollWidth, view, cut };
  }, strict);
}

async function expectNothingCut(root: Locator, what: string, { strict = true } = {}) {
  const overflow = await overflowOf(root, strict);
  expect(overflow.cut, `${what}: cut off`).toEqual([]);
  expect(overflow.page, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(overflow.view);
}

/** The screen as seen (the sticky bar included), and the whole page. */
async function shot(page: Page, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  await page.screenshot({ path: `${SHOTS}/${name}-${width}-full.png`, fullPage: true });
}

/** The sticky bar holding a step's Continue button (a static row above the phone breakpoint). */
const barOf = (button: Locator) => button.locator("xpath=ancestor::div[contains(@class, 'sticky')][1]");

async function expectThinBar(page: Page, button: Locator, what: string) {
  const bar = barOf(button);
  await expectNothingCut(bar, `${what}: bottom bar`);
  const box = await bar.boundingBox();
  expect(box, `${what}: bottom bar`).not.toBeNull();
  const height = page.viewportSize()?.height ?? 0;
  expect(box?.height ?? 0, `${what}: bottom bar height`).toBeLessThanOrEqual(height * MAX_BAR_SHARE);
}

test.describe("at 360 px nothing is cut off", () => {
  test.skip(({ isMobile }) => !isMobile, "the phone project");

  for (const l of LANGS) {
    test(`the student menu and pages (${l.lang})`, async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(PHONE);
      await page.context().addCookies([{ name: "lang", value: l.lang, url: baseURL }]);
      await page.goto(`${l.prefix}/student`);
      await page.getByRole("button", { name: l.demo }).click();
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/student/dashboard$`));
      const menu = page.getByRole("navigation", { name: l.menu });
      for (const path of STUDENT_PAGES) {
        await page.goto(`${l.prefix}${path}`);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        // Every item of the menu in view at once: none scrolled away or clipped.
        await expect(menu.getByRole("link")).toHaveCount(9);
        for (const link of await menu.getByRole("link").all()) await expect(link).toBeInViewport({ ratio: 1 });
        await shot(page, `${l.lang}${path.replaceAll("/", "-")}`);
        await expectNothingCut(page.getByRole("main"), `${l.lang} ${path}`, { strict: false });
        await expectNothingCut(menu, `${l.lang} ${path}: menu`);
        await expectNothingCut(page.locator("aside"), `${l.lang} ${path}: header`);
      }
    });

    test(`the booking steps (${l.lang})`, async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(PHONE);
      await page.context().addCookies([{ name: "lang", value: l.lang, url: baseURL }]);
      await page.goto(`${l.prefix}/book`);
      await expectNothingCut(page.locator("body"), `${l.lang} /book`, { strict: false });
      await shot(page, `${l.lang}-book-0-intro`);

      await page.goto(`${l.prefix}/book/pricing`);
      const toSchedule = page.getByRole("button", { name: l.toSchedule });
      await shot(page, `${l.lang}-book-1-pricing-empty`);
      await expectThinBar(page, toSchedule, `${l.lang} pricing, nothing chosen`);
      await page.getByRole("button", { name: l.select }).first().click();
      await expect(toSchedule).toBeEnabled();
      await expectThinBar(page, toSchedule, `${l.lang} pricing`);
      await expectNothingCut(page.locator("body"), `${l.lang} pricing`, { strict: false });
      await shot(page, `${l.lang}-book-1-pricing`);

      await toSchedule.click();
      await expect(page).toHaveURL(/\/book\/schedule\?package=/);
      await weekLoaded(page);
      const next = page.getByRole("button", { name: l.continue }).last();
      await shot(page, `${l.lang}-book-2-schedule-empty`);
      await expectThinBar(page, next, `${l.lang} schedule, nothing chosen`);
      await freeSlots(page).first().click();
      await expectThinBar(page, next, `${l.lang} schedule, a time chosen`);
      await expectNothingCut(page.locator("body"), `${l.lang} schedule`, { strict: false });
      await shot(page, `${l.lang}-book-2-schedule`);

      // The details step, signed in (the demo student).
      await page.goto(`${l.prefix}/student`);
      await page.getByRole("button", { name: l.demo }).click();
      await page.goto(`${l.prefix}/book/details`);
      await expect(page.locator("form")).toBeVisible();
      await expectNothingCut(page.locator("body"), `${l.lang} details`, { strict: false });
      await shot(page, `${l.lang}-book-3-details`);
    });
  }

  for (const l of LANGS) {
    test(`the teacher's pages (${l.lang})`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(PHONE);
      await signInAsTeacher(page);
      for (const path of ADMIN_PAGES) {
        await page.goto(`${l.prefix}${path}`);
        await expect(page.locator("html")).toHaveAttribute("lang", l.lang);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await shot(page, `${l.lang}${path.replaceAll("/", "-")}`);
        await expectNothingCut(page.locator("body"), `${l.lang} ${path}`, { strict: false });
      }
    });
  }

  for (const l of LANGS) {
    test(`a quick assessment, its results and the privacy notice (${l.lang})`, async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(PHONE);
      await page.context().addCookies([{ name: "lang", value: l.lang, url: baseURL }]);
      await page.goto(`${l.prefix}/privacy`);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectNothingCut(page.locator("body"), `${l.lang} privacy`, { strict: false });
      await shot(page, `${l.lang}-privacy`);

      await page.goto(`${l.prefix}/student`);
      await page.getByRole("button", { name: l.demo }).click();
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/student/dashboard$`));
      await page.goto(`${l.prefix}/student/quizzes/general?type=quick`);
      await startTest(page, l.lang);
      await expect(page.getByRole("radiogroup")).toBeVisible();
      await expectNothingCut(page.locator("body"), `${l.lang} a question`, { strict: false });
      await shot(page, `${l.lang}-quiz-question`);
      // Answered to the end, one question at a time: question i's heading ("Question i of 15",
      // "Domanda i di 15") is up, or the test has ended (0).
      const ended = /\/quizzes\/(results|review)$/;
      const shown = async () => {
        if (ended.test(new URL(page.url()).pathname)) return 0;
        const title = (await page.getByRole("heading", { level: 1 }).first().textContent()) ?? "";
        return Number(/\b(\d+) (?:of|di) 15\b/.exec(title)?.[1] ?? -1);
      };
      for (let i = 1; i <= 15; i++) {
        await expect.poll(async () => [0, i].includes(await shown())).toBe(true);
        if ((await shown()) === 0) break;
        await answerQuestion(page, { option: 0 }, l.lang);
      }
      await expect(page).toHaveURL(/\/quizzes\/(results|review)$/);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await expectNothingCut(page.locator("body"), `${l.lang} results`, { strict: false });
      await shot(page, `${l.lang}-quiz-results`);
    });
  }

  for (const l of LANGS) {
    test(`the student sign-in, a booking's confirmation and the certificate check (${l.lang})`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize(PHONE);
      await page.context().addCookies([{ name: "lang", value: l.lang, url: baseURL }]);
      // What the confirmation shows right after booking: the booking's answer, kept for the page.
      await page.addInitScript((results) => sessionStorage.setItem("bookingResults", JSON.stringify(results)), {
        bookings: [
          { booking: { id: "b1", lesson_date: "2030-01-07T09:00:00.000Z", status: "pending", lessonType: "online" } },
        ],
        package: { name: "Single Lesson", totalPrice: 35, lessons: 1 },
        totalSlots: 1,
        studentInfo: { name: "Sofia Bianchi", email: "sofia@example.com" },
        groupConversation: false,
      });
      for (const [path, name] of [
        ["/student", "sign-in"],
        ["/book/confirmation", "confirmation"],
        ["/certificates/EWG-NOT-A-CODE", "certificate-check"],
      ]) {
        await page.goto(`${l.prefix}${path}`);
        await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectNothingCut(page.locator("body"), `${l.lang} ${path}`, { strict: false });
        await shot(page, `${l.lang}-${name}`);
      }
    });
  }

  test("the landing's clock speaks the clock of its 'until' line", async ({ page, baseURL }) => {
    await page.setViewportSize(PHONE);
    for (const l of LANGS) {
      await page.context().addCookies([{ name: "lang", value: l.lang, url: baseURL }]);
      await page.goto(`${l.prefix}/`);
      const clock = page.locator("time[data-milano-clock]");
      await clock.scrollIntoViewIfNeeded();
      await expect(clock).not.toHaveText("--:--");
      const row = clock.locator("xpath=ancestor::dl[1]");
      if (l.lang === "en") {
        await expect(row).toContainText("Until 10:00 PM");
        await expect(clock).toHaveText(/^\d{1,2}:\d{2}\s?[AP]M$/);
      } else {
        await expect(row).toContainText("Fino alle 22:00");
        await expect(clock).toHaveText(/^\d{1,2}:\d{2}$/);
      }
      await expectNothingCut(page.locator("body"), `${l.lang} landing`, { strict: false });
      await shot(page, `${l.lang}-landing`);
    }
  });
});

// The same screens on a desktop, to be looked at.
test("screenshots at 1280 px", async ({ page, baseURL, isMobile }) => {
  test.skip(isMobile, "the desktop project");
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const l of LANGS) {
    await page.context().addCookies([{ name: "lang", value: l.lang, url: baseURL }]);
    await page.goto(`${l.prefix}/book/pricing`);
    await page.getByRole("button", { name: l.select }).first().click();
    await shot(page, `${l.lang}-book-1-pricing`);
    await page.getByRole("button", { name: l.toSchedule }).click();
    await weekLoaded(page);
    await shot(page, `${l.lang}-book-2-schedule`);
    // Signed in once (in English), the portal then follows the page's language.
    if (l.lang === "en") {
      await page.goto("/student");
      await page.getByRole("button", { name: l.demo }).click();
    } else await page.goto(`${l.prefix}/student/dashboard`);
    await expect(page).toHaveURL(/\/student\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await shot(page, `${l.lang}-student-dashboard`);
    await page.goto(`${l.prefix}/referrals`);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await shot(page, `${l.lang}-referrals`);
    await page.goto(`${l.prefix}/`);
    await page.locator("time[data-milano-clock]").scrollIntoViewIfNeeded();
    await expect(page.locator("time[data-milano-clock]")).not.toHaveText("--:--");
    await shot(page, `${l.lang}-landing`);
  }
});

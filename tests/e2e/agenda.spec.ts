// The teacher's agenda (issue 16, item 1) in Chromium against the embedded demo database, whose
// first day holds two lessons of a walk-in student (prisma/seed.ts).
// Run: npx vite build && npm run build:server && E2E_PORT=3403 npx playwright test tests/e2e/agenda.spec.ts
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { signInAsTeacher } from "./support/demo-sign-in.ts";

const SHOTS = "/tmp/shots-agenda";

type Lesson = {
  id: string;
  lesson_date: string;
  lesson_type: "online" | "in-person";
  google_meet_link: string | null;
  student: { name: string };
};
type Agenda = { days: string[]; lessons: Lesson[]; next: Lesson | null; openHours: { id: string }[] };

/** The agenda's data as the page asks for it (the signed-in teacher's cookie). */
async function agendaData(page: Page, view: "day" | "week"): Promise<Agenda> {
  const input = encodeURIComponent(JSON.stringify({ json: { view } }));
  const response = await page.request.get(`/api/trpc/admin.agenda?input=${input}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { result: { data: { json: Agenda } } }).result.data.json;
}

test("the agenda shows today's lessons in time order and joins the next one", async ({ page, context }, info) => {
  const phone = info.project.name === "phone";
  await signInAsTeacher(page);
  await page.getByRole("link", { name: /^Agenda/ }).click();
  await expect(page).toHaveURL(/\/admin\/agenda$/);
  await expect(page.getByRole("heading", { level: 1, name: "Agenda" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Today" })).toHaveAttribute("aria-pressed", "true");

  const today = await agendaData(page, "day");
  expect(today.lessons.length).toBeGreaterThanOrEqual(2);
  const starts = today.lessons.map((l) => l.lesson_date);
  expect([...starts].sort()).toEqual(starts);

  // Today's lessons on the page, in the order of their times: the demo's in-person lesson and
  // its online one (which comes first depends on the hour the demo data was made: prisma/seed.ts).
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(today.lessons.length);
  for (const [i, lesson] of today.lessons.entries()) {
    await expect(cards.nth(i)).toContainText(lesson.lesson_type === "online" ? "Online" : "In person");
  }
  const inPerson = cards.filter({ hasText: "In person" }).first();
  const online = cards.filter({ hasText: "Online" }).first();
  await expect(inPerson).toContainText("Marco Ferri");
  await expect(inPerson.getByRole("link", { name: /Via Solferino 12/ })).toBeVisible();
  await expect(online.getByRole("link", { name: "meet.google.com/tdy-lssn-one" })).toBeVisible();
  await expect(inPerson.getByRole("link", { name: "Call Marco Ferri" })).toHaveAttribute("href", "tel:+393475550202");
  await expect(inPerson.getByRole("link", { name: "WhatsApp Marco Ferri" })).toHaveAttribute(
    "href",
    "https://wa.me/393475550202",
  );
  // The open hours the lessons sit in are shown with them: the demo's standing schedule has none
  // on Sundays (in Rome), when the page shows none either (a run on a Sunday failed otherwise).
  if (today.openHours.length > 0) await expect(page.getByText(/^Open hours /).first()).toBeVisible();
  else await expect(page.getByText(/^Open hours /)).toHaveCount(0);

  // The next lesson comes first on a phone, with Join: the lesson's own meeting link (today's
  // online lesson, under way or to come: the demo data makes it the next at any hour).
  const next = page.getByRole("region", { name: /Next lesson|Lesson now/ });
  await expect(next).toBeVisible();
  const nextLesson = today.next;
  expect(nextLesson?.google_meet_link).toBeTruthy();
  const link = nextLesson?.google_meet_link ?? "";
  if (phone) {
    const nextTop = (await next.boundingBox())?.y ?? Infinity;
    const firstCardTop = (await cards.first().boundingBox())?.y ?? 0;
    expect(nextTop).toBeLessThan(firstCardTop);
  }
  await expect(next).toContainText(nextLesson?.student.name ?? "");
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-today.png`, fullPage: true });

  await context.route("https://meet.google.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Meet</title>" }),
  );
  const join = next.getByRole("link", { name: "Join" });
  await expect(join).toHaveAttribute("href", link);
  const [meeting] = await Promise.all([page.waitForEvent("popup"), join.click()]);
  await expect(meeting).toHaveURL(link);
  await meeting.close();

  // Details opens the booking dialog from a lesson.
  await online.getByRole("button", { name: "Details: Marco Ferri" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Student Information")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Move opens the teacher's move dialog on the lesson (the move itself: move.spec.ts).
  await online.getByRole("button", { name: "Move: Marco Ferri" }).click();
  const move = page.getByRole("dialog", { name: "Move Lesson" });
  // Her free times on a week view (issue 32), not a list of quarter hours.
  await expect(move.getByTestId("free-times-week")).toBeVisible();
  await move.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Cancelled while it is still opening (a quick hand), it closes all the same.
  await page.evaluate(async () => {
    document.querySelector<HTMLButtonElement>('button[aria-label="Move: Marco Ferri"]')?.click();
    const cancel = await new Promise<HTMLButtonElement>((resolve) => {
      const look = () => {
        const buttons = [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')];
        const found = buttons.find((b) => b.textContent === "Cancel");
        if (found) setTimeout(() => resolve(found), 50);
        else requestAnimationFrame(look);
      };
      look();
    });
    cancel.click();
  });
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // This week: seven days, every lesson of the week in time order.
  await page.getByRole("button", { name: "This week" }).click();
  await expect(page.getByRole("button", { name: "This week" })).toHaveAttribute("aria-pressed", "true");
  const week = await agendaData(page, "week");
  await expect(page.getByRole("heading", { level: 3 })).toHaveCount(7);
  await expect(cards).toHaveCount(week.lessons.length);
  const weekStarts = week.lessons.map((l) => l.lesson_date);
  expect([...weekStarts].sort()).toEqual(weekStarts);
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-week.png`, fullPage: true });

  // Day by day: the next day and back to today.
  await page.getByRole("button", { name: "Today" }).click();
  await page.getByRole("button", { name: "Next day" }).click();
  await expect(page.getByRole("button", { name: "Today" })).toHaveAttribute("aria-pressed", "false");
  await page.getByRole("button", { name: "Previous day" }).click();
  await expect(page.getByRole("button", { name: "Today" })).toHaveAttribute("aria-pressed", "true");
});

test("the bookings list runs in lesson time and keeps to the dates asked for", async ({ page }, info) => {
  await signInAsTeacher(page);
  await page.goto("/admin/bookings");
  await expect(page.getByLabel("Order")).toHaveValue("lesson_time");
  const rows = info.project.name === "phone" ? page.locator("ul.md\\:hidden > li") : page.locator("table tbody tr");
  // From today on: the walk-in student's two lessons today come first.
  await expect(rows.first()).toContainText("Marco Ferri");
  await expect(rows.nth(1)).toContainText("Marco Ferri");
  await expect(rows.filter({ hasText: "Sofia Bianchi" }).filter({ hasText: /completed/i })).toHaveCount(0);
  // Only today.
  const today = await page.getByLabel("From").inputValue();
  await page.getByLabel("To").fill(today);
  await expect(rows).toHaveCount(2);
  // All dates: the demo's completed lessons of the past weeks come back, the oldest first.
  await page.getByRole("button", { name: "All dates" }).click();
  await expect(rows.first()).toContainText("Sofia Bianchi");
  await expect(rows.first()).toContainText(/completed/i);
  await page.screenshot({ path: `${SHOTS}/${info.project.name}-bookings.png`, fullPage: true });
});

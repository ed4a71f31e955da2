// The waitlist (issue 31, item 3) in Chromium: a student joins the waitlist for a full afternoon
// from the schedule step, a lesson of that afternoon is cancelled through the API, the server's
// periodic pass offers it to her by email, and she books it from the email's link. The e2e server
// has no SMTP server: the mail is read as the teacher reads held mail, from GET /api/admin/emails.
// Run: npm run build && E2E_PORT=3414 npx playwright test tests/e2e/waitlist.spec.ts
import { mkdirSync } from "node:fs";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DateTime } from "luxon";
import { choosePackage, toast } from "./support/booking-steps.ts";
import { signInAsStudent } from "./support/demo-sign-in.ts";

const SHOTS = "/tmp/shots-waitlist";
const ZONE = "Europe/Rome";
const DEMO_STUDENT = "demo.student@example.com";

const shot = async (page: Page, name: string, project: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${project}.png`, fullPage: true });
};

/** An API client signed in through the demo sign-in (the teacher, or a new student by name). */
async function signedIn(
  playwright: typeof import("@playwright/test").request,
  baseURL: string,
  form: Record<string, string>,
) {
  const api = await playwright.newContext({ baseURL });
  const r = await api.post("/api/demo-auth", { form, maxRedirects: 0 });
  expect(r.status(), await r.text()).toBeLessThan(400);
  return api;
}

async function ok(response: Promise<import("@playwright/test").APIResponse>) {
  const r = await response;
  expect(r.ok(), `${r.url()}: ${r.status()} ${await r.text()}`).toBe(true);
  return r.json();
}

/** The newest offer mailed to `to`, once the server's pass (every 30 s) has made it. */
async function offerLink(teacher: APIRequestContext, to: string, after: string[]) {
  let link = "";
  await expect(async () => {
    const answer = await ok(teacher.get("/api/admin/emails?limit=50"));
    const emails = (answer.emails ?? answer.items ?? []) as { to: string; text: string; subject: string }[];
    const mail = emails.find((m) => m.to === to && /waitlist\/offer\//.test(m.text) && !after.includes(m.text));
    expect(mail, "no waitlist offer mailed yet").toBeTruthy();
    link = /https?:\/\/\S+\/student\/waitlist\/offer\/[0-9a-f-]{36}/.exec(mail?.text ?? "")?.[0] ?? "";
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  return new URL(link);
}

test.describe.configure({ mode: "serial" });

test("a student joins the waitlist for a full afternoon and books the freed time from the email", async ({
  page,
  playwright,
  baseURL,
}, info) => {
  test.setTimeout(180_000);
  const base = baseURL ?? "";
  const project = info.project.name;
  if (project === "phone") await page.setViewportSize({ width: 360, height: 780 });
  // An evening no demo availability offers, on a weekday of its own per project.
  const day = DateTime.now()
    .setZone(ZONE)
    .startOf("day")
    .plus({ days: project === "phone" ? 13 : 12 });
  const afternoon = [day.set({ hour: 20 }), day.set({ hour: 21 })];

  const teacher = await signedIn(playwright.request, base, { role: "teacher" });
  const other = await signedIn(playwright.request, base, {
    role: "new-student",
    name: "Marta Rossi",
    email: `marta.${project}@example.com`,
  });
  await ok(teacher.post("/api/availability", { data: { startTime: afternoon[0].toUTC().toISO(), duration: 120 } }));
  // One lesson at 20:00 fills the evening: the teacher's buffer after it leaves 21:00 no room.
  const taken: string[] = [];
  for (const start of afternoon.slice(0, 1)) {
    const booked = await ok(
      other.post("/api/bookings", {
        data: {
          lesson_date: start.toUTC().toISO(),
          lessonType: "online",
          studentInfo: {
            name: "Marta Rossi",
            phone: "+39 333 000 2222",
            english_level: "beginner",
            lesson_focus: "Travel",
          },
        },
      }),
    );
    taken.push(booked.booking.id);
  }

  // The student finds the evening full and joins the waitlist from the schedule step.
  await signInAsStudent(page);
  await choosePackage(page, "Single Lesson");
  await page.getByRole("button", { name: "Times taken? Join the waitlist" }).click();
  const dialog = page.getByRole("dialog", { name: "Join the waitlist" });
  await dialog.getByLabel("Day of the week").selectOption(String(day.weekday));
  await dialog.getByLabel("From").selectOption("20:00");
  await dialog.getByLabel("To").selectOption("22:00");
  await shot(page, "join-dialog", project);
  await dialog.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(toast(page, "You are on the waitlist")).toBeVisible();

  await page.goto("/student/waitlist");
  const entry = page
    .getByRole("list", { name: "My waitlist" })
    .getByRole("listitem")
    .filter({ hasText: "20:00–22:00" });
  await expect(entry.first()).toBeVisible();
  await shot(page, "portal-waiting", project);

  // Marta cancels her first lesson through the API (the teacher's cancel): the time frees up.
  const before = ((await ok(teacher.get("/api/admin/emails?limit=50"))).emails ?? []).map(
    (m: { text: string }) => m.text,
  );
  await ok(teacher.put(`/api/admin/bookings/${taken[0]}`, { data: { status: "cancelled" } }));
  const link = await offerLink(teacher, DEMO_STUDENT, before);

  await page.goto(link.pathname);
  await expect(page.getByRole("heading", { name: "A time held for you" })).toBeVisible();
  await expect(page.getByText(/held for you until/)).toBeVisible();
  await shot(page, "offer", project);
  await page.getByRole("button", { name: "Book this lesson" }).click();
  await expect(page.getByText(/^Booked\./)).toBeVisible();
  await shot(page, "offer-booked", project);

  // The lesson is hers; the entry has what it waited for.
  const mine = await ok(page.request.get("/api/student/lessons?upcoming=true"));
  expect(
    (mine.lessons as { lesson_date: string }[]).some(
      (l) => new Date(l.lesson_date).getTime() === afternoon[0].toMillis(),
    ),
  ).toBe(true);
  await page.goto("/student/waitlist");
  await expect(page.getByRole("heading", { name: "My waitlist" })).toBeVisible();
  // Loaded: the list (the Italian test's entry may be there) or the empty state.
  await expect(
    page.getByText("You are not waiting for any time").or(page.getByRole("list", { name: "My waitlist" })),
  ).toBeVisible();
  await expect(page.getByText("20:00–22:00")).toHaveCount(0);
  await teacher.dispose();
  await other.dispose();
});

test("the waitlist's screens in Italian", async ({ page }, info) => {
  const project = info.project.name;
  if (project === "phone") await page.setViewportSize({ width: 360, height: 780 });
  await signInAsStudent(page);
  await page.goto("/it/book/pricing");
  await page
    .getByRole("button", { name: /Scegli|Seleziona/ })
    .first()
    .click();
  await page
    .getByRole("button", { name: /Continua/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/it\/book\/schedule/);
  await page.getByRole("button", { name: "Orari occupati? Mettiti in lista d'attesa" }).click();
  await expect(page.getByLabel("Giorno della settimana")).toBeVisible();
  await shot(page, "join-dialog-it", project);
  const joined = await page.request.post("/api/student/waitlist", {
    data: { weekday: 3, from: "07:00", to: "08:00", locale: "it" },
  });
  expect(joined.status()).toBe(201);
  await page.goto("/it/student/waitlist");
  await expect(page.getByRole("heading", { name: "La mia lista d'attesa" })).toBeVisible();
  await expect(page.getByText("Il mercoledì, 07:00–08:00")).toBeVisible();
  await shot(page, "portal-it", project);
});

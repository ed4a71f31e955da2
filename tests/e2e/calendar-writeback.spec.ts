// Lessons in the teacher's calendar, in Chromium against a real CalDAV server (Radicale, started
// here): she connects a CalDAV calendar, chooses it to receive her lessons, finds the demo's
// confirmed lesson in it, deletes that event in her calendar, and after a sync sees the lesson as
// "changed in your calendar" on the calendars card and the dashboard (in English and Italian),
// keeps it, and the event is back. On a phone (360 px) as on a desktop.
// Run: npm run build && E2E_PORT=3412 npx playwright test tests/e2e/calendar-writeback.spec.ts
import { expect, test } from "@playwright/test";
import { startRadicale } from "../helpers/radicale.ts";
import { signInAsTeacher } from "./support/demo-sign-in.ts";

test("the teacher chooses the calendar that receives lessons and sees an event she deleted there", async ({
  page,
}, info) => {
  const phone = info.project.name === "phone";
  if (phone) await page.setViewportSize({ width: 360, height: 780 });
  const radicale = await startRadicale();
  try {
    const lessonsUrl = await radicale.makeCalendar("lessons", "Lessons");
    await signInAsTeacher(page);
    await page.goto("/admin/availability");

    const card = page.getByRole("region", { name: "Your calendars" });
    await card.getByRole("combobox", { name: "Kind" }).selectOption("caldav");
    await card.getByRole("textbox", { name: /^Server address/ }).fill(radicale.url);
    await card.getByRole("textbox", { name: /^User name/ }).fill(radicale.user);
    await card.getByLabel(/^App password/).fill(radicale.password);
    await card.getByRole("button", { name: "Find calendars" }).click();
    await expect(card.getByRole("combobox", { name: "Calendar" })).toBeVisible();
    await card.getByRole("button", { name: "Connect" }).click();

    const list = card.getByRole("list", { name: "Connected calendars" });
    await expect(list.getByText("Lessons", { exact: true })).toBeVisible();
    await list.getByRole("button", { name: "Put my lessons in Lessons" }).click();
    await expect(list.getByText("Receives your lessons")).toBeVisible();
    await expect(list.getByRole("button", { name: "Stop putting lessons in Lessons" })).toBeVisible();

    // The demo's confirmed lesson with Sofia Bianchi is in her calendar, under its calendar UID.
    const sofia = async () =>
      (await radicale.list(lessonsUrl)).filter((o) => o.text.replace(/\r\n[ \t]/g, "").includes("Sofia Bianchi"));
    await expect.poll(async () => (await sofia()).length).toBe(1);
    const [event] = await sofia();
    expect(event.text).toContain(`UID:${event.name.replace(/\.ics$/, "")}`);

    // She deletes it in her own calendar; the next sync shows it as changed, the family untouched.
    await radicale.remove(lessonsUrl, encodeURIComponent(event.name.replace(/\.ics$/, "")));
    await list.getByRole("button", { name: "Sync Lessons now" }).click();
    const changes = card.getByRole("region", { name: "Changed in your calendar" });
    await expect(changes.getByText("Sofia Bianchi")).toBeVisible();
    await expect(changes.getByText("You deleted its event from Lessons.")).toBeVisible();
    await expect(changes.getByRole("button", { name: /^Cancel the lesson of Sofia Bianchi/ })).toBeVisible();
    await expect(changes.getByRole("button", { name: /^Keep the lesson of Sofia Bianchi/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const shots = `test-results/calendar-writeback-${info.project.name}`;
    await card.screenshot({ path: `${shots}-card-en.png` });

    // On the dashboard too, and in Italian.
    await page.goto("/admin");
    const onDashboard = page.getByRole("region", { name: "Changed in your calendar" });
    await expect(onDashboard.getByText("Sofia Bianchi")).toBeVisible();
    await page.screenshot({ path: `${shots}-dashboard-en.png`, fullPage: !phone });
    await page.goto("/it/admin/availability");
    const inItalian = page.getByRole("region", { name: "Lezioni modificate nel tuo calendario" }).first();
    await expect(inItalian.getByText("Hai eliminato l'evento della lezione dal calendario Lessons.")).toBeVisible();
    await page.getByRole("region", { name: "I tuoi calendari" }).screenshot({ path: `${shots}-card-it.png` });
    await page.goto("/it/admin");
    await expect(page.getByRole("region", { name: "Lezioni modificate nel tuo calendario" })).toBeVisible();
    await page.screenshot({ path: `${shots}-dashboard-it.png`, fullPage: !phone });

    // She keeps the lesson: the event is written back, and the item goes.
    await page.goto("/admin");
    await onDashboard.getByRole("button", { name: /^Keep the lesson of Sofia Bianchi/ }).click();
    await expect(page.getByText("Lesson kept. It is back in your calendar.")).toBeVisible();
    await expect(onDashboard).toHaveCount(0);
    await expect.poll(async () => (await sofia()).length).toBe(1);

    await page.goto("/admin/availability");
    await page.getByRole("region", { name: "Your calendars" }).getByRole("button", { name: "Remove Lessons" }).click();
    await expect(page.getByText("No calendar connected yet.")).toBeVisible();
  } finally {
    await radicale.stop();
  }
});

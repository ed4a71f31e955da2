// The teacher's own calendars in Chromium: she connects an ICS address (served by this test), sees
// when it was read, sees its event as "busy (calendar name)" on the day, refreshes and removes it;
// on a phone as on a desktop, without the page scrolling sideways.
// Run: npm run build && E2E_PORT=3364 npx playwright test tests/e2e/calendars.spec.ts
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { DateTime } from "luxon";
import { signInAsTeacher } from "./support/demo-sign-in.ts";

let server: Server;
let icsUrl = "";

test.beforeAll(async () => {
  const today = DateTime.now().setZone("Europe/Rome").startOf("day");
  const at = (hour: number) => today.set({ hour }).toFormat("yyyyMMdd'T'HHmmss");
  const ics = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//e2e//calendars//EN",
    "BEGIN:VEVENT",
    "UID:e2e-dentist",
    "DTSTAMP:20260101T000000Z",
    `DTSTART;TZID=Europe/Rome:${at(20)}`,
    `DTEND;TZID=Europe/Rome:${at(21)}`,
    "SUMMARY:Dentist",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");
  server = createServer((_req, res) => res.writeHead(200, { "content-type": "text/calendar" }).end(ics));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  icsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/secret-e2e/basic.ics`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test("the teacher connects a calendar, sees its busy time on the day, syncs and removes it", async ({ page }, info) => {
  // The narrowest phone the admin pages are held to.
  if (info.project.name === "phone") await page.setViewportSize({ width: 360, height: 780 });
  await signInAsTeacher(page);
  await page.getByRole("link", { name: /Manage Availability/ }).click();
  await expect(page).toHaveURL(/\/admin\/availability$/);

  const card = page.getByRole("region", { name: "Your calendars" });
  await expect(card.getByText("No calendar connected yet.")).toBeVisible();
  await card.getByRole("textbox", { name: /^Calendar address/ }).fill(icsUrl);
  await card.getByRole("textbox", { name: /^Name shown in your views/ }).fill("Personal");
  await card.getByRole("button", { name: "Connect" }).click();

  const list = card.getByRole("list", { name: "Connected calendars" });
  await expect(list.getByText("Personal")).toBeVisible();
  await expect(list.getByText(/Last read .*: 1 busy time ahead\./)).toBeVisible();
  await expect(list.getByText("secret-e2e")).toHaveCount(0);
  // Today's slots card shows the event as a busy block.
  await expect(page.getByText("busy (Personal)").first()).toBeVisible();

  await list.getByRole("button", { name: "Sync Personal now" }).click();
  await expect(page.getByText("Calendar read: 1 busy time.")).toBeVisible();

  // No sideways scrolling at the phone's width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await list.getByRole("button", { name: "Remove Personal" }).click();
  await expect(card.getByText("No calendar connected yet.")).toBeVisible();
  await expect(page.getByText("busy (Personal)")).toHaveCount(0);
});

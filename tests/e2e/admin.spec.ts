// The teacher runs the business from /admin in Chromium against the embedded demo database.
// Run: npx vite build && E2E_PORT=3313 npx playwright test tests/e2e/admin.spec.ts
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { choosePackage } from "./support/booking-steps.ts";
import { signInAsTeacher } from "./support/demo-sign-in.ts";

const SHOTS = "/tmp/shots-admin";
const ROME = "Europe/Rome";

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: text });

test.describe.configure({ mode: "serial" });

test("the teacher confirms a booking, creates a weekly template, shares a file, writes a private note and changes settings", async ({
  page,
  request,
  browser,
}, info) => {
  test.skip(info.project.name !== "desktop", "one run changes the shared demo data");
  test.setTimeout(120_000);
  await signInAsTeacher(page, { loginScreen: true });

  // Dashboard: six tiles, three stats, the pending demo lesson with Confirm.
  for (const tile of [
    "Manage Availability",
    "View All Bookings",
    "Student Profiles",
    "Student Notes",
    "Shared Files",
    "Settings",
  ]) {
    await expect(page.getByRole("link", { name: new RegExp(tile) }).first()).toBeVisible();
  }
  const statistics = page.getByRole("region", { name: "Statistics" });
  await expect(statistics.getByText("Pending Bookings")).toBeVisible();
  await expect(statistics).toContainText("Pending Bookings1");
  await page.getByRole("button", { name: "Confirm: Sofia Bianchi" }).click();
  await expect(toast(page, "The booking has been successfully confirmed.")).toBeVisible();
  await expect(statistics).toContainText("Pending Bookings0");
  await expect(page.getByRole("button", { name: /^Confirm:/ })).toHaveCount(0);

  // The details dialog: student info, lesson details with weekday, calendar file.
  await page.getByRole("button", { name: "View Details: Sofia Bianchi" }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Student Information")).toBeVisible();
  await expect(dialog.getByRole("link", { name: /Download Calendar File/ })).toHaveAttribute(
    "href",
    /\/api\/calendar\/booking\/[0-9a-f-]+\/ics$/,
  );
  await dialog.getByRole("button", { name: "Close" }).click();

  // The demo teacher's standing weekly schedule is shown with the date its slots reach; stopping it
  // empties the form. Then a new one: Sunday 09:00-10:00 (issue 17: a standing schedule, no
  // longer "12 weeks", so the button reads "Create Weekly Schedule").
  await page.getByRole("link", { name: /Manage Availability/ }).click();
  await expect(page).toHaveURL(/\/admin\/availability$/);
  const current = page.getByRole("region", { name: "Current weekly schedule" });
  await expect(current.getByText("Weekly schedule in place")).toBeVisible();
  await expect(current.getByText(/Slots exist through/)).toBeVisible();
  await expect(current.getByText("9:00 AM–1:00 PM, 3:00 PM–7:00 PM").first()).toBeVisible();
  await current.getByRole("button", { name: "Stop weekly schedule" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Stop schedule" }).click();
  await expect(toast(page, /Weekly schedule removed/)).toBeVisible();
  await expect(page.getByText("No weekly schedule yet. Add your usual hours below.")).toBeVisible();
  await page.getByRole("button", { name: "Create Weekly Schedule" }).click();
  await expect(toast(page, "Please add at least one time slot to the weekly schedule.")).toBeVisible();
  await page.getByRole("button", { name: "Add slot on Sunday" }).click();
  await page.getByRole("button", { name: "Add slot on Sunday" }).click();
  await expect(page.getByText("Time Conflicts Detected").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Weekly Schedule" })).toBeDisabled();
  await page.getByRole("button", { name: "Remove Sunday slot 2" }).click();
  await page.getByRole("button", { name: "Create Weekly Schedule" }).click();
  await expect(toast(page, "Weekly schedule created successfully!")).toBeVisible();
  await expect(
    page.getByRole("status").getByText(/Weekly schedule saved: \d+ new slots; slots are open through/),
  ).toBeVisible();
  await expect(current.getByText("9:00 AM–10:00 AM")).toBeVisible();
  await expect(page.getByRole("button", { name: "Update Weekly Schedule" })).toBeVisible();
  // The next Sunday in the calendar shows the new weekly slot.
  const nextSunday = await page.evaluate((zone) => {
    const now = new Date();
    for (let i = 1; i <= 8; i++) {
      const d = new Date(now.getTime() + i * 86_400_000);
      if (new Intl.DateTimeFormat("en-US", { timeZone: zone, weekday: "long" }).format(d) === "Sunday") {
        return new Intl.DateTimeFormat("en-US", { timeZone: zone, month: "numeric", day: "numeric" }).format(d);
      }
    }
    return "";
  }, ROME);
  const [month, day] = nextSunday.split("/").map(Number);
  const currentMonth = await page.evaluate(
    (zone) => Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, month: "numeric" }).format(new Date())),
    ROME,
  );
  if (month !== currentMonth) await page.getByRole("button", { name: "Next month" }).click();
  await page
    .getByTestId("month-calendar")
    .getByRole("button", { name: new RegExp(`^Sunday, .*\\b${String(day).padStart(2, "0")}\\b`) })
    .click();
  const daySlots = page.getByRole("list", { name: "Slots on the selected date" });
  await expect(daySlots.getByText("9:00 AM – 10:00 AM")).toBeVisible();
  await expect(daySlots.getByText("Weekly")).toBeVisible();
  // The booking grid (public availability) now offers the Sunday 09:00 lesson: in the two weeks
  // from the Sunday of next week, whose first Sunday may be inside the 48 hours' notice (this
  // week's Sunday is, from Friday evening), but never its second.
  const inAWeek = await page.evaluate(
    (zone) => new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date(Date.now() + 7 * 86_400_000)),
    ROME,
  );
  const publicSlots = (await (await request.get(`/api/availability?startDate=${inAWeek}`)).json()) as {
    availableSlots: { startTime: string }[];
  };
  const sundayNine = publicSlots.availableSlots.filter((s) => {
    const f = new Intl.DateTimeFormat("en-US", {
      timeZone: ROME,
      weekday: "long",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date(s.startTime));
    return f === "Sunday 09:00";
  });
  expect(sundayNine.length).toBeGreaterThan(0);
  // A single slot that overlaps is caught before sending.
  await page.getByLabel("Start time").selectOption("09:30");
  await expect(
    page.getByText("This time slot conflicts with an existing availability. Please choose a different time."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Slot" })).toBeDisabled();

  // Share a file with Sofia.
  await page.getByRole("link", { name: /Back to Dashboard/ }).click();
  await page.getByRole("link", { name: /Shared Files/ }).click();
  await page.getByRole("button", { name: "+ Share File" }).first().click();
  const share = page.getByRole("dialog", { name: "Share File" });
  await share.getByRole("button", { name: "Share File" }).click();
  await expect(toast(page, "Please fill in all required fields.")).toBeVisible();
  await share.getByRole("combobox", { name: "Student" }).selectOption({ label: "Sofia Bianchi" });
  await share.getByRole("textbox", { name: /^Title/ }).fill("Business email phrases");
  await share.getByRole("textbox", { name: /^File URL/ }).fill("https://example.com/business-email.pdf");
  await share.getByRole("button", { name: "Share File" }).click();
  await expect(toast(page, "File shared successfully!")).toBeVisible();
  await expect(page.getByText("Business email phrases")).toBeVisible();

  // A private note.
  await page.goto("/admin/notes");
  await page.getByRole("button", { name: "+ Add Note" }).first().click();
  const noteDialog = page.getByRole("dialog", { name: "Add Note" });
  await noteDialog.getByRole("combobox", { name: "Student" }).selectOption({ label: "Sofia Bianchi" });
  await noteDialog
    .getByRole("textbox", { name: "Note", exact: true })
    .fill("Nervous before presentations; practise openings.");
  await noteDialog.getByLabel("Tags").fill("speaking, , confidence ");
  await noteDialog.getByLabel("Private note (only you can see it)").check();
  await noteDialog.getByRole("button", { name: "Add Note" }).click();
  await expect(toast(page, "Note added successfully.")).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: "Nervous before presentations" });
  await expect(card.getByText("Private")).toBeVisible();
  await expect(card.getByText("#confidence")).toBeVisible();

  // Settings: 24-hour clock and ISO dates, then the dashboard follows them.
  await page.goto("/admin/settings");
  await expect(page.getByText("PNG, JPG, GIF up to 5MB")).toBeVisible();
  await page.getByLabel("Time format").selectOption("24h");
  await page.getByLabel("Date format").selectOption("YYYY-MM-DD");
  await page.getByLabel("Maximum advance booking").selectOption("30");
  await page.getByLabel("Timezone").selectOption("Europe/London");
  await page.getByRole("combobox", { name: "Specializations" }).selectOption("Pronunciation");
  await expect(
    page.getByRole("combobox", { name: "Specializations" }).locator("option", { hasText: "Pronunciation" }),
  ).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Chosen specializations" })).toContainText("Pronunciation");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Settings saved successfully!")).toBeVisible();
  await page.goBack();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} ·/).first()).toBeVisible();
  await expect(page.getByText(/ (AM|PM) ·/)).toHaveCount(0);
  // The booking flow follows the settings: its slots are now computed in the new time zone.
  const after = (await (await request.get("/api/availability")).json()) as { timezone: string };
  expect(after.timezone).toBe("Europe/London");

  // What the student sees follows: the shared file in Resources, the booking grid in the new zone.
  const student = await browser.newPage();
  await student.goto("/student");
  await student.getByRole("button", { name: /Continue as the demo student/ }).click();
  await expect(student).toHaveURL(/\/student\/dashboard$/);
  await student.goto("/resources/files");
  await expect(student.getByText("Business email phrases")).toBeVisible();
  // My Lessons shows lesson times in the teacher's new zone (browser zone aside).
  const lessons = (await (await student.request.get("/api/student/lessons")).json()) as {
    lessons: { lesson_date: string; status: string }[];
  };
  const next = lessons.lessons.filter((l) => l.status === "confirmed" || l.status === "pending")[0];
  const inLondon = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "Europe/London" });
  await student.goto("/student/lessons");
  await expect(student.getByText(` at ${inLondon.format(new Date(next.lesson_date))}`).first()).toBeVisible();
  await choosePackage(student, "Single Lesson");
  await expect(student.getByText("Times are in the teacher's time zone (Europe/London).")).toBeVisible();
  await student.close();
});

test("every panel at 390x844 and 1440x900 (screenshots)", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "both sizes are taken here");
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  await signInAsTeacher(page, { loginScreen: true });
  const views: [string, string][] = [
    ["", "Admin Dashboard"],
    ["bookings", "All Bookings"],
    ["availability", "Manage Availability"],
    ["students", "Student Profiles"],
    ["notes", "Student Notes"],
    ["files", "Shared Files and Resources"],
    ["settings", "Settings"],
    ["inbox", "Inbox"],
    ["email", "Email"],
  ];
  for (const size of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    for (const [path, title] of views) {
      await page.goto(`/admin/${path}`);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
      await page.waitForTimeout(200);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} at ${size.width}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/${path || "dashboard"}-${size.width}.png`, fullPage: true });
    }
    await page.goto("/admin");
    await page
      .getByRole("button", { name: /^View Details/ })
      .first()
      .click();
    await expect(page.getByRole("dialog").getByRole("heading", { name: "Booking Details" })).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/booking-dialog-${size.width}.png` });
  }
});

test("a teacher whose session ends mid-page sees 'Session Expired' and goes home", async ({ page, context }) => {
  await signInAsTeacher(page, { loginScreen: true });
  await page.goto("/admin/bookings");
  await expect(page.getByRole("heading", { name: "All Bookings" })).toBeVisible();
  await expect(page.getByLabel("Status")).toBeVisible();
  // The session ends while the page is open; the next data call (a new filter) answers 401.
  await context.clearCookies();
  await page.getByLabel("Status").selectOption("cancelled");
  await expect(toast(page, "Please sign in again.")).toBeVisible();
  await expect(toast(page, "Session Expired")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("a visitor gets 401 from the admin API and sees the sign-in card", async ({ page, request }) => {
  expect((await request.get("/api/admin/dashboard")).status()).toBe(401);
  expect(
    (
      await request.post("/api/availability/bulk", {
        data: { schedule: [{ dayOfWeek: 0, startTime: "07:00", duration: 60 }], weeksAhead: 1 },
      })
    ).status(),
  ).toBe(401);
  await page.goto("/admin/bookings");
  await expect(page.getByRole("heading", { name: "Admin Login Required" })).toBeVisible();
});

// The student portal in Chromium against the embedded database with demo data: the demo student
// Sofia (4 completed lessons, a confirmed lesson in 4 days and a pending one in 11, both in a
// 6-lesson package; two active files and an inactive one; a public and a private note).
import { expect, type Page, test } from "@playwright/test";
import { choosePackage, fillDetails, pickSlots, toast } from "./support/booking-steps.ts";

const SHOTS = "/tmp/shots-portal";

async function signIn(page: Page) {
  await page.goto("/student");
  await page.getByRole("button", { name: /Continue as the demo student/ }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
}

const isDesktop = (name: string) => name === "desktop";

test("dashboard: stats, seeded upcoming lessons with Contact, shortcuts", async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Sofia!" })).toBeVisible();
  const numbers = page.getByRole("region", { name: "Your numbers" });
  for (const label of ["Completed Lessons", "Resources", "Completed Activities", "Referrals"]) {
    await expect(numbers.getByText(label)).toBeVisible();
  }
  await expect(numbers.getByText("Completed Lessons").locator("..")).toContainText("4");
  await expect(numbers.getByText("Resources").locator("..")).toContainText("2");
  const upcoming = page.locator("li").filter({ has: page.getByText(/Online lesson|In-person lesson/) });
  await expect(upcoming.first()).toBeVisible();
  expect(await upcoming.count()).toBeGreaterThanOrEqual(1);
  const contact = page.getByRole("main").getByRole("link", { name: "Contact", exact: true }).first();
  await expect(contact).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=Hi%20Giulia/);
  await expect(contact).toHaveAttribute("target", "_blank");
  for (const name of ["Activities", "My Progress", "Refer Friends"]) {
    await expect(page.getByRole("main").getByRole("link", { name: new RegExp(name) })).toBeVisible();
  }
  // The sidebar: Dashboard highlighted on exact match only; greeting leads to the profile.
  const nav = page.getByRole("navigation", { name: "Student area" });
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: /Hi, Sofia/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Profile" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("demo.student@example.com");
  await expect(page.getByText("PNG, JPG, GIF up to 5MB")).toBeVisible();
});

test("each page opens: lessons, progress, resources, referrals, contact", async ({ page }) => {
  await signIn(page);
  const nav = page.getByRole("navigation", { name: "Student area" });

  await nav.getByRole("link", { name: "My Lessons" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Lessons" })).toBeVisible();
  await expect(page.getByRole("tab", { name: /Upcoming \(\d+\)/ })).toBeVisible();
  await page.getByRole("tab", { name: /History \(\d+\)/ }).click();
  await expect(page.getByRole("tabpanel").getByText("Completed").first()).toBeVisible();
  await expect(page.getByRole("tabpanel").getByRole("link", { name: "Add to Calendar" }).first()).toHaveAttribute(
    "href",
    /^\/api\/calendar\/booking\/[0-9a-f-]{36}\/ics$/,
  );
  const icsHref = await page
    .getByRole("tabpanel")
    .getByRole("link", { name: "Add to Calendar" })
    .first()
    .getAttribute("href");
  const ics = await page.request.get(icsHref ?? "");
  expect(ics.status()).toBe(200);
  expect(await ics.text()).toContain("BEGIN:VCALENDAR");

  await nav.getByRole("link", { name: "My Progress" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Progress" })).toBeVisible();
  await expect(page.getByText("Lessons Completed", { exact: true }).locator("..")).toContainText("4");
  await expect(page.getByText("Study Time", { exact: true }).locator("..")).toContainText("4 h");
  await expect(page.getByRole("img", { name: /Completed lessons per week/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Completed Achievements" })).toBeVisible();
  await expect(page.getByText("Lessons · Level 2")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Lessons · Level 3 progress" })).toHaveAttribute(
    "aria-valuenow",
    "4",
  );

  await nav.getByRole("link", { name: "Resources" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Resources" })).toBeVisible();
  await expect(page.getByText("Total Files").locator("..")).toContainText("2");
  await expect(page.getByText("Teacher Notes").first().locator("..")).toContainText("1");
  await expect(page.getByText(/Private:/)).toHaveCount(0);
  await expect(page.getByText("Old homework sheet")).toHaveCount(0);
  await page.getByPlaceholder("Search files and notes...").fill("PODCAST");
  await expect(page.getByText("Podcast: small talk at work")).toBeVisible();
  await expect(page.getByText("Phrasal verbs for meetings")).toHaveCount(0);
  await page.getByPlaceholder("Search files and notes...").fill("");
  await page.getByRole("button", { name: "notes", exact: true }).click();
  await expect(page.getByRole("heading", { name: /Shared Files/ })).toHaveCount(0);
  await expect(page.getByText(/present perfect/)).toBeVisible();

  await nav.getByRole("link", { name: "Contact Us" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Chat" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);
  await expect(page.getByRole("link", { name: "Send" })).toHaveAttribute("href", /^mailto:.+\?subject=/);
  await expect(page.getByText("Europe/Rome")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Contact Guidelines" })).toBeVisible();

  await nav.getByRole("link", { name: "Referrals" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Referrals" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Referral History" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "How it works" })).toBeVisible();
});

test("copies the referral link; a friend arriving by it signs up, books a first lesson with 10% off, and Sofia earns a discount", async ({
  page,
  context,
  browser,
}, info) => {
  test.setTimeout(150_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page);
  await page.goto("/referrals");
  const code = await page.getByLabel("Referral code").inputValue();
  expect(code).toMatch(/^[A-Z0-9]{8}$/);
  await page.getByRole("button", { name: "Share Link" }).click();
  await expect(page.getByText("Referral link copied to clipboard!")).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/ref\\?code=${code}$`));

  // Invite a Friend is a share (issue 33, item 7): WhatsApp, an email draft or the clipboard, each
  // carrying the message with the code and link; no friend's address is asked.
  await expect(page.getByLabel("Friend's email")).toHaveCount(0);
  const whatsapp = await page.getByRole("link", { name: "Share on WhatsApp" }).getAttribute("href");
  expect(decodeURIComponent(whatsapp?.replace(/^https:\/\/wa\.me\/\?text=/, "") ?? "")).toContain(link);
  await expect(page.getByRole("link", { name: "Write an email" })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:\\?subject=.+&body=.*${code}`),
  );
  await page.getByRole("button", { name: "Copy the message" }).click();
  await expect(page.getByText("Referral message copied to clipboard! Share it with your friend.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(code);

  // The friend: a new browser without a session.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(new URL(link).pathname + new URL(link).search);
  await expect(friend.getByRole("heading", { level: 1, name: /Sofia invited you/ })).toBeVisible();
  await expect(friend.getByText("10% off")).toBeVisible();
  await friend.getByRole("button", { name: "Continue to booking" }).click();
  await expect(friend.getByText("Please fill in all required fields")).toBeVisible();
  const friendEmail = `luca.${info.project.name}@example.com`;
  await friend.getByLabel("Name").fill("Luca Verdi");
  await friend.getByLabel("Email").fill(friendEmail);
  await friend.getByLabel("Phone").fill("+39 333 000 1111");
  await friend.getByLabel("English level").selectOption("beginner");
  await friend.getByLabel("Preferred lesson type").selectOption("in-person");
  await expect(friend.getByLabel("Preferred location")).toBeVisible();
  await friend.getByLabel("Preferred location").fill("Milano, Isola");
  await friend.getByRole("button", { name: "Continue to booking" }).click();
  await expect(friend.getByText("Profile created successfully! You can now book your first lesson.")).toBeVisible();
  await expect(friend).toHaveURL(new RegExp(`/book\\?ref=${code}$`));

  // Sofia sees her friend in the Referral History as Registered.
  await page.reload();
  const history = page.getByRole("listitem").filter({ hasText: friendEmail });
  // A reload on a loaded machine (2 cores, several suites) can take longer than the default 5 s.
  await expect(history).toContainText("Luca Verdi", { timeout: 20_000 });
  await expect(history).toContainText("Registered");
  await expect(page.getByText("Total Referrals", { exact: true }).locator("..")).not.toContainText(
    /^Total Referrals0$/,
  );

  const before = (await (await page.request.get("/api/student/referrals")).json()) as {
    stats: { total_earned: number };
    discounts: unknown[];
  };
  // The friend books a first lesson by the link, signing in on the way, with 10% off.
  await expect(friend.getByRole("link", { name: "Schedule Your Lesson" })).toBeVisible();
  await choosePackage(friend, "Single Lesson");
  await pickSlots(friend, 1);
  await friend.getByRole("button", { name: /^Continue/ }).click();
  await expect(friend.getByRole("button", { name: "Continue as a new student" })).toBeVisible();
  await friend.getByLabel("Name").fill("Luca Verdi");
  await friend.getByLabel("Email").fill(friendEmail);
  await friend.getByRole("button", { name: "Continue as a new student" }).click();
  await expect(friend.getByRole("heading", { name: "Student Details" })).toBeVisible();
  await expect(friend.getByTestId("quote-total")).toHaveText("€31.50");
  // What the friend answered on /ref is not asked again (issue 33, item 7).
  await expect(friend.getByLabel("Contact phone number")).toHaveValue("+39 333 000 1111");
  await expect(friend.getByLabel("English level")).toHaveValue("beginner");
  await fillDetails(friend);
  await friend.getByRole("button", { name: "Book Lesson" }).click();
  // Pending until the teacher confirms it (issue 17: this said "Booking Confirmed!").
  await expect(friend.getByRole("heading", { level: 1, name: "Booking Requested!" })).toBeVisible();
  const href = await friend.getByRole("link", { name: /Add to Calendar/ }).getAttribute("href");
  const friendBookingId = href?.match(/\/api\/calendar\/booking\/([^/]+)\/ics$/)?.[1] ?? "";
  expect(friendBookingId).toBeTruthy();

  // Sofia: her friend's referral moved on to Booked; her reward waits for the teacher's
  // confirmation of the friend's order (issue 17: it was granted at the pending booking). The
  // database is shared by both projects, so counts are compared with what she had before.
  type Referrals = { stats: { total_earned: number }; discounts: { amount: number; percentage: number }[] };
  const referrals = async () => (await (await page.request.get("/api/student/referrals")).json()) as Referrals;
  await page.reload();
  await expect(history).toContainText("Booked", { timeout: 20_000 });
  const pendingState = await referrals();
  expect(pendingState.discounts).toHaveLength(before.discounts.length);
  expect(pendingState.stats.total_earned).toBe(before.stats.total_earned);

  // The teacher confirms the friend's lesson: Sofia now holds 10% off one lesson, and it counts as earned.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await teacher.goto("/admin");
  await teacher.getByRole("button", { name: "Sign in with Google" }).click();
  await teacher.getByRole("button", { name: /Continue as the demo teacher/ }).click();
  await expect(teacher.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  const confirmed = await teacher.request.put(`/api/admin/bookings/${friendBookingId}`, {
    data: { status: "confirmed" },
  });
  expect(confirmed.status()).toBe(200);
  await teacherContext.close();
  const after = await referrals();
  expect(after.discounts).toHaveLength(before.discounts.length + 1);
  expect(after.discounts.at(-1)).toMatchObject({ percentage: 10, amount: 3.5 });
  expect(after.stats.total_earned).toBeCloseTo(before.stats.total_earned + 3.5, 2);
  await page.reload();
  const discounts = page.getByRole("heading", { name: "Available Discounts" }).locator("..");
  await expect(discounts).toContainText("10% off your next lesson (€3.50)", { timeout: 20_000 });

  await friend.goto("/ref");
  await expect(friend.getByRole("heading", { name: "No Referral Code" })).toBeVisible();
  await friend.goto("/ref?code=NOPE0000");
  await expect(friend).toHaveURL(/\/book$/);
  await friendContext.close();
});

test("screenshots of every page at 390x844 and 1440x900", async ({ page }, info) => {
  test.skip(!isDesktop(info.project.name), "taken once, from the desktop project");
  test.setTimeout(180_000);
  await signIn(page);
  const pages: [string, string][] = [
    ["dashboard", "/student/dashboard"],
    ["lessons", "/student/lessons"],
    ["progress", "/student/progress"],
    ["resources", "/resources/files"],
    ["referrals", "/referrals"],
    ["contact", "/student/contact"],
    ["profile", "/student/profile"],
  ];
  const code = await (await page.request.get("/api/student/referrals"))
    .json()
    .then((b) => b.stats.referral_code as string);
  for (const [w, h] of [
    [390, 844],
    [1440, 900],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    for (const [name, path] of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: `${SHOTS}/${name}-${w}.png`, fullPage: true });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} at ${w}px scrolls sideways`).toBeLessThanOrEqual(0);
    }
    await page.goto("/student/lessons");
    await page.getByRole("button", { name: "Cancel lesson" }).first().click();
    await expect(page.getByText("Left after this")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/cancel-dialog-${w}.png` });
    await page.keyboard.press("Escape");
    await page.goto(`/ref?code=${code}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/ref-${w}.png`, fullPage: true });
    await page.goto("/ref");
    await page.screenshot({ path: `${SHOTS}/ref-missing-${w}.png` });
  }
});

test("requests a cancellation within the policy, then rebooking is offered", async ({ page }, info) => {
  test.skip(!isDesktop(info.project.name), "changes the shared demo data: once, from the desktop project");
  await signIn(page);
  await page.goto("/student/lessons");
  const upcomingTab = page.getByRole("tab", { name: /Upcoming \(\d+\)/ });
  const before = Number((await upcomingTab.textContent())?.match(/\((\d+)\)/)?.[1]);
  const card = page.getByRole("article").filter({ hasText: "Confirmed" }).first();
  await card.getByRole("button", { name: "Cancel lesson" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Free cancellations")).toBeVisible();
  await expect(dialog.getByText("Left after this").locator("..")).toContainText("0");
  await dialog.getByRole("button", { name: "Cancel it and get a free rebooking" }).click();
  await expect(dialog.getByText("Please give a reason for the cancellation.")).toBeVisible();
  await dialog.getByLabel("Reason").fill("Business trip to London");
  await dialog.getByRole("button", { name: "Cancel it and get a free rebooking" }).click();
  await expect(page.getByText("Lesson Cancelled")).toBeVisible();
  await expect(page.getByRole("tab", { name: `Upcoming (${before - 1})` })).toBeVisible();
  await expect(page.getByText("You have 1 free rebooking")).toBeVisible();

  // The second lesson of the 6-lesson package: the allowance is used, so the dialog says why and
  // still offers a path (issue 31, item 6): telling the teacher, the lesson forfeited unless waived.
  await page.getByRole("button", { name: "Cancel lesson" }).first().click();
  await expect(page.getByRole("dialog").getByRole("alert")).toHaveText(
    "You have used the free cancellation of this package.",
  );
  await expect(
    page.getByRole("dialog").getByText(/forfeited \(it counts as taken\) unless your teacher waives it/),
  ).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("button", { name: "Tell the teacher I can't come" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Keep lesson", exact: true }).click();

  // Rebook: pick the first free time and book it at no charge.
  await page.getByRole("button", { name: "Rebook lesson" }).click();
  const rebook = page.getByRole("dialog");
  await expect(rebook.getByText(/at no extra charge/)).toBeVisible();
  await rebook.locator("fieldset button").first().click();
  await rebook.getByRole("button", { name: /^Book / }).click();
  await expect(page.getByText("Lesson Rebooked")).toBeVisible();
  await expect(page.getByRole("tab", { name: `Upcoming (${before})` })).toBeVisible();
  await expect(page.getByText(/free rebooking/)).toHaveCount(0);
});

test("uploads a profile photo with the client checks of the spec", async ({ page }) => {
  await signIn(page);
  await page.goto("/student/profile");
  const input = page.locator("#profile-photo");
  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
  await expect(page.getByText("Invalid File")).toBeVisible();
  await expect(page.getByText("Please select an image file.")).toBeVisible();
  await input.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.getByText("File Too Large")).toBeVisible();
  // A real 1x1 PNG.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  await input.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expect(page.getByText("Profile photo uploaded successfully!")).toBeVisible();
  await expect(page.getByRole("img", { name: "Your profile" })).toHaveAttribute(
    "src",
    /^\/api\/files\/download\/[0-9a-f-]{36}\.png$/,
  );
  // The image really loads for its owner.
  await expect
    .poll(() => page.getByRole("img", { name: "Your profile" }).evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(1);
});

// Issue 17: logout ends on / with the toast and never starts a sign-in, even in a tab without
// the attempt flag (which a successful sign-in clears).
test("logout lands on / signed out with 'Logged Out', and no sign-in starts", async ({ page }) => {
  await signIn(page);
  // The sign-in set the attempt flag; the signed-in status check clears it.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem("studentAuthAttempt"))).toBeNull();
  const signInStarts: string[] = [];
  page.on("request", (request) => {
    if (/\/api\/(student-auth\/google|demo-auth)/.test(request.url())) signInStarts.push(request.url());
  });
  await page.locator("button:visible", { hasText: "Logout" }).click();
  await expect(toast(page, "Logged Out")).toContainText("You have been successfully logged out.");
  await expect(page).toHaveURL(/\/$/);
  // It stays there: no bounce through /student into a new sign-in.
  await page.waitForTimeout(1500);
  await expect(page).toHaveURL(/\/$/);
  expect(signInStarts).toEqual([]);
  expect(await (await page.request.get("/api/student-auth/status")).json()).toMatchObject({ authenticated: false });
  await page.screenshot({ path: `${SHOTS}/logged-out-${page.viewportSize()?.width}.png` });
});

// A session that ends while the student is on a page: the spec's toast and the sign-in card, not
// the provider; signing in again returns to the page.
for (const how of ["the cookie is cleared", "the session is deleted on the server"] as const) {
  test(`a session that expires mid-page (${how}) shows 'Session Expired' and the card`, async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    await signIn(page);
    await expect(page.getByRole("heading", { level: 1, name: /Welcome back/ })).toBeVisible();
    // The dashboard's own calls must have landed first: one answered 401 after the session went
    // would end the session before the click below (the nav it clicks is then gone).
    await page.waitForLoadState("networkidle");
    if (how === "the cookie is cleared") {
      await context.clearCookies();
    } else {
      const cookie = (await context.cookies()).find((c) => c.name === "student_session");
      expect(cookie).toBeDefined();
      const elsewhere = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { cookie: `student_session=${cookie?.value}`, origin: baseURL ?? "" },
      });
      expect((await elsewhere.post("/api/student-auth/logout")).ok()).toBe(true);
      await elsewhere.dispose();
      // The browser still holds the (now dead) cookie.
      expect((await context.cookies()).some((c) => c.name === "student_session")).toBe(true);
    }
    const signInStarts: string[] = [];
    page.on("request", (request) => {
      if (/\/api\/(student-auth\/google|demo-auth)/.test(request.url())) signInStarts.push(request.url());
    });
    await page.getByRole("navigation", { name: "Student area" }).getByRole("link", { name: "My Progress" }).click();
    await expect(toast(page, "Session Expired")).toContainText("Please sign in again.");
    const card = page.getByRole("button", { name: "Continue with Google" });
    await expect(card).toBeVisible();
    await expect(page).toHaveURL(/\/student\?next=%2Fstudent%2Fprogress$/);
    await page.waitForTimeout(1500);
    await expect(card).toBeVisible();
    expect(signInStarts).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/session-expired-${page.viewportSize()?.width}.png` });
    if (test.info().project.name === "desktop") {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/session-expired-390.png` });
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    // Signing in again returns to the page the student was on.
    await card.click();
    await page.getByRole("button", { name: /Continue as the demo student/ }).click();
    await expect(page).toHaveURL(/\/student\/progress$/);
  });
}

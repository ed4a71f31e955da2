// Everyday friction, item 1: a double tap on an action is one request, one change and one
// message. Each test counts the requests the page sent for the procedure, the toasts it showed
// (success and failure), and the change itself, against the embedded demo database.
import { expect, type Page, test } from "@playwright/test";
import { toast } from "./support/booking-steps.ts";
import { signInAsStudent, signInAsTeacher } from "./support/demo-sign-in.ts";
import { pickFreeTime } from "./support/teacher-week.ts";

const SHOTS = "/tmp/shots-double-tap";

/** Counts the tRPC calls of `procedure` the page sends from now on (batched calls included). */
function countCalls(page: Page, procedure: string) {
  const calls = { count: 0 };
  page.on("request", (request) => {
    if (request.method() !== "POST") return;
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith("/api/trpc/")) return;
    const names = decodeURIComponent(pathname.replace("/api/trpc/", "")).split(",");
    calls.count += names.filter((name) => name === procedure).length;
  });
  return calls;
}

/** Lets a second answer arrive and show its toast, if one was sent. */
const settle = (page: Page) => page.waitForLoadState("networkidle").then(() => page.waitForTimeout(500));

test("a double tap on Move to… moves the lesson once: one request, one Lesson Moved, no Move Failed", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "phone", "spends the demo package's one free move: once, from the phone project");
  await signInAsStudent(page);
  await page.goto("/student/lessons");
  await page
    .getByRole("article")
    .filter({ hasText: "Pending" })
    .first()
    .getByRole("button", { name: "Move lesson" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Move this lesson" });
  const firstTime = dialog.locator("fieldset button").first();
  await firstTime.click();
  const moves = countCalls(page, "portal.moveLesson");
  await dialog.getByRole("button", { name: /^Move to / }).dblclick();
  await expect(toast(page, "Lesson Moved")).toHaveCount(1);
  await settle(page);
  expect(moves.count).toBe(1);
  await expect(toast(page, "Lesson Moved")).toHaveCount(1);
  await expect(toast(page, "Move Failed")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/moved-${info.project.name}.png` });
  // One move: the package's one free move is spent once (the page says none are left, not an error).
  await expect(page.getByText(/You have 0 free cancellations or moves left/)).toBeVisible();
});

test("the teacher's double tap on Move Lesson moves once", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "moves the demo data's confirmed lesson: once, from the desktop project");
  await signInAsTeacher(page);
  await page.goto("/admin/bookings");
  await page.getByLabel("Status").selectOption("confirmed");
  await page.getByRole("button", { name: "View Sofia Bianchi's booking" }).first().click();
  await page.getByRole("dialog", { name: "Booking Details" }).getByRole("button", { name: "Move lesson" }).click();
  const move = page.getByRole("dialog", { name: "Move Lesson" });
  const day = new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10);
  await pickFreeTime(move, day, "07:00");
  const updates = countCalls(page, "admin.bookings.update");
  await move.getByRole("button", { name: /^Move to / }).dblclick();
  await expect(toast(page, "Lesson Moved")).toHaveCount(1);
  await settle(page);
  expect(updates.count).toBe(1);
  await expect(toast(page, "Lesson Moved")).toHaveCount(1);
  await expect(toast(page, "Failed to move the lesson.")).toHaveCount(0);
});

test("a double click on Add Note, Share File and Adjust saves each once", async ({ page }, info) => {
  await signInAsTeacher(page);
  const text = `Linking words, ${info.project.name} ${Date.now()}`;

  await page.goto("/admin/notes");
  await page.getByRole("button", { name: "+ Add Note" }).first().click();
  const noteDialog = page.getByRole("dialog", { name: "Add Note" });
  await noteDialog.getByRole("combobox", { name: "Student" }).selectOption({ label: "Sofia Bianchi" });
  await noteDialog.getByRole("textbox", { name: "Note", exact: true }).fill(text);
  const notes = countCalls(page, "admin.notes.create");
  await noteDialog.getByRole("button", { name: "Add Note" }).dblclick();
  await expect(toast(page, "Note added successfully.")).toHaveCount(1);
  await settle(page);
  expect(notes.count).toBe(1);
  await expect(toast(page, "Note added successfully.")).toHaveCount(1);
  await expect(toast(page, "Failed to add note.")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/note-${info.project.name}.png` });
  await page.reload();
  await expect(page.getByRole("listitem").filter({ hasText: text })).toHaveCount(1);

  await page.goto("/admin/files");
  await page.getByRole("button", { name: "+ Share File" }).first().click();
  const share = page.getByRole("dialog", { name: "Share File" });
  await share.getByRole("combobox", { name: "Student" }).selectOption({ label: "Sofia Bianchi" });
  await share.getByRole("textbox", { name: /^Title/ }).fill(text);
  await share.getByRole("textbox", { name: /^File URL/ }).fill("https://example.com/linking-words.pdf");
  const files = countCalls(page, "admin.files.create");
  await share.getByRole("button", { name: "Share File" }).dblclick();
  await expect(toast(page, "File shared successfully!")).toHaveCount(1);
  await settle(page);
  expect(files.count).toBe(1);
  await expect(toast(page, "File shared successfully!")).toHaveCount(1);
  await page.reload();
  await expect(page.getByText(text)).toHaveCount(1);

  await page.goto("/admin/students");
  await page.getByRole("button", { name: "View profile of Sofia Bianchi" }).click();
  const credits = page.getByRole("region", { name: "Prepaid lessons" });
  await credits.getByLabel("Lessons (+ or −)").fill("1");
  await credits.getByLabel("Reason").fill(text);
  const adjustments = countCalls(page, "admin.credits.adjust");
  await credits.getByRole("button", { name: "Adjust" }).dblclick();
  await expect(toast(page, "The lessons were adjusted.")).toHaveCount(1);
  await settle(page);
  expect(adjustments.count).toBe(1);
  await expect(toast(page, "The lessons were adjusted.")).toHaveCount(1);
  // One entry with this reason (counting the list before it has loaded would race the page).
  await expect(credits.getByRole("listitem").filter({ hasText: text })).toHaveCount(1);
});

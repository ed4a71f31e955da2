// A termly report (issue 31, item 5) in Chromium on a laptop and a phone (360 px): the teacher opens
// the demo student's profile, finds the card with the school term's dates, writes a comment,
// previews the PDF and sends it to the family; the mail, with the PDF attached, is read as the
// teacher reads held mail (the e2e server has no SMTP server): GET /api/admin/emails.
// Screenshots go to /tmp/shots-termly/.
// Run: npm run build && E2E_PORT=3410 npx playwright test tests/e2e/termly-report.spec.ts --project desktop --project phone
import { mkdirSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { signInAsTeacher } from "./support/demo-sign-in.ts";

const SHOTS = "/tmp/shots-termly";

test.beforeEach(async ({ page }, info) => {
  if (info.project.name === "phone") await page.setViewportSize({ width: 360, height: 780 });
});

test("the teacher previews a learner's termly report and sends it to the family", async ({ page }, info) => {
  test.setTimeout(60_000);
  const project = info.project.name;
  mkdirSync(SHOTS, { recursive: true });
  await signInAsTeacher(page);
  await page.goto("/admin/students");
  await page.getByLabel("Search students").first().fill("Sofia Bianchi");
  // Hidden copies (the table on a phone, the cards on a laptop) are not buttons to a reader.
  await page.getByRole("button", { name: "View profile of Sofia Bianchi" }).first().click();
  const profile = page.getByRole("dialog", { name: "Sofia Bianchi" });
  const card = profile.getByRole("region", { name: "Termly report" });
  await card.scrollIntoViewIfNeeded();

  // The school term holding today, in the form's date inputs.
  const from = await card.getByLabel("From").inputValue();
  const to = await card.getByLabel("To").inputValue();
  expect(from).toMatch(/^\d{4}-(09|02|07)-01$/);
  expect(to > from).toBe(true);
  await card.getByLabel("Your comment").fill(`Sofia speaks with more confidence in meetings (${project}).`);

  // The preview opens the PDF in a new tab: the link's address answers a PDF.
  const preview = card.getByRole("link", { name: "Preview PDF" });
  await expect(preview).toHaveAttribute("target", "_blank");
  const href = (await preview.getAttribute("href")) ?? "";
  expect(href).toContain(`from=${from}`);
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await card.screenshot({ path: `${SHOTS}/card-${project}.png` });
  // Nothing wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await card.getByRole("button", { name: "Send to the family" }).click();
  const confirm = page.getByRole("dialog", { name: "Send the termly report?" });
  await expect(confirm).toContainText("demo.student@example.com");
  await page.screenshot({ path: `${SHOTS}/confirm-${project}.png` });
  await confirm.getByRole("button", { name: "Send", exact: true }).click();
  // The toast sits outside the open profile dialog, which hides the rest of the page from roles.
  await expect(page.getByText("Termly report sent to demo.student@example.com.").first()).toBeVisible();
  await expect(card).toContainText("Last sent on");

  const answer = await (await page.request.get("/api/admin/emails?limit=50")).json();
  const mails = (answer.emails ?? []) as { to: string; subject: string; attachments: string[] }[];
  const mail = mails.find((m) => m.to === "demo.student@example.com" && /termly report/i.test(m.subject));
  expect(mail?.attachments.some((name) => /^report-sofia-bianchi-.*\.pdf$/.test(name))).toBe(true);
  await card.screenshot({ path: `${SHOTS}/card-sent-${project}.png` });
});

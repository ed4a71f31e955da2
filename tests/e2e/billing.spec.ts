// Issue 30, item 2 in Chromium: the teacher fills in the Billing card of Settings (IBAN, BIC,
// PayPal and Stripe links); a parent books a package and, on the portal's orders, opens "How to pay
// this order": the amount due, the order's reference, the bank transfer with its QR code, the links
// (the Stripe one carrying the reference), cash.
// The booking's confirmation shows the same at once, and the emails' ?pay=<order> link opens it.
// Run: npm run build && E2E_PORT=3365 npx playwright test tests/e2e/billing.spec.ts --project desktop --project phone
import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { choosePackage, fillDetails, pickSlots } from "./support/booking-steps.ts";
import { signInAsStudent, signInAsTeacher } from "./support/demo-sign-in.ts";

const SHOTS = "/tmp/shots-billing";
mkdirSync(SHOTS, { recursive: true });
const OWED_SHOTS = "/tmp/shots-owed";
mkdirSync(OWED_SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${test.info().project.name}-${name}.png`, fullPage: true });

test("the teacher's billing details become the order's bank transfer with its QR code", async ({ page, browser }) => {
  test.setTimeout(150_000);

  const teacherContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const teacher = await teacherContext.newPage();
  await teacher.goto("/admin");
  await teacher.getByRole("button", { name: "Sign in with Google" }).click();
  await teacher.getByRole("button", { name: /Continue as the demo teacher/ }).click();
  await expect(teacher.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await teacher.goto("/admin/settings");
  const billing = teacher.getByRole("heading", { name: "Billing" }).locator("..");
  await billing.getByLabel("Fiscal regime").selectOption("forfettario");
  await billing.getByLabel("Legal name").fill("Giulia Bianchi");
  await billing.getByLabel("Tax code (codice fiscale)").fill("BNCGLI85C45F205B");
  // The projects share one server: start from no VAT number, whatever an earlier run saved.
  await billing.getByLabel("VAT number (partita IVA)").fill("");
  // A wrong IBAN is refused with the reason, then forfettario without a VAT number; nothing is saved.
  await billing.getByLabel("IBAN").fill("IT60 X054 2811 1010 0000 0123 457");
  await teacher.getByRole("button", { name: "Save Changes" }).click();
  await expect(teacher.getByRole("alert").filter({ hasText: "The IBAN is not valid." }).first()).toBeVisible();
  await billing.getByLabel("IBAN").fill("it60 x054 2811 1010 0000 0123 456");
  await teacher.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    teacher
      .getByRole("alert")
      .filter({ hasText: "The flat-rate regime (forfettario) needs your VAT number (partita IVA)." })
      .first(),
  ).toBeVisible();
  await billing.getByLabel("VAT number (partita IVA)").fill("12345670017");
  await billing.getByLabel("BIC (optional)").fill("BPPIITRRXXX");
  await billing.getByLabel("PayPal link (optional)").fill("https://paypal.me/giuliabianchi");
  await billing.getByLabel("Card payment link (optional)").fill("https://buy.stripe.com/test_abc123");
  await teacher.getByRole("button", { name: "Save Changes" }).click();
  await expect(teacher.getByText("Settings saved successfully!").first()).toBeVisible();
  await expect(billing.getByLabel("IBAN")).toHaveValue("IT60X0542811101000000123456");
  await billing.screenshot({ path: `${SHOTS}/${test.info().project.name}-1-billing-card.png` });
  await teacherContext.close();

  // A parent books the five-lesson package.
  await page.goto("/student");
  await page.getByRole("button", { name: /Continue as the demo student/ }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  await choosePackage(page, "Online Starter");
  await pickSlots(page, 5);
  await page.getByRole("button", { name: /^Continue/ }).click();
  await fillDetails(page);
  // The flat-rate regime's invoice names who pays (issue 30, item 3): the details step asks for
  // their fiscal data, once. The phone run books on the same data, where they are given already.
  const payer = page.getByRole("group", { name: "Billing details for the invoice" });
  if (test.info().project.name === "desktop") {
    await expect(payer.getByLabel("First and last name")).toHaveValue("Sofia Bianchi");
    await payer.getByLabel("Tax code (codice fiscale)").fill("BNCSFO90A41F205A");
    await payer.getByLabel("Street address").fill("Via Padova 3");
    await payer.getByLabel("Postcode (CAP)").fill("20127");
    await payer.getByLabel("City").fill("Milano");
    await payer.getByLabel("Province (e.g. MI)").fill("MI");
    await page.getByRole("button", { name: "Book Lesson" }).click();
    await expect(page.getByText("The tax code (codice fiscale) is not valid.").first()).toBeVisible();
    await expect(page).toHaveURL(/\/book\/details$/);
    await payer.getByLabel("Tax code (codice fiscale)").fill("bncsfo90a41f205i");
    await payer.screenshot({ path: `${SHOTS}/${test.info().project.name}-1b-details-payer.png` });
  } else {
    await expect(page.getByLabel("Learning goals")).toBeVisible();
    await expect(payer).toHaveCount(0);
  }
  await page.getByRole("button", { name: "Book Lesson" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bookings Requested!" })).toBeVisible();

  // The confirmation says how to pay at once (issue 30, item 2): the amount, the reference, the
  // bank transfer with its QR code (the server's SVG as an image), the link and cash.
  const howToPay = page.getByRole("region", { name: "How to pay" });
  await expect(howToPay).toContainText(/ORD-\d{4,}/);
  await expect(howToPay).toContainText("€160");
  const booked = howToPay.getByRole("region", { name: "Bank transfer" });
  await expect(booked).toContainText("IT60 X054 2811 1010 0000 0123 456");
  await expect(booked).toContainText("BPPIITRRXXX");
  const bookedQr = booked.getByRole("img", {
    name: /^QR code for a bank transfer of €160.* with the reference ORD-\d{4,}$/,
  });
  await expect(bookedQr).toBeVisible();
  expect(await bookedQr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(await bookedQr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(howToPay.getByRole("link", { name: "Pay with PayPal" })).toHaveAttribute(
    "href",
    "https://paypal.me/giuliabianchi",
  );
  await expect(howToPay.getByText("Cash is also accepted.")).toBeVisible();
  await howToPay.scrollIntoViewIfNeeded();
  await howToPay.screenshot({ path: `${OWED_SHOTS}/${test.info().project.name}-1-confirmation-how-to-pay.png` });
  await page.screenshot({ path: `${OWED_SHOTS}/${test.info().project.name}-0-confirmation.png`, fullPage: true });
  const calendarLink = await page.getByRole("link", { name: /all 5 lessons/i }).getAttribute("href");
  const orderId = /\/api\/calendar\/order\/([0-9a-f-]+)\/ics/.exec(calendarLink ?? "")?.[1];
  expect(orderId).toBeTruthy();

  // The package is five lesson credits, all five used by the lessons just booked (issue 30, item 1):
  // the dashboard says so, and opened, lists the ledger's entries newest first.
  await page.goto("/student/dashboard");
  const credits = page.locator("details").filter({ hasText: /lessons left, valid until/ });
  // The desktop run is the first on the demo data: its five lessons all used. The phone run books
  // five more on the same data, after the desktop run's adjustment below.
  await expect(credits.locator("summary")).toHaveText(
    test.info().project.name === "desktop"
      ? /^0 of 5 lessons left, valid until \w{3} \d{1,2}, \d{4}$/
      : /^\d+ of \d+ lessons left, valid until \w{3} \d{1,2}, \d{4}$/,
  );
  await credits.locator("summary").click();
  const entries = credits.getByRole("list", { name: "Your lesson credits, newest first" }).getByRole("listitem");
  await expect(entries.first()).toContainText("Lesson booked");
  await expect(entries.first()).toContainText("-1 lesson");
  await expect(entries.filter({ hasText: "Package bought" }).first()).toContainText("+5 lessons");
  await shot(page, "0-dashboard-credits");

  // The portal's orders: the newest first, with how to pay it.
  await page.goto("/student/lessons");
  const order = page.getByRole("article", { name: "Order: Online Starter" }).first();
  await order.getByText("How to pay this order").click();
  await expect(order.getByText(/^ORD-\d{4,}$/).first()).toBeVisible();
  const reference = await order
    .getByText(/^ORD-\d{4,}$/)
    .first()
    .textContent();
  const transfer = order.getByRole("region", { name: "Bank transfer" });
  await expect(transfer).toContainText("IT60 X054 2811 1010 0000 0123 456");
  await expect(transfer).toContainText("BPPIITRRXXX");
  await expect(transfer).toContainText("Giulia Bianchi");
  await expect(transfer).toContainText("€160");
  const qr = transfer.getByRole("img", {
    name: /^QR code for a bank transfer of €160.* with the reference ORD-\d{4,}$/,
  });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(order.getByRole("link", { name: "Pay with PayPal" })).toHaveAttribute(
    "href",
    "https://paypal.me/giuliabianchi",
  );
  // The Stripe Payment Link carries the order's reference, which Stripe's webhook reports back.
  await expect(order.getByRole("link", { name: "Pay by card" })).toHaveAttribute(
    "href",
    `https://buy.stripe.com/test_abc123?client_reference_id=${reference}`,
  );
  await expect(order.getByText("Cash is also accepted.")).toBeVisible();
  await expect(order.getByRole("link", { name: "Pay with Satispay" })).toHaveCount(0);
  await order.screenshot({ path: `${SHOTS}/${test.info().project.name}-2-how-to-pay.png` });
  await shot(page, "3-orders-page");

  // The emails' link, ?pay=<order>, opens that order's payment on the orders.
  await page.goto(`/student/lessons?pay=${orderId}`);
  const opened = page.locator(`details[open]:has(#order-${orderId}-transfer)`);
  await expect(opened.getByRole("region", { name: "Bank transfer" })).toContainText(
    "IT60 X054 2811 1010 0000 0123 456",
  );
  await expect(opened.getByRole("region", { name: "Bank transfer" })).toBeInViewport();
  await page.screenshot({ path: `${OWED_SHOTS}/${test.info().project.name}-2-portal-pay-link.png` });
});

test("the payer gives their billing details on the profile; a wrong tax code is refused", async ({ page }) => {
  await page.goto("/student");
  await page.getByRole("button", { name: /Continue as the demo student/ }).click();
  await expect(page).toHaveURL(/\/student\/dashboard$/);
  await page.goto("/student/profile");
  const card = page.getByRole("form", { name: "Billing details" });
  await card.getByLabel("Who pays").selectOption("person");
  await card.getByLabel("First and last name").fill("Laura D'Angelo");
  await card.getByLabel("Tax code (codice fiscale)").fill("DNGLRA80E50F205A");
  await card.getByLabel("Street address").fill("Via Padova 3");
  await card.getByLabel("Postcode (CAP)").fill("20127");
  await card.getByLabel("City").fill("Milano");
  await card.getByLabel("Province (e.g. MI)").fill("MI");
  await card.getByRole("button", { name: "Save billing details" }).click();
  await expect(card.getByRole("alert")).toHaveText("The tax code (codice fiscale) is not valid.");
  await card.getByLabel("Tax code (codice fiscale)").fill("dnglra80e50f205h");
  await card.getByRole("button", { name: "Save billing details" }).click();
  await expect(page.getByText("Billing details saved").first()).toBeVisible();
  await expect(card.getByRole("alert")).toHaveCount(0);
  await expect(card.getByLabel("Tax code (codice fiscale)")).toHaveValue("DNGLRA80E50F205H");
  // A company asks for its VAT number and SdI code or PEC.
  await card.getByLabel("Who pays").selectOption("company");
  await expect(card.getByLabel("SdI recipient code")).toBeVisible();
  await card.screenshot({ path: `${SHOTS}/${test.info().project.name}-4-billing-details.png` });
  await page.reload();
  await expect(page.getByRole("form", { name: "Billing details" }).getByLabel("Tax code (codice fiscale)")).toHaveValue(
    "DNGLRA80E50F205H",
  );
});

test("the teacher reads a student's prepaid lessons and adjusts them with a reason", async ({ page }) => {
  await page.goto("/admin");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.getByRole("button", { name: /Continue as the demo teacher/ }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await page.goto("/admin/students");
  await page.getByRole("button", { name: "View profile of Sofia Bianchi" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Sofia Bianchi" });
  const credits = dialog.getByRole("region", { name: "Prepaid lessons" });
  await expect(credits).toContainText(/lessons? left, valid until/);
  await expect(credits.getByRole("listitem").filter({ hasText: "Package bought" }).first()).toContainText("+5 lessons");
  const left = Number((await credits.locator("p").first().textContent())?.match(/^(\d+) lessons? left/)?.[1]);
  expect(left).toBeGreaterThanOrEqual(0);
  // A reason is required; then the adjustment is one more entry, and the balance follows.
  await credits.getByLabel("Lessons (+ or −)").fill("1");
  await credits.getByLabel("Reason").fill("A lesson given as a gift for the exam");
  await credits.getByRole("button", { name: "Adjust" }).click();
  await expect(page.getByText("The lessons were adjusted.").first()).toBeVisible();
  await expect(credits.locator("p").first()).toHaveText(new RegExp(`^${left + 1} lessons? left, valid until`));
  const newest = credits.getByRole("listitem").first();
  await expect(newest).toContainText("Adjusted");
  await expect(newest).toContainText("A lesson given as a gift for the exam");
  await expect(newest).toContainText("+1 lesson");
  await shot(page, "5-admin-credits");
});

test("the teacher records a payment and downloads the invoice; the parent downloads its courtesy copy", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // The first test left the teacher on the flat-rate regime with her IBAN, the second the demo
  // student's billing details: a payment now issues a FatturaPA invoice.
  const teacherContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    acceptDownloads: true,
  });
  const teacher = await teacherContext.newPage();
  await signInAsTeacher(teacher);
  // An invoice prints her address: the flat-rate regime asks for it before the first one.
  await teacher.goto("/admin/settings");
  const billing = teacher.getByRole("heading", { name: "Billing" }).locator("..");
  await billing.getByLabel("Street address").fill("Via Dante 1");
  await billing.getByLabel("Postcode (CAP)").fill("20121");
  await billing.getByLabel("City").fill("Milano");
  await billing.getByLabel("Province (e.g. MI)").fill("MI");
  await teacher.getByRole("button", { name: "Save Changes" }).click();
  await expect(teacher.getByText("Settings saved successfully!").first()).toBeVisible();
  await teacher.goto("/admin/orders");
  const order = teacher.getByRole("article", { name: "Order of Sofia Bianchi: Online Starter" }).first();
  await order.getByRole("button", { name: "Record payment" }).click();
  const dialog = teacher.getByRole("dialog", { name: "Payments" });
  await dialog.getByLabel("Method").selectOption("bank_transfer");
  await dialog.getByRole("button", { name: "Add payment" }).click();
  await expect(teacher.getByText("Payment added.").first()).toBeVisible();
  const documents = dialog.getByRole("region", { name: "Receipts and invoices" });
  const invoice = documents.getByRole("listitem").filter({ hasText: "Invoice" }).last();
  await expect(invoice).toContainText(/\d{4}\/\d+/);
  const number = (await invoice.locator("strong").textContent()) ?? "";
  await teacher.screenshot({ path: `${SHOTS}/${test.info().project.name}-6-order-invoice.png` });

  const [xml] = await Promise.all([
    teacher.waitForEvent("download"),
    invoice.getByRole("link", { name: `Download the electronic invoice ${number} (FatturaPA XML)` }).click(),
  ]);
  expect(xml.suggestedFilename()).toMatch(/^IT12345670017_[0-9A-Z]{5}\.xml$/);
  const [pdf] = await Promise.all([
    teacher.waitForEvent("download"),
    invoice.getByRole("link", { name: `Download document ${number} as PDF` }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`fattura-${number.replace("/", "-")}.pdf`);

  // The year's documents, with the accountant's files.
  await teacher.goto("/admin/documents");
  await expect(teacher.getByRole("heading", { name: "Receipts and invoices" }).first()).toBeVisible();
  // The table on a laptop, the cards on a phone: only one of the two is shown.
  await expect(teacher.getByText(number, { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(teacher.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", /export\.csv\?year=\d{4}$/);
  await expectNoSeriousViolations(teacher, "admin documents");
  await shot(teacher, "7-admin-documents");
  await teacherContext.close();

  // The parent finds it in the portal and downloads the courtesy copy.
  await signInAsStudent(page);
  await page.goto("/student/lessons");
  const section = page.getByRole("region", { name: /^Receipts and invoices/ });
  await expect(section).toContainText("courtesy copy");
  const row = section.getByRole("listitem").filter({ hasText: `Invoice ${number}` });
  const [copy] = await Promise.all([
    page.waitForEvent("download"),
    row.getByRole("link", { name: `Download document ${number} as PDF` }).click(),
  ]);
  expect(copy.suggestedFilename()).toBe(`fattura-${number.replace("/", "-")}.pdf`);
  await section.screenshot({ path: `${SHOTS}/${test.info().project.name}-8-portal-documents.png` });
});

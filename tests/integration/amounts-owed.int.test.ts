// Issue 30, item 2: amounts owed on the confirmation, in the order email and in a reminder. The
// booking's answer carries how to pay (amount due, reference, bank transfer with its QR code); the
// order email says the same and carries the EPC QR code as a PNG; the payer of an order nothing was
// paid on is reminded once, `business.paymentReminderDays` before its first lesson, in the order's
// language, through the real SMTP server. PGlite and PostgreSQL.
import jsQR from "jsqr";
import type { DateTime } from "luxon";
import { PNG } from "pngjs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { epcPayload } from "../../server/features/billing/epc-qr.ts";
import { sendPaymentReminders } from "../../server/features/booking/payment-reminder.service.ts";
import { createSmtpTransport, processOutbox } from "../../server/features/mail/mail.service.ts";
import { mailEuro } from "../../server/features/mail/mail-format.ts";
import { iso, prepareBookingApp, romeDay, studentInfo, type TestUser } from "../helpers/booking-factory.ts";
import { type SmtpSink, startSmtpSink } from "../helpers/smtp-sink.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
let sink: SmtpSink;
const DAY_MS = 86_400_000;
const IBAN = "IT60X0542811101000000123456";

const billing = {
  regime: "forfettario",
  legalName: "Giulia Bianchi",
  taxCode: "BNCGLI85C45F205B",
  vatNumber: "12345670017",
  address: { street: "Via Dante 1", zip: "20121", city: "Milano", province: "MI", country: "IT" },
  iban: IBAN,
  bic: "BPPIITRRXXX",
  satispayLink: "",
  paypalLink: "https://paypal.me/giuliabianchi",
  cardLink: "",
};

async function currentSettings() {
  const response = await t.send("GET", "/api/admin/settings", { as: t.admin });
  expect(response.statusCode).toBe(200);
  return response.json().settings;
}
async function saveSettings(change: { business?: object; billing?: object }) {
  const settings = await currentSettings();
  return t.send("PUT", "/api/admin/settings", {
    as: t.admin,
    payload: {
      settings: {
        ...settings,
        business: { ...settings.business, bufferBetweenLessons: 30, ...change.business },
        billing: change.billing ?? settings.billing,
      },
    },
  });
}

/** Each test books on its own day, four days from the others: a 3-day window sees one test's order. */
let nextDay = 2;
async function bookOne(student: TestUser, locale: "en" | "it" = "en") {
  nextDay += 4;
  const start = romeDay(nextDay, 10);
  await t.addAvailability(start, 1);
  const response = await t.send("POST", "/api/bookings", {
    as: student,
    payload: {
      studentInfo: studentInfo({ name: student.name }),
      lesson_date: iso(start),
      lessonType: "online",
      teacher_id: t.teacherId,
      locale,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json(), start, orderId: response.json().order.id as string };
}

const remindAt = (at: DateTime | Date) =>
  sendPaymentReminders(db(), { publicUrl: t.env.PUBLIC_URL, now: at instanceof Date ? at : at.toJSDate() });
const daysBefore = (start: DateTime, days: number) => new Date(start.toMillis() - days * DAY_MS);
const remindersTo = (email: string) =>
  db().outboxEmail.findMany({ where: { toAddress: email, kind: "payment_reminder" } });

const deliver = () =>
  processOutbox({
    db: db(),
    transport: createSmtpTransport(sink.url, "Giulia <lessons@giulia.test>"),
    host: "localhost",
  });
/** The raw message with quoted-printable soft breaks undone. */
const plain = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

type Attachment = { filename: string; contentType: string; content: string; encoding?: string; cid?: string };
const qrOf = (mail: { attachments: unknown }) =>
  ((mail.attachments as Attachment[] | null) ?? []).find((a) => a.contentType === "image/png");
function decodeQr(base64: string) {
  const png = PNG.sync.read(Buffer.from(base64, "base64"));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

beforeAll(async () => {
  sink = await startSmtpSink();
  await t.setSettings({ bufferBetweenLessons: 0, autoConfirmBookings: false });
  expect((await saveSettings({ billing })).statusCode).toBe(200);
});
afterAll(async () => {
  await sink?.stop();
});
beforeEach(async () => {
  sink.received.length = 0;
  await db().outboxEmail.deleteMany();
  await t.setSettings({ bufferBetweenLessons: 0 });
  await db().adminSettings.update({ where: { id: "site" }, data: { paymentReminderDays: 3 } });
});

describe(`how to pay, in the booking's answer and the order email, on ${testEngine}`, () => {
  it("the booking answers with the amount due, the reference and the bank transfer with its QR code", async () => {
    const student = await t.createStudent();
    const { body, orderId } = await bookOne(student);
    const order = await db().bookingOrder.findUniqueOrThrow({ where: { id: orderId }, select: { number: true } });
    const reference = `ORD-${String(order.number).padStart(4, "0")}`;
    expect(body.payment).toMatchObject({
      amountDue: body.order.totalPrice,
      reference,
      methods: {
        bankTransfer: {
          iban: IBAN,
          bic: "BPPIITRRXXX",
          name: "Giulia Bianchi",
          reference,
          amount: body.order.totalPrice,
        },
        paypal: "https://paypal.me/giuliabianchi",
        satispay: null,
        card: null,
        cash: true,
      },
    });
    expect(body.payment.methods.bankTransfer.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The spec's fields are all still there: `payment` is one more.
    expect(Object.keys(body).sort()).toEqual(["booking", "order", "payment"]);
    // What the order page says of the same order.
    const page = await t.send("GET", `/api/student/orders/${orderId}`, { as: student });
    expect(page.json().payment).toEqual(body.payment);
  });

  it("a package's answer carries it too, and a retry answers the same", async () => {
    const student = await t.createStudent();
    nextDay += 4;
    const day = romeDay(nextDay, 9);
    await t.addAvailability(day, 5);
    const payload = {
      studentInfo: studentInfo({ name: student.name }),
      lesson_dates: [0, 1, 2, 3, 4].map((h) => iso(day.plus({ hours: h }))),
      lessonType: "online",
      teacher_id: t.teacherId,
      packageInfo: { id: "online-5", name: "Online Starter", lessons: 5, totalPrice: 1 },
    };
    const first = await t.send("POST", "/api/bookings/package", { as: student, payload });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(["bookings", "order", "payment"]);
    expect(body.payment.amountDue).toBe(body.order.totalPrice);
    expect(body.payment.reference).toMatch(/^ORD-\d{4,}$/);
    // The same lessons booked again by their student (a double click): the first order, its reference.
    const again = await t.send("POST", "/api/bookings/package", { as: student, payload });
    expect(again.statusCode).toBe(200);
    expect(again.json().order.id).toBe(body.order.id);
    expect(again.json().payment.reference).toBe(body.payment.reference);
  });

  it("the order email states the amount, the reference and the IBAN, and carries the QR code as a PNG", async () => {
    const student = await t.createStudent();
    const { body } = await bookOne(student);
    const { reference, amountDue } = body.payment;
    const [mail] = await db().outboxEmail.findMany({ where: { toAddress: student.email, kind: "booking_created" } });
    expect(mail.textBody).toContain(`Amount due: €${amountDue.toFixed(2)}.`);
    expect(mail.textBody).toContain(`Reference: ${reference}.`);
    expect(mail.textBody).toContain("IBAN: IT60 X054 2811 1010 0000 0123 456");
    expect(mail.textBody).toContain("Beneficiary: Giulia Bianchi");
    expect(mail.textBody).toContain("Pay with PayPal: https://paypal.me/giuliabianchi");
    expect(mail.textBody).toContain("Cash is also accepted.");
    expect(mail.textBody).toContain(`${t.env.PUBLIC_URL}/student/lessons?pay=${body.order.id}`);
    // The QR code decodes to the transfer's EPC payload: amount and reference included.
    const qr = qrOf(mail);
    expect(qr).toMatchObject({ filename: "bank-transfer-qr.png", encoding: "base64", cid: "payment-qr" });
    const expected = epcPayload({
      bic: "BPPIITRRXXX",
      name: "Giulia Bianchi",
      iban: IBAN,
      amountCents: Math.round(amountDue * 100),
      reference,
    });
    expect(decodeQr(qr?.content ?? "")).toBe(expected);
    // Through the real SMTP server: the text and the image.
    expect(await deliver()).toBeGreaterThanOrEqual(1);
    const raw = plain(sink.received.find((m) => m.to[0] === student.email)?.raw ?? "");
    expect(raw).toContain(`Reference: ${reference}.`);
    expect(raw).toMatch(/Content-Type: image\/png; name=bank-transfer-qr\.png/i);
    expect(raw).toMatch(/Content-ID: <payment-qr>/i);
  });

  it("an Italian order's email says it in Italian", async () => {
    const student = await t.createStudent();
    const { body } = await bookOne(student, "it");
    const [mail] = await db().outboxEmail.findMany({ where: { toAddress: student.email, kind: "booking_created" } });
    expect(mail.textBody).toContain(`Causale: ${body.payment.reference}. Indicala nel pagamento`);
    expect(mail.textBody).toContain("Bonifico bancario:");
    expect(mail.textBody).toContain("BIC/SWIFT: BPPIITRRXXX");
    expect(mail.textBody).toContain("Puoi pagare anche in contanti.");
  });
});

describe(`the payment reminder on ${testEngine}`, () => {
  it("is sent once, the setting's days before the first lesson, with how to pay, through SMTP", async () => {
    const student = await t.createStudent();
    const { body, start, orderId } = await bookOne(student);
    // Too early: four days before, with a three-day setting.
    expect(await remindAt(daysBefore(start, 4))).toEqual({ reminded: 0 });
    expect(await remindersTo(student.email)).toHaveLength(0);
    // Two days before: once.
    const at = daysBefore(start, 2);
    // Two passes at once (two processes): one reminder.
    const both = await Promise.all([remindAt(at), remindAt(at)]);
    expect(both.map((r) => r.reminded).sort()).toEqual([0, 1]);
    expect(await remindAt(at)).toEqual({ reminded: 0 });
    expect(await remindAt(daysBefore(start, 1))).toEqual({ reminded: 0 });
    const [mail] = await remindersTo(student.email);
    expect(mail.subject).toBe(
      `Payment reminder: €${body.payment.amountDue.toFixed(2)} for order ${body.payment.reference}`,
    );
    expect(mail.textBody).toContain(`nothing has been paid yet for order ${body.payment.reference}`);
    expect(mail.textBody).toContain("IBAN: IT60 X054 2811 1010 0000 0123 456");
    expect(mail.textBody).toContain(`${t.env.PUBLIC_URL}/student/lessons?pay=${orderId}`);
    expect(qrOf(mail)?.filename).toBe("bank-transfer-qr.png");
    const stored = await db().bookingOrder.findUniqueOrThrow({
      where: { id: orderId },
      select: { paymentReminderSentAt: true },
    });
    expect(stored.paymentReminderSentAt?.toISOString()).toBe(at.toISOString());
    await deliver();
    // The outbox row's id is the message's Message-ID.
    const received = sink.received.filter((m) => m.raw.includes(`Message-ID: <${mail.id}@localhost>`));
    expect(received).toHaveLength(1);
    expect(plain(received[0].raw)).toContain(`Reference: ${body.payment.reference}.`);
  });

  it("is in Italian for an order made in Italian", async () => {
    const student = await t.createStudent();
    const { body, start } = await bookOne(student, "it");
    expect(await remindAt(daysBefore(start, 2))).toEqual({ reminded: 1 });
    const [mail] = await remindersTo(student.email);
    expect(mail.subject).toBe(
      `Promemoria di pagamento: ${mailEuro("it", body.payment.amountDue)} per l'ordine ${body.payment.reference}`,
    );
    expect(mail.textBody).toContain(`per l'ordine ${body.payment.reference} non risulta ancora nessun pagamento`);
    expect(mail.textBody).toContain("Bonifico bancario:");
    expect(mail.textBody).toContain("Se hai già pagato, grazie");
  });

  it("is not sent for an order paid, or partly paid", async () => {
    const student = await t.createStudent();
    const { start, orderId } = await bookOne(student);
    const put = await t.send("POST", `/api/admin/orders/${orderId}/payments`, {
      as: t.admin,
      payload: { amount: 10, method: "cash", date: new Date().toISOString().slice(0, 10) },
    });
    expect(put.statusCode, put.body).toBe(201);
    expect(await remindAt(daysBefore(start, 2))).toEqual({ reminded: 0 });
    expect(await remindersTo(student.email)).toHaveLength(0);
  });

  it("is not sent when the setting is 0, nor for a declined order", async () => {
    const off = await t.createStudent();
    const first = await bookOne(off);
    await db().adminSettings.update({ where: { id: "site" }, data: { paymentReminderDays: 0 } });
    expect(await remindAt(daysBefore(first.start, 2))).toEqual({ reminded: 0 });
    await db().adminSettings.update({ where: { id: "site" }, data: { paymentReminderDays: 3 } });

    const declined = await t.createStudent();
    const second = await bookOne(declined);
    const response = await t.send("PUT", `/api/admin/orders/${second.orderId}`, {
      as: t.admin,
      payload: { status: "cancelled" },
    });
    expect(response.statusCode).toBe(200);
    expect(await remindAt(daysBefore(second.start, 2))).toEqual({ reminded: 0 });
    expect(await remindersTo(off.email)).toHaveLength(0);
    expect(await remindersTo(declined.email)).toHaveLength(0);
  });

  it("the setting is read and saved in GET/PUT /api/admin/settings, 0 to 30, refused otherwise in both languages", async () => {
    expect((await currentSettings()).business.paymentReminderDays).toBe(3);
    const saved = await saveSettings({ business: { paymentReminderDays: 0 } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.business.paymentReminderDays).toBe(0);
    const refused = await saveSettings({ business: { paymentReminderDays: 31 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(
      "The payment reminder must be a whole number of days from 0 (no reminder) to 30.",
    );
    const settings = await currentSettings();
    const italian = await t.send("PUT", "/api/admin/settings", {
      as: t.admin,
      headers: { "accept-language": "it" },
      payload: { settings: { ...settings, business: { ...settings.business, paymentReminderDays: -1 } } },
    });
    expect(italian.statusCode).toBe(400);
    expect(italian.json().error).toBe(
      "Il promemoria di pagamento deve essere un numero intero di giorni da 0 (nessun promemoria) a 30.",
    );
    // Absent: what is saved stays.
    const { paymentReminderDays: _absent, ...business } = settings.business;
    const kept = await t.send("PUT", "/api/admin/settings", {
      as: t.admin,
      payload: { settings: { ...settings, business } },
    });
    expect(kept.json().settings.business.paymentReminderDays).toBe(0);
  });
});

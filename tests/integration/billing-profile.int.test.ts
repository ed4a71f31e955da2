// Issue 30, items 2 and 3: the teacher's billing profile (settings.billing), how a family pays an
// order (payment: amount due, reference, methods with the EPC QR code) and the payer's fiscal
// data on the student's profile. PGlite and PostgreSQL.
import { DateTime } from "luxon";
import { beforeEach, describe, expect, it } from "vitest";
import { bookOnlinePackage, prepareBookingApp, romeDay, type TestUser } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;

const IBAN = "IT60X0542811101000000123456";
const validBilling = {
  regime: "forfettario",
  legalName: "Giulia Bianchi",
  taxCode: "bncgli85c45f205b",
  vatNumber: "IT 12345670017",
  address: { street: "Via Dante 1", zip: "20121", city: "Milano", province: "mi", country: "IT" },
  iban: "it60 x054 2811 1010 0000 0123 456",
  bic: "bppiitrrxxx",
  satispayLink: "https://web.satispay.com/app/match/link/user/giulia",
  paypalLink: "https://paypal.me/giuliabianchi",
  cardLink: "https://buy.stripe.com/test_abc123",
};

/** The saved settings, as the page sends them back (the packages here book back to back, with no buffer). */
async function currentSettings() {
  const response = await t.send("GET", "/api/admin/settings", { as: t.admin });
  expect(response.statusCode).toBe(200);
  const { settings } = response.json();
  return { ...settings, business: { ...settings.business, bufferBetweenLessons: 30 } };
}
async function saveBilling(billing: object) {
  const settings = await currentSettings();
  return t.send("PUT", "/api/admin/settings", { as: t.admin, payload: { settings: { ...settings, billing } } });
}

let nextDay = 3;
async function bookPackage(student: TestUser) {
  nextDay += 2;
  return (await bookOnlinePackage(t, student, romeDay(nextDay, 9))).order.id;
}

async function bookPackageNoBuffer(student: TestUser) {
  await t.setSettings({ bufferBetweenLessons: 0 });
  return bookPackage(student);
}

beforeEach(async () => {
  await t.setSettings({ bufferBetweenLessons: 0, autoConfirmBookings: false });
  await db().billingProfile.deleteMany();
});

describe(`the teacher's billing profile on ${testEngine}`, () => {
  it("is empty at first, and a valid profile is saved normalised and returned", async () => {
    expect((await currentSettings()).billing).toMatchObject({ regime: "none", iban: "", vatNumber: "" });
    const response = await saveBilling(validBilling);
    expect(response.statusCode).toBe(200);
    const expected = {
      ...validBilling,
      taxCode: "BNCGLI85C45F205B",
      vatNumber: "12345670017",
      iban: IBAN,
      bic: "BPPIITRRXXX",
      address: { ...validBilling.address, province: "MI" },
      // Not sent: documents are issued as payments are recorded.
      issueDocuments: "on_payment",
    };
    expect(response.json().settings.billing).toEqual(expected);
    expect((await currentSettings()).billing).toEqual(expected);
    // The other cards are untouched, and a client that does not send billing keeps it.
    const { billing: _kept, ...rest } = await currentSettings();
    const again = await t.send("PUT", "/api/admin/settings", { as: t.admin, payload: { settings: rest } });
    expect(again.statusCode).toBe(200);
    expect(again.json().settings.billing).toEqual(expected);
  });

  it.each([
    ["a bad tax code", { taxCode: "BNCGLI85C45F205X" }, "The tax code (codice fiscale) is not valid."],
    ["a bad VAT number", { vatNumber: "12345670018" }, "The VAT number (partita IVA) is not valid."],
    ["a bad IBAN", { iban: "IT60X0542811101000000123457" }, "The IBAN is not valid."],
    ["a bad BIC", { bic: "BP1" }, "The BIC is not valid."],
    ["an http link", { paypalLink: "http://paypal.me/giulia" }, "Payment links must be https:// addresses."],
    [
      "forfettario without a VAT number",
      { vatNumber: "" },
      "The flat-rate regime (forfettario) needs your VAT number (partita IVA).",
    ],
    ["an unknown regime", { regime: "ordinario" }, "Please choose a fiscal regime: forfettario, occasionale or none."],
  ])("refuses %s with a clear message and saves nothing", async (_what, change, message) => {
    const response = await saveBilling({ ...validBilling, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect(await db().billingProfile.findUnique({ where: { id: "site" } })).toBeNull();
  });

  it("refuses in Italian for an Italian page", async () => {
    const settings = await currentSettings();
    const response = await t.send("PUT", "/api/admin/settings", {
      as: t.admin,
      headers: { "accept-language": "it" },
      payload: { settings: { ...settings, billing: { ...validBilling, iban: "IT00X0542811101000000123456" } } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("L'IBAN non è valido.");
  });

  it("takes occasionale or none without a VAT number", async () => {
    const response = await saveBilling({ ...validBilling, regime: "occasionale", vatNumber: "" });
    expect(response.statusCode).toBe(200);
    expect(response.json().settings.billing).toMatchObject({ regime: "occasionale", vatNumber: "" });
  });
});

describe(`how a family pays an order on ${testEngine}`, () => {
  it("shows the amount due, the reference and a bank transfer with its EPC QR code", async () => {
    expect((await saveBilling(validBilling)).statusCode).toBe(200);
    const student = await t.createStudent();
    const orderId = await bookPackageNoBuffer(student);
    const row = await db().bookingOrder.findUniqueOrThrow({ where: { id: orderId } });
    const response = await t.send("GET", `/api/student/orders/${orderId}`, { as: student });
    expect(response.statusCode).toBe(200);
    const { payment, payment_instructions } = response.json();
    const reference = `ORD-${String(row.number).padStart(4, "0")}`;
    const euros = `${Math.floor(row.totalPriceCents / 100)}.${String(row.totalPriceCents % 100).padStart(2, "0")}`;
    expect(row.totalPriceCents).toBeGreaterThan(0);
    expect(payment.amountDue).toBe(row.totalPriceCents / 100);
    expect(payment.instructions).toBe(payment_instructions);
    expect(payment.reference).toBe(reference);
    expect(payment.reference.length).toBeLessThanOrEqual(35);
    expect(payment.methods.bankTransfer).toMatchObject({
      iban: IBAN,
      bic: "BPPIITRRXXX",
      name: "Giulia Bianchi",
      reference,
      amount: row.totalPriceCents / 100,
    });
    expect(payment.methods.bankTransfer.epcPayload).toBe(
      ["BCD", "002", "1", "SCT", "BPPIITRRXXX", "Giulia Bianchi", IBAN, `EUR${euros}`, "", "", reference].join("\n"),
    );
    expect(payment.methods.bankTransfer.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(payment.methods).toMatchObject({
      satispay: validBilling.satispayLink,
      paypal: validBilling.paypalLink,
      // A Stripe Payment Link carries the reference to the checkout, and back in the webhook's event.
      card: `${validBilling.cardLink}?client_reference_id=${reference}`,
      cash: true,
    });
  });

  it("two orders have different references", async () => {
    const student = await t.createStudent();
    const [a, b] = [await bookPackageNoBuffer(student), await bookPackageNoBuffer(student)];
    const ref = async (id: string) =>
      (await t.send("GET", `/api/student/orders/${id}`, { as: student })).json().payment.reference;
    expect(await ref(a)).not.toBe(await ref(b));
  });

  it("offers no bank transfer without an IBAN, and only cash without links", async () => {
    const student = await t.createStudent();
    const orderId = await bookPackageNoBuffer(student);
    const { payment } = (await t.send("GET", `/api/student/orders/${orderId}`, { as: student })).json();
    expect(payment.methods).toEqual({ bankTransfer: null, satispay: null, paypal: null, card: null, cash: true });
    expect(payment.amountDue).toBeGreaterThan(0);
  });

  it("another student's order stays 404", async () => {
    await saveBilling(validBilling);
    const owner = await t.createStudent();
    const other = await t.createStudent();
    const orderId = await bookPackageNoBuffer(owner);
    const response = await t.send("GET", `/api/student/orders/${orderId}`, { as: other });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("BCD");
  });
});

describe(`the payer's fiscal data on ${testEngine}`, () => {
  const person = {
    kind: "person",
    name: "Laura D'Angelo",
    taxCode: "dnglra80e50f205h",
    address: { street: "Via Padova 3", zip: "20127", city: "Milano", province: "MI", country: "IT" },
  };
  const company = {
    kind: "company",
    name: "Studio Rossi S.r.l.",
    vatNumber: "02159680962",
    sdiCode: "m5uxcr1",
    address: { street: "Corso Buenos Aires 10", zip: "20124", city: "Milano", province: "MI", country: "IT" },
  };
  async function saveProfile(student: TestUser, billing: object, headers: Record<string, string> = {}) {
    const { profile } = (await t.send("GET", "/api/student/profile", { as: student })).json();
    return t.send("PUT", "/api/student/profile", { as: student, headers, payload: { name: profile.name, billing } });
  }

  it("is null at first; a person and then a company are saved and returned", async () => {
    const student = await t.createStudent();
    expect((await t.send("GET", "/api/student/profile", { as: student })).json().profile.billing).toBeNull();

    const saved = await saveProfile(student, person);
    expect(saved.statusCode).toBe(200);
    const expectedPerson = { ...person, taxCode: "DNGLRA80E50F205H", vatNumber: null, sdiCode: null, pec: null };
    expect(saved.json().profile.billing).toEqual(expectedPerson);
    expect((await t.send("GET", "/api/student/profile", { as: student })).json().profile.billing).toEqual(
      expectedPerson,
    );

    const asCompany = await saveProfile(student, company);
    expect(asCompany.statusCode).toBe(200);
    expect(asCompany.json().profile.billing).toEqual({
      ...company,
      sdiCode: "M5UXCR1",
      taxCode: null,
      pec: null,
    });
    // The data export carries it.
    const exported = await t.send("GET", "/api/student/export", { as: student });
    expect(exported.statusCode).toBe(200);
    expect(JSON.parse(exported.body).billing).toMatchObject({ kind: "company", vatNumber: "02159680962" });
    // A profile update without billing keeps it.
    const kept = await t.send("PUT", "/api/student/profile", { as: student, payload: { name: "New Name" } });
    expect(kept.json().profile).toMatchObject({ name: "New Name", billing: { kind: "company" } });
  });

  it("takes a company's 11-digit tax code", async () => {
    const student = await t.createStudent();
    const response = await saveProfile(student, { ...company, taxCode: "02159680962" });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.billing).toMatchObject({ kind: "company", taxCode: "02159680962" });
  });

  it("takes a company with a PEC instead of an SdI code", async () => {
    const student = await t.createStudent();
    const { sdiCode: _none, ...withoutSdi } = company;
    const response = await saveProfile(student, { ...withoutSdi, pec: "Studio.Rossi@PEC.example.it" });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.billing).toMatchObject({ sdiCode: null, pec: "studio.rossi@pec.example.it" });
  });

  it.each([
    ["a person without a tax code", { ...person, taxCode: undefined }, "Please enter the tax code (codice fiscale)."],
    [
      "a person with a bad tax code",
      { ...person, taxCode: "DNGLRA80E50F205A" },
      "The tax code (codice fiscale) is not valid.",
    ],
    [
      "a person with a company's 11-digit tax code",
      { ...person, taxCode: "02159680962" },
      "The tax code (codice fiscale) is not valid.",
    ],
    [
      "a company with a bad tax code",
      { ...company, taxCode: "02159680963" },
      "The tax code (codice fiscale) is not valid.",
    ],
    ["a company without a VAT number", { ...company, vatNumber: "" }, "Please enter the VAT number (partita IVA)."],
    [
      "a company with a bad VAT number",
      { ...company, vatNumber: "02159680963" },
      "The VAT number (partita IVA) is not valid.",
    ],
    [
      "a company with neither SdI code nor PEC",
      { ...company, sdiCode: "" },
      "A company needs its SdI recipient code or a PEC address.",
    ],
    [
      "a company with a 6-character SdI code",
      { ...company, sdiCode: "ABC123" },
      "The SdI recipient code has 7 letters or digits.",
    ],
    ["an unknown kind", { ...person, kind: "family" }, "Please choose whether a person or a company pays."],
    [
      "no street",
      { ...person, address: { ...person.address, street: "" } },
      "Please enter the street, postcode and city.",
    ],
    [
      "a 4-digit CAP",
      { ...person, address: { ...person.address, zip: "2012" } },
      "An Italian postcode (CAP) has 5 digits.",
    ],
  ])("refuses %s and saves nothing", async (_what, billing, message) => {
    const student = await t.createStudent();
    const response = await saveProfile(student, billing);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect(await db().payerBilling.findUnique({ where: { userId: student.id } })).toBeNull();
  });

  describe("asked on the booking's details step when the regime needs them", () => {
    let day = 40;
    async function bookWith(student: TestUser, billing: object | undefined, headers: Record<string, string> = {}) {
      day += 2;
      const start = romeDay(day, 9);
      await t.addAvailability(start, 1);
      return t.send("POST", "/api/bookings", {
        as: student,
        headers,
        payload: {
          studentInfo: {
            name: student.name,
            email: student.email,
            phone: "+39 333 765 4321",
            english_level: "intermediate",
            lesson_focus: "Work meetings",
            preferred_type: "online",
          },
          lesson_date: start.toUTC().toISO(),
          lessonType: "online",
          teacher_id: t.teacherId,
          packageId: "single-lesson",
          ...(billing ? { billing } : {}),
        },
      });
    }

    it("are needed only on the flat-rate regime, and only until given", async () => {
      const student = await t.createStudent();
      const asked = () => t.caller({ student }).booking.payerDetails();
      expect(await asked()).toEqual({ needed: false, billing: null });
      expect((await saveBilling({ ...validBilling, regime: "occasionale", vatNumber: "" })).statusCode).toBe(200);
      expect((await asked()).needed).toBe(false);
      expect((await saveBilling(validBilling)).statusCode).toBe(200);
      expect(await asked()).toEqual({ needed: true, billing: null });
      expect((await saveProfile(student, person)).statusCode).toBe(200);
      const given = await asked();
      expect(given.needed).toBe(false);
      expect(given.billing).toMatchObject({ kind: "person", taxCode: "DNGLRA80E50F205H" });
      // A visitor is not asked: the step signs them in first.
      await expect(t.caller().booking.payerDetails()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    });

    it("given with the booking, are kept on the account, and the payment's invoice is issued", async () => {
      expect((await saveBilling(validBilling)).statusCode).toBe(200);
      const student = await t.createStudent();
      const booked = await bookWith(student, person);
      expect(booked.statusCode).toBe(200);
      expect((await t.send("GET", "/api/student/profile", { as: student })).json().profile.billing).toMatchObject({
        kind: "person",
        name: "Laura D'Angelo",
        taxCode: "DNGLRA80E50F205H",
        address: { street: "Via Padova 3", city: "Milano" },
      });
      const orderId = booked.json().order.id as string;
      const paid = await t.send("POST", `/api/admin/orders/${orderId}/payments`, {
        as: t.admin,
        payload: {
          amount: booked.json().order.totalPrice,
          method: "bank_transfer",
          date: DateTime.now().setZone("Europe/Rome").toISODate(),
        },
      });
      expect(paid.statusCode).toBe(201);
      const documents = (await t.send("GET", "/api/student/documents", { as: student })).json().documents;
      expect(documents).toHaveLength(1);
      expect(documents[0]).toMatchObject({ kind: "invoice", orderId });
    });

    it("wrong, refuse the booking in the page's language and book nothing", async () => {
      expect((await saveBilling(validBilling)).statusCode).toBe(200);
      const student = await t.createStudent();
      const refused = await bookWith(student, { ...person, taxCode: "DNGLRA80E50F205A" }, { "accept-language": "it" });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe("Il codice fiscale non è valido.");
      expect(await db().booking.count({ where: { studentId: student.id } })).toBe(0);
      expect(await db().payerBilling.findUnique({ where: { userId: student.id } })).toBeNull();
    });
  });

  it("refuses in Italian for an Italian page", async () => {
    const student = await t.createStudent();
    const response = await saveProfile(student, { ...company, sdiCode: "" }, { "accept-language": "it" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("Per un'azienda serve il codice destinatario SdI o un indirizzo PEC.");
  });
});

// Issue 30, items 4 and 5: a payment recorded issues its document, numbered per calendar year
// without gaps (twenty at once included); a forfettario invoice is a FatturaPA file that validates
// against the 1.2.2 schema and carries RF19, N2.2 and the stamp duty where due; a refund issues a
// credit note; a payer without billing details leaves the payment recorded and the document
// pending; nothing issued is ever edited, and it outlives the payer's account. PGlite and PostgreSQL.

import { randomUUID } from "node:crypto";
import { unzipSync } from "fflate";
import { DateTime } from "luxon";
import { extractText } from "unpdf";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { emailIssuedDocuments } from "../../server/features/billing/document-mail.ts";
import { prepareBookingApp, type TestUser } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";
import { validateFatturaPa, xmlFolder, xpath } from "../helpers/xmllint.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
const today = () => DateTime.now().setZone("Europe/Rome").toISODate() as string;
const year = () => Number(today().slice(0, 4));
const folder = xmlFolder();
afterAll(folder.remove);

const teacherBilling = {
  regime: "forfettario",
  legalName: "Giulia Bianchi",
  taxCode: "BNCGLI85C45F205B",
  vatNumber: "12345670017",
  address: { street: "Via Dante 1", zip: "20121", city: "Milano", province: "MI", country: "IT" },
  iban: "IT60X0542811101000000123456",
  bic: "BPPIITRRXXX",
};
const parentBilling = {
  kind: "person",
  name: "Laura D'Angelo",
  taxCode: "DNGLRA80E50F205H",
  address: { street: "Via Padova 3", zip: "20127", city: "Milano", province: "MI", country: "IT" },
};
const companyBilling = {
  kind: "company",
  name: "Studio Rossi S.r.l.",
  vatNumber: "02159680962",
  sdiCode: "M5UXCR1",
  address: { street: "Corso Buenos Aires 10", zip: "20124", city: "Milano", province: "MI", country: "IT" },
};

async function saveTeacherBilling(billing: object) {
  const { settings } = (await t.send("GET", "/api/admin/settings", { as: t.admin })).json();
  const response = await t.send("PUT", "/api/admin/settings", {
    as: t.admin,
    payload: { settings: { ...settings, billing } },
  });
  expect(response.statusCode).toBe(200);
}

async function savePayer(student: TestUser, billing: object) {
  const response = await t.send("PUT", "/api/student/profile", {
    as: student,
    payload: { name: student.name, billing },
  });
  expect(response.statusCode).toBe(200);
}

/** An order of a fresh student for `cents`, nothing paid yet. */
async function orderOf(cents: number, student?: TestUser) {
  const owner = student ?? (await t.createStudent());
  const order = await db().bookingOrder.create({
    data: { studentId: owner.id, packageId: "online-5", lessons: 5, basePriceCents: cents, totalPriceCents: cents },
  });
  return { orderId: order.id, student: owner };
}

const pay = (orderId: string, amount: number, method = "bank_transfer") =>
  t.send("POST", `/api/admin/orders/${orderId}/payments`, {
    as: t.admin,
    payload: { amount, method, date: today() },
  });

const documentsOf = (orderId: string) =>
  db().billingDocument.findMany({ where: { orderId }, orderBy: { sequence: "asc" } });

beforeEach(async () => {
  await db().billingProfile.deleteMany();
});

describe(`documents issued on payment on ${testEngine}`, () => {
  it("a forfettario invoice: numbered, a FatturaPA file valid against 1.2.2 with RF19, N2.2 and the bollo above 77.47 €", async () => {
    await saveTeacherBilling(teacherBilling);
    const { orderId, student } = await orderOf(16000);
    await savePayer(student, parentBilling);
    const paid = await pay(orderId, 160);
    expect(paid.statusCode).toBe(201);
    const order = paid.json().order;
    expect(order.documents).toEqual([
      expect.objectContaining({ kind: "invoice", total: 160, date: today(), payment_id: paid.json().payment_id }),
    ]);
    expect(order.documents[0].number).toMatch(new RegExp(`^${year()}/\\d+$`));
    expect(order.documents_pending).toBe(false);

    const [document] = await documentsOf(orderId);
    const xml = await t.send("GET", `/api/admin/documents/${document?.id}/xml`, { as: t.admin });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers["content-disposition"]).toMatch(/^attachment; filename="IT12345670017_[0-9A-Z]{5}\.xml"$/);
    const file = folder.write(document?.fileName ?? "missing.xml", xml.body);
    expect(validateFatturaPa(file)).toMatchObject({ status: 0 });
    expect(xpath(file, "string(//RegimeFiscale)")).toBe("RF19");
    expect(xpath(file, "string(//DettaglioLinee/Natura)")).toBe("N2.2");
    expect(xpath(file, "string(//DatiBollo/ImportoBollo)")).toBe("2.00");
    expect(xpath(file, "string(//TipoDocumento)")).toBe("TD01");
    expect(xpath(file, "string(//DatiGeneraliDocumento/Numero)")).toBe(document?.number);
    expect(xpath(file, "string(//CessionarioCommittente//CodiceFiscale)")).toBe("DNGLRA80E50F205H");
    expect(xpath(file, "string(//CodiceDestinatario)")).toBe("0000000");
    expect(xpath(file, "string(//ModalitaPagamento)")).toBe("MP05");
    // The learner and the order are named on the line.
    expect(xpath(file, "string(//DettaglioLinee/Descrizione)")).toContain(student.name);
  });

  it("77.47 € owes no stamp duty and 77.48 € does, on the invoice and in the list", async () => {
    await saveTeacherBilling(teacherBilling);
    const below = await orderOf(7747);
    const above = await orderOf(7748);
    await savePayer(below.student, parentBilling);
    await savePayer(above.student, parentBilling);
    await pay(below.orderId, 77.47);
    await pay(above.orderId, 77.48);
    const list = (await t.send("GET", `/api/admin/documents?year=${year()}`, { as: t.admin })).json();
    const of = (orderId: string) => list.documents.find((d: { orderId: string }) => d.orderId === orderId);
    expect(of(below.orderId)).toMatchObject({ total: 77.47, stampDuty: 0, kind: "invoice" });
    expect(of(above.orderId)).toMatchObject({ total: 77.48, stampDuty: 2, kind: "invoice" });
    const [noBollo] = await documentsOf(below.orderId);
    const file = folder.write("below.xml", noBollo?.xml ?? "");
    expect(validateFatturaPa(file)).toMatchObject({ status: 0 });
    expect(xpath(file, "count(//DatiBollo)")).toBe("0");
  });

  it("two partial payments issue two invoices with consecutive numbers; a refund issues a credit note (TD04) naming the invoice", async () => {
    await saveTeacherBilling(teacherBilling);
    const { orderId, student } = await orderOf(19200);
    await savePayer(student, parentBilling);
    await pay(orderId, 100);
    await pay(orderId, 92, "cash");
    const refund = await pay(orderId, -50, "bank_transfer");
    expect(refund.statusCode).toBe(201);
    const [first, second, credit] = await documentsOf(orderId);
    expect(first?.kind).toBe("invoice");
    expect(second?.kind).toBe("invoice");
    expect(second?.sequence).toBe((first?.sequence ?? 0) + 1);
    expect(credit).toMatchObject({ kind: "credit_note", totalCents: 5000, correctsId: second?.id });
    const file = folder.write("credit.xml", credit?.xml ?? "");
    expect(validateFatturaPa(file)).toMatchObject({ status: 0 });
    expect(xpath(file, "string(//TipoDocumento)")).toBe("TD04");
    expect(xpath(file, "string(//DatiFattureCollegate/IdDocumento)")).toBe(second?.number);
    expect(xpath(file, "string(//RegimeFiscale)")).toBe("RF19");
  });

  it("a payment reversed by mistake gets a credit note for its whole invoice", async () => {
    await saveTeacherBilling(teacherBilling);
    const { orderId, student } = await orderOf(16000);
    await savePayer(student, parentBilling);
    const paid = await pay(orderId, 160);
    const reversed = await t.send("POST", `/api/admin/orders/${orderId}/payments/${paid.json().payment_id}/reverse`, {
      as: t.admin,
      payload: { note: "Wrong order" },
    });
    expect(reversed.statusCode).toBe(201);
    const [invoice, credit] = await documentsOf(orderId);
    expect(credit).toMatchObject({ kind: "credit_note", totalCents: 16000, correctsId: invoice?.id });
  });

  it("twenty payments at once get twenty distinct, consecutive numbers", async () => {
    await saveTeacherBilling({ ...teacherBilling, regime: "none" });
    const orders = await Promise.all(Array.from({ length: 20 }, () => orderOf(5000)));
    const before = await db().documentCounter.findUnique({ where: { name: `year:${year()}` } });
    const responses = await Promise.all(orders.map(({ orderId }) => pay(orderId, 50, "cash")));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const documents = await db().billingDocument.findMany({
      where: { orderId: { in: orders.map((o) => o.orderId) } },
      select: { sequence: true, number: true, kind: true },
    });
    const start = before?.value ?? 0;
    expect(documents.map((d) => d.sequence).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => start + i + 1),
    );
    expect(new Set(documents.map((d) => d.number)).size).toBe(20);
    expect(documents.every((d) => d.kind === "receipt")).toBe(true);
  });

  it("a payer without billing details: the payment is recorded, the invoice waits, and is issued once they give them", async () => {
    await saveTeacherBilling(teacherBilling);
    const { orderId, student } = await orderOf(16000);
    const paid = await pay(orderId, 160);
    expect(paid.statusCode).toBe(201);
    expect(paid.json().order).toMatchObject({ paid_amount: 160, documents: [], documents_pending: true });
    const refused = await t.send("POST", `/api/admin/orders/${orderId}/documents`, { as: t.admin });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/billing details/);
    const inItalian = await t.send("POST", `/api/admin/orders/${orderId}/documents`, {
      as: t.admin,
      headers: { "accept-language": "it" },
    });
    expect(inItalian.json().error).toMatch(/dati di fatturazione/);
    expect(await documentsOf(orderId)).toHaveLength(0);

    await savePayer(student, parentBilling);
    const issued = await t.send("POST", `/api/admin/orders/${orderId}/documents`, { as: t.admin });
    expect(issued.statusCode).toBe(201);
    expect(issued.json().documents).toEqual([expect.objectContaining({ kind: "invoice", total: 160 })]);
    // Asked again, there is nothing left to issue.
    const again = await t.send("POST", `/api/admin/orders/${orderId}/documents`, { as: t.admin });
    expect(again.json().documents).toEqual([]);
    const order = (await t.send("GET", `/api/admin/orders/${orderId}`, { as: t.admin })).json().order;
    expect(order.documents_pending).toBe(false);
  });

  it("the setting 'manual' records payments without documents until the teacher issues them", async () => {
    await saveTeacherBilling({ ...teacherBilling, regime: "none", issueDocuments: "manual" });
    const { orderId } = await orderOf(8000);
    const paid = await pay(orderId, 80);
    expect(paid.json().order).toMatchObject({ documents: [], documents_pending: true });
    const issued = await t.send("POST", `/api/admin/orders/${orderId}/documents`, { as: t.admin });
    expect(issued.json().documents).toEqual([
      expect.objectContaining({ kind: "receipt", total: 80, stampDuty: 0, method: "bank_transfer" }),
    ]);
  });

  it("occasionale paid by a company: a receipt with the 20 % withholding and the stamp duty above 77.47 €", async () => {
    await saveTeacherBilling({ ...teacherBilling, regime: "occasionale", vatNumber: "" });
    const { orderId, student } = await orderOf(20000);
    await savePayer(student, companyBilling);
    await pay(orderId, 200);
    const [receipt] = await documentsOf(orderId);
    expect(receipt).toMatchObject({
      kind: "receipt",
      regime: "occasionale",
      totalCents: 20000,
      withholdingCents: 4000,
      stampDutyCents: 200,
      xml: null,
    });
    const xml = await t.send("GET", `/api/admin/documents/${receipt?.id}/xml`, { as: t.admin });
    expect(xml.statusCode).toBe(404);
  });
});

describe(`documents are kept and private on ${testEngine}`, () => {
  it("a family lists only its own documents, and the teacher's routes refuse a student", async () => {
    await saveTeacherBilling({ ...teacherBilling, regime: "none" });
    const mine = await orderOf(6000);
    const theirs = await orderOf(7000);
    await pay(mine.orderId, 60, "cash");
    await pay(theirs.orderId, 70, "cash");
    const list = await t.send("GET", "/api/student/documents", { as: mine.student });
    expect(list.statusCode).toBe(200);
    expect(list.json().documents).toEqual([expect.objectContaining({ total: 60, orderId: mine.orderId })]);
    const [other] = await documentsOf(theirs.orderId);
    // "Download my data" carries them too, and only them.
    const exported = (await t.send("GET", "/api/student/export", { as: mine.student })).json();
    expect(exported.documents).toEqual([expect.objectContaining({ total: 60, orderId: mine.orderId })]);
    for (const url of [
      "/api/admin/documents",
      `/api/admin/documents/${other?.id}/xml`,
      "/api/admin/documents/export.csv",
      "/api/admin/documents/export.zip",
    ]) {
      // A student's session is no teacher's: asked to sign in as the teacher.
      expect((await t.send("GET", url, { as: mine.student })).statusCode, url).toBe(401);
    }
  });

  it("an issued document is never edited or deleted, and outlives the payer's erased account", async () => {
    await saveTeacherBilling(teacherBilling);
    const { orderId, student } = await orderOf(16000);
    await savePayer(student, parentBilling);
    await pay(orderId, 160);
    const [document] = await documentsOf(orderId);
    await expect(db().billingDocument.update({ where: { id: document?.id }, data: { totalCents: 1 } })).rejects.toThrow(
      /never edited/,
    );
    await expect(db().billingDocument.delete({ where: { id: document?.id } })).rejects.toThrow(/never deleted/);

    const erased = await t.send("POST", "/api/student/delete-account", {
      as: student,
      payload: { confirmation: "DELETE" },
    });
    expect(erased.statusCode).toBe(200);
    const kept = await db().billingDocument.findUniqueOrThrow({ where: { id: document?.id ?? "" } });
    expect(kept).toMatchObject({ studentId: null, number: document?.number, xml: document?.xml });
    expect(kept.payer).toMatchObject({ name: "Laura D'Angelo", taxCode: "DNGLRA80E50F205H" });
    expect(await db().payerBilling.findUnique({ where: { userId: student.id } })).toBeNull();
  });
});

describe(`the accountant's exports on ${testEngine}`, () => {
  it("a year's documents as CSV (credit notes negative, formulas defused) and the XML files as a ZIP", async () => {
    await saveTeacherBilling(teacherBilling);
    const { orderId, student } = await orderOf(16000);
    await savePayer(student, { ...parentBilling, name: '=HYPERLINK("x")' });
    await pay(orderId, 160);
    await pay(orderId, -160);
    const [invoice, credit] = await documentsOf(orderId);

    const csv = await t.send("GET", `/api/admin/documents/export.csv?year=${year()}`, { as: t.admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = csv.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "number,date,kind,payer,tax_code_or_vat_number,total,stamp_duty,withholding,method,paid_on,order,corrects",
    );
    const row = (number?: string) => lines.find((l) => l.startsWith(`${number},`));
    expect(row(invoice?.number)).toContain(`,invoice,"'=HYPERLINK(""x"")",DNGLRA80E50F205H,160.00,2.00,0.00,`);
    expect(row(credit?.number)).toContain(`,credit_note,`);
    expect(row(credit?.number), csv.body).toContain(",-160.00,-2.00,0.00,");
    expect(row(credit?.number)?.endsWith(`,${invoice?.number}`)).toBe(true);

    const zip = await t.send("GET", `/api/admin/documents/export.zip?year=${year()}`, { as: t.admin });
    expect(zip.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files)).toEqual(expect.arrayContaining([invoice?.fileName, credit?.fileName]));
    const unpacked = folder.write("from-zip.xml", new TextDecoder().decode(files[invoice?.fileName ?? ""]));
    expect(validateFatturaPa(unpacked)).toMatchObject({ status: 0 });

    const badYear = await t.send("GET", "/api/admin/documents/export.csv?year=nineteen", { as: t.admin });
    expect(badYear.statusCode).toBe(400);
  });
});

describe(`the PDFs and their mail on ${testEngine}`, () => {
  const textOf = async (body: Buffer) =>
    (await extractText(new Uint8Array(body), { mergePages: true })).text.replace(/\s+/g, " ");

  it("the teacher downloads any document's PDF; a family only its own, another's is 404 like a missing one", async () => {
    await saveTeacherBilling({ ...teacherBilling, regime: "none" });
    const mine = await orderOf(6000);
    const theirs = await orderOf(7000);
    await pay(mine.orderId, 60, "cash");
    await pay(theirs.orderId, 70, "cash");
    const [own] = await documentsOf(mine.orderId);
    const [other] = await documentsOf(theirs.orderId);

    const teacher = await t.send("GET", `/api/admin/documents/${other?.id}/pdf`, { as: t.admin });
    expect(teacher.statusCode).toBe(200);
    expect(teacher.headers["content-type"]).toBe("application/pdf");
    expect(teacher.headers["content-disposition"]).toBe(
      `attachment; filename="ricevuta-${other?.number.replace("/", "-")}.pdf"`,
    );
    expect(await textOf(teacher.rawPayload)).toContain(other?.number);

    const family = await t.send("GET", `/api/student/documents/${own?.id}/pdf`, { as: mine.student });
    expect(family.statusCode).toBe(200);
    expect(await textOf(family.rawPayload)).toContain(mine.student.name);

    const foreign = await t.send("GET", `/api/student/documents/${other?.id}/pdf`, { as: mine.student });
    const missing = await t.send("GET", `/api/student/documents/${randomUUID()}/pdf`, { as: mine.student });
    const malformed = await t.send("GET", "/api/student/documents/not-an-id/pdf", { as: mine.student });
    expect([foreign.statusCode, missing.statusCode, malformed.statusCode]).toEqual([404, 404, 404]);
    expect(foreign.json()).toEqual(missing.json());
    expect((await t.send("GET", `/api/student/documents/${own?.id}/pdf`)).statusCode).toBe(401);
  });

  it("each document is emailed once to its payer with its PDF, in their language", async () => {
    await saveTeacherBilling(teacherBilling);
    const { orderId, student } = await orderOf(16000);
    await db().user.update({ where: { id: student.id }, data: { locale: "it" } });
    await savePayer(student, parentBilling);
    await pay(orderId, 160);
    const [invoice] = await documentsOf(orderId);
    expect(invoice?.emailedAt).toBeNull();

    await emailIssuedDocuments(db(), "https://lessons.test");
    await emailIssuedDocuments(db(), "https://lessons.test");
    const mails = await db().outboxEmail.findMany({ where: { kind: "document_issued", toAddress: student.email } });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(new RegExp(`^La tua fattura n\\. ${invoice?.number} da `));
    expect(mails[0]?.textBody).toContain("cassetto fiscale");
    const [attachment] = (mails[0]?.attachments ?? []) as { filename: string; contentType: string; content: string }[];
    expect(attachment).toMatchObject({
      filename: `fattura-${invoice?.number.replace("/", "-")}.pdf`,
      contentType: "application/pdf",
    });
    const pdfText = await textOf(Buffer.from(attachment?.content ?? "", "base64"));
    expect(pdfText).toContain("Copia di cortesia");
    expect((await documentsOf(orderId))[0]?.emailedAt).not.toBeNull();
  });
});

// Issue 30, item 6: an order's payments are a list of entries, never overwritten. The bug the
// teacher hit: €100 then the €92 balance left the order "Paid €92, Amount due €100". Entries add
// up; the spec's PUT adds the difference; a wrong entry is reversed; concurrent payments all land;
// a double tap writes once; bad input writes nothing. PGlite and PostgreSQL.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { migrationsDir } from "../../server/db/migrate.ts";
import { formatEuro } from "../../shared/i18n/format.ts";
import { prepareBookingApp } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
const today = () => DateTime.now().setZone("Europe/Rome").toISODate() as string;

/** A €192 order of a fresh student, nothing paid yet. */
async function order192() {
  const student = await t.createStudent();
  const order = await db().bookingOrder.create({
    data: { studentId: student.id, packageId: "online-5", lessons: 2, basePriceCents: 19200, totalPriceCents: 19200 },
  });
  return { orderId: order.id, student };
}

const pay = (orderId: string, payload: unknown, headers?: Record<string, string>) =>
  t.send("POST", `/api/admin/orders/${orderId}/payments`, { as: t.admin, payload, headers });
const entriesOf = (orderId: string) =>
  db().payment.findMany({ where: { orderId }, orderBy: { createdAt: "asc" }, select: { amountCents: true } });

describe(`payments as a list on ${testEngine}`, () => {
  it("two partial payments add up: €100 then €92 on €192 is paid €192, owed €0, paid, and both entries stay", async () => {
    const { orderId, student } = await order192();
    const first = await pay(orderId, { amount: 100, method: "bank_transfer", date: "2026-03-04", note: "Deposit" });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      success: true,
      order: { paid_amount: 100, amount_due: 92, payment_status: "partly_paid" },
    });
    const second = await pay(orderId, { amount: 92, method: "satispay", date: "2026-03-10" });
    expect(second.statusCode).toBe(201);
    const order = second.json().order;
    expect(order).toMatchObject({ paid_amount: 192, amount_due: 0, payment_status: "paid", paid_on: "2026-03-10" });
    expect(order.payments).toEqual([
      expect.objectContaining({ amount: 100, method: "bank_transfer", date: "2026-03-04", note: "Deposit" }),
      expect.objectContaining({ amount: 92, method: "satispay", date: "2026-03-10", note: "" }),
    ]);
    // The student reads the same sums.
    const seen = await t.send("GET", `/api/student/orders/${orderId}`, { as: student });
    expect(seen.json().order).toMatchObject({ paid_amount: 192, amount_due: 0, payment_status: "paid" });
    // Paid in full, it leaves the owed list.
    const owed = await t.send("GET", "/api/admin/orders?filter=owed&limit=100", { as: t.admin });
    expect(owed.json().orders.map((o: { id: string }) => o.id)).not.toContain(orderId);
  });

  it("the spec's PUT adds the difference between the amount it names and the entries' sum", async () => {
    const { orderId } = await order192();
    await pay(orderId, { amount: 100, method: "cash", date: "2026-03-04" });
    const put = await t.send("PUT", `/api/admin/orders/${orderId}/payment`, {
      as: t.admin,
      payload: { payment_status: "paid", amount: 192, date: "2026-03-05" },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      success: true,
      order: { id: orderId, payment_status: "paid", paid_amount: 192, amount_due: 0, paid_on: "2026-03-05" },
    });
    expect(await entriesOf(orderId)).toEqual([{ amountCents: 10000 }, { amountCents: 9200 }]);
    // The same call again: the sum already agrees, nothing is added.
    await t.send("PUT", `/api/admin/orders/${orderId}/payment`, {
      as: t.admin,
      payload: { payment_status: "paid", amount: 192, date: "2026-03-05" },
    });
    expect(await entriesOf(orderId)).toHaveLength(2);
    // Back to unpaid: every standing entry is reversed, none is deleted.
    const unpaid = await t.send("PUT", `/api/admin/orders/${orderId}/payment`, {
      as: t.admin,
      payload: { payment_status: "unpaid", amount: 0, date: "2026-03-06" },
    });
    expect(unpaid.json().order).toMatchObject({ payment_status: "unpaid", paid_amount: 0, amount_due: 192 });
    expect((await entriesOf(orderId)).map((e) => e.amountCents)).toEqual([10000, 9200, -10000, -9200]);
  });

  it("a wrong entry is reversed by its opposite, once; a refund reads refunded", async () => {
    const { orderId } = await order192();
    const wrong = (await pay(orderId, { amount: 150, method: "card", date: "2026-03-04" })).json();
    const reversed = await t.send("POST", `/api/admin/orders/${orderId}/payments/${wrong.payment_id}/reverse`, {
      as: t.admin,
      payload: { note: "Typed the wrong amount" },
    });
    expect(reversed.statusCode).toBe(201);
    const order = reversed.json().order;
    expect(order).toMatchObject({ paid_amount: 0, amount_due: 192, payment_status: "unpaid", paid_on: null });
    expect(order.payments).toEqual([
      expect.objectContaining({ id: wrong.payment_id, amount: 150, reversed_by: reversed.json().payment_id }),
      expect.objectContaining({ amount: -150, method: "card", date: today(), reverses: wrong.payment_id }),
    ]);
    // Not twice, and a reversal is not itself reversed.
    const again = await t.send("POST", `/api/admin/orders/${orderId}/payments/${wrong.payment_id}/reverse`, {
      as: t.admin,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("This entry has already been reversed.");
    const ofReversal = await t.send(
      "POST",
      `/api/admin/orders/${orderId}/payments/${reversed.json().payment_id}/reverse`,
      { as: t.admin },
    );
    expect(ofReversal.statusCode).toBe(400);
    expect(await entriesOf(orderId)).toHaveLength(2);

    // Paid, then refunded in full: refunded, nothing owed.
    await pay(orderId, { amount: 192, method: "bank_transfer", date: "2026-03-05" });
    const refund = await pay(orderId, { amount: -192, method: "bank_transfer", date: "2026-03-06" });
    expect(refund.json().order).toMatchObject({
      paid_amount: 0,
      amount_due: 0,
      payment_status: "refunded",
      paid_on: "2026-03-06",
    });
  });

  it("twenty payments at once all land, each summing the others", async () => {
    const { orderId } = await order192();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => pay(orderId, { amount: 5 + i / 100, method: "cash", date: "2026-03-04" })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const expected = Array.from({ length: 20 }, (_, i) => 500 + i).reduce((a, b) => a + b, 0);
    const entries = await entriesOf(orderId);
    expect(entries).toHaveLength(20);
    expect(entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(expected);
    const stored = await db().bookingOrder.findUniqueOrThrow({ where: { id: orderId } });
    expect(stored).toMatchObject({ paidCents: expected, paymentStatus: "partly_paid" });
    // The answers saw each other: the largest paid amount any of them reports is the whole sum.
    expect(Math.max(...answers.map((a) => a.json().order.paid_amount))).toBe(expected / 100);
  });

  it("only an admin adds or reverses: a student 401/403, a visitor 401, and nothing is written", async () => {
    const { orderId, student } = await order192();
    const entry = (await pay(orderId, { amount: 10, method: "cash", date: "2026-03-04" })).json().payment_id;
    const payload = { amount: 50, method: "cash", date: "2026-03-04" };
    const asStudent = await t.send("POST", `/api/admin/orders/${orderId}/payments`, { as: student, payload });
    expect([401, 403]).toContain(asStudent.statusCode);
    const asVisitor = await t.send("POST", `/api/admin/orders/${orderId}/payments`, { payload });
    expect(asVisitor.statusCode).toBe(401);
    const reverse = await t.send("POST", `/api/admin/orders/${orderId}/payments/${entry}/reverse`, { as: student });
    expect([401, 403]).toContain(reverse.statusCode);
    await expect(
      t.caller({ student }).admin.orders.addPayment({ id: orderId, data: { ...payload, method: "cash" } }),
    ).rejects.toThrow();
    expect(await entriesOf(orderId)).toEqual([{ amountCents: 1000 }]);
  });

  it("refuses bad input with a clear sentence and writes nothing", async () => {
    const { orderId } = await order192();
    await pay(orderId, { amount: 100, method: "cash", date: "2026-03-04" });
    const tomorrow = DateTime.now().setZone("Europe/Rome").plus({ days: 1 }).toISODate();
    const cases: [unknown, string][] = [
      [{ amount: 0, method: "cash", date: "2026-03-04" }, "The amount cannot be zero."],
      [{ amount: 10, method: "cash", date: tomorrow }, "The payment date cannot be later than today."],
      [
        { amount: 10, method: "cheque", date: "2026-03-04" },
        "Please choose how it was paid: bank transfer, card, Satispay, PayPal or cash.",
      ],
      [
        { amount: 93, method: "cash", date: "2026-03-04" },
        "This payment is more than the €92.00 still owed on this order. To record it anyway, allow an overpayment.",
      ],
      [
        { amount: -101, method: "cash", date: "2026-03-04" },
        "A refund cannot be more than the €100.00 paid on this order.",
      ],
      [{ amount: "ten", method: "cash", date: "2026-03-04" }, "Please enter the amount in euro."],
    ];
    for (const [payload, error] of cases) {
      const answer = await pay(orderId, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().error).toBe(error);
    }
    // In Italian too, from the errors catalogue.
    const italian = await t.send("POST", `/api/admin/orders/${orderId}/payments`, {
      as: t.admin,
      payload: { amount: 93, method: "cash", date: "2026-03-04" },
      headers: { "accept-language": "it" },
    });
    expect(italian.json().error).toBe(
      `Questo pagamento supera i ${formatEuro("it", 92)} ancora dovuti per questo ordine. Per registrarlo comunque, consenti un pagamento in eccesso.`,
    );
    expect(await entriesOf(orderId)).toEqual([{ amountCents: 10000 }]);
    expect(await db().bookingOrder.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      paidCents: 10000,
      paymentStatus: "partly_paid",
    });
    // Asked for, an overpayment is recorded.
    const over = await pay(orderId, { amount: 93, method: "cash", date: "2026-03-04", allow_overpayment: true });
    expect(over.json().order).toMatchObject({ paid_amount: 193, amount_due: 0, payment_status: "paid" });
  });

  it("a double tap writes once: the same Idempotency-Key gets the first answer", async () => {
    const { orderId } = await order192();
    const key = randomUUID();
    const payload = { amount: 100, method: "paypal", date: "2026-03-04" };
    const [a, b] = await Promise.all([
      pay(orderId, payload, { "idempotency-key": key }),
      pay(orderId, payload, { "idempotency-key": key }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().payment_id).toBe(b.json().payment_id);
    // The body's key works the same, through tRPC.
    const caller = t.caller({ admin: t.admin });
    const inBody = { ...payload, amount: 50, method: "paypal" as const, idempotency_key: randomUUID() };
    const c = await caller.admin.orders.addPayment({ id: orderId, data: inBody });
    const d = await caller.admin.orders.addPayment({ id: orderId, data: inBody });
    expect(c.payment_id).toBe(d.payment_id);
    expect(await entriesOf(orderId)).toEqual([{ amountCents: 10000 }, { amountCents: 5000 }]);
  });

  it("the migration turns each recorded payment into one entry, and the next payment adds to it", async () => {
    const paidBefore = await order192();
    const refundedBefore = await order192();
    const untouched = await order192();
    // What PUT used to leave: the amount and day on the order, no entry.
    await db().bookingOrder.update({
      where: { id: paidBefore.orderId },
      data: { paymentStatus: "partly_paid", paidCents: 10000, paidOn: new Date("2026-03-04") },
    });
    await db().bookingOrder.update({
      where: { id: refundedBefore.orderId },
      data: { paymentStatus: "refunded", paidCents: 19200, paidOn: new Date("2026-03-05") },
    });
    const sql = readFileSync(path.join(migrationsDir, "20261129054707_payment_entries", "migration.sql"), "utf8");
    // Its data half (the table exists already): every statement from the first INSERT on.
    const data = sql.slice(sql.indexOf("INSERT INTO")).replace(/^--.*$/gm, "");
    for (const statement of data.split(";").filter((s) => s.trim())) await db().$executeRawUnsafe(statement);

    const migrated = await db().payment.findMany({
      where: { orderId: paidBefore.orderId },
      select: { amountCents: true, method: true, paidOn: true },
    });
    expect(migrated).toEqual([{ amountCents: 10000, method: null, paidOn: new Date("2026-03-04") }]);
    expect((await entriesOf(refundedBefore.orderId)).map((e) => e.amountCents).sort()).toEqual([-19200, 19200]);
    expect(await db().bookingOrder.findUniqueOrThrow({ where: { id: refundedBefore.orderId } })).toMatchObject({
      paymentStatus: "refunded",
      paidCents: 0,
    });
    expect(await entriesOf(untouched.orderId)).toEqual([]);
    // The teacher's bug, on a migrated order: the €92 balance completes the €100 already there.
    const balance = await pay(paidBefore.orderId, { amount: 92, method: "bank_transfer", date: "2026-03-10" });
    expect(balance.json().order).toMatchObject({ paid_amount: 192, amount_due: 0, payment_status: "paid" });
    expect(balance.json().order.payments[0]).toMatchObject({ amount: 100, method: null, date: "2026-03-04" });
  });
});

// Issue 16, items 3 and 6: a package is one order the teacher confirms or declines in one action
// (one email listing every lesson), with one calendar file for all of its lessons; and the
// payments she records, which its student (and no other) can follow. PGlite and PostgreSQL.
import { DateTime } from "luxon";
import { beforeEach, describe, expect, it } from "vitest";
import { bookOnlinePackage, prepareBookingApp, romeDay, type TestUser } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
const INSTRUCTIONS = "Bank transfer to IT60 X054 2811 1010 0000 0123 456, or Satispay @giulia";

let nextDay = 3;
/** Books the five-lesson online package on a fresh day (9:00 to 13:00) as `student`. */
async function bookPackage(student: TestUser) {
  nextDay += 2;
  const body = await bookOnlinePackage(t, student, romeDay(nextDay, 9));
  return { orderId: body.order.id, bookings: body.bookings, body };
}

const mailsTo = (email: string) =>
  db().outboxEmail.findMany({
    where: { toAddress: email },
    select: { kind: true, subject: true, textBody: true, attachments: true },
    orderBy: { createdAt: "asc" },
  });

beforeEach(async () => {
  await t.setSettings({ bufferBetweenLessons: 0, autoConfirmBookings: false, defaultMeetingLink: null });
  await db().adminSettings.update({ where: { id: "site" }, data: { paymentInstructions: INSTRUCTIONS } });
});

describe(`a package as one order on ${testEngine}`, () => {
  it("every lesson carries its order id, and the booking email is one per order with the amount due, how to pay and the order's calendar file", async () => {
    const student = await t.createStudent();
    const { orderId, bookings, body } = await bookPackage(student);
    expect(bookings).toHaveLength(5);
    expect(bookings.every((b) => b.order_id === orderId)).toBe(true);
    const one = await t.send("GET", `/api/bookings/${bookings[0].id}`, { as: student });
    expect(one.json().booking.order_id).toBe(orderId);

    const mails = await mailsTo(student.email);
    expect(mails.map((m) => m.kind)).toEqual(["booking_created"]);
    expect(mails[0].textBody).toContain(`Amount due: €${body.order.totalPrice.toFixed(2)}.`);
    expect(mails[0].textBody).toContain(`How to pay: ${INSTRUCTIONS}`);
    const files = mails[0].attachments as { filename: string; content: string }[];
    // One file for the order, with its five lessons (each lesson's own file is on the web).
    expect(files.map((f) => f.filename)).toEqual(["english-lessons.ics"]);
    expect(files[0].content.match(/BEGIN:VEVENT/g)).toHaveLength(5);
    for (const b of bookings) expect(files[0].content).toContain(`UID:${b.id}@`);
  });

  it("confirming an order confirms every lesson and queues one email listing them all; again, nothing more", async () => {
    const student = await t.createStudent();
    const { orderId, bookings } = await bookPackage(student);
    await db().outboxEmail.deleteMany();

    const response = await t.send("PUT", `/api/admin/orders/${orderId}`, {
      as: t.admin,
      payload: { status: "confirmed" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, changed: 5, order: { id: orderId, status: "confirmed" } });

    const lessons = await db().booking.findMany({ where: { orderId }, select: { status: true, icsSequence: true } });
    expect(lessons).toHaveLength(5);
    expect(lessons.every((l) => l.status === "confirmed" && l.icsSequence === 1)).toBe(true);

    const mails = await db().outboxEmail.findMany({ select: { kind: true, toAddress: true, textBody: true } });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "order_confirmed", toAddress: student.email });
    expect(mails[0].textBody).toContain("your 5 lessons are confirmed");
    for (let i = 1; i <= 5; i++) expect(mails[0].textBody).toContain(`${i}. `);
    expect(mails[0].textBody).toContain(`How to pay: ${INSTRUCTIONS}`);

    const again = await t.send("PUT", `/api/admin/orders/${orderId}`, {
      as: t.admin,
      payload: { status: "confirmed" },
    });
    expect(again.json()).toMatchObject({ success: true, changed: 0 });
    expect(await db().outboxEmail.count()).toBe(1);
    expect(bookings).toHaveLength(5);
  });

  it("declining an order cancels every lesson with one email, frees the times, and leaves nothing owed", async () => {
    const student = await t.createStudent();
    const { orderId } = await bookPackage(student);
    await db().outboxEmail.deleteMany();
    const caller = t.caller({ admin: t.admin });
    const { changed, order } = await caller.admin.orders.update({ id: orderId, data: { status: "cancelled" } });
    expect(changed).toBe(5);
    expect(order).toMatchObject({ status: "cancelled", amount_due: 0 });
    expect(await db().booking.count({ where: { orderId, status: "cancelled", cancelledAt: { not: null } } })).toBe(5);
    const mails = await db().outboxEmail.findMany({ select: { kind: true } });
    expect(mails).toEqual([{ kind: "order_cancelled" }]);
    const owed = await caller.admin.orders.list({ filter: "owed" });
    expect(owed.orders.map((o) => o.id)).not.toContain(orderId);
  });

  it("two confirmations at once: one changes the lessons, the other nothing; one email", async () => {
    const student = await t.createStudent();
    const { orderId } = await bookPackage(student);
    await db().outboxEmail.deleteMany();
    const caller = t.caller({ admin: t.admin });
    const both = await Promise.all([
      caller.admin.orders.update({ id: orderId, data: { status: "confirmed" } }),
      caller.admin.orders.update({ id: orderId, data: { status: "confirmed" } }),
    ]);
    expect(both.map((r) => r.changed).sort()).toEqual([0, 5]);
    expect(await db().booking.count({ where: { orderId, status: "confirmed", icsSequence: 1 } })).toBe(5);
    expect(await db().outboxEmail.count({ where: { kind: "order_confirmed" } })).toBe(1);
  });

  it("declining lists only the lessons it cancelled: one already cancelled stays out of the email", async () => {
    const student = await t.createStudent();
    const { orderId, bookings } = await bookPackage(student);
    await t.caller({ admin: t.admin }).admin.bookings.update({ id: bookings[0].id, data: { status: "cancelled" } });
    await db().outboxEmail.deleteMany();
    const response = await t.send("PUT", `/api/admin/orders/${orderId}`, {
      as: t.admin,
      payload: { status: "cancelled" },
    });
    expect(response.json()).toMatchObject({ success: true, changed: 4, order: { status: "cancelled" } });
    const [mail] = await db().outboxEmail.findMany({ select: { kind: true, textBody: true, attachments: true } });
    expect(mail.kind).toBe("order_cancelled");
    expect(mail.textBody).toContain("your 4 lessons have been declined and cancelled");
    // One file, the order's, with the four lessons it cancelled.
    const files = mail.attachments as { filename: string; content: string }[];
    expect(files.map((f) => f.filename)).toEqual(["english-lessons.ics"]);
    expect(files[0].content.match(/BEGIN:VEVENT/g)).toHaveLength(4);
  });

  it("refuses a status other than confirmed or cancelled, an unknown order, and a student", async () => {
    const student = await t.createStudent();
    const { orderId } = await bookPackage(student);
    const bad = await t.send("PUT", `/api/admin/orders/${orderId}`, { as: t.admin, payload: { status: "completed" } });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.send("PUT", "/api/admin/orders/00000000-0000-4000-8000-000000000000", {
      as: t.admin,
      payload: { status: "confirmed" },
    });
    expect(unknown.statusCode).toBe(404);
    const asStudent = await t.send("PUT", `/api/admin/orders/${orderId}`, {
      as: student,
      payload: { status: "confirmed" },
    });
    // A student's session is no admin session: refused before any role is read.
    expect([401, 403]).toContain(asStudent.statusCode);
    expect(await db().booking.count({ where: { orderId, status: "pending" } })).toBe(5);
  });
});

describe(`the order's calendar file on ${testEngine}`, () => {
  it("holds one event per lesson for its student and admins; another student and a visitor are refused", async () => {
    const student = await t.createStudent();
    const other = await t.createStudent();
    const { orderId, bookings } = await bookPackage(student);
    const url = `/api/calendar/order/${orderId}/ics`;

    const own = await t.send("GET", url, { as: student });
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toMatch(/text\/calendar/);
    expect(own.headers["content-disposition"]).toContain(`english-lessons-${orderId.slice(0, 8)}.ics`);
    expect(own.body.match(/BEGIN:VEVENT/g)).toHaveLength(5);
    for (const b of bookings) expect(own.body).toContain(`UID:${b.id}@`);

    const admin = await t.send("GET", url, { as: t.admin });
    expect(admin.statusCode).toBe(200);
    expect(admin.body.match(/BEGIN:VEVENT/g)).toHaveLength(5);

    const foreign = await t.send("GET", url, { as: other });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain("VEVENT");
    const visitor = await t.send("GET", url);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain("VEVENT");
  });
});

describe(`payments on ${testEngine}`, () => {
  it("round-trip: the teacher records a payment, the owed list follows, the student sees it, another student cannot", async () => {
    const student = await t.createStudent();
    const other = await t.createStudent();
    const { orderId } = await bookPackage(student);
    const total = (await db().bookingOrder.findUniqueOrThrow({ where: { id: orderId } })).totalPriceCents / 100;

    const owedBefore = await t.send("GET", "/api/admin/orders?filter=owed", { as: t.admin });
    expect(owedBefore.json().orders.map((o: { id: string }) => o.id)).toContain(orderId);

    const partly = await t.send("PUT", `/api/admin/orders/${orderId}/payment`, {
      as: t.admin,
      payload: { payment_status: "partly_paid", amount: 50, date: "2026-03-04" },
    });
    expect(partly.statusCode).toBe(200);
    expect(partly.json().order).toMatchObject({
      payment_status: "partly_paid",
      paid_amount: 50,
      amount_due: total - 50,
      paid_on: "2026-03-04",
    });

    // The sum owed across every order follows the payment.
    const owedNow = await t.send("GET", "/api/admin/orders?filter=owed", { as: t.admin });
    expect(owedNow.json().total_owed).toBeCloseTo(owedBefore.json().total_owed - 50, 2);
    expect(owedBefore.json().total_owed).toBeGreaterThanOrEqual(total);

    const seen = await t.send("GET", `/api/student/orders/${orderId}`, { as: student });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      order: {
        id: orderId,
        total_price: total,
        paid_amount: 50,
        amount_due: total - 50,
        payment_status: "partly_paid",
      },
      payment_instructions: INSTRUCTIONS,
    });
    const list = await t.send("GET", "/api/student/orders", { as: student });
    expect(list.json().orders).toEqual([expect.objectContaining({ id: orderId, payment_status: "partly_paid" })]);

    const paid = await t.caller({ admin: t.admin }).admin.orders.recordPayment({
      id: orderId,
      data: { payment_status: "paid", amount: total, date: "2026-03-10" },
    });
    expect(paid.order).toMatchObject({ payment_status: "paid", amount_due: 0, paid_on: "2026-03-10" });
    const owedAfter = await t.send("GET", "/api/admin/orders?filter=owed", { as: t.admin });
    expect(owedAfter.json().orders.map((o: { id: string }) => o.id)).not.toContain(orderId);
    expect((await t.caller({ student }).portal.order({ id: orderId })).order.payment_status).toBe("paid");

    // Another student: not by id, not in their list, and not through tRPC either.
    const foreign = await t.send("GET", `/api/student/orders/${orderId}`, { as: other });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain("paid");
    const theirs = await t.send("GET", "/api/student/orders", { as: other });
    expect(theirs.json().orders).toEqual([]);
    await expect(t.caller({ student: other }).portal.order({ id: orderId })).rejects.toThrow("Order not found.");
    expect((await t.send("GET", `/api/student/orders/${orderId}`)).statusCode).toBe(401);
    // Nor can a student record a payment.
    const forged = await t.send("PUT", `/api/admin/orders/${orderId}/payment`, {
      as: other,
      payload: { payment_status: "refunded", amount: 0, date: "2026-03-11" },
    });
    expect([401, 403]).toContain(forged.statusCode);
    expect((await db().bookingOrder.findUniqueOrThrow({ where: { id: orderId } })).paymentStatus).toBe("paid");
  });

  it("checks the amount against the status and the order's total", async () => {
    const student = await t.createStudent();
    const { orderId } = await bookPackage(student);
    const total = (await db().bookingOrder.findUniqueOrThrow({ where: { id: orderId } })).totalPriceCents / 100;
    const record = (payload: unknown) =>
      t.send("PUT", `/api/admin/orders/${orderId}/payment`, { as: t.admin, payload });
    const refused = [
      { payment_status: "paid", amount: total - 1, date: "2026-03-04" },
      { payment_status: "partly_paid", amount: total, date: "2026-03-04" },
      { payment_status: "partly_paid", amount: 0, date: "2026-03-04" },
      { payment_status: "refunded", amount: total + 1, date: "2026-03-04" },
      { payment_status: "unpaid", amount: 5, date: "2026-03-04" },
      { payment_status: "paid", amount: -1, date: "2026-03-04" },
      { payment_status: "paid", amount: total, date: "04/03/2026" },
      { payment_status: "settled", amount: total, date: "2026-03-04" },
      { payment_status: "paid", amount: total, date: DateTime.now().plus({ days: 2 }).toISODate() },
    ];
    for (const payload of refused) expect((await record(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect((await record(refused.at(-1))).json().error).toBe("The payment date cannot be later than today.");
    expect(await db().bookingOrder.findUniqueOrThrow({ where: { id: orderId } })).toMatchObject({
      paymentStatus: "unpaid",
      paidCents: 0,
      paidOn: null,
    });
    const refunded = await record({ payment_status: "refunded", amount: total, date: "2026-03-04" });
    expect(refunded.json().order).toMatchObject({ payment_status: "refunded", amount_due: 0 });
  });

  it("the payment instructions are a setting the teacher saves", async () => {
    await t.setSettings({ bufferBetweenLessons: 30 });
    const { settings } = (await t.send("GET", "/api/admin/settings", { as: t.admin })).json();
    const save = (business: object) =>
      t.send("PUT", "/api/admin/settings", { as: t.admin, payload: { settings: { ...settings, business } } });
    const saved = (await save({ ...settings.business, paymentInstructions: "PayPal: giulia@example.com" })).json();
    expect(saved.settings.business.paymentInstructions).toBe("PayPal: giulia@example.com");
    // A client that does not send the field keeps it.
    const { paymentInstructions: _kept, ...business } = saved.settings.business;
    const again = (await save(business)).json();
    expect(again.settings.business.paymentInstructions).toBe("PayPal: giulia@example.com");
  });
});

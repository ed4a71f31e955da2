// Issue 30, item 7: the money view. A known set of orders, lessons, payments, documents and ledger
// entries across January to March 2025, with rows on the teacher's month boundaries (an order made
// at 00:30 on 1 February in Milano, still 31 January in UTC; a lesson at 00:30 on 1 March), and
// every figure of every month asserted; then the defaults, the refusals (in Italian too) and the
// admin-only rule. PGlite, or PostgreSQL with TEST_ENGINE=postgresql.
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { prepareBookingApp, type TestUser, ZONE } from "../helpers/booking-factory.ts";
import { testEngine } from "../helpers/test-db.ts";

const t = prepareBookingApp();
const db = () => t.database.prisma;
const rome = (text: string) => DateTime.fromISO(text, { zone: ZONE }).toJSDate();
const day = (text: string) => DateTime.fromISO(text, { zone: "utc" }).toJSDate();

let documentSequence = 0;
async function issue(
  kind: "invoice" | "receipt" | "credit_note",
  issuedOn: string,
  totalCents: number,
  orderId: string,
) {
  documentSequence++;
  await db().billingDocument.create({
    data: {
      year: 2025,
      sequence: documentSequence,
      number: `2025/${documentSequence}`,
      kind,
      regime: "none",
      issuedOn: day(issuedOn),
      locale: "en",
      orderId,
      totalCents,
      stampDutyCents: 0,
      seller: {},
      payer: {},
      lines: [],
    },
  });
}

async function order(student: TestUser, opts: { createdAt: string; lessons: number; totalCents: number }) {
  const { id } = await db().bookingOrder.create({
    data: {
      studentId: student.id,
      packageId: "online-5",
      lessons: opts.lessons,
      basePriceCents: opts.totalCents,
      totalPriceCents: opts.totalCents,
      createdAt: rome(opts.createdAt),
    },
    select: { id: true },
  });
  return id;
}

async function lesson(
  student: TestUser,
  orderId: string,
  opts: { startsAt: string; status: "pending" | "confirmed" | "cancelled" | "completed"; cancelledAt?: string },
) {
  const order = await db().bookingOrder.findUniqueOrThrow({ where: { id: orderId }, select: { createdAt: true } });
  const startsAt = rome(opts.startsAt);
  const { id } = await db().booking.create({
    data: {
      orderId,
      studentId: student.id,
      teacherId: t.teacherId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      status: opts.status,
      cancelledAt: opts.cancelledAt ? rome(opts.cancelledAt) : null,
      lessonType: "online",
      studentName: student.name,
      studentEmail: student.email,
      createdAt: order.createdAt,
    },
    select: { id: true },
  });
  return id;
}

const pay = (orderId: string, paidOn: string, amountCents: number) =>
  db().payment.create({ data: { orderId, paidOn: day(paidOn), amountCents, method: "bank_transfer" } });

const credit = (
  student: TestUser,
  kind: "purchased" | "used" | "returned",
  lessons: number,
  at: string,
  opts: { orderId?: string; expiresAt?: string } = {},
) =>
  db().creditEntry.create({
    data: {
      studentId: student.id,
      kind,
      lessons,
      orderId: opts.orderId ?? null,
      expiresAt: opts.expiresAt ? rome(opts.expiresAt) : null,
      createdAt: rome(at),
    },
  });

type MoneyBody = {
  from: string;
  to: string;
  zone: string;
  currentMonth: string;
  months: {
    month: string;
    lessonsTaught: number;
    invoiced: number;
    paid: number;
    owed: number | null;
    creditsOutstanding: number | null;
  }[];
  totals: Record<string, number | null>;
};

const money = async (query: string, as: TestUser = t.admin) => {
  const response = await t.send("GET", `/api/admin/money${query}`, { as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as MoneyBody;
};

beforeAll(async () => {
  const [a, b, c, d] = [
    await t.createStudent(),
    await t.createStudent(),
    await t.createStudent(),
    await t.createStudent(),
  ];

  // A: five lessons for 200 €, four booked at once, paid in two halves with a receipt each.
  const orderA = await order(a, { createdAt: "2025-01-10T10:00", lessons: 5, totalCents: 20000 });
  await lesson(a, orderA, { startsAt: "2025-01-20T10:00", status: "completed" });
  // Confirmed, its end long past, not yet marked completed by the job: taught all the same.
  await lesson(a, orderA, { startsAt: "2025-02-05T10:00", status: "confirmed" });
  // Cancelled in time on 20 February: given back to the ledger.
  await lesson(a, orderA, { startsAt: "2025-03-10T10:00", status: "cancelled", cancelledAt: "2025-02-20T09:00" });
  // Never confirmed: not taught, and no longer ahead once it has ended.
  await lesson(a, orderA, { startsAt: "2025-03-20T10:00", status: "pending" });
  await credit(a, "purchased", 5, "2025-01-10T10:00", { orderId: orderA, expiresAt: "2026-01-10T10:00" });
  for (let i = 0; i < 4; i++) await credit(a, "used", -1, "2025-01-10T10:00", { orderId: orderA });
  await credit(a, "returned", 1, "2025-02-20T09:00", { orderId: orderA });
  await pay(orderA, "2025-01-15", 10000);
  await pay(orderA, "2025-02-10", 10000);
  await issue("receipt", "2025-01-15", 10000, orderA);
  await issue("receipt", "2025-02-10", 10000, orderA);

  // B: one lesson for 50 €, ordered at 00:30 on 1 February in Milano (31 January in UTC), taught at
  // 00:30 on 1 March (28 February in UTC); paid and invoiced in February, refunded with a credit note in March.
  const orderB = await order(b, { createdAt: "2025-02-01T00:30", lessons: 1, totalCents: 5000 });
  await lesson(b, orderB, { startsAt: "2025-03-01T00:30", status: "completed" });
  await credit(b, "purchased", 1, "2025-02-01T00:30", { orderId: orderB, expiresAt: "2026-02-01T00:30" });
  await credit(b, "used", -1, "2025-02-01T00:30", { orderId: orderB });
  await pay(orderB, "2025-02-03", 5000);
  await pay(orderB, "2025-03-05", -5000);
  await issue("invoice", "2025-02-03", 5000, orderB);
  await issue("credit_note", "2025-03-05", 5000, orderB);

  // C: two lessons for 80 €, one booked (in April, since taught), the other left on a ledger that
  // lapses on 15 March; nothing paid.
  const orderC = await order(c, { createdAt: "2025-02-10T12:00", lessons: 2, totalCents: 8000 });
  await lesson(c, orderC, { startsAt: "2025-04-10T10:00", status: "completed" });
  await credit(c, "purchased", 2, "2025-02-10T12:00", { orderId: orderC, expiresAt: "2025-03-15T12:00" });
  await credit(c, "used", -1, "2025-02-10T12:00", { orderId: orderC });

  // D: one lesson for 60 € (before the ledger: no entries), declined on 2 February.
  const orderD = await order(d, { createdAt: "2025-01-20T18:00", lessons: 1, totalCents: 6000 });
  await lesson(d, orderD, { startsAt: "2025-02-15T10:00", status: "cancelled", cancelledAt: "2025-02-02T08:00" });

  // The orders' own payment columns, as payments.service.ts keeps them.
  await db().bookingOrder.update({
    where: { id: orderA },
    data: { paymentStatus: "paid", paidCents: 20000, paidOn: day("2025-02-10") },
  });
  await db().bookingOrder.update({
    where: { id: orderB },
    data: { paymentStatus: "refunded", paidCents: 0, paidOn: day("2025-03-05") },
  });
});

describe(`the money view on ${testEngine}`, () => {
  it("every figure of January to March 2025, months in the teacher's zone", async () => {
    const view = await money("?from=2025-01&to=2025-03");
    expect(view).toMatchObject({ from: "2025-01", to: "2025-03", zone: ZONE });
    expect(view.months).toEqual([
      // Taught: A's first. Invoiced and paid: A's first half. Owed: A 100 + D 60 (B was ordered on
      // 1 February in Milano). Ahead: A's three later lessons and D's, plus A's one lesson unbooked.
      { month: "2025-01", lessonsTaught: 1, invoiced: 100, paid: 100, owed: 160, creditsOutstanding: 5 },
      // Taught: A's confirmed lesson. Invoiced and paid: A's second half and B. Owed: C (A and B
      // paid, D declined). Ahead: A's pending, B's (1 March, 00:30) and C's lessons, plus the
      // ledgers: A 2 (one given back), C 1.
      { month: "2025-02", lessonsTaught: 1, invoiced: 150, paid: 150, owed: 80, creditsOutstanding: 6 },
      // Taught: B's lesson at 00:30 on 1 March. The refund and its credit note subtract. Owed: C
      // (B refunded owes nothing). Ahead: C's April lesson and A's 2 left (C's lapsed on 15 March).
      { month: "2025-03", lessonsTaught: 1, invoiced: -50, paid: -50, owed: 80, creditsOutstanding: 3 },
    ]);
    expect(view.totals).toEqual({ lessonsTaught: 3, invoiced: 200, paid: 200, owed: 80, creditsOutstanding: 3 });
  });

  it("the same figures through tRPC, and a year as twelve months", async () => {
    const rest = await money("?from=2025-01&to=2025-03");
    const trpc = await t.caller({ admin: t.admin }).admin.money({ from: "2025-01", to: "2025-03" });
    expect(trpc).toEqual(rest);

    const year = await money("?year=2025");
    expect(year.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, "0")}`),
    );
    expect(year.months.slice(0, 3)).toEqual(rest.months);
    // April: C's lesson taught; nothing else moves, and what is owed stays.
    expect(year.months[3]).toEqual({
      month: "2025-04",
      lessonsTaught: 1,
      invoiced: 0,
      paid: 0,
      owed: 80,
      creditsOutstanding: 2,
    });
    expect(year.totals).toEqual({ lessonsTaught: 4, invoiced: 200, paid: 200, owed: 80, creditsOutstanding: 2 });
  });

  it("by default the twelve months up to the current one; the current month reads now, the owed the orders list's", async () => {
    const current = DateTime.now().setZone(ZONE).startOf("month");
    const view = await money("");
    expect(view.to).toBe(current.toFormat("yyyy-MM"));
    expect(view.currentMonth).toBe(current.toFormat("yyyy-MM"));
    expect(view.from).toBe(current.minus({ months: 11 }).toFormat("yyyy-MM"));
    expect(view.months).toHaveLength(12);
    const now = view.months.at(-1);
    const orders = (await t.send("GET", "/api/admin/orders?filter=owed", { as: t.admin })).json();
    expect(now?.owed).toBe(orders.total_owed);
    expect(now?.owed).toBe(80);
    // A's two lessons left on the ledger until January 2026, then nothing.
    expect(now?.creditsOutstanding).toBe(current < DateTime.fromISO("2026-01-10", { zone: ZONE }) ? 2 : 0);

    // A month not yet begun has flows of 0 and no month-end reading.
    const ahead = await money(
      `?from=${current.toFormat("yyyy-MM")}&to=${current.plus({ months: 1 }).toFormat("yyyy-MM")}`,
    );
    expect(ahead.months[1]).toEqual({
      month: current.plus({ months: 1 }).toFormat("yyyy-MM"),
      lessonsTaught: 0,
      invoiced: 0,
      paid: 0,
      owed: null,
      creditsOutstanding: null,
    });
    expect(ahead.totals.owed).toBe(80);
  });

  it("refuses a malformed month, a reversed or too long span and a year out of range, in English and Italian", async () => {
    const ask = (query: string, headers: Record<string, string> = {}) =>
      t.send("GET", `/api/admin/money${query}`, { as: t.admin, headers });
    for (const [query, message] of [
      ["?from=2025-13", "Please write months as YYYY-MM, from 2000-01 to 2100-12."],
      ["?to=March", "Please write months as YYYY-MM, from 2000-01 to 2100-12."],
      ["?from=2025-04&to=2025-03", "Please choose at most 36 months, the first not after the last."],
      ["?from=2022-01&to=2025-01", "Please choose at most 36 months, the first not after the last."],
      ["?year=1999", "Please choose a year from 2000 to 2100."],
    ] as const) {
      const response = await ask(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toBe(message);
    }
    expect((await ask("?from=2022-02&to=2025-01")).statusCode).toBe(200);
    const italian = await ask("?from=2025-04&to=2025-03", { "accept-language": "it" });
    expect(italian.json().error).toBe("Scegli al massimo 36 mesi; il mese iniziale non può venire dopo quello finale.");
  });

  it("is the teacher's only: a visitor and a student are 401, an account that is not an admin 403", async () => {
    const student = await t.createStudent();
    expect((await t.send("GET", "/api/admin/money")).statusCode).toBe(401);
    expect((await t.send("GET", "/api/admin/money", { as: student })).statusCode).toBe(401);
    const notAdmin = await t.createStudent({ kind: "admin", isAdmin: false });
    const refused = await t.send("GET", "/api/admin/money", { as: notAdmin });
    expect(refused.statusCode).toBe(403);
    expect(JSON.stringify(refused.json())).not.toContain("lessonsTaught");
    await expect(t.caller({ student }).admin.money({})).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

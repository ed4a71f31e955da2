// Issue 30, item 2: a card payment through a Stripe Payment Link records itself. Events are signed
// as Stripe signs them (the `stripe` package's generateTestHeaderString with the endpoint's secret)
// and sent to POST /api/payments/stripe/webhook: a paid Checkout Session naming an order's reference
// is one card entry of that order, once however often it arrives; a bad or missing signature, or a
// body changed after signing, is a 400 that records nothing; an unknown reference or another event
// is a 200 that records nothing. PGlite and PostgreSQL.
import { randomUUID } from "node:crypto";
import { DateTime } from "luxon";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { prepareBookingApp } from "../helpers/booking-factory.ts";
import { prepareTestApp } from "../helpers/test-app.ts";
import { testEngine } from "../helpers/test-db.ts";

const SECRET = "whsec_test_milano_english_0123456789abcdef";
const URL = "/api/payments/stripe/webhook";
const SIGNATURE_REFUSED = { error: "The Stripe signature is missing or does not match this request." };

const t = prepareBookingApp({ env: { STRIPE_WEBHOOK_SECRET: SECRET } });
const db = () => t.database.prisma;

/** A €192 order of a fresh student, nothing paid yet, and its reference ("ORD-0042"). */
async function order192() {
  const student = await t.createStudent();
  const order = await db().bookingOrder.create({
    data: { studentId: student.id, packageId: "online-5", lessons: 2, basePriceCents: 19200, totalPriceCents: 19200 },
  });
  return { orderId: order.id, student, reference: `ORD-${String(order.number).padStart(4, "0")}` };
}

const entriesOf = (orderId: string) =>
  db().payment.findMany({
    where: { orderId },
    orderBy: { createdAt: "asc" },
    select: { amountCents: true, method: true, paidOn: true, note: true, externalId: true, createdById: true },
  });

/** 23:30 UTC on 4 March 2026 is already the 5th in Milano: the entry is dated in the teacher's calendar. */
const PAID_AT = Math.floor(Date.parse("2026-03-04T23:30:00Z") / 1000);

/** The event Stripe sends when a Payment Link's checkout is paid (the fields the webhook reads, and a few more). */
function sessionCompleted(opts: {
  reference: string | null;
  amountCents: number;
  paymentIntent?: string;
  sessionId?: string;
  paymentStatus?: string;
  type?: string;
  currency?: string;
}) {
  const sessionId = opts.sessionId ?? `cs_test_${randomUUID().replaceAll("-", "")}`;
  return {
    id: `evt_${randomUUID().replaceAll("-", "")}`,
    object: "event",
    api_version: "2025-10-29.clover",
    created: PAID_AT,
    type: opts.type ?? "checkout.session.completed",
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: opts.paymentStatus ?? "paid",
        amount_total: opts.amountCents,
        amount_subtotal: opts.amountCents,
        currency: opts.currency ?? "eur",
        client_reference_id: opts.reference,
        payment_intent: opts.paymentIntent ?? `pi_${randomUUID().replaceAll("-", "")}`,
        payment_link: "plink_test_123",
        metadata: {},
        customer_details: { email: "parent@test.example", name: "Laura D'Angelo" },
      },
    },
  };
}

function paymentIntentSucceeded(opts: { id: string; reference: string; amountCents: number }) {
  return {
    id: `evt_${randomUUID().replaceAll("-", "")}`,
    object: "event",
    api_version: "2025-10-29.clover",
    created: PAID_AT,
    type: "payment_intent.succeeded",
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: opts.id,
        object: "payment_intent",
        amount: opts.amountCents,
        amount_received: opts.amountCents,
        currency: "eur",
        status: "succeeded",
        metadata: { reference: opts.reference },
      },
    },
  };
}

const sign = (payload: string, secret = SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });

/** Posts `payload` as Stripe does: JSON, the signature header, no cookie and no Origin. */
const deliver = (payload: string, signature?: string, app = t.app) =>
  app.inject({
    method: "POST",
    url: URL,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      ...(signature === undefined ? {} : { "stripe-signature": signature }),
    },
    payload,
  });
const deliverSigned = (event: object) => {
  const payload = JSON.stringify(event, null, 2);
  return deliver(payload, sign(payload));
};

describe(`the Stripe webhook on ${testEngine}`, () => {
  it("records a paid checkout once, by card, for its amount, on the event's day in Milano", async () => {
    const { orderId, student, reference } = await order192();
    const event = sessionCompleted({ reference, amountCents: 10000 });
    const response = await deliverSigned(event);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: "recorded" });
    expect(await entriesOf(orderId)).toEqual([
      {
        amountCents: 10000,
        method: "card",
        paidOn: new Date("2026-03-05T00:00:00Z"),
        note: `Stripe ${event.data.object.id}`,
        externalId: `stripe:${event.data.object.payment_intent}`,
        createdById: null,
      },
    ]);
    // The order's sums follow, for the teacher and the family alike.
    const seen = await t.send("GET", `/api/student/orders/${orderId}`, { as: student });
    expect(seen.json().order).toMatchObject({ paid_amount: 100, amount_due: 92, payment_status: "partly_paid" });
    const admin = await t.send("GET", `/api/admin/orders/${orderId}`, { as: t.admin });
    expect(admin.json().order.payments).toEqual([
      expect.objectContaining({
        amount: 100,
        method: "card",
        date: "2026-03-05",
        note: `Stripe ${event.data.object.id}`,
      }),
    ]);
  });

  it("the same event delivered again, or at the same time, or the same payment's other event, records nothing more", async () => {
    const { orderId, reference } = await order192();
    const event = sessionCompleted({ reference, amountCents: 19200 });
    const payload = JSON.stringify(event);
    expect((await deliver(payload, sign(payload))).json()).toEqual({ received: true, outcome: "recorded" });
    // Stripe's retry: the same bytes, signed again at its time.
    const again = await deliver(payload, sign(payload));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, outcome: "duplicate" });
    const together = await Promise.all([1, 2, 3].map(() => deliver(payload, sign(payload))));
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    // The PaymentIntent behind the session, for an endpoint subscribed to both events.
    const intent = paymentIntentSucceeded({ id: event.data.object.payment_intent, reference, amountCents: 19200 });
    expect((await deliverSigned(intent)).json()).toEqual({ received: true, outcome: "duplicate" });

    expect(await entriesOf(orderId)).toHaveLength(1);
    const order = await db().bookingOrder.findUniqueOrThrow({ where: { id: orderId } });
    expect(order).toMatchObject({ paymentStatus: "paid", paidCents: 19200 });
  });

  it("refuses a bad or missing signature with 400 and records nothing", async () => {
    const { orderId, reference } = await order192();
    const payload = JSON.stringify(sessionCompleted({ reference, amountCents: 19200 }));
    const wrongSecret = await deliver(payload, sign(payload, "whsec_someone_else"));
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toEqual(SIGNATURE_REFUSED);
    const missing = await deliver(payload);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(SIGNATURE_REFUSED);
    const garbage = await deliver(payload, "t=1,v1=00");
    expect(garbage.statusCode).toBe(400);
    // A genuine signature of five minutes and more ago (a replay captured earlier) is refused too.
    const old = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await deliver(payload, old)).statusCode).toBe(400);
    expect(await entriesOf(orderId)).toEqual([]);
  });

  it("refuses a body changed after it was signed", async () => {
    const { orderId, reference } = await order192();
    const payload = JSON.stringify(sessionCompleted({ reference, amountCents: 100 }));
    const signature = sign(payload);
    const changed = payload.replace('"amount_total":100', '"amount_total":19200');
    expect(changed).not.toBe(payload);
    const response = await deliver(changed, signature);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(SIGNATURE_REFUSED);
    // Whitespace is a change too: the signature is over the bytes, not the JSON's meaning.
    expect((await deliver(`${payload} `, signature)).statusCode).toBe(400);
    expect(await entriesOf(orderId)).toEqual([]);
  });

  it("answers 200 to what it does not record: an unknown reference, none, an unpaid session, another event", async () => {
    const { orderId, reference } = await order192();
    const before = await db().payment.count();
    const ignored = [
      sessionCompleted({ reference: "ORD-999999", amountCents: 19200 }),
      sessionCompleted({ reference: "lesson with Giulia", amountCents: 19200 }),
      sessionCompleted({ reference: null, amountCents: 19200 }),
      sessionCompleted({ reference, amountCents: 19200, paymentStatus: "unpaid" }),
      sessionCompleted({ reference, amountCents: 19200, currency: "usd" }),
      sessionCompleted({ reference, amountCents: 19200, type: "checkout.session.expired" }),
      { ...sessionCompleted({ reference, amountCents: 19200 }), type: "customer.created" },
    ];
    for (const event of ignored) {
      const response = await deliverSigned(event);
      expect(response.statusCode, JSON.stringify(event.data.object.client_reference_id)).toBe(200);
      expect(response.json()).toEqual({ received: true, outcome: "ignored" });
    }
    expect(await db().payment.count()).toBe(before);
    expect(await entriesOf(orderId)).toEqual([]);
  });

  it("records money that arrived even beyond what the order owes, and a delayed payment when it settles", async () => {
    const { orderId, reference } = await order192();
    expect((await deliverSigned(sessionCompleted({ reference, amountCents: 15000 }))).statusCode).toBe(200);
    const more = await deliverSigned(sessionCompleted({ reference: reference.toLowerCase(), amountCents: 15000 }));
    expect(more.json()).toEqual({ received: true, outcome: "recorded" });
    // A SEPA debit: completed unpaid, then async_payment_succeeded, paid.
    const sessionId = `cs_test_${randomUUID().replaceAll("-", "")}`;
    const delayed = { reference, amountCents: 500, sessionId, paymentIntent: `pi_${randomUUID().replaceAll("-", "")}` };
    await deliverSigned(sessionCompleted({ ...delayed, paymentStatus: "unpaid" }));
    const settled = await deliverSigned(
      sessionCompleted({ ...delayed, type: "checkout.session.async_payment_succeeded" }),
    );
    expect(settled.json()).toEqual({ received: true, outcome: "recorded" });
    expect((await entriesOf(orderId)).map((e) => e.amountCents)).toEqual([15000, 15000, 500]);
    const order = await db().bookingOrder.findUniqueOrThrow({ where: { id: orderId } });
    expect(order).toMatchObject({ paymentStatus: "paid", paidCents: 30500 });
  });

  it("records a PaymentIntent that carries the reference in its metadata", async () => {
    const { orderId, reference } = await order192();
    const id = `pi_${randomUUID().replaceAll("-", "")}`;
    const response = await deliverSigned(paymentIntentSucceeded({ id, reference, amountCents: 19200 }));
    expect(response.json()).toEqual({ received: true, outcome: "recorded" });
    expect(await entriesOf(orderId)).toEqual([
      expect.objectContaining({ amountCents: 19200, method: "card", note: `Stripe ${id}`, externalId: `stripe:${id}` }),
    ]);
  });

  it("issues the payment's document as a payment the teacher records does, once", async () => {
    const { settings } = (await t.send("GET", "/api/admin/settings", { as: t.admin })).json();
    const saved = await t.send("PUT", "/api/admin/settings", {
      as: t.admin,
      payload: {
        settings: {
          ...settings,
          billing: {
            regime: "none",
            legalName: "Giulia Bianchi",
            taxCode: "BNCGLI85C45F205B",
            address: { street: "Via Dante 1", zip: "20121", city: "Milano", province: "MI", country: "IT" },
            issueDocuments: "on_payment",
          },
        },
      },
    });
    expect(saved.statusCode).toBe(200);
    try {
      const { orderId, reference } = await order192();
      const payload = JSON.stringify(sessionCompleted({ reference, amountCents: 19200 }));
      expect((await deliver(payload, sign(payload))).json()).toEqual({ received: true, outcome: "recorded" });
      expect((await deliver(payload, sign(payload))).json()).toEqual({ received: true, outcome: "duplicate" });
      const order = (await t.send("GET", `/api/admin/orders/${orderId}`, { as: t.admin })).json().order;
      expect(order.documents).toEqual([
        expect.objectContaining({ kind: "receipt", total: 192, payment_id: order.payments[0].id }),
      ]);
      expect(order.documents_pending).toBe(false);
    } finally {
      await db().billingProfile.deleteMany();
    }
  });

  it("is a route of its own: a body over 64 KB is 413, and the other JSON routes still parse JSON", async () => {
    const { reference } = await order192();
    const event = sessionCompleted({ reference, amountCents: 100 });
    const big = JSON.stringify({ ...event, padding: "x".repeat(70 * 1024) });
    const response = await deliver(big, sign(big));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: "The request is too large." });
    // The plugin's parser stays in its plugin: another route still receives parsed JSON.
    const orderId = (await order192()).orderId;
    const paid = await t.send("POST", `/api/admin/orders/${orderId}/payments`, {
      as: t.admin,
      payload: { amount: 10, method: "cash", date: DateTime.now().setZone("Europe/Rome").toISODate() },
    });
    expect(paid.statusCode).toBe(201);
  });
});

describe(`without STRIPE_WEBHOOK_SECRET on ${testEngine}`, () => {
  const plain = prepareTestApp();

  it("answers 404 with a sentence saying what is missing, and records nothing", async () => {
    const payload = JSON.stringify(sessionCompleted({ reference: "ORD-0001", amountCents: 100 }));
    const response = await deliver(payload, sign(payload), plain.app);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: "Stripe payments are not set up on this site: STRIPE_WEBHOOK_SECRET is not set.",
    });
    expect(await plain.database.prisma.payment.count()).toBe(0);
  });
});

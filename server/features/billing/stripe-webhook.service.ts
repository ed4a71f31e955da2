// Card payments reported by Stripe (issue 30, item 2). The webhook route verifies the event's
// signature (server/http/stripe-webhook.http.ts); here a paid Checkout Session or a succeeded
// PaymentIntent that names an order's reference becomes one entry of that order's payments,
// recorded by addPayment as the teacher's own entries are. Everything else is answered and left:
// Stripe retries any answer but a 2xx for days, and a retry would not make it ours.
import { DateTime } from "luxon";
import type Stripe from "stripe";
import { centsToEuro } from "../../../shared/money.ts";
import type { Db } from "../../db.ts";
import { isConstraintConflict } from "../../errors.ts";
import { addPayment } from "../admin/payments.service.ts";
import { loadSiteRules } from "../availability/availability.service.ts";
import { findOrderIdByNumber } from "../booking/order.data.ts";
import { orderNumberOf } from "./billing.service.ts";

/** What one event reports: a card payment for the order of `reference`, or nothing to record. */
export type ReportedCardPayment = {
  reference: string;
  amountCents: number;
  /** The payment's id at Stripe, the same whichever of its events reports it. */
  externalId: string;
  note: string;
  /** When the event happened, in seconds (Stripe's `created`). */
  created: number;
};

export type StripeEventOutcome =
  | { status: "recorded"; orderId: string; paymentId: string; reference: string; amountCents: number }
  | { status: "duplicate"; orderId: string; reference: string }
  | { status: "ignored"; reason: string };

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : value?.id);

function payment(
  reference: string | null | undefined,
  amountCents: number | null,
  currency: string | null,
  externalId: string,
  note: string,
  created: number,
): ReportedCardPayment | { ignored: string } {
  if (!reference) return { ignored: "no order reference (client_reference_id or metadata.reference)" };
  if (currency?.toLowerCase() !== "eur") return { ignored: `currency ${currency}, not eur` };
  if (!amountCents || amountCents <= 0 || !Number.isSafeInteger(amountCents)) {
    return { ignored: `amount ${amountCents}` };
  }
  if (!Number.isSafeInteger(created)) return { ignored: `created ${created}` };
  return { reference, amountCents, externalId: `stripe:${externalId}`, note, created };
}

/**
 * The card payment a verified event reports, or why it reports none. A Payment Link's payment is a
 * Checkout Session carrying the reference as `client_reference_id` (or `metadata.reference`); a
 * PaymentIntent carries it in `metadata.reference`. Both name the same PaymentIntent, whose id is
 * the entry's `externalId`, so an endpoint subscribed to both events records the payment once.
 */
export function reportedCardPayment(event: Stripe.Event): ReportedCardPayment | { ignored: string } {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      // "unpaid" until a delayed method (a SEPA debit) settles: async_payment_succeeded follows.
      if (session.payment_status !== "paid") return { ignored: `payment_status ${session.payment_status}` };
      return payment(
        session.client_reference_id ?? session.metadata?.reference,
        session.amount_total,
        session.currency,
        idOf(session.payment_intent) ?? session.id,
        `Stripe ${session.id}`,
        event.created,
      );
    }
    case "payment_intent.succeeded": {
      const intent = event.data.object;
      return payment(
        intent.metadata?.reference,
        intent.amount_received,
        intent.currency,
        intent.id,
        `Stripe ${intent.id}`,
        event.created,
      );
    }
    default:
      return { ignored: `event type ${event.type}` };
  }
}

/**
 * Records the card payment `event` reports on the order its reference names, dated the event's day
 * in the teacher's calendar. Money that arrived is recorded even when it is more than the order
 * owes (the teacher refunds the difference). The same payment reported again adds nothing.
 */
export async function recordStripeEvent(db: Db, event: Stripe.Event): Promise<StripeEventOutcome> {
  const reported = reportedCardPayment(event);
  if ("ignored" in reported) return { status: "ignored", reason: reported.ignored };
  const { reference } = reported;
  const number = orderNumberOf(reference);
  const orderId = number === null ? null : await findOrderIdByNumber(db, number);
  if (!orderId) return { status: "ignored", reason: `no order with the reference ${JSON.stringify(reference)}` };

  const { zone } = await loadSiteRules(db);
  // Never after now: Stripe's clock a moment ahead at midnight is not a payment of tomorrow.
  const day = DateTime.min(DateTime.fromSeconds(reported.created), DateTime.now()).setZone(zone).toISODate() as string;
  try {
    const { paymentId } = await addPayment(
      db,
      orderId,
      {
        amount: centsToEuro(reported.amountCents),
        method: "card",
        date: day,
        note: reported.note,
        allow_overpayment: true,
      },
      null,
      { externalId: reported.externalId },
    );
    return paymentId
      ? { status: "recorded", orderId, paymentId, reference, amountCents: reported.amountCents }
      : { status: "duplicate", orderId, reference };
  } catch (error) {
    // Deliveries for one order queue on its row lock and the second finds the first's entry; the
    // unique index on externalId is the last guard, and what it refuses is already recorded.
    if (isConstraintConflict(error)) return { status: "duplicate", orderId, reference };
    throw error;
  }
}

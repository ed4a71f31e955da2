// POST /api/payments/stripe/webhook: Stripe's report of a card payment (issue 30, item 2). A plain
// route, not a procedure: Stripe signs the exact bytes it sends, so this plugin keeps the body as
// it arrived (its own JSON parser, encapsulated: every other route keeps the app's) and checks the
// `Stripe-Signature` header against it with the endpoint's secret (STRIPE_WEBHOOK_SECRET) through
// the official `stripe` package. Stripe calls from its servers, with no cookie and no Origin, so
// the cross-site check lets it through; the signature is what authenticates it.
import type { FastifyInstance } from "fastify";
import type { Db } from "../db.ts";
import { AppError } from "../errors.ts";
import { recordStripeEvent } from "../features/billing/stripe-webhook.service.ts";
import { requestLocale, translateSentence } from "../i18n.ts";
import { cleanInput, parseJsonInput } from "./input-text.ts";

/** A Checkout Session's event is a few KB; nothing Stripe sends here comes near this. */
export const STRIPE_WEBHOOK_BODY_LIMIT = 64 * 1024;
export const STRIPE_WEBHOOK_NOT_CONFIGURED_MESSAGE =
  "Stripe payments are not set up on this site: STRIPE_WEBHOOK_SECRET is not set.";
export const STRIPE_SIGNATURE_MESSAGE = "The Stripe signature is missing or does not match this request.";

/** The `stripe` package (740 KB bundled, ~50 ms to load) only once a webhook arrives, as `openai`. */
let stripeModule: Promise<typeof import("stripe")> | null = null;
const loadStripe = () => {
  stripeModule ??= import("stripe");
  return stripeModule;
};

export async function stripeWebhookRoutes(app: FastifyInstance, opts: { db: Db; secret: string | undefined }) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "buffer", bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT },
    (_request, body, done) => {
      // Checked as every JSON body is (depth, a NUL), then kept as bytes for the signature.
      const text = (body as Buffer).toString("utf8").trim();
      try {
        if (text !== "") parseJsonInput(text);
        done(null, body);
      } catch (error) {
        done(
          error instanceof AppError ? error : new AppError("BAD_REQUEST", "The request body is not valid JSON."),
          undefined,
        );
      }
    },
  );

  app.post(
    "/api/payments/stripe/webhook",
    { bodyLimit: STRIPE_WEBHOOK_BODY_LIMIT, config: { rateLimit: "webhook" } },
    async (request, reply) => {
      const say = (english: string) => translateSentence(english, requestLocale(request.headers));
      // 404, not 503: a site without the secret has no such endpoint, and nothing will change by
      // retrying (Stripe retries a 5xx for days).
      if (!opts.secret) return reply.code(404).send({ error: say(STRIPE_WEBHOOK_NOT_CONFIGURED_MESSAGE) });
      const signature = request.headers["stripe-signature"];
      if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) {
        return reply.code(400).send({ error: say(STRIPE_SIGNATURE_MESSAGE) });
      }
      const { default: Stripe } = await loadStripe();
      let event: ReturnType<typeof Stripe.webhooks.constructEvent>;
      try {
        event = Stripe.webhooks.constructEvent(request.body, signature, opts.secret);
      } catch (error) {
        request.log.warn({ reason: (error as Error).message }, "stripe webhook: signature refused");
        return reply.code(400).send({ error: say(STRIPE_SIGNATURE_MESSAGE) });
      }
      // A lone surrogate in a text becomes U+FFFD before it reaches the database (input-text.ts).
      const outcome = await recordStripeEvent(opts.db, cleanInput(event));
      const facts = { event: event.id, type: event.type, ...outcome };
      if (outcome.status === "ignored") request.log.info(facts, "stripe webhook: event ignored");
      else request.log.info(facts, `stripe webhook: payment ${outcome.status}`);
      return reply.code(200).send({ received: true, outcome: outcome.status });
    },
  );
}

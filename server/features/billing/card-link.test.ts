import { describe, expect, it } from "vitest";
import { cardLinkFor, orderNumberOf, orderReference } from "./billing.service.ts";

describe("the card link", () => {
  it("adds the order's reference to a Stripe Payment Link, as client_reference_id", () => {
    expect(cardLinkFor("https://buy.stripe.com/test_abc123", "ORD-0042")).toBe(
      "https://buy.stripe.com/test_abc123?client_reference_id=ORD-0042",
    );
    // The link's own query stays; a reference already there is replaced, not repeated.
    expect(cardLinkFor("https://buy.stripe.com/abc?locale=it&client_reference_id=ORD-0001", "ORD-0042")).toBe(
      "https://buy.stripe.com/abc?locale=it&client_reference_id=ORD-0042",
    );
  });

  it("leaves every other link as saved", () => {
    for (const link of [
      "https://pay.sumup.com/b2c/QABC123",
      "https://buy.stripe.com.example.org/abc",
      "https://checkout.stripe.com/c/pay/cs_test_1",
      "http://buy.stripe.com/abc",
    ]) {
      expect(cardLinkFor(link, "ORD-0042")).toBe(link);
    }
    expect(cardLinkFor(null, "ORD-0042")).toBeNull();
    expect(cardLinkFor("", "ORD-0042")).toBeNull();
  });
});

describe("an order's number from its reference", () => {
  it("reads what orderReference writes, forgiving spaces and case", () => {
    for (const n of [1, 42, 9999, 10_000, 123_456_789]) expect(orderNumberOf(orderReference(n))).toBe(n);
    expect(orderNumberOf(" ord-0042 ")).toBe(42);
  });

  it("finds none in anything else", () => {
    for (const text of [
      "",
      "ORD-",
      "ORD-0",
      "ORD-00x1",
      "0042",
      "ORD 0042",
      "ORD-0042-1",
      "ORD-1234567890",
      "ORD-٤٢",
    ]) {
      expect(orderNumberOf(text), text).toBeNull();
    }
  });
});

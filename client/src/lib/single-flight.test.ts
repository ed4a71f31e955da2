import { describe, expect, it } from "vitest";
import { newIdempotencyKey } from "./single-flight.ts";

describe("an attempt's idempotency key", () => {
  it("is 128 random bits as hex, fresh each time", () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});

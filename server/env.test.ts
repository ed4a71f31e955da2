import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.ts";

const production = {
  NODE_ENV: "production",
  GOOGLE_CLIENT_ID: "id",
  GOOGLE_CLIENT_SECRET: "secret",
  CALENDAR_SECRET: "fedcba9876543210fedcba9876543210",
};

describe("ACCOUNT_HASH_SECRET", () => {
  it("is required in production, with at least 32 characters", () => {
    expect(() => parseEnv(production)).toThrow(/ACCOUNT_HASH_SECRET/);
    expect(() => parseEnv({ ...production, ACCOUNT_HASH_SECRET: "short" })).toThrow(/ACCOUNT_HASH_SECRET/);
    const key = "0123456789abcdef0123456789abcdef";
    expect(parseEnv({ ...production, ACCOUNT_HASH_SECRET: key }).accountHashSecret).toBe(key);
  });

  it("has a development default outside production", () => {
    expect(parseEnv({ NODE_ENV: "development" }).accountHashSecret).toMatch(/development-only/);
  });
});

describe("CALENDAR_SECRET", () => {
  const key = "0123456789abcdef0123456789abcdef";
  const { CALENDAR_SECRET: _, ...withoutCalendarKey } = production;
  it("is required in production, with at least 32 characters", () => {
    const base = { ...withoutCalendarKey, ACCOUNT_HASH_SECRET: key };
    expect(() => parseEnv(base)).toThrow(/CALENDAR_SECRET/);
    expect(() => parseEnv({ ...base, CALENDAR_SECRET: "short" })).toThrow(/CALENDAR_SECRET/);
    expect(parseEnv({ ...base, CALENDAR_SECRET: key }).calendarSecret).toBe(key);
  });

  it("has a development default outside production", () => {
    expect(parseEnv({ NODE_ENV: "development" }).calendarSecret).toMatch(/development-only/);
  });
});

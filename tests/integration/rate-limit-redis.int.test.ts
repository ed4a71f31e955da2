// Rate limits shared through Redis: two server processes behind one origin count together, a
// spoofed X-Forwarded-For does not reset the count, and a Redis outage degrades to per-process
// counting instead of failing requests.
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RedisRateLimiter } from "../../server/plugins/rate-limit.ts";
import { createRedisRateLimiter } from "../../server/plugins/redis.ts";
import { isRedisUp, redisUrl } from "../helpers/redis.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";

const available = await isRedisUp();

const rule = { limit: 5, windowMs: 60_000 };

describe.runIf(available)("rate limits shared through Redis", () => {
  const limiters: RedisRateLimiter[] = [];
  let database: TestDatabase;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const a of apps) await a.app.close();
    for (const l of limiters) await l.close();
    await database?.close();
  });

  const limiter = async () => {
    const l = await createRedisRateLimiter(redisUrl, () => {});
    limiters.push(l);
    return l;
  };

  it("counts hits from two processes together", async () => {
    const [a, b] = [await limiter(), await limiter()];
    const key = `test:${randomBytes(6).toString("hex")}`;
    const results = [];
    for (let i = 0; i < 8; i++) results.push(await (i % 2 ? b : a).hit(key, rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, true, false, false, false]);
    for (const r of results) expect(r.retryAfterSeconds).toBeGreaterThan(0);
    for (const r of results) expect(r.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("falls back to counting in this process while Redis is unreachable", async () => {
    const errors: unknown[] = [];
    const down = await createRedisRateLimiter("redis://127.0.0.1:1", (e) => errors.push(e));
    limiters.push(down);
    const results = [];
    for (let i = 0; i < 7; i++) results.push((await down.hit("unreachable", rule)).allowed);
    expect(results).toEqual([true, true, true, true, true, false, false]);
    expect(errors.length).toBeGreaterThan(0);
  });

  it("throttles sign-in across two app instances and ignores a spoofed X-Forwarded-For", async () => {
    const shared = new Redis(redisUrl);
    const prefix = `rl-test-${randomBytes(4).toString("hex")}:`;
    for (let i = 0; i < 2; i++) {
      const l = new RedisRateLimiter(shared, prefix);
      apps.push(await createTestApp({ database, env: { RATE_LIMIT_AUTH: "3" }, rateLimiter: l }));
    }
    limiters.push(new RedisRateLimiter(shared, prefix));
    const codes = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 6; i++) {
      const response = await apps[i % 2].app.inject({
        method: "GET",
        url: "/api/student-auth/google",
        headers: { "x-forwarded-for": `203.0.113.${i}` },
      });
      codes.push(response.statusCode);
      if (response.statusCode === 429) retryAfter = response.headers["retry-after"] as string;
    }
    expect(codes).toEqual([302, 302, 302, 429, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

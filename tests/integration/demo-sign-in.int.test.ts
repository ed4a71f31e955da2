// The demo sign-in (issue 28): one attempt is one hit on the sign-in limit, not two.
import { describe, expect, it } from "vitest";
import type { RateLimiter, RateLimitRule } from "../../server/plugins/rate-limit.ts";
import { prepareTestApp } from "../helpers/test-app.ts";

/** Records every hit and allows them all. */
class RecordingLimiter implements RateLimiter {
  hits: { key: string; rule: RateLimitRule }[] = [];
  async hit(key: string, rule: RateLimitRule) {
    this.hits.push({ key, rule });
    return { allowed: true, retryAfterSeconds: 0 };
  }
}

describe("POST /api/demo-auth", () => {
  const limiter = new RecordingLimiter();
  const t = prepareTestApp({ rateLimiter: limiter });

  it("counts one sign-in attempt once against the sign-in limit", async () => {
    limiter.hits = [];
    const response = await t.app.inject({
      method: "POST",
      url: "/api/demo-auth",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      payload: "role=student",
    });
    expect(response.statusCode).toBeLessThan(400);
    expect(limiter.hits.filter((h) => h.key.startsWith("sign-in:"))).toHaveLength(1);
  });
});

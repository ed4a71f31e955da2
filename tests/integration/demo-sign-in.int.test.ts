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

describe("GET /api/demo-auth", () => {
  const t = prepareTestApp();
  const page = (next: string) =>
    t.app.inject({ method: "GET", url: `/api/demo-auth?next=${encodeURIComponent(next)}` });

  it("speaks the language of the page it returns to (issue 29)", async () => {
    const italian = await page("/it/student/lessons");
    expect(italian.body).toContain('<html lang="it">');
    expect(italian.body).toContain("<h1>Accesso demo</h1>");
    expect(italian.body).toContain("Continua come studente demo");
    expect(italian.body).toContain("(manca <code>GOOGLE_CLIENT_ID</code>)");
    expect(italian.body).toContain('value="/it/student/lessons"');
    const english = await page("/student/lessons");
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain("<h1>Demo sign-in</h1>");
    expect(english.body).toContain(
      "Google sign-in is not configured on this server (no <code>GOOGLE_CLIENT_ID</code>)",
    );
  });
});

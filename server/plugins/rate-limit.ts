// Fixed-window rate limits shared by the REST routes and tRPC procedures. Keyed per account
// when signed in, per client IP otherwise; request.ip only trusts X-Forwarded-For when
// TRUST_PROXY is set, so a spoofed header cannot reset a counter.
import { AppError } from "../errors.ts";

export type RateLimitRule = { limit: number; windowMs: number };

export interface RateLimiter {
  hit(key: string, rule: RateLimitRule): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
}

export class MemoryRateLimiter implements RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, rule: RateLimitRule) {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 50_000) this.sweep(now);
      window = { count: 0, resetAt: now + rule.windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return { allowed: window.count <= rule.limit, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  private sweep(now: number) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}

export async function enforceRateLimit(limiter: RateLimiter, bucket: string, subject: string, rule: RateLimitRule) {
  const { allowed, retryAfterSeconds } = await limiter.hit(`${bucket}:${subject}`, rule);
  if (!allowed) {
    throw new AppError("TOO_MANY_REQUESTS", "Too many requests. Please wait a moment and try again.", {
      retryAfterSeconds,
    });
  }
}

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
    return {
      allowed: window.count <= rule.limit,
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
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

// One atomic step per hit: count, start the window on the first hit, report the time left.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }`;

type RedisLike = {
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
  quit(): Promise<unknown>;
};

/**
 * Counters shared by every server process through Redis (REDIS_URL), so several processes behind
 * one origin enforce one limit. If Redis is unreachable the limiter falls back to this process's
 * own counters rather than refusing every request or letting every request through.
 */
export class RedisRateLimiter implements RateLimiter {
  private fallback = new MemoryRateLimiter();

  constructor(
    private redis: RedisLike,
    private prefix = "rl:",
    private onError: (error: unknown) => void = () => {},
  ) {}

  async hit(key: string, rule: RateLimitRule) {
    try {
      const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, `${this.prefix}${key}`, rule.windowMs)) as [
        number,
        number,
      ];
      return { allowed: count <= rule.limit, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    } catch (error) {
      this.onError(error);
      return this.fallback.hit(key, rule);
    }
  }

  close() {
    return this.redis.quit().catch(() => {});
  }
}

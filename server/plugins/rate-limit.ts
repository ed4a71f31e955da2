// Fixed-window rate limits shared by the REST routes and tRPC procedures: one limiter, one table
// of limits (RATE_LIMITS below). REST routes name their buckets in their route config and the
// preHandler of rateLimitPlugin enforces them; tRPC procedures name theirs through
// `rateLimitedProcedure(bucket)` in trpc/init.ts. Keyed per account when signed in, per client IP
// otherwise; request.ip only trusts X-Forwarded-For when TRUST_PROXY is set, so a spoofed header
// cannot reset a counter.
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Env } from "../env.ts";
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

type RateLimitEnv = Pick<
  Env,
  | "RATE_LIMIT_AUTH"
  | "RATE_LIMIT_BOOKING"
  | "RATE_LIMIT_UPLOAD"
  | "RATE_LIMIT_REQUEST"
  | "RATE_LIMIT_WRITE"
  | "RATE_LIMIT_QUOTE"
>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every limit of the app. `by: "ip"` counts per client address even when signed in (sign-in
 * attempts, calendar apps polling a feed); everything else per account, or per address for a
 * visitor.
 */
export function rateLimitRules(env: RateLimitEnv) {
  const rule = (limit: number, windowMs: number, by: "subject" | "ip" = "subject") => ({ limit, windowMs, by });
  return {
    /** OAuth and demo sign-in redirects and callbacks. */
    "sign-in": rule(env.RATE_LIMIT_AUTH, MINUTE, "ip"),
    /** Anything that says whether a code exists: referral codes (validation, a quote or price
     * check carrying one), certificate codes. */
    "code-lookup": rule(env.RATE_LIMIT_AUTH, MINUTE),
    /** Lesson and package bookings, rebookings, moves, /ref sign-ups. Each holds a slot (under the
     * pending-lesson cap) or spends a credit or an allowance, which bounds the teacher's mail too. */
    booking: rule(env.RATE_LIMIT_BOOKING, MINUTE),
    /** Writes that cost the sender nothing: those that land in the teacher's inbox and mail
     * (custom availability requests, group sign-ups, cancellation requests) and those that name
     * someone else's address (invitations by email, /ref sign-ups). Per hour: a person sends a few. */
    request: rule(env.RATE_LIMIT_REQUEST, HOUR),
    /** Price quotes and checks, and "Same time every week" searches. */
    quote: rule(env.RATE_LIMIT_QUOTE, MINUTE),
    /** Every other write of a student: profile, invitations, quiz answers, feed links, account. */
    write: rule(env.RATE_LIMIT_WRITE, MINUTE),
    upload: rule(env.RATE_LIMIT_UPLOAD, MINUTE),
    /** Each AI-personalised test may call the paid model endpoint. */
    "quiz-ai": rule(6, MINUTE),
    /** Generous for a poller (hourly), tight for someone guessing feed tokens. */
    "calendar-feed": rule(60, MINUTE, "ip"),
    /** Stripe's webhook (per sending address): a few events per card payment; Stripe retries a 429. */
    webhook: rule(300, MINUTE, "ip"),
  } satisfies Record<string, RateLimitRule & { by: "subject" | "ip" }>;
}
export type RateLimitBucket = keyof ReturnType<typeof rateLimitRules>;

/** Who a request is counted as: its account when signed in, else its address. */
export type RateLimitCaller = { accountId: string | null; ip: string };

/** Counts one hit in each bucket (in order) and throws TOO_MANY_REQUESTS on the first one over. */
export async function limitCaller(
  limiter: RateLimiter,
  env: RateLimitEnv,
  buckets: RateLimitBucket | readonly RateLimitBucket[],
  caller: RateLimitCaller,
) {
  const rules = rateLimitRules(env);
  for (const bucket of typeof buckets === "string" ? [buckets] : buckets) {
    const { by, ...rule } = rules[bucket];
    await enforceRateLimit(limiter, bucket, by === "ip" ? caller.ip : (caller.accountId ?? caller.ip), rule);
  }
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The rate-limit buckets (server/plugins/rate-limit.ts) a request to this route counts in. */
    rateLimit?: RateLimitBucket | readonly RateLimitBucket[];
  }
  interface FastifyRequest {
    /** Counts this request in `buckets` now (for limits that depend on the body). */
    limitRate(buckets: RateLimitBucket | readonly RateLimitBucket[]): Promise<void>;
  }
}

/** Who a call is counted as, on both transports: the student, else the admin, else the address. */
export async function rateLimitCallerOf(
  sessionUser: (kind: "student" | "admin") => Promise<{ id: string } | null>,
  ip: string,
): Promise<RateLimitCaller> {
  const student = await sessionUser("student");
  const admin = student ? null : await sessionUser("admin");
  return { accountId: student?.id ?? admin?.id ?? null, ip };
}

/** Enforces each route's `config.rateLimit` before its handler runs (after the session hooks). */
export const rateLimitPlugin = fp(
  async (app, opts: { limiter: RateLimiter; env: RateLimitEnv }) => {
    app.decorateRequest("limitRate", async function (this: FastifyRequest, buckets) {
      await limitCaller(opts.limiter, opts.env, buckets, await rateLimitCallerOf(this.sessionUser, this.ip));
    });
    app.addHook("preHandler", async (request) => {
      const buckets = request.routeOptions.config.rateLimit;
      if (buckets) await request.limitRate(buckets);
    });
  },
  { name: "rate-limit", dependencies: ["session"] },
);

import { once } from "node:events";
import { RedisRateLimiter } from "./rate-limit.ts";

/**
 * A rate limiter on the Redis at `url`. It waits (up to 2 s) for the first connection so the first
 * requests are counted in Redis; after that commands fail fast while Redis is down (no queueing)
 * and the limiter counts in-process until it is back.
 */
export async function createRedisRateLimiter(url: string, onError: (error: unknown) => void) {
  const { Redis } = await import("ioredis"); // only with REDIS_URL: a single process never loads it
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 500, 5000),
  });
  let warned = false;
  redis.on("error", (error) => {
    if (!warned) onError(error);
    warned = true;
  });
  redis.on("ready", () => {
    warned = false;
  });
  const timeout = new Promise((resolve) => setTimeout(resolve, 2000).unref());
  await Promise.race([once(redis, "ready").catch(() => {}), timeout]);
  return new RedisRateLimiter(redis, "rl:", onError);
}

// The Redis the multi-process suites share: skipped where none answers, except in CI, where a
// missing Redis must fail the run rather than quietly skip what it exists to check.
import { Redis } from "ioredis";

export const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Does Redis answer? Throws in CI when it does not. */
export async function isRedisUp() {
  const probe = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1000,
  });
  let answers = false;
  try {
    await probe.connect();
    answers = (await probe.ping()) === "PONG";
  } catch {
    answers = false;
  } finally {
    probe.disconnect();
  }
  const isCI = process.env.CI === "true" || process.env.CI === "1";
  if (!answers && isCI) throw new Error(`Redis is required in CI but ${redisUrl} did not answer`);
  return answers;
}

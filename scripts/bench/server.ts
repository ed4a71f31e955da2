// What both benchmarks need to run the production server: its environment and a wait for it.

/** The production server on loopback with demo data, a placeholder Google client, no limits in the way. */
export function productionEnv(dataEnv: Record<string, string>, port: number): Record<string, string> {
  return {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    GOOGLE_CLIENT_ID: "bench-client",
    GOOGLE_CLIENT_SECRET: "bench-secret",
    ACCOUNT_HASH_SECRET: "bench-account-hash-secret-0123456789abcdef",
    CALENDAR_SECRET: "bench-calendar-secret-0123456789abcdef",
    OIDC_ISSUER: "http://127.0.0.1:9/",
    ADMIN_EMAILS: "teacher@example.com",
    DEMO_DATA: "1",
    RATE_LIMIT_BOOKING: "100000000",
    RATE_LIMIT_AUTH: "100000000",
    SMTP_URL: "",
    REDIS_URL: "",
    ...dataEnv,
  };
}

/** Milliseconds until `url` answers 200 (polled every 10 ms); throws after `timeoutMs`. */
export async function waitFor(url: string, timeoutMs = 120_000): Promise<number> {
  const began = performance.now();
  while (performance.now() - began < timeoutMs) {
    try {
      if ((await fetch(url)).status === 200) return performance.now() - began;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

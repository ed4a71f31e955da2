import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { seedDatabase } from "../../prisma/seed.ts";
import { buildApp } from "../../server/app.ts";
import { type Env, parseEnv } from "../../server/env.ts";
import type { RateLimiter } from "../../server/plugins/rate-limit.ts";
import { createTestDatabase, type TestDatabase } from "./test-db.ts";

export type TestApp = { app: FastifyInstance; env: Env; database: TestDatabase; close(): Promise<void> };

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: "test",
    PORT: "3000",
    LOG_LEVEL: "silent",
    DATA_DIR: "memory://",
    ADMIN_EMAILS: "teacher@school.test",
    // Generous limits so suites are not throttled; the rate-limit tests set their own.
    RATE_LIMIT_AUTH: "100000",
    RATE_LIMIT_BOOKING: "100000",
    RATE_LIMIT_UPLOAD: "100000",
    RATE_LIMIT_REQUEST: "100000",
    RATE_LIMIT_WRITE: "100000",
    RATE_LIMIT_QUOTE: "100000",
    // Suites answer quizzes instantly; the reading-time floor has its own tests, which set it.
    QUIZ_READING_SCALE: "0",
    ...overrides,
  });
}

export type TestAppOptions = {
  env?: Record<string, string>;
  database?: TestDatabase;
  demoData?: boolean;
  logger?: unknown;
  rateLimiter?: RateLimiter;
  /** A built client to serve (default: none). */
  clientDir?: string;
  /** The public pages' renderer module (default: client/src/entry-server.tsx). */
  pageRenderer?: string;
};

/** buildApp on a fresh seeded database; `inject` drives it without a socket. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const env = testEnv(opts.env);
  const database = opts.database ?? (await createTestDatabase(undefined, { catalogue: true }));
  await seedDatabase(database.prisma, { ...env, withDemoData: opts.demoData ?? false });
  const app = await buildApp({
    env,
    database,
    logger: (opts.logger as never) ?? false,
    clientDir: opts.clientDir ?? "/nonexistent",
    pageRenderer: opts.pageRenderer,
    rateLimiter: opts.rateLimiter,
  });
  await app.ready();
  return {
    app,
    env,
    database,
    close: async () => {
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}

/**
 * A test file's (or describe block's) app: created before its tests, closed after them. Its fields
 * are there once the tests run. `opts` may be a function, for options only known once earlier
 * hooks ran (an issuer's URL).
 */
export function prepareTestApp(opts: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  const suite = {} as TestApp;
  beforeAll(async () => {
    Object.assign(suite, await createTestApp(typeof opts === "function" ? opts() : opts));
  });
  afterAll(async () => {
    await suite.close?.();
  });
  return suite;
}

/** inject() as `as` (a session's cookie; a visitor without one); a `payload` goes as JSON. */
export function injectAs(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  {
    as,
    payload,
    headers = {},
  }: { as?: { cookie: string } | null; payload?: unknown; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method,
    url,
    headers: {
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
      ...(as ? { cookie: as.cookie } : {}),
      ...headers,
    },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
}

/** Cookie jar for inject(): keeps name=value pairs from Set-Cookie headers. */
export class CookieJar {
  private cookies = new Map<string, string>();

  store(response: LightMyRequestResponse) {
    for (const c of response.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired = c.value === "" || (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0;
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }

  get(name: string) {
    return this.cookies.get(name);
  }

  set(name: string, value: string) {
    this.cookies.set(name, value);
  }

  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

// Issue 17, item 5, over the WHOLE surface: every write a visitor or a student can make (every
// tRPC mutation and every REST write, enumerated from the router and Fastify's route table, plus
// the lookups that say whether a code exists) is counted by the one limiter against the one table
// of limits; the transports share the counters; and deep or oversized JSON on every JSON route
// answers a 4xx with a sentence for a person. A new write is covered the day it is added.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RateLimiter, type RateLimitRule, rateLimitRules } from "../../server/plugins/rate-limit.ts";
import { appRouter } from "../../server/trpc/root.ts";
import { expectEnumerated, fillPath, procedures, routeKey, routeTable } from "../helpers/app-surface.ts";
import { createUserWithSession, sessionForExistingUser, type TestUser } from "../helpers/booking-factory.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";
import { testEngine } from "../helpers/test-db.ts";

/** Counts nothing itself: records every hit, and refuses all of them while `deny` is set. */
class GateLimiter implements RateLimiter {
  deny = false;
  hits: { key: string; rule: RateLimitRule }[] = [];
  async hit(key: string, rule: RateLimitRule) {
    this.hits.push({ key, rule });
    return { allowed: !this.deny, retryAfterSeconds: 42 };
  }
}

const SAME_ORIGIN = (origin: string) => ({
  "content-type": "application/json",
  "sec-fetch-site": "same-origin",
  origin,
});

/** Writes only the teacher can make: a student session gets 401/403 from each (checked below). */
const isAdminWrite = (path: string) =>
  path.startsWith("/api/admin/") ||
  path.startsWith("/api/availability") ||
  path === "/api/files/upload" ||
  path === "/api/files/upload-profile-photo";
/** Writes a student or a visitor makes: the enumeration must find them. */
const STUDENT_WRITES = [
  "POST /api/bookings",
  "POST /api/bookings/availability-request",
  "POST /api/student/request-cancellation",
  "POST /api/student/bookings/:id/move",
  "POST /api/group-conversation/book",
  "POST /api/pricing/validate",
  "PUT /api/student/profile",
  "POST /api/files/upload-student-profile-photo",
  "POST /api/quiz-results/save",
  "POST /api/quiz/attempts",
  "POST /api/quiz/attempts/:attemptId/answers",
  "POST /api/demo-auth",
];
/** Not limited, on purpose: ending one's own session must always work. */
const EXEMPT = new Set(["POST /api/auth/logout", "POST /api/student-auth/logout"]);
/** Reads that answer whether a secret code exists: limited like writes. */
const LOOKUP_ROUTES = [
  "GET /api/student/validate-referral/:code",
  "GET /api/certificates/:code",
  "GET /api/calendar/feed/:file",
  "GET /api/auth/google",
  "GET /api/student-auth/google",
  "GET /api/auth/google/callback",
  "GET /api/student-auth/google/callback",
];
const LOOKUP_PROCEDURES = ["booking.quote", "portal.validateReferral", "quiz.verifyCertificate"];

/** The message of a tRPC error answer (superjson wraps it in `json`). */
const trpcMessage = (body: { error?: { json?: { message?: unknown }; message?: unknown } } | undefined) =>
  body?.error?.json?.message ?? body?.error?.message;
const trpcStatus = (body: { error?: { json?: { data?: { httpStatus?: number } } } } | undefined) =>
  body?.error?.json?.data?.httpStatus;

const LEAK =
  /\bat \S+ \(|\.ts:\d|node_modules|prisma|SELECT |relation "|stack|Maximum call|Unexpected token|JSON at position|superjson|ZodError|"issues"/i;

describe(`rate limits on every public and student write, on ${testEngine}`, () => {
  let t: TestApp;
  const gate = new GateLimiter();
  let student: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ rateLimiter: gate });
    student = await createUserWithSession(t.database.prisma);
  });
  afterAll(async () => {
    await t?.close();
  });

  const studentWrites = () =>
    routeTable(t.app).filter((r) => r.method !== "GET" && !isAdminWrite(r.path) && !EXEMPT.has(routeKey(r)));

  it("enumerates the writes from the route table and the router", () => {
    expectEnumerated(studentWrites().map(routeKey), STUDENT_WRITES);
    const trpc = procedures().filter((p) => p.type === "mutation" && !p.key.startsWith("admin."));
    expect(trpc.map((p) => p.key)).toEqual(
      expect.arrayContaining([
        "booking.requestCustomAvailability",
        "booking.referralSignup",
        "booking.bookGroupConversation",
        "quiz.submit",
        "quiz.answerBlock",
      ]),
    );
  });

  it("leaves to the teacher only what a student session is refused", async () => {
    gate.deny = false;
    const admin = routeTable(t.app).filter((r) => r.method !== "GET" && isAdminWrite(r.path));
    expect(admin.length).toBeGreaterThan(10);
    for (const { method, path } of admin) {
      const r = await t.app.inject({
        method: method as "POST",
        url: fillPath(path, { kind: "group-signup" }),
        headers: { ...SAME_ORIGIN(t.env.PUBLIC_URL), cookie: student.cookie },
        payload: "{}",
      });
      expect([401, 403], `${method} ${path}`).toContain(r.statusCode);
    }
    for (const { key } of procedures().filter((p) => p.type === "mutation" && p.key.startsWith("admin."))) {
      const r = await t.app.inject({
        method: "POST",
        url: `/api/trpc/${key}`,
        headers: { ...SAME_ORIGIN(t.env.PUBLIC_URL), cookie: student.cookie },
        payload: JSON.stringify({ json: {} }),
      });
      expect([401, 403], key).toContain(r.statusCode);
    }
  });

  it("counts every REST write of a student or visitor (and each code lookup) in a bucket of the one table", async () => {
    const rules = rateLimitRules(t.env);
    const lookups = routeTable(t.app).filter((r) => LOOKUP_ROUTES.includes(routeKey(r)));
    expect(lookups).toHaveLength(LOOKUP_ROUTES.length);
    for (const { method, path } of [...studentWrites(), ...lookups]) {
      for (const cookie of [student.cookie, undefined]) {
        gate.deny = true;
        gate.hits = [];
        const r = await t.app.inject({
          method: method as "POST",
          url: fillPath(path, { code: "ABCD1234", file: `${"A".repeat(43)}.ics` }),
          headers: { ...(method === "GET" ? {} : SAME_ORIGIN(t.env.PUBLIC_URL)), ...(cookie ? { cookie } : {}) },
          payload: method === "GET" ? undefined : "{}",
        });
        gate.deny = false;
        const who = cookie ? "student" : "visitor";
        if (!cookie && r.statusCode === 401) continue; // signed-in only: a visitor cannot write here at all
        expect(r.statusCode, `${method} ${path} as ${who}`).toBe(429);
        expect(r.headers["retry-after"], `${method} ${path}`).toBe("42");
        expect(r.json().error).toBe("Too many requests. Please wait a moment and try again.");
        expect(gate.hits.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const { key, rule } of gate.hits) {
          const bucket = key.slice(0, key.indexOf(":")) as keyof typeof rules;
          expect(Object.keys(rules), `${method} ${path}: ${key}`).toContain(bucket);
          expect(rule).toEqual({ limit: rules[bucket].limit, windowMs: rules[bucket].windowMs });
          // Per account when signed in (sign-in and feed polling count per address).
          if (cookie && rules[bucket].by === "subject") expect(key).toBe(`${bucket}:${student.id}`);
        }
      }
    }
  });

  it("counts every tRPC write of a student or visitor (and the quote) in a bucket of the one table, batched calls each", async () => {
    const rules = rateLimitRules(t.env);
    const calls = procedures().filter(
      (p) => (p.type === "mutation" && !p.key.startsWith("admin.")) || LOOKUP_PROCEDURES.includes(p.key),
    );
    expect(calls.length).toBeGreaterThanOrEqual(10);
    for (const { key, type } of calls) {
      for (const cookie of [student.cookie, undefined]) {
        gate.deny = true;
        gate.hits = [];
        const input = encodeURIComponent(JSON.stringify({ json: { packageId: "standard-6" } }));
        const r =
          type === "query"
            ? await t.app.inject({
                method: "GET",
                url: `/api/trpc/${key}?input=${input}`,
                headers: cookie ? { cookie } : {},
              })
            : await t.app.inject({
                method: "POST",
                url: `/api/trpc/${key}`,
                headers: { ...SAME_ORIGIN(t.env.PUBLIC_URL), ...(cookie ? { cookie } : {}) },
                payload: JSON.stringify({ json: {} }),
              });
        gate.deny = false;
        if (!cookie && r.statusCode === 401) continue;
        expect(r.statusCode, `${key} as ${cookie ? "student" : "visitor"}`).toBe(429);
        expect(trpcMessage(r.json())).toBe("Too many requests. Please wait a moment and try again.");
        for (const hit of gate.hits) {
          const bucket = hit.key.slice(0, hit.key.indexOf(":")) as keyof typeof rules;
          expect(Object.keys(rules), `${key}: ${hit.key}`).toContain(bucket);
          expect(hit.rule).toEqual({ limit: rules[bucket].limit, windowMs: rules[bucket].windowMs });
        }
        expect(gate.hits.length, key).toBeGreaterThan(0);
      }
    }
  });
});

describe(`the transports share one set of counters, on ${testEngine}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_REQUEST: "2", RATE_LIMIT_AUTH: "3" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const request = (i: number) => ({
    name: `Visitor ${i}`,
    email: `visitor${i}@test.example`,
    availability: "Weekday evenings",
    location: "Milano",
  });
  /** The REST form of the request, from one address. */
  const requestViaRest = (i: number, remoteAddress = "203.0.113.5") =>
    t.app.inject({
      method: "POST",
      url: "/api/bookings/availability-request",
      remoteAddress,
      headers: SAME_ORIGIN(t.env.PUBLIC_URL),
      payload: JSON.stringify(request(i)),
    });

  it("custom availability requests: tRPC and REST count together, and a batch of 8 is 8 calls", async () => {
    const p = t.database.prisma;
    const headers = SAME_ORIGIN(t.env.PUBLIC_URL);
    const viaTrpc = await t.app.inject({
      method: "POST",
      url: "/api/trpc/booking.requestCustomAvailability",
      remoteAddress: "203.0.113.5",
      headers,
      payload: JSON.stringify({ json: request(1) }),
    });
    expect(viaTrpc.statusCode).toBe(200);
    const viaRest = await requestViaRest(2);
    expect(viaRest.statusCode).toBe(200);
    const batch = await t.app.inject({
      method: "POST",
      url: `/api/trpc/${Array(8).fill("booking.requestCustomAvailability").join(",")}?batch=1`,
      remoteAddress: "203.0.113.5",
      headers,
      payload: JSON.stringify(Object.fromEntries([...Array(8).keys()].map((i) => [i, { json: request(10 + i) }]))),
    });
    expect(batch.statusCode).toBe(429);
    expect((batch.json() as object[]).map(trpcStatus)).toEqual(Array(8).fill(429));
    const again = await requestViaRest(3);
    expect(again.statusCode).toBe(429);
    expect(await p.availabilityRequest.count()).toBe(2);
    expect(await p.outboxEmail.count({ where: { kind: "teacher_availability_request" } })).toBe(2);
    // Another address is counted apart.
    const other = await requestViaRest(4, "203.0.113.6");
    expect(other.statusCode).toBe(200);
  });

  it("the quote stops answering whether referral codes exist after a few codes a minute", async () => {
    const quote = (referralCode?: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/trpc/booking.quote?input=${encodeURIComponent(JSON.stringify({ json: { packageId: "standard-6", referralCode } }))}`,
        remoteAddress: "203.0.113.9",
      });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await quote(`GUESS${i}XYZ`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    // The same counter as GET /api/student/validate-referral/:code.
    const validate = await t.app.inject({
      method: "GET",
      url: "/api/student/validate-referral/GUESS9XYZ",
      remoteAddress: "203.0.113.9",
    });
    expect(validate.statusCode).toBe(429);
    // A quote without a code is no oracle: it still answers.
    expect((await quote()).statusCode).toBe(200);
  });
});

describe(`deep and oversized JSON on every JSON route gets a 4xx with a sentence, on ${testEngine}`, () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    const student = await createUserWithSession(t.database.prisma);
    const admin = await sessionForExistingUser(t.database.prisma, "teacher@school.test", "admin");
    cookie = `${student.cookie}; ${admin.cookie}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
  const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
  const bodies: [string, string][] = [
    [
      "150 levels in a field",
      `{"json":{"name":"x","packageInfo":${deepObject(150)}},"packageInfo":${deepObject(150)}}`,
    ],
    ["100,000 levels", nested(100_000)],
    [
      "over the size limit",
      JSON.stringify({ json: { name: "x".repeat(1024 * 1024 + 10) }, name: "x".repeat(1024 * 1024) }),
    ],
    ["not JSON", '{"json": {"name": "x",'],
  ];

  const expectReadable = (status: number, message: unknown, what: string) => {
    expect(status, what).toBeGreaterThanOrEqual(400);
    expect(status, what).toBeLessThan(500);
    expect(typeof message, what).toBe("string");
    expect(message as string, what).not.toMatch(LEAK);
  };

  it("every REST write", async () => {
    const writes = routeTable(t.app).filter((r) => r.method !== "GET");
    expect(writes.length).toBeGreaterThanOrEqual(30);
    for (const { method, path } of writes) {
      for (const [label, payload] of bodies) {
        const r = await t.app.inject({
          method: method as "POST",
          url: fillPath(path, { kind: "group-signup" }),
          headers: { ...SAME_ORIGIN(t.env.PUBLIC_URL), cookie },
          payload,
        });
        expectReadable(r.statusCode, r.json().error, `${method} ${path}: ${label}`);
      }
    }
  });

  it("every tRPC procedure, single and batched, body and query string", async () => {
    const defs = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>;
    for (const { key, type } of procedures()) {
      for (const [label, payload] of bodies) {
        // A procedure without input never reads its body: text that is not JSON changes nothing.
        if (label === "not JSON" && defs[key]._def.inputs.length === 0) continue;
        const single = await t.app.inject({
          method: "POST",
          url: `/api/trpc/${key}`,
          headers: { ...SAME_ORIGIN(t.env.PUBLIC_URL), cookie },
          payload,
        });
        const singleMessage = single.statusCode === 413 ? single.json().error : trpcMessage(single.json());
        expectReadable(single.statusCode, singleMessage, `${key}: ${label}`);
        const batched = await t.app.inject({
          method: "POST",
          url: `/api/trpc/${key},${key}?batch=1`,
          headers: { ...SAME_ORIGIN(t.env.PUBLIC_URL), cookie },
          payload: label === "150 levels in a field" ? `{"0":${payload},"1":${payload}}` : payload,
        });
        expectReadable(
          batched.statusCode,
          batched.statusCode === 413 ? batched.json().error : trpcMessage(batched.json()[0]),
          `${key} batched: ${label}`,
        );
      }
      if (type === "query") {
        for (const depth of [150, 5_000]) {
          const r = await t.app.inject({
            method: "GET",
            url: `/api/trpc/${key}?input=${encodeURIComponent(`{"json":${deepObject(depth)}}`)}`,
            headers: { cookie },
          });
          expectReadable(r.statusCode, trpcMessage(r.json()), `${key} GET depth ${depth}`);
        }
      }
    }
  });

  it("a batch of more calls than any page makes is refused whole", async () => {
    const r = await t.app.inject({
      method: "GET",
      url: `/api/trpc/${Array(21).fill("portal.me").join(",")}?batch=1&input={}`,
    });
    expect(r.statusCode).toBe(400);
    expect(trpcMessage(r.json())).toBe("Batch call exceeds maximum size");
  });

  it("the custom availability request keeps only its typed fields", async () => {
    const r = await t.app.inject({
      method: "POST",
      url: "/api/trpc/booking.requestCustomAvailability",
      headers: SAME_ORIGIN(t.env.PUBLIC_URL),
      payload: JSON.stringify({
        json: {
          name: "Ada",
          email: "ada@test.example",
          availability: "Mornings",
          location: "Roma",
          packageInfo: { id: "standard-6", name: "Standard", lessons: 6, totalPrice: 192, junk: "x".repeat(500_000) },
          teacherInfo: { id: "t1", name: "Giulia", extra: { deep: [1, 2, 3] } },
        },
      }),
    });
    expect(r.statusCode).toBe(200);
    const row = await t.database.prisma.availabilityRequest.findFirstOrThrow({ where: { email: "ada@test.example" } });
    expect(row.packageInfo).toEqual({ id: "standard-6", name: "Standard", lessons: 6, totalPrice: 192 });
    expect(row.teacherInfo).toEqual({ id: "t1", name: "Giulia" });
  });
});

// Checklist #29: fast-check throws random and boundary inputs at every tRPC procedure (shaped by
// its zod input's keys, and as generic JSON) and at every REST route (path parameters, query
// strings and bodies), signed in as a student and as the teacher at once: never a 500.
// Bounded (RUNS per procedure and route) so the whole file stays around half a minute.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "../../server/trpc/root.ts";
import { procedures, routeTable } from "../helpers/app-surface.ts";
import { createUserWithSession, sessionForExistingUser } from "../helpers/booking-factory.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const RUNS = 12;
let t: TestApp;
let cookie: string;

/**
 * Signs in a new student and the teacher at once. Each procedure and route gets its own: one
 * that signs out or deletes the account must not leave the rest testing only the 401 path.
 */
async function signIn() {
  const student = await createUserWithSession(t.database.prisma);
  const admin = await sessionForExistingUser(t.database.prisma, "teacher@school.test", "admin");
  cookie = `${student.cookie}; ${admin.cookie}`;
  return student;
}
let realIds: string[];

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  const student = await signIn();
  const db = t.database.prisma;
  realIds = [
    ...(await db.booking.findMany({ take: 3, select: { id: true } })).map((r) => r.id),
    (await db.package.findFirstOrThrow()).id,
    (await db.teacher.findFirstOrThrow()).id,
    student.id,
  ];
});
afterAll(async () => {
  await t?.close();
});

/** The keys of a zod object input (through optional/nullable wrappers), for shaped records. */
function inputKeys(key: string): string[] {
  const proc = (appRouter._def.procedures as unknown as Record<string, { _def: { inputs?: unknown[] } }>)[key];
  let schema = proc._def.inputs?.[0] as { shape?: Record<string, unknown>; unwrap?: () => unknown } | undefined;
  for (let i = 0; i < 3 && schema && !schema.shape && schema.unwrap; i++) schema = schema.unwrap() as typeof schema;
  return schema?.shape ? Object.keys(schema.shape) : [];
}

const allKeys = [
  ...new Set([
    ...procedures().flatMap((p) => inputKeys(p.key)),
    "lesson_date",
    "lesson_dates",
    "booking_id",
    "student_id",
    "file_url",
    "credit_id",
    "fileId",
    "accessType",
    "quizType",
    "score",
    "totalQuestions",
  ]),
];

/** Boundary values that break careless parsers: empty, huge, negative, odd dates, traversal, NUL. */
const boundary = fc.constantFrom<unknown>(
  "",
  " ",
  "a".repeat(5000),
  "0",
  "-1",
  "null",
  "undefined",
  "NaN",
  "2030-02-30",
  "2030-13-01T25:61:00Z",
  "1970-01-01T00:00:00.000Z",
  "9999-12-31T23:59:59.999Z",
  "../../etc/passwd",
  "..%2f..%2fx",
  "a\u0000b",
  "\u202e\ud800",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "00000000-0000-0000-0000-000000000000",
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 53),
  Number.MAX_VALUE,
  true,
  false,
  null,
  [],
  {},
  [null],
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
);

/** Ids of real rows (known only after beforeAll, so drawn lazily). */
const realId = fc.constant(null).chain(() => fc.constantFrom(...realIds));

const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: boundary },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: realId },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
  { weight: 1, arbitrary: fc.array(fc.oneof(boundary, fc.string()), { maxLength: 30 }) },
);

const shaped = (keys: string[]) =>
  keys.length === 0 ? fc.constant({}) : fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: keys.length + 2 });

function assertNo500(label: string, response: { statusCode: number; body: string }) {
  if (response.statusCode >= 500) throw new Error(`${label} -> ${response.statusCode} ${response.body.slice(0, 300)}`);
}

/** A tRPC call as the browser would send it: a GET with ?input= for queries, a JSON POST otherwise. */
function callProcedure(key: string, type: string, encoded: string) {
  return type === "query"
    ? t.app.inject({ method: "GET", url: `/api/trpc/${key}?input=${encodeURIComponent(encoded)}`, headers: { cookie } })
    : t.app.inject({
        method: "POST",
        url: `/api/trpc/${key}`,
        headers: { cookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
        payload: encoded,
      });
}

/** A REST call from the site itself, with a JSON body when `body` is given. */
function callRoute(method: string, url: string, body?: string) {
  return t.app.inject({
    method: method as "GET",
    url,
    headers: {
      cookie,
      "sec-fetch-site": "same-origin",
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    ...(body !== undefined ? { payload: body } : {}),
  });
}

/** Every one of `keys` (or just `id`, for a procedure without input keys) set to `value`. */
const inputFor = (keys: string[], value: unknown) =>
  Object.fromEntries((keys.length > 0 ? keys : ["id"]).map((k) => [k, value]));

describe("every tRPC procedure", () => {
  it.each(procedures())("$key never answers 500 ($type)", async ({ key, type }) => {
    await signIn();
    const keys = inputKeys(key);
    const input = fc.oneof(shaped(keys), value, fc.dictionary(fc.constantFrom(...allKeys), value, { maxKeys: 6 }));
    await fc.assert(
      fc.asyncProperty(input, fc.boolean(), async (payload, wrapped) => {
        // Mostly superjson's envelope; sometimes a raw value the client would never send.
        const encoded = JSON.stringify(wrapped ? { json: payload } : payload) ?? "null";
        assertNo500(`${key} ${encoded.slice(0, 200)}`, await callProcedure(key, type, encoded));
      }),
      { numRuns: RUNS },
    );
  });
});

describe("every REST route", () => {
  const segment = fc.oneof(
    realId,
    fc.string({ minLength: 1, maxLength: 40 }),
    fc.constantFrom("..", "%2e%2e", "a".repeat(290), "x.pdf", "\u0000", "ünï", "0"),
  );

  it("answers random path parameters, query strings and bodies without a 500", async () => {
    const routes = routeTable(t.app).filter((r) => !r.path.includes("/callback") || r.method !== "GET");
    expect(routes.length).toBeGreaterThanOrEqual(60);
    for (const { method, path } of routes) {
      await signIn();
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 3, maxLength: 3 }),
          fc.dictionary(
            fc.constantFrom(...allKeys, "status", "upcoming", "limit", "startDate", "endDate", "admin"),
            fc.oneof(fc.string(), boundary.map(String)),
            { maxKeys: 4 },
          ),
          fc.oneof(shaped(allKeys), value),
          async (params, query, body) => {
            let i = 0;
            const url =
              path.replace(/:\w+/g, () => encodeURIComponent(String(params[i++ % 3]))) +
              (Object.keys(query).length ? `?${new URLSearchParams(query as Record<string, string>)}` : "");
            const withBody = method !== "GET" && method !== "DELETE";
            const response = await callRoute(method, url, withBody ? (JSON.stringify(body) ?? "null") : undefined);
            assertNo500(`${method} ${url} ${withBody ? JSON.stringify(body)?.slice(0, 200) : ""}`, response);
          },
        ),
        { numRuns: method === "GET" ? 6 : RUNS },
      );
    }
  });

  it("answers sign-in callbacks with random code and state without a 500", async () => {
    for (const path of ["/api/auth/google/callback", "/api/student-auth/google/callback"]) {
      await fc.assert(
        fc.asyncProperty(fc.string(), fc.string(), async (code, state) => {
          const response = await t.app.inject({
            method: "GET",
            url: `${path}?${new URLSearchParams({ code, state })}`,
            headers: { cookie },
          });
          assertNo500(path, response);
        }),
        { numRuns: 10 },
      );
    }
  });
});

// Found by the tRPC property above: '\u202e\ud800' (a lone surrogate, as a JSON escape) made
// Prisma's query protocol fail with a 500. Every field of every input, deterministically.
describe("text no database column can hold", () => {
  const loneSurrogate = "x\ud800y\udc00";
  const nul = "a\u0000b";
  it("every tRPC procedure: a lone surrogate in any field is no 500; a NUL is a 400 wherever there is input", async () => {
    for (const { key, type } of procedures()) {
      await signIn();
      const keys = inputKeys(key);
      for (const payload of [inputFor(keys, loneSurrogate), loneSurrogate]) {
        assertNo500(`${key} lone surrogate`, await callProcedure(key, type, JSON.stringify({ json: payload })));
      }
      const refused = await callProcedure(key, type, JSON.stringify({ json: inputFor(keys, nul) }));
      assertNo500(`${key} NUL`, refused);
      if (keys.length > 0) expect(refused.statusCode, `${key} NUL`).toBe(400);
    }
  });

  it("every REST write: a lone surrogate in any body field is no 500; a NUL is a 400", async () => {
    const writes = routeTable(t.app).filter((r) => r.method === "POST" || r.method === "PUT" || r.method === "PATCH");
    expect(writes.length).toBeGreaterThanOrEqual(20);
    for (const { method, path } of writes) {
      await signIn();
      const url = path.replace(/:\w+/g, realIds[0]);
      const send = (body: unknown) => callRoute(method, url, JSON.stringify(body));
      assertNo500(`${method} ${url} lone surrogate`, await send(inputFor(allKeys, loneSurrogate)));
      const refused = await send(inputFor(allKeys, nul));
      expect(refused.statusCode, `${method} ${url} NUL`).toBe(400);
      expect(JSON.parse(refused.body).error).toBe("The request contains an invalid character.");
    }
  });
});

// Found by the property above once every procedure ran signed in: a slot at 9999-12-31T23:00Z
// ends in year 10000, which no ISO string PostgreSQL reads can hold. Every field, every call.
describe("dates at the edge of what a database column can hold", () => {
  const edges = ["9999-12-31T23:00:00.000Z", "+275760-09-13T00:00:00.000Z", "0001-01-01T00:00:00.000Z", 8.64e15];

  // One test an edge: each sweeps every procedure and route, well inside the test's time limit.
  it.each(edges)("no tRPC procedure and no REST write answers 500 for %s in any field", async (edge) => {
    for (const { key, type } of procedures()) {
      await signIn();
      const keys = inputKeys(key);
      const response = await callProcedure(key, type, JSON.stringify({ json: inputFor(keys, edge) }));
      assertNo500(`${key} ${edge}`, response);
    }
    for (const { method, path } of routeTable(t.app)) {
      if (path.includes("/callback")) continue;
      await signIn();
      const withBody = method !== "GET" && method !== "DELETE";
      const fields = inputFor(allKeys, edge);
      const url =
        path.replace(/:\w+/g, realIds[0]) +
        (withBody ? "" : `?${new URLSearchParams(fields as Record<string, string>)}`);
      const response = await callRoute(method, url, withBody ? JSON.stringify(fields) : undefined);
      assertNo500(`${method} ${path} ${edge}`, response);
    }
  });
});

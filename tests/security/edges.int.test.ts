// The edges of the app (checklist #20-#23): rate limits a spoofed X-Forwarded-For cannot reset on
// booking and upload (sign-in: platform.int.test.ts and rate-limit-redis.int.test.ts), security
// headers on a page, a tRPC call and a download (HSTS in production), production errors without
// internal text, and oversized or slow requests against a real listening socket.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../../prisma/seed.ts";
import { buildApp } from "../../server/app.ts";
import { createUserWithSession, sessionForExistingUser, studentInfo } from "../helpers/booking-factory.ts";
import { createTestApp, type TestApp, testEnv } from "../helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fe0def46b80000000049454e44ae426082",
  "hex",
);
const multipartFile = (name: string, type: string, content: Buffer) => {
  const boundary = "----edge";
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
};
const LEAK =
  /\bat \S+ \(|\.ts:\d|node_modules|prisma|SELECT |INSERT |relation "|stack|\/work\/|invalid input syntax|ZodError|"issues"/i;

describe("rate limits that a spoofed X-Forwarded-For cannot reset", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_BOOKING: "3", RATE_LIMIT_UPLOAD: "3", RATE_LIMIT_REQUEST: "3" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const burst = async (send: (i: number) => Promise<{ statusCode: number; headers: Record<string, unknown> }>) => {
    const codes: number[] = [];
    let retryAfter: unknown;
    for (let i = 0; i < 5; i++) {
      const r = await send(i);
      codes.push(r.statusCode);
      if (r.statusCode === 429) retryAfter = r.headers["retry-after"];
    }
    return { codes, retryAfter: Number(retryAfter) };
  };

  it("booking: a signed-in student is counted per account, whatever address the header claims", async () => {
    const student = await createUserWithSession(t.database.prisma);
    const { codes, retryAfter } = await burst((i) =>
      t.app.inject({
        method: "POST",
        url: "/api/bookings",
        remoteAddress: `203.0.113.${i}`,
        headers: { cookie: student.cookie, "content-type": "application/json", "x-forwarded-for": `198.51.100.${i}` },
        payload: { studentInfo: studentInfo(), lesson_date: "nope", lessonType: "online" },
      }),
    );
    expect(codes.slice(0, 3).every((c) => c !== 429)).toBe(true);
    expect(codes.slice(3)).toEqual([429, 429]);
    expect(retryAfter).toBeGreaterThan(0);
  });

  it("booking: a visitor is counted per connection address; a forged header changes nothing", async () => {
    const { codes } = await burst((i) =>
      t.app.inject({
        method: "POST",
        url: "/api/bookings/availability-request",
        remoteAddress: "203.0.113.77",
        headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${i}, 10.0.0.${i}` },
        payload: {},
      }),
    );
    expect(codes.slice(3)).toEqual([429, 429]);
    expect(await t.database.prisma.availabilityRequest.count()).toBe(0);
  });

  it("upload: counted per account; refused uploads store nothing", async () => {
    const admin = await sessionForExistingUser(t.database.prisma, "teacher@school.test", "admin");
    const before = await t.database.prisma.upload.count();
    const file = multipartFile("a.png", "image/png", PNG);
    const { codes, retryAfter } = await burst((i) =>
      t.app.inject({
        method: "POST",
        url: "/api/files/upload",
        remoteAddress: `203.0.113.${100 + i}`,
        headers: { cookie: admin.cookie, "content-type": file.type, "x-forwarded-for": `198.51.100.${i}` },
        payload: file.body,
      }),
    );
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(await t.database.prisma.upload.count()).toBe(before + 3);
  });
});

describe("production: headers and error text", () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let clientDir: string;
  let studentCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), "edge-client-"));
    writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>x</title><div id=root></div>");
    const env = testEnv({
      NODE_ENV: "production",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
      ACCOUNT_HASH_SECRET: "edges-test-account-hash-secret-0123456789",
      CALENDAR_SECRET: "edges-test-calendar-secret-0123456789",
      OIDC_ISSUER: "http://127.0.0.1:9/",
      PUBLIC_URL: "https://lessons.example",
    });
    database = await createTestDatabase();
    await seedDatabase(database.prisma, { ...env, withDemoData: false });
    app = await buildApp({ env, database, logger: false, clientDir });
    await app.ready();
    studentCookie = (await createUserWithSession(database.prisma)).cookie;
    adminCookie = (await sessionForExistingUser(database.prisma, "teacher@school.test", "admin")).cookie;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const expectHeaders = (label: string, headers: Record<string, unknown>) => {
    const csp = String(headers["content-security-policy"]);
    // A download's policy is stricter still: default-src 'none' (which covers object-src) and sandbox.
    expect(csp, label).toMatch(/object-src 'none'|default-src 'none'/);
    expect(csp, label).toContain("base-uri 'none'");
    expect(csp, label).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"], label).toBe("nosniff");
    expect(headers["referrer-policy"], label).toBe("strict-origin-when-cross-origin");
    expect(String(headers["strict-transport-security"]), label).toMatch(/max-age=31536000/);
  };

  /** An upload by the teacher from the site's own page. */
  const uploadAsTeacher = (file: ReturnType<typeof multipartFile>) =>
    app.inject({
      method: "POST",
      url: "/api/files/upload",
      headers: { cookie: adminCookie, "content-type": file.type, "sec-fetch-site": "same-origin" },
      payload: file.body,
    });

  it("sends CSP, nosniff, Referrer-Policy and HSTS on a page, a tRPC call and a download", async () => {
    const page = await app.inject({ method: "GET", url: "/book/pricing" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expectHeaders("page", page.headers);
    const trpc = await app.inject({ method: "GET", url: "/api/trpc/booking.packages" });
    expect(trpc.statusCode).toBe(200);
    expectHeaders("tRPC", trpc.headers);

    // An HTML document wearing a .png name is refused by the content check...
    const html = multipartFile("x.png", "image/png", Buffer.from("<html><script>alert(1)</script></html>"));
    const refused = await uploadAsTeacher(html);
    expect(refused.statusCode).toBe(400);
    // ...and a real file is served as an attachment with the type the server detected.
    const file = multipartFile("notes.png", "text/html", PNG);
    const upload = await uploadAsTeacher(file);
    expect(upload.statusCode).toBe(200);
    const download = await app.inject({ method: "GET", url: upload.json().fileUrl, headers: { cookie: adminCookie } });
    expect(download.statusCode).toBe(200);
    expectHeaders("download", download.headers);
    expect(download.headers["content-type"]).toBe("image/png");
    expect(String(download.headers["content-disposition"])).toMatch(/^attachment;/);
    expect(String(download.headers["content-security-policy"])).toContain("sandbox");
  });

  it("answers validation errors, tRPC and REST, with a plain message and no internals", async () => {
    const cases = [
      app.inject({
        method: "POST",
        url: "/api/trpc/booking.createBooking",
        headers: { cookie: studentCookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
        payload: JSON.stringify({ json: { lesson_date: { $gt: "" }, studentInfo: [1, 2] } }),
      }),
      app.inject({
        method: "GET",
        url: `/api/trpc/quiz.result?input=${encodeURIComponent('{"json":{"id":"not-a-uuid"}}')}`,
        headers: { cookie: studentCookie },
      }),
      app.inject({
        method: "POST",
        url: "/api/bookings",
        headers: { cookie: studentCookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
        payload: { lesson_date: "2030-02-30T99:00", lessonType: "by pigeon" },
      }),
      app.inject({ method: "GET", url: "/api/bookings/'%20OR%201=1--", headers: { cookie: studentCookie } }),
      app.inject({ method: "GET", url: "/api/student/can-cancel/%00", headers: { cookie: studentCookie } }),
      app.inject({
        method: "PUT",
        url: "/api/student/profile",
        headers: { cookie: studentCookie, "content-type": "application/json", "sec-fetch-site": "same-origin" },
        payload: "{ not json",
      }),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.body, response.body).not.toMatch(LEAK);
    }
  });

  it("answers an internal error, tRPC query, tRPC mutation and REST, with the generic text only", async () => {
    await database.prisma.$executeRawUnsafe(`ALTER TABLE "AvailabilityRequest" RENAME TO "AvailabilityRequestGone"`);
    try {
      const payload = { name: "Marco", email: "marco@test.example", availability: "Evenings", location: "Milano" };
      const responses = [
        await app.inject({
          method: "POST",
          url: "/api/trpc/booking.requestCustomAvailability",
          headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
          payload: JSON.stringify({ json: payload }),
        }),
        await app.inject({
          method: "POST",
          url: "/api/bookings/availability-request",
          headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
          payload,
        }),
        await app.inject({ method: "GET", url: "/api/admin/inbox", headers: { cookie: adminCookie } }),
        await app.inject({ method: "GET", url: "/api/trpc/admin.inbox.list", headers: { cookie: adminCookie } }),
      ];
      for (const response of responses) {
        expect(response.statusCode).toBe(500);
        expect(response.body).toContain("Something went wrong on our side. Please try again.");
        expect(response.body).not.toMatch(LEAK);
        expect(response.body).not.toMatch(/AvailabilityRequest/);
      }
    } finally {
      await database.prisma.$executeRawUnsafe(`ALTER TABLE "AvailabilityRequestGone" RENAME TO "AvailabilityRequest"`);
    }
  });
});

describe("a real socket: huge and slow requests", () => {
  let t: TestApp;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let base: string;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    // The same app with a short header timeout (production: 10 s), listening on a real port.
    app = await buildApp({
      env: t.env,
      database: t.database,
      logger: false,
      clientDir: "/nonexistent",
      headersTimeoutMs: 1_500,
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as { port: number }).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it("refuses a body over the limit with 413 and writes nothing", async () => {
    const response = await fetch(`${base}/api/bookings/availability-request`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await t.database.prisma.availabilityRequest.count()).toBe(0);
  });

  it("closes a connection whose headers trickle past the timeout, while health stays fast", async () => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (d) => (received += d));
    const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now())));
    const started = Date.now();
    socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    // One header line every 200 ms: the socket never idles, so only the header deadline can end it.
    const trickle = setInterval(() => socket.writable && socket.write(`X-Slow-${Date.now()}: 1\r\n`), 200);
    const healthTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = Date.now();
      const r = await fetch(`${base}/api/health`);
      expect(r.status).toBe(200);
      healthTimes.push(Date.now() - t0);
      await new Promise((r) => setTimeout(r, 150));
    }
    const closedAt = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), 6_000))]);
    clearInterval(trickle);
    socket.destroy();
    expect(closedAt, "the slow connection was never closed").toBeGreaterThan(0);
    expect(closedAt - started).toBeLessThan(4_500);
    expect(received).not.toContain("200 OK");
    expect(Math.max(...healthTimes)).toBeLessThan(500);
  });
});

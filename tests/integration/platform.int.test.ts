import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { createSession } from "../../server/features/auth/session.service.ts";
import { createTestApp, prepareTestApp } from "../helpers/test-app.ts";

const t = prepareTestApp();
const postJson = (url: string, payload: InjectOptions["payload"]) =>
  t.app.inject({ method: "POST", url, headers: { "content-type": "application/json" }, payload });

describe("public API of the spec", () => {
  it("answers health with the database status", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("lists the package catalogue with the spec's fields, prices in euro, every lesson type, one popular", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/pricing/packages" });
    expect(response.statusCode).toBe(200);
    const { packages } = response.json() as { packages: Record<string, unknown>[] };
    expect(packages.length).toBeGreaterThanOrEqual(4);
    for (const p of packages) {
      expect(Object.keys(p).sort()).toEqual(
        [
          "description",
          "features",
          "id",
          "isPopular",
          "lessonType",
          "lessons",
          "name",
          "pricePerLesson",
          "totalPrice",
        ].sort(),
      );
      expect(typeof p.totalPrice).toBe("number");
      expect(p.pricePerLesson).toBeCloseTo((p.totalPrice as number) / (p.lessons as number), 1);
    }
    expect(new Set(packages.map((p) => p.lessonType))).toEqual(new Set(["online", "in-person", "either", "group"]));
    expect(packages.filter((p) => p.isPopular)).toHaveLength(1);
    expect(packages.some((p) => p.lessons === 1)).toBe(true);
    const single = await t.app.inject({ method: "GET", url: `/api/pricing/packages/${packages[0].id}` });
    expect(single.json().packages[0].id).toBe(packages[0].id);
    expect((await t.app.inject({ method: "GET", url: "/api/pricing/packages/nope" })).statusCode).toBe(404);
  });

  it("lists the seeded teacher of the first admin address, in Milano", async () => {
    const { teachers } = (await t.app.inject({ method: "GET", url: "/api/pricing/teachers" })).json();
    expect(teachers).toHaveLength(1);
    expect(Object.keys(teachers[0]).sort()).toEqual(["bio", "id", "image_url", "name", "specializations"]);
    const row = await t.database.prisma.teacher.findFirstOrThrow();
    expect(row).toMatchObject({ email: "teacher@school.test", city: "Milano", timezone: "Europe/Rome" });
  });

  it("serves the public contact config and the footer's contact info", async () => {
    const config = (await t.app.inject({ method: "GET", url: "/api/admin/public-config" })).json();
    expect(config.contact).toMatchObject({
      email: expect.any(String),
      phone: expect.any(String),
      availabilityText: "Messages sent after 10 PM will be answered the next day.",
    });
    const info = (await t.app.inject({ method: "GET", url: "/api/debug/contact-info" })).json();
    expect(info).toMatchObject({
      success: true,
      adminEmail: config.contact.email,
      adminPhoneNumber: config.contact.phone,
    });
  });

  it("lists the group conversation nights and packages (6 weeks, 15 euro a night, 90 in all)", async () => {
    const { events } = (await t.app.inject({ method: "GET", url: "/api/group-conversation/events" })).json();
    expect(events[0]).toMatchObject({
      time: "8:00 PM",
      day_of_week: expect.any(String),
      location: expect.any(String),
      location_description: expect.any(String),
    });
    const { packages } = (await t.app.inject({ method: "GET", url: "/api/group-conversation/packages" })).json();
    expect(packages[0]).toMatchObject({ weeks: 6, price: 15, total_price: 90 });
  });

  it("refuses an unauthenticated lesson booking with 401 and the spec's message", async () => {
    const before = await t.database.prisma.booking.count();
    for (const url of ["/api/bookings", "/api/bookings/package"]) {
      const response = await postJson(url, {
        lesson_date: "2031-01-07T10:00:00.000Z",
        lesson_dates: ["2031-01-07T10:00:00.000Z"],
        lessonType: "online",
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: "Please sign in to continue with your booking" });
    }
    expect(await t.database.prisma.booking.count()).toBe(before);
  });

  it("keeps /api/admin for admins: 401 for visitors and student sessions, 403 for a non-admin account", async () => {
    const dashboard = (cookie?: string) =>
      t.app.inject({ method: "GET", url: "/api/admin/dashboard", headers: cookie ? { cookie } : {} });
    expect((await dashboard()).statusCode).toBe(401);
    const student = await t.database.prisma.user.create({ data: { email: "kid@test.example", name: "Kid" } });
    const { token } = await createSession(t.database.prisma, student.id, "student");
    expect((await dashboard(`student_session=${token}`)).statusCode).toBe(401);
    // A student who somehow holds an admin-kind session is still refused: the role is read from the user row.
    const { token: adminKind } = await createSession(t.database.prisma, student.id, "admin");
    expect((await dashboard(`admin_session=${adminKind}`)).statusCode).toBe(403);
    const trpc = await t.app.inject({
      method: "GET",
      url: "/api/trpc/admin.dashboardStats",
      headers: { cookie: `admin_session=${adminKind}` },
    });
    expect(trpc.statusCode).toBe(403);
  });

  it("accepts a JSON POST with an empty body (logout)", async () => {
    const response = await postJson("/api/auth/logout", "");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
  });

  it("answers unknown API paths with a JSON 404 and malformed JSON with a 400", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: "Not found." });
    const bad = await postJson("/api/bookings/availability-request", "{nope");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBeTruthy();
  });

  it("refuses a body over the limit with 413", async () => {
    const response = await postJson(
      "/api/bookings/availability-request",
      JSON.stringify({ availability: "x".repeat(1024 * 1024 + 10) }),
    );
    expect(response.statusCode).toBe(413);
  });

  it("sends the security headers on pages, API calls and errors", async () => {
    for (const url of ["/api/health", "/api/trpc/booking.packages", "/api/nope"]) {
      const response = await t.app.inject({ method: "GET", url });
      const csp = String(response.headers["content-security-policy"]);
      expect(csp, url).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(response.headers["strict-transport-security"]).toBeUndefined(); // only in production
    }
  });

  it("throttles sign-in bursts per client with 429 and Retry-After", async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_AUTH: "3" } });
    try {
      const codes: number[] = [];
      let retryAfter: string | undefined;
      for (let i = 0; i < 5; i++) {
        const r = await limited.app.inject({
          method: "GET",
          url: "/api/student-auth/google",
          remoteAddress: "203.0.113.9",
          headers: { "x-forwarded-for": `198.51.100.${i}` },
        });
        codes.push(r.statusCode);
        if (r.statusCode === 429) retryAfter = r.headers["retry-after"] as string;
      }
      expect(codes).toEqual([302, 302, 302, 429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      const other = await limited.app.inject({
        method: "GET",
        url: "/api/student-auth/google",
        remoteAddress: "203.0.113.10",
      });
      expect(other.statusCode).toBe(302);
    } finally {
      await limited.close();
    }
  });

  it("answers health 503 once the database is gone", async () => {
    const lonely = await createTestApp();
    await lonely.database.close();
    const response = await lonely.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    await lonely.app.close();
  });
});

describe("production mode", () => {
  it("hides internal error text, sends HSTS and offers no demo sign-in", async () => {
    const prod = await createTestApp({
      env: {
        NODE_ENV: "production",
        GOOGLE_CLIENT_ID: "id",
        GOOGLE_CLIENT_SECRET: "secret",
        ACCOUNT_HASH_SECRET: "platform-test-account-hash-secret-0123456789",
        CALENDAR_SECRET: "platform-test-calendar-secret-0123456789",
        OIDC_ISSUER: "http://127.0.0.1:9/",
        PUBLIC_URL: "https://lessons.example",
      },
    });
    const health = await prod.app.inject({ method: "GET", url: "/api/health" });
    expect(health.headers["strict-transport-security"]).toContain("max-age=");
    // No demo sign-in in production.
    expect((await prod.app.inject({ method: "GET", url: "/api/demo-auth" })).statusCode).toBe(404);
    await prod.database.prisma.$executeRawUnsafe(`ALTER TABLE "Package" RENAME TO "PackageGone"`);
    const broken = await prod.app.inject({ method: "GET", url: "/api/pricing/packages" });
    expect(broken.statusCode).toBe(500);
    expect(broken.json()).toEqual({ error: "Something went wrong on our side. Please try again." });
    const brokenTrpc = await prod.app.inject({ method: "GET", url: "/api/trpc/booking.packages" });
    expect(brokenTrpc.statusCode).toBe(500);
    expect(brokenTrpc.json().error.json.message).toBe("Something went wrong on our side. Please try again.");
    expect(brokenTrpc.body).not.toMatch(/PackageGone|relation|prisma|stack|\.ts\b|does not exist/i);
    expect(broken.body).not.toMatch(/PackageGone|relation|prisma|stack|\.ts\b|does not exist/i);
    await prod.close();
  });
});

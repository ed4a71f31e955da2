import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { validateSessionToken } from "../../server/features/auth/session.service.ts";
import { completeSignIn, type IdentityClaims, type Issuer, startIssuer } from "../helpers/oidc-issuer.ts";
import { CookieJar, createTestApp, type TestApp } from "../helpers/test-app.ts";

const CLIENT_ID = "test-client-id";
const PATHS = {
  student: {
    start: "/api/student-auth/google",
    status: "/api/student-auth/status",
    logout: "/api/student-auth/logout",
    cookie: "student_session",
  },
  admin: { start: "/api/auth/google", status: "/api/auth/status", logout: "/api/auth/logout", cookie: "admin_session" },
} as const;

let issuer: Issuer;
let t: TestApp;

const student = (overrides: IdentityClaims = {}): IdentityClaims => ({
  sub: "google-sub-student-1",
  email: "anna@student.test",
  email_verified: true,
  name: "Anna Verdi",
  ...overrides,
});

/** Starts sign-in, lets the issuer authorise, and returns the app's answer to the callback. */
async function signIn(
  kind: "student" | "admin",
  claims: IdentityClaims,
  opts: { next?: string; jar?: CookieJar } = {},
) {
  const jar = opts.jar ?? new CookieJar();
  issuer.willIssue(claims);
  const query = opts.next ? `?next=${encodeURIComponent(opts.next)}` : "";
  const start = jar.store(
    await t.app.inject({ method: "GET", url: `${PATHS[kind].start}${query}`, headers: { cookie: jar.header() } }),
  );
  expect(start.statusCode).toBe(302);
  return { jar, ...(await completeSignIn(t.app, jar, start)) };
}

async function status(kind: "student" | "admin", jar: CookieJar) {
  const response = await t.app.inject({ method: "GET", url: PATHS[kind].status, headers: { cookie: jar.header() } });
  return response.json() as { authenticated: boolean; user: { email: string; isAdmin: boolean } | null };
}

beforeAll(async () => {
  issuer = await startIssuer();
  t = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: "test-secret",
      OIDC_ISSUER: issuer.url,
      ADMIN_EMAILS: "teacher@school.test",
    },
  });
});
afterAll(async () => {
  await t?.close();
  await issuer?.stop();
});
beforeEach(async () => {
  await t.database.prisma.session.deleteMany();
});

describe("student sign-in through the OpenID issuer", () => {
  it("uses PKCE S256, state and nonce, then creates an account and a student session", async () => {
    const { authorize, response, jar } = await signIn("student", student());
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toBeTruthy();
    expect(authorize.searchParams.get("state")).toBeTruthy();
    expect(authorize.searchParams.get("nonce")).toBeTruthy();
    expect(authorize.searchParams.get("client_id")).toBe(CLIENT_ID);

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/student/dashboard");
    const me = await status("student", jar);
    expect(me).toMatchObject({ authenticated: true, user: { email: "anna@student.test", isAdmin: false } });
    const user = await t.database.prisma.user.findUniqueOrThrow({ where: { email: "anna@student.test" } });
    expect(user.googleSub).toBe("google-sub-student-1");
    expect(user.referralCode).toMatch(/^[A-Z0-9]{8}$/);
    // A student session is not an admin session.
    expect((await status("admin", jar)).authenticated).toBe(false);
  });

  it("sets a hardened cookie and stores only a hash of the secret", async () => {
    const { response, jar } = await signIn("student", student());
    const cookie = response.cookies.find((c) => c.name === "student_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy(); // only in production
    const token = jar.get("student_session") as string;
    const [id, secret] = token.split(".");
    expect(secret.length).toBeGreaterThanOrEqual(26); // 20 random bytes in base32 = 160 bits
    const row = await t.database.prisma.session.findUniqueOrThrow({ where: { id } });
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(response.body).not.toContain(secret);
    expect(response.headers.location).not.toContain(secret);
  });

  it("returns to a same-origin next path and refuses open redirects", async () => {
    expect((await signIn("student", student(), { next: "/book/details" })).response.headers.location).toBe(
      "/book/details",
    );
    for (const evil of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const { response } = await signIn("student", student(), { next: evil });
      expect(response.headers.location, evil).toBe("/student/dashboard");
    }
  });

  // Issue 17: the check runs after normalising, so `/.//evil.example` (which a browser resolves
  // to `//evil.example`) and its encoded and control-character cousins never leave the site.
  it.each([
    "https://evil.example/phish",
    "HTTPS://evil.example",
    "//evil.example",
    "/.//evil.example",
    "/./..//evil.example",
    "/%2e//evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/%09/evil.example",
    "javascript:alert(1)",
  ])("a crafted next %j lands on the site", async (evil) => {
    const site = new URL(t.env.PUBLIC_URL);
    const start = await t.app.inject({ method: "GET", url: `${PATHS.student.start}?next=${encodeURIComponent(evil)}` });
    const flowCookie = start.cookies.find((c) => c.name === "oauth_student");
    const stored = JSON.parse(Buffer.from(flowCookie?.value ?? "", "base64url").toString("utf8"));
    expect(stored.next, evil).toBe("/student/dashboard");
    const { response } = await signIn("student", student(), { next: evil });
    const location = response.headers.location as string;
    expect(location, evil).toBe("/student/dashboard");
    expect(new URL(location, site).origin).toBe(site.origin);
  });

  it("keeps next through a sign-in cancelled at the provider, so trying again returns there", async () => {
    const jar = new CookieJar();
    const start = jar.store(
      await t.app.inject({ method: "GET", url: `${PATHS.student.start}?next=${encodeURIComponent("/book/details")}` }),
    );
    const state = new URL(start.headers.location as string).searchParams.get("state");
    // Google's cancel: the callback with `error` and the state.
    const cancelled = jar.store(
      await t.app.inject({
        method: "GET",
        url: `/api/student-auth/google/callback?error=access_denied&state=${state}`,
        headers: { cookie: jar.header() },
      }),
    );
    expect(cancelled.statusCode).toBe(302);
    expect(cancelled.headers.location).toBe("/student?error=auth_failed&next=%2Fbook%2Fdetails");
    expect(cancelled.cookies.some((c) => c.name === "student_session" && c.value)).toBe(false);
    // A refused callback (wrong state) keeps it too, and still signs nobody in; a crafted next is
    // not carried along.
    const second = new CookieJar();
    second.store(
      await t.app.inject({ method: "GET", url: `${PATHS.student.start}?next=${encodeURIComponent("/book/details")}` }),
    );
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/student-auth/google/callback?code=x&state=wrong",
      headers: { cookie: second.header() },
    });
    expect(forged.headers.location).toBe("/student?error=callback_failed&next=%2Fbook%2Fdetails");
    expect(forged.cookies.some((c) => c.name === "student_session" && c.value)).toBe(false);
    const evilStart = new CookieJar();
    evilStart.store(
      await t.app.inject({
        method: "GET",
        url: `${PATHS.student.start}?next=${encodeURIComponent("/.//evil.example")}`,
      }),
    );
    const evilCancel = await t.app.inject({
      method: "GET",
      url: "/api/student-auth/google/callback?error=access_denied",
      headers: { cookie: evilStart.header() },
    });
    expect(evilCancel.headers.location).toBe("/student?error=auth_failed");
    // Started from an Italian page, the refusal comes back to the Italian sign-in page.
    const italian = new CookieJar();
    italian.store(
      await t.app.inject({
        method: "GET",
        url: `${PATHS.admin.start}?next=${encodeURIComponent("/it/admin/bookings")}`,
      }),
    );
    const italianCancel = await t.app.inject({
      method: "GET",
      url: "/api/auth/google/callback?error=access_denied",
      headers: { cookie: italian.header() },
    });
    expect(italianCancel.headers.location).toBe("/it/admin?error=auth_failed&next=%2Fit%2Fadmin%2Fbookings");
    // Retried, the sign-in returns to the details step.
    expect((await signIn("student", student(), { next: "/book/details" })).response.headers.location).toBe(
      "/book/details",
    );
  });

  it("issues a new token at every sign-in and refuses a planted cookie (fixation)", async () => {
    const jar = new CookieJar();
    jar.set("student_session", "planted.token-chosen-by-attacker");
    const { jar: after } = await signIn("student", student(), { jar });
    expect(after.get("student_session")).not.toBe("planted.token-chosen-by-attacker");
    const planted = new CookieJar();
    planted.set("student_session", "planted.token-chosen-by-attacker");
    expect((await status("student", planted)).authenticated).toBe(false);

    const second = await signIn("student", student());
    expect(second.jar.get("student_session")).not.toBe(after.get("student_session"));
  });

  it("ends the session at logout: the old cookie is refused and the row is gone", async () => {
    const { jar } = await signIn("student", student());
    const token = jar.get("student_session") as string;
    const logout = await t.app.inject({
      method: "POST",
      url: PATHS.student.logout,
      headers: { cookie: jar.header(), "content-type": "application/json" },
      payload: "",
    });
    expect(logout.statusCode).toBe(200);
    expect(await t.database.prisma.session.count({ where: { id: token.split(".")[0] } })).toBe(0);
    const replay = new CookieJar();
    replay.set("student_session", token);
    expect((await status("student", replay)).authenticated).toBe(false);
    const guarded = await t.app.inject({
      method: "GET",
      url: "/api/trpc/portal.me",
      headers: { cookie: replay.header() },
    });
    expect(guarded.statusCode).toBe(401);
  });

  it("ends an expired session and deletes its row", async () => {
    const { jar } = await signIn("student", student());
    const id = (jar.get("student_session") as string).split(".")[0];
    await t.database.prisma.session.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const guarded = await t.app.inject({
      method: "GET",
      url: "/api/trpc/portal.me",
      headers: { cookie: jar.header() },
    });
    expect(guarded.statusCode).toBe(401);
    expect(await t.database.prisma.session.count({ where: { id } })).toBe(0);
  });

  it("keeps a session valid up to its stored instant, to the millisecond (no time-zone shift in the read)", async () => {
    const { jar } = await signIn("student", student());
    const token = jar.get("student_session");
    const id = (token as string).split(".")[0];
    const expiresAt = new Date(Date.now() + 60_000);
    const setExpiry = () => t.database.prisma.session.update({ where: { id }, data: { expiresAt } });
    await setExpiry();
    const justBefore = new Date(expiresAt.getTime() - 1);
    expect((await validateSessionToken(t.database.prisma, token, "student", justBefore))?.user.id).toBeTruthy();
    await setExpiry(); // that read extended it
    expect(await validateSessionToken(t.database.prisma, token, "student", expiresAt)).toBeNull();
  });

  it("extends a session that is past half its life", async () => {
    const { jar } = await signIn("student", student());
    const id = (jar.get("student_session") as string).split(".")[0];
    const soon = new Date(Date.now() + 2 * 24 * 3600 * 1000);
    await t.database.prisma.session.update({ where: { id }, data: { expiresAt: soon } });
    const response = await t.app.inject({
      method: "GET",
      url: PATHS.student.status,
      headers: { cookie: jar.header() },
    });
    expect(response.json().authenticated).toBe(true);
    const row = await t.database.prisma.session.findUniqueOrThrow({ where: { id } });
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(response.cookies.find((c) => c.name === "student_session")).toBeTruthy();
  });
});

describe("refused sign-ins create no session", () => {
  const countAll = async () => ({
    sessions: await t.database.prisma.session.count(),
    users: await t.database.prisma.user.count(),
  });

  async function callbackWith(kind: "student" | "admin", query: string, cookie?: string) {
    return t.app.inject({
      method: "GET",
      url: `/api/${kind === "admin" ? "auth" : "student-auth"}/google/callback${query}`,
      headers: cookie ? { cookie } : {},
    });
  }

  it("refuses a callback with no state, a wrong state, or no state cookie (login CSRF)", async () => {
    const jar = new CookieJar();
    issuer.willIssue(student({ sub: "csrf-victim", email: "victim@student.test" }));
    jar.store(await t.app.inject({ method: "GET", url: PATHS.student.start }));
    const before = await countAll();
    const start = await t.app.inject({ method: "GET", url: PATHS.student.start });
    const flowCookie = new CookieJar();
    flowCookie.store(start);
    const atIssuer = await fetch(new URL(start.headers.location as string), { redirect: "manual" });
    const code = new URL(atIssuer.headers.get("location") as string).searchParams.get("code");

    for (const [query, cookie] of [
      [`?code=${code}`, flowCookie.header()],
      [`?code=${code}&state=wrong-state`, flowCookie.header()],
      [`?code=${code}&state=${new URL(start.headers.location as string).searchParams.get("state")}`, undefined],
    ] as const) {
      const response = await callbackWith("student", query, cookie);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe("/student?error=callback_failed");
      expect(response.cookies.find((c) => c.name === "student_session" && c.value)).toBeUndefined();
    }
    expect(await countAll()).toEqual(before);
  });

  it("refuses a replayed code", async () => {
    const first = await signIn("student", student());
    expect(first.response.headers.location).toBe("/student/dashboard");
    const before = await countAll();
    const replay = await t.app.inject({
      method: "GET",
      url: `${first.callback.pathname}${first.callback.search}`,
      headers: { cookie: `oauth_student=${first.jar.get("oauth_student") ?? ""}` },
    });
    expect(replay.headers.location).toMatch(/^\/student\?error=/);
    expect(await countAll()).toEqual(before);
  });

  it("refuses browser A's code redeemed with browser B's verifier (stolen code)", async () => {
    issuer.willIssue(student());
    const a = await t.app.inject({ method: "GET", url: PATHS.student.start });
    const atIssuer = await fetch(new URL(a.headers.location as string), { redirect: "manual" });
    const callbackA = new URL(atIssuer.headers.get("location") as string);
    const b = new CookieJar();
    const startB = b.store(await t.app.inject({ method: "GET", url: PATHS.student.start }));
    const stateB = new URL(startB.headers.location as string).searchParams.get("state");
    const before = await countAll();
    const response = await callbackWith(
      "student",
      `?code=${callbackA.searchParams.get("code")}&state=${stateB}`,
      b.header(),
    );
    expect(response.headers.location).toBe("/student?error=callback_failed");
    expect(await countAll()).toEqual(before);
  });

  it.each([
    ["a wrong audience", { aud: "someone-else" }],
    ["a wrong issuer", { iss: "https://evil.example" }],
    ["an expired token", { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 }],
    ["a wrong nonce", { nonce: "not-the-nonce" }],
  ])("refuses an ID token with %s", async (_label, forged) => {
    const before = await countAll();
    const { response } = await signIn("student", {
      ...student({ sub: "forged-sub", email: "forged@student.test" }),
      ...forged,
    });
    expect(response.headers.location).toBe("/student?error=callback_failed");
    expect(await countAll()).toEqual(before);
  });

  it("refuses an unverified email for a new account", async () => {
    const before = await countAll();
    const { response } = await signIn(
      "student",
      student({ sub: "unverified", email: "unverified@student.test", email_verified: false }),
    );
    expect(response.headers.location).toBe("/student?error=auth_failed");
    expect(await countAll()).toEqual(before);
  });

  it("never re-binds an account to a new sub with the same email", async () => {
    await signIn("student", student({ sub: "original-sub", email: "bound@student.test" }));
    const before = await countAll();
    const { response } = await signIn("student", student({ sub: "attacker-sub", email: "bound@student.test" }));
    expect(response.headers.location).toBe("/student?error=auth_failed");
    expect(await countAll()).toEqual(before);
    const user = await t.database.prisma.user.findUniqueOrThrow({ where: { email: "bound@student.test" } });
    expect(user.googleSub).toBe("original-sub");
  });
});

describe("admin sign-in", () => {
  it("claims the seeded teacher record by verified email, binds it to the sub and opens /admin", async () => {
    const seeded = await t.database.prisma.user.findUniqueOrThrow({ where: { email: "teacher@school.test" } });
    expect(seeded.googleSub).toBeNull();
    const { response, jar } = await signIn("admin", {
      sub: "teacher-sub",
      email: "teacher@school.test",
      email_verified: true,
      name: "T",
    });
    expect(response.headers.location).toBe("/admin");
    expect(await status("admin", jar)).toMatchObject({ authenticated: true, user: { isAdmin: true } });
    const claimed = await t.database.prisma.user.findUniqueOrThrow({ where: { email: "teacher@school.test" } });
    expect(claimed.id).toBe(seeded.id);
    expect(claimed.googleSub).toBe("teacher-sub");
    // A teacher may hold a student session too; the two cookies are separate.
    const asStudent = await signIn(
      "student",
      { sub: "teacher-sub", email: "teacher@school.test", email_verified: true },
      { jar },
    );
    expect(asStudent.response.headers.location).toBe("/student/dashboard");
    expect(jar.get("admin_session")).toBeTruthy();
    expect(jar.get("student_session")).toBeTruthy();
  });

  it("gives an account outside ADMIN_EMAILS no admin session and creates no user", async () => {
    const before = await countAllUsers();
    const { response, jar } = await signIn("admin", {
      sub: "intruder",
      email: "intruder@student.test",
      email_verified: true,
    });
    expect(response.headers.location).toBe("/admin?error=auth_failed");
    expect(jar.get("admin_session")).toBeUndefined();
    expect(await countAllUsers()).toBe(before);
  });

  it("re-reads the admin role from the database on every request", async () => {
    const { jar } = await signIn("admin", { sub: "teacher-sub", email: "teacher@school.test", email_verified: true });
    const ok = await t.app.inject({ method: "GET", url: "/api/admin/dashboard", headers: { cookie: jar.header() } });
    expect(ok.statusCode).toBe(200);
    await t.database.prisma.user.update({ where: { email: "teacher@school.test" }, data: { isAdmin: false } });
    try {
      const refused = await t.app.inject({
        method: "GET",
        url: "/api/admin/dashboard",
        headers: { cookie: jar.header() },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: "Administrator access required." });
    } finally {
      await t.database.prisma.user.update({ where: { email: "teacher@school.test" }, data: { isAdmin: true } });
    }
  });
});

// Checklist 30 (issue 27): an ID token's email is only the provider's word when email_verified is
// true, and a known sub never takes a role through another address.
describe("a forged identity claim gives no role", () => {
  const TEACHER = "teacher@school.test";
  const publicTeachers = async () => (await t.app.inject({ method: "GET", url: "/api/pricing/teachers" })).body;
  const snapshot = async () => ({
    users: await t.database.prisma.user.findMany({
      select: { id: true, email: true, isAdmin: true, googleSub: true },
      orderBy: { id: "asc" },
    }),
    teachers: await t.database.prisma.teacher.findMany({
      select: { id: true, userId: true, email: true, isActive: true },
      orderBy: { id: "asc" },
    }),
    pricing: await publicTeachers(),
  });

  it.each([
    ["the teacher's address, unverified", { email: TEACHER, email_verified: false }],
    ["the teacher's address, verified as a string", { email: TEACHER, email_verified: "true" }],
    ["the teacher's address in other case, unverified", { email: " Teacher@School.TEST ", email_verified: false }],
    ["the teacher's address, verified, on a student's sub", { email: TEACHER, email_verified: true }],
  ])("an existing student's sub with %s is no admin and creates no teacher", async (_label, forged) => {
    await signIn("student", student({ sub: "escalating-sub", email: "mallory@student.test" }));
    const before = await snapshot();

    const asAdmin = await signIn("admin", { sub: "escalating-sub", name: "Mallory", ...forged });
    expect(asAdmin.response.headers.location).toBe("/admin?error=auth_failed");
    expect(asAdmin.jar.get("admin_session")).toBeUndefined();

    // The student flow with the forged address signs the student in as themselves, nothing more.
    const asStudent = await signIn("student", { sub: "escalating-sub", name: "Mallory", ...forged });
    expect(asStudent.response.headers.location).toBe("/student/dashboard");
    expect(await status("student", asStudent.jar)).toMatchObject({
      user: { email: "mallory@student.test", isAdmin: false },
    });
    const refused = await t.app.inject({
      method: "GET",
      url: "/api/admin/dashboard",
      headers: { cookie: asStudent.jar.header() },
    });
    expect(refused.statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("the teacher's own sub with an unverified claim neither signs in as admin nor loses the role", async () => {
    await signIn("admin", { sub: "teacher-sub", email: TEACHER, email_verified: true });
    const before = await snapshot();
    const { response, jar } = await signIn("admin", { sub: "teacher-sub", email: TEACHER, email_verified: false });
    expect(response.headers.location).toBe("/admin?error=auth_failed");
    expect(jar.get("admin_session")).toBeUndefined();
    expect(await snapshot()).toEqual(before);
  });

  it("a new sub with the teacher's unverified address creates nothing", async () => {
    const before = await snapshot();
    for (const kind of ["admin", "student"] as const) {
      const { response } = await signIn(kind, { sub: "brand-new-sub", email: TEACHER, email_verified: false });
      expect(response.headers.location).toBe(`${kind === "admin" ? "/admin" : "/student"}?error=auth_failed`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("the listed address in another case or with spaces, verified, is the admin", async () => {
    const { response, jar } = await signIn("admin", {
      sub: "teacher-sub",
      email: " Teacher@School.TEST",
      email_verified: true,
    });
    expect(response.headers.location).toBe("/admin");
    expect(await status("admin", jar)).toMatchObject({ authenticated: true, user: { isAdmin: true } });
  });

  it("keeps only an https picture from the provider", async () => {
    await signIn("student", student({ sub: "picture-sub", email: "pic@student.test", picture: "javascript:alert(1)" }));
    await signIn(
      "student",
      student({ sub: "picture-sub-2", email: "pic2@student.test", picture: "https://lh3.example/a.png" }),
    );
    const users = await t.database.prisma.user.findMany({
      where: { email: { in: ["pic@student.test", "pic2@student.test"] } },
      select: { email: true, imageUrl: true },
      orderBy: { email: "asc" },
    });
    expect(users).toEqual([
      { email: "pic2@student.test", imageUrl: "https://lh3.example/a.png" },
      { email: "pic@student.test", imageUrl: null },
    ]);
  });
});

async function countAllUsers() {
  return t.database.prisma.user.count();
}

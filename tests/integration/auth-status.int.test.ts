// Who is signed in, over tRPC (auth.studentStatus, auth.adminStatus) and over the REST paths they
// stand for (GET /api/student-auth/status, /api/auth/status): the same answer for every caller.
import { beforeAll, describe, expect, it } from "vitest";
import { createUserWithSession, type TestUser } from "../helpers/booking-factory.ts";
import { prepareTestApp } from "../helpers/test-app.ts";
import { injectTrpc } from "../helpers/transports.ts";

const t = prepareTestApp();
let student: TestUser;
let teacher: TestUser;
let demoted: TestUser;

beforeAll(async () => {
  student = await createUserWithSession(t.database.prisma, { name: "Sofia Bianchi" });
  teacher = await createUserWithSession(t.database.prisma, { kind: "admin" });
  demoted = await createUserWithSession(t.database.prisma, { kind: "admin" });
  // The admin right taken away after sign-in: the session stays, the status says signed out.
  await t.database.prisma.user.update({ where: { id: demoted.id }, data: { isAdmin: false } });
});

const callers = () =>
  [
    ["a visitor", undefined],
    ["a student", student.cookie],
    ["the teacher", teacher.cookie],
    ["a former admin", demoted.cookie],
    ["both sessions", `${student.cookie}; ${teacher.cookie}`],
  ] as const;

describe.each([
  ["auth.studentStatus", "/api/student-auth/status"],
  ["auth.adminStatus", "/api/auth/status"],
])("%s", (path, url) => {
  it(`answers as GET ${url} for every caller`, async () => {
    const seen = new Set<boolean>();
    for (const [who, cookie] of callers()) {
      const byRest = await t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
      const byTrpc = await injectTrpc(t.app, { path, cookie });
      expect(byTrpc.statusCode, who).toBe(200);
      expect(byTrpc.data, who).toEqual(byRest.json());
      seen.add((byTrpc.data as { authenticated: boolean }).authenticated);
    }
    expect([...seen].sort()).toEqual([false, true]);
  });
});

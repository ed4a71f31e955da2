// Logs never carry an OAuth code or state, a cookie or a session token (checklist #9).
import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { loggerOptions } from "../../server/app.ts";
import { completeSignIn, type Issuer, startIssuer } from "../helpers/oidc-issuer.ts";
import { CookieJar, createTestApp, type TestApp } from "../helpers/test-app.ts";

let issuer: Issuer;
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  issuer = await startIssuer();
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    env: { GOOGLE_CLIENT_ID: "log-client", GOOGLE_CLIENT_SECRET: "log-secret", OIDC_ISSUER: issuer.url },
    logger: { ...(loggerOptions("info") as object), stream },
  });
});
afterAll(async () => {
  await t?.close();
  await issuer?.stop();
});

it("keeps codes, states, cookies and tokens out of every log line of a sign-in", async () => {
  const jar = new CookieJar();
  issuer.willIssue({ sub: "log-sub", email: "log@student.test", email_verified: true, name: "Log" });
  const start = jar.store(await t.app.inject({ method: "GET", url: "/api/student-auth/google" }));
  const { callback } = await completeSignIn(t.app, jar, start);
  const code = callback.searchParams.get("code") as string;
  const state = callback.searchParams.get("state") as string;
  const token = jar.get("student_session") as string;
  expect(token).toBeTruthy();
  await t.app.inject({ method: "GET", url: "/api/student-auth/status", headers: { cookie: jar.header() } });

  const log = lines.join("");
  expect(log).toContain("/api/student-auth/google/callback"); // the requests were logged at all
  for (const secret of [code, state, token, token.split(".")[1], jar.get("oauth_student") ?? "never-set"]) {
    expect(log).not.toContain(secret);
  }
  expect(log).not.toMatch(/student_session=/);
});

// Sign-in redirects and callbacks, status and logout, for the admin and the student sessions.

import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { type Locale, localePath, splitLocalePath } from "../../shared/i18n/locales.ts";
import { safeNextPath } from "../../shared/next-path.ts";
import { hasVisibleCharacter, singleLineText } from "../../shared/text.ts";
import type { Db } from "../db.ts";
import type { Env } from "../env.ts";
import { AppError } from "../errors.ts";
import { findUserByEmail } from "../features/auth/account.data.ts";
import { resolveAccount } from "../features/auth/account.service.ts";
import { DEMO_STUDENT_EMAIL, ensureDemoStudent } from "../features/auth/demo-accounts.ts";
import type { OidcFlow, OidcProvider } from "../features/auth/oidc.service.ts";
import { createSession, invalidateSessionToken, type SessionKind } from "../features/auth/session.service.ts";
import { escapeHtml } from "../html.ts";
import { requestLocale, translateSentence, translator } from "../i18n.ts";
import { limitCaller, type RateLimiter } from "../plugins/rate-limit.ts";
import { clearSessionCookie, SESSION_COOKIES, setSessionCookie } from "../plugins/session.ts";

type Options = { db: Db; env: Env; oidc: OidcProvider | null; rateLimiter: RateLimiter };

const FLOWS = {
  admin: { start: "/api/auth/google", callback: "/api/auth/google/callback", home: "/admin", after: "/admin" },
  student: {
    start: "/api/student-auth/google",
    callback: "/api/student-auth/google/callback",
    home: "/student",
    after: "/student/dashboard",
  },
} as const satisfies Record<SessionKind, unknown>;

const flowCookie = (kind: SessionKind) => `oauth_${kind}`;
type StoredFlow = OidcFlow & { next: string };

function sameSecret(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function authRoutes(app: FastifyInstance, opts: Options) {
  const { db, env, oidc, rateLimiter } = opts;
  const secure = env.isProduction;
  const demoMode = !oidc && !env.isProduction;

  const signInLimit = async (request: FastifyRequest) =>
    limitCaller(rateLimiter, env, "sign-in", { accountId: null, ip: request.ip });

  /**
   * Back to the sign-in page with the spec's `error`. A `next` other than the default is kept, so a
   * failed or cancelled sign-in during booking, tried again, still returns to the details step.
   */
  const fail = (reply: FastifyReply, kind: SessionKind, error: SignInError, next?: unknown) =>
    reply.redirect(failurePath(kind, error, next));

  async function signIn(reply: FastifyReply, kind: SessionKind, userId: string, next: string) {
    const { token, expiresAt } = await createSession(db, userId, kind, new Date(), env.sessionLifetimes);
    setSessionCookie(reply, kind, token, expiresAt, secure);
    return reply.redirect(next);
  }

  for (const kind of ["admin", "student"] as const) {
    const flow = FLOWS[kind];

    app.get(flow.start, async (request, reply) => {
      await signInLimit(request);
      const next = safeNextPath((request.query as { next?: unknown }).next, flow.after);
      if (!oidc) {
        if (demoMode) return reply.redirect(`/api/demo-auth?kind=${kind}&next=${encodeURIComponent(next)}`);
        return fail(reply, kind, "auth_failed", next);
      }
      const state = oidc.newFlow();
      let url: URL;
      try {
        url = await oidc.authorizationUrl(state, `${env.PUBLIC_URL}${flow.callback}`);
      } catch (error) {
        request.log.error({ err: error }, "OpenID discovery failed");
        return fail(reply, kind, "auth_failed", next);
      }
      const stored: StoredFlow = { ...state, next };
      reply.setCookie(flowCookie(kind), Buffer.from(JSON.stringify(stored)).toString("base64url"), {
        httpOnly: true,
        sameSite: "lax",
        secure,
        path: "/api",
        maxAge: 600,
      });
      return reply.redirect(url.toString());
    });

    app.get(flow.callback, async (request, reply) => {
      await signInLimit(request);
      const raw = request.cookies[flowCookie(kind)];
      reply.clearCookie(flowCookie(kind), { path: "/api" });
      const query = request.query as { code?: unknown; state?: unknown; error?: unknown };
      if (!oidc) return fail(reply, kind, "auth_failed");
      let stored: StoredFlow | null = null;
      try {
        stored = JSON.parse(Buffer.from(raw ?? "", "base64url").toString("utf8"));
      } catch {
        stored = null;
      }
      // Cancelled or refused at the provider: back to the card, keeping where the student was going.
      if (query.error) return fail(reply, kind, "auth_failed", stored?.next);
      if (
        !stored ||
        typeof query.code !== "string" ||
        typeof query.state !== "string" ||
        typeof stored?.state !== "string" ||
        !sameSecret(query.state, stored.state)
      ) {
        return fail(reply, kind, "callback_failed", stored?.next);
      }
      let identity: Awaited<ReturnType<OidcProvider["exchange"]>>;
      try {
        identity = await oidc.exchange(query.code, stored, `${env.PUBLIC_URL}${flow.callback}`);
      } catch (error) {
        request.log.warn({ reason: (error as Error).name }, "sign-in callback refused");
        return fail(reply, kind, "callback_failed", stored.next);
      }
      let user: Awaited<ReturnType<typeof resolveAccount>>;
      try {
        user = await resolveAccount(
          db,
          identity,
          kind,
          env.adminEmails,
          env.accountHashSecret,
          localeOfPath(stored.next),
        );
      } catch (error) {
        if (error instanceof AppError) {
          request.log.warn({ reason: error.message }, "sign-in refused");
          return fail(reply, kind, "auth_failed", stored.next);
        }
        throw error;
      }
      return signIn(reply, kind, user.id, safeNextPath(stored.next, flow.after));
    });
  }

  const logoutRoute = (kind: SessionKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    await invalidateSessionToken(db, request.cookies[SESSION_COOKIES[kind]]);
    clearSessionCookie(reply, kind, secure);
    return { success: true };
  };
  app.post("/api/auth/logout", logoutRoute("admin"));
  app.post("/api/student-auth/logout", logoutRoute("student"));

  if (!demoMode) return;

  // Local demo sign-in: exists only outside production and without a Google client.
  app.get("/api/demo-auth", async (request, reply) => {
    const query = request.query as { kind?: string; next?: string };
    const kind: SessionKind = query.kind === "admin" ? "admin" : "student";
    const next = safeNextPath(query.next, FLOWS[kind].after);
    return reply.type("text/html; charset=utf-8").send(demoPage(kind, next));
  });

  // The demo page's Cancel: what Google's cancel does (the callback with `error`), without Google.
  app.get("/api/demo-auth/cancel", async (request, reply) => {
    const query = request.query as { kind?: string; next?: unknown };
    const kind: SessionKind = query.kind === "admin" ? "admin" : "student";
    return fail(reply, kind, "auth_failed", query.next);
  });

  app.register(async (demo) => {
    demo.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    const demoForm = z.object({
      role: z.enum(["student", "teacher", "new-student"]),
      next: z.string().optional(),
      name: singleLineText(120).optional(),
      email: z.email().max(254).optional(),
    });
    // Counted once, by the route's `config.rateLimit` (plugins/rate-limit.ts), before the handler.
    demo.post("/api/demo-auth", { config: { rateLimit: "sign-in" } }, async (request, reply) => {
      const form = demoForm.safeParse(request.body);
      if (!form.success)
        return reply.code(400).send({
          error: translateSentence("Choose the demo student or the demo teacher.", requestLocale(request.headers)),
        });
      if (form.data.role === "new-student") {
        // Any new student by name and email, through the same account rules as Google sign-in
        // (so a friend who signed up through /ref is recognised), but never an admin address.
        const { name, email } = form.data;
        if (!name || !hasVisibleCharacter(name) || !email)
          return reply
            .code(400)
            .send({ error: translateSentence("Enter a name and an email address.", requestLocale(request.headers)) });
        if (env.adminEmails.includes(email.toLowerCase()))
          return reply
            .code(400)
            .send({ error: translateSentence("That address belongs to the teacher.", requestLocale(request.headers)) });
        const identity = { sub: `demo:${email.toLowerCase()}`, email: email.toLowerCase(), emailVerified: true, name };
        const next = safeNextPath(form.data.next, FLOWS.student.after);
        const user = await resolveAccount(
          db,
          identity,
          "student",
          env.adminEmails,
          env.accountHashSecret,
          localeOfPath(next),
        );
        return signIn(reply, "student", user.id, next);
      }
      if (form.data.role === "student") {
        const student = await ensureDemoStudent(db);
        return signIn(reply, "student", student.id, safeNextPath(form.data.next, FLOWS.student.after));
      }
      const teacherEmail = env.adminEmails[0];
      const teacher = teacherEmail ? await findUserByEmail(db, teacherEmail) : null;
      if (!teacher?.isAdmin)
        return reply.code(409).send({
          error: translateSentence("The demo teacher has not been created yet.", requestLocale(request.headers)),
        });
      return signIn(reply, "admin", teacher.id, safeNextPath(form.data.next, FLOWS.admin.after));
    });
  });
}

type SignInError = "auth_failed" | "callback_failed";

/** The language of the page a sign-in returns to (`/it/student/dashboard` is Italian). */
function localeOfPath(next: string): Locale {
  return splitLocalePath(next.split(/[?#]/)[0]).locale;
}

/** The sign-in page with the spec's `error`, and `next` when it is a safe, non-default path. */
function failurePath(kind: SessionKind, error: SignInError, next: unknown): string {
  const flow = FLOWS[kind];
  const path = safeNextPath(next, flow.after);
  const keep = path === flow.after ? "" : `&next=${encodeURIComponent(path)}`;
  // Back on the sign-in page in the language the sign-in started from (/it/admin: Italian).
  return `${localePath(localeOfPath(path), flow.home)}?error=${error}${keep}`;
}

/** The demo sign-in page, in the language of the page it returns to (`/it/student/dashboard`: Italian). */
function demoPage(kind: SessionKind, next: string): string {
  const locale = localeOfPath(next);
  const t = translator(locale);
  const text = (key: Parameters<typeof t>[0], values?: Parameters<typeof t>[1]) => escapeHtml(t(key, values));
  const nextField = `<input type="hidden" name="next" value="${escapeHtml(next)}">`;
  const button = (role: string, label: string, hint: string, primary: boolean) => `
    <form method="post" action="/api/demo-auth">
      <input type="hidden" name="role" value="${role}">${role === (kind === "admin" ? "teacher" : "student") ? nextField : ""}
      <button type="submit" class="${primary ? "primary" : ""}">${label}<small>${hint}</small></button>
    </form>`;
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${text("portal.demo.title")}</title>
<style>
*{box-sizing:border-box}
button,input{font-family:inherit}
body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0;padding:1rem}
main{background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:clamp(1.25rem,5vw,2rem);max-width:26rem;width:100%;box-shadow:0 10px 30px rgba(15,23,42,.08)}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.2rem .7rem;font-size:.8rem;font-weight:600}
h1{font-size:1.4rem;margin:.8rem 0 .4rem}p{color:#475569;line-height:1.5}
button{width:100%;margin-top:.8rem;padding:.9rem 1rem;border-radius:.7rem;border:1px solid #cbd5e1;background:#fff;font-size:1rem;font-weight:600;cursor:pointer;text-align:left}
button.primary{background:#1e3a8a;color:#fff;border-color:#1e3a8a}
button small{display:block;font-weight:400;opacity:.8;margin-top:.2rem}
.cancel{margin:1rem 0 0;font-size:.9rem}.cancel a{color:#1e3a8a;font-weight:600}
form.new{margin-top:1.5rem;border-top:1px solid #e2e8f0;padding-top:.5rem}
label{display:block;margin-top:.6rem;font-size:.9rem;font-weight:600}
input{display:block;width:100%;box-sizing:border-box;margin-top:.25rem;padding:.6rem .7rem;border:1px solid #cbd5e1;border-radius:.6rem;font-size:1rem}
</style></head><body><main>
<span class="badge">${text("portal.demo.badge")}</span>
<h1>${text("portal.demo.title")}</h1>
<p>${text("portal.demo.intro", { variable: "GOOGLE_CLIENT_ID" }).replace("GOOGLE_CLIENT_ID", "<code>GOOGLE_CLIENT_ID</code>")}</p>
${button("student", text("portal.demo.student"), text("portal.demo.studentHint", { email: DEMO_STUDENT_EMAIL }), kind === "student")}
${button("teacher", text("portal.demo.teacher"), text("portal.demo.teacherHint"), kind === "admin")}
<p class="cancel"><a href="/api/demo-auth/cancel?kind=${kind}&amp;next=${escapeHtml(encodeURIComponent(next))}">${text("portal.demo.cancel")}</a> ${text("portal.demo.cancelHint")}</p>
${
  kind === "student"
    ? `<form method="post" action="/api/demo-auth" class="new">
  <input type="hidden" name="role" value="new-student">${nextField}
  <p><strong>${text("portal.demo.newStudent")}</strong></p>
  <label>${text("portal.profile.name")} <input name="name" autocomplete="name" required maxlength="120"></label>
  <label>${text("portal.contact.email")} <input name="email" type="email" autocomplete="email" required maxlength="254"></label>
  <button type="submit">${text("portal.demo.newStudentButton")}</button>
</form>`
    : ""
}
</main></body></html>`;
}

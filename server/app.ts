// buildApp(): plugins -> tRPC -> REST adapters -> client. Never listens.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import Fastify, { type FastifyServerOptions } from "fastify";
import { DEFAULT_LOCALE, isTranslated, type Locale, splitLocalePath } from "../shared/i18n/locales.ts";
import type { Database } from "./db.ts";
import type { Env } from "./env.ts";
import { AppError, HTTP_STATUS, INTERNAL_ERROR_MESSAGE } from "./errors.ts";
import { OidcProvider } from "./features/auth/oidc.service.ts";
import { type AvailabilityCache, createAvailabilityCache } from "./features/availability/availability-cache.ts";
import { documentFileRoutes } from "./features/billing/documents.http.ts";
import { openUploadStore } from "./features/files/upload-store.ts";
import { PrerenderedPages } from "./features/pages/prerendered-pages.ts";
import { termlyReportFileRoutes } from "./features/termly-report/termly-report.http.ts";
import { authRoutes } from "./http/auth.http.ts";
import { availabilityGridRoute } from "./http/availability-grid.http.ts";
import { calendarFileRoutes, calendarRoutes } from "./http/calendar.http.ts";
import { fileRoutes } from "./http/files.http.ts";
import { healthRoute } from "./http/health.http.ts";
import { INVALID_CHARACTER_MESSAGE, parseJsonInput, UNREADABLE_MESSAGE } from "./http/input-text.ts";
import { opsRoutes } from "./http/ops.http.ts";
import { registerProcedureRoutes } from "./http/procedure-routes.ts";
import { procedureRoutes } from "./http/rest-table.ts";
import { stripeWebhookRoutes } from "./http/stripe-webhook.http.ts";
import { studentExportRoute } from "./http/student-export.http.ts";
import { requestLocale, translateSentence } from "./i18n.ts";
import { projectPath } from "./paths.ts";
import { MemoryRateLimiter, type RateLimiter, rateLimitPlugin } from "./plugins/rate-limit.ts";
import { securityPlugin } from "./plugins/security.ts";
import { sessionPlugin } from "./plugins/session.ts";
import { createContextFactory } from "./trpc/context.ts";
import { publicMessage, retryAfterOf } from "./trpc/error-policy.ts";
import { trpcPlugin } from "./trpc/fastify-adapter.ts";
import { type AppRouter, appRouter } from "./trpc/root.ts";

/**
 * The page renderer: built beside the server (dist/server/prerender/, scripts/build-server.ts)
 * when this file is the build, client/src/entry-server.tsx when it runs from the sources (tsx).
 */
function pageRendererPath(): string {
  return import.meta.url.endsWith(".ts")
    ? projectPath("client/src/entry-server.tsx")
    : projectPath("dist/server/prerender/entry-server.mjs");
}

export type BuildAppOptions = {
  env: Env;
  database: Database;
  logger?: FastifyServerOptions["logger"];
  rateLimiter?: RateLimiter;
  clientDir?: string;
  /** How long a client may take to send its request headers (tests shorten it). */
  headersTimeoutMs?: number;
  /** The page renderer's module (default: the build's, or the TSX entry when running from the sources). */
  pageRenderer?: string;
  /** Enables POST /api/internal/backup for `npm run backup` (embedded database only). */
  ops?: { dataDir: string; token: string };
};

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  404: "Not found.",
  405: "This method is not allowed here.",
  408: "The request took too long to arrive. Please try again.",
  413: "The request is too large.",
  415: "This type of request body is not accepted.",
};
/** How long after listening the public pages' renderer is loaded. */
const RENDERER_WARM_DELAY_MS = 3_000;
const RESTARTING_MESSAGE = "The server is restarting. Please try again in a moment.";
/** A shutdown serves what arrives in its first DRAIN_SETTLE_MS, then answers 503 until no request has
 * arrived for DRAIN_QUIET_MS (at most DRAIN_MAX_MS), then closes. */
const DRAIN_SETTLE_MS = 100;
const DRAIN_QUIET_MS = 200;
const DRAIN_MAX_MS = 1_000;

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Stops taking work without resetting anyone: in-flight requests finish, later ones get a 503
     * with `Connection: close`, and the listener closes once no request has arrived for a moment.
     * Requests sent just before the signal are often still unread (the event loop was busy, or the
     * connection sits in the accept backlog); closing the listener and idle sockets at once would
     * reset them instead of answering.
     */
    closeGracefully(): Promise<void>;
    /** The visitors' availability grid cache: a background job that adds slots drops it. */
    availabilityCache: AvailabilityCache;
  }
}
const SECRET_QUERY = /([?&](?:code|state|token|session_state)=)[^&#]*/gi;

/** Pino options that keep cookies, tokens and OAuth codes out of every log line. */
export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "headers.cookie",
        "*.password",
        "*.token",
      ],
      censor: "[redacted]",
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(SECRET_QUERY, "$1[redacted]"),
        ip: req.ip,
      }),
    },
  };
}

export async function buildApp(opts: BuildAppOptions) {
  const { env, database } = opts;
  const db = database.prisma;
  const rateLimiter = opts.rateLimiter ?? new MemoryRateLimiter();
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(env.LOG_LEVEL),
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    // Headers trickled in a byte at a time (slowloris) keep a socket from going idle, so the
    // idle timeout never fires: the whole header block must arrive within headersTimeout.
    http: { headersTimeout: opts.headersTimeoutMs ?? 10_000, connectionsCheckingInterval: 1_000 },
    connectionTimeout: 10_000,
    return503OnClosing: true,
    forceCloseConnections: "idle",
    routerOptions: { maxParamLength: 300 },
  });

  let drainingSince = 0;
  let lastArrivalAt = 0;
  let stopping = false;
  app.addHook("onRequest", async (_request, reply) => {
    if (!drainingSince) return;
    lastArrivalAt = Date.now();
    return reply.code(503).header("Connection", "close").header("Retry-After", "5").send({ error: RESTARTING_MESSAGE });
  });
  // Once stopping, every answer ends its connection: app.close() closes the connections idle at
  // that moment, and a request still being served then would leave its keep-alive connection
  // open until it timed out (10 s), holding the shutdown.
  app.addHook("onSend", async (_request, reply) => {
    if (stopping) reply.header("Connection", "close");
  });
  app.decorate("closeGracefully", async () => {
    stopping = true;
    if (!drainingSince) {
      // Requests already sent when the signal came may still be unread (the event loop was busy):
      // let them be read and served before anything is refused.
      await new Promise((resolve) => setTimeout(resolve, DRAIN_SETTLE_MS));
      drainingSince = Date.now();
      lastArrivalAt = drainingSince;
      while (Date.now() - lastArrivalAt < DRAIN_QUIET_MS && Date.now() - drainingSince < DRAIN_MAX_MS) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    await app.close();
  });

  // PostgreSQL text cannot hold a NUL character: refuse it at the edge (URL, query, JSON body)
  // with a clear 400 instead of failing deep inside a query with a 500.
  app.addHook("onRequest", async (request, reply) => {
    if (/%00|\0/i.test(request.url)) {
      return reply
        .code(400)
        .send({ error: translateSentence(INVALID_CHARACTER_MESSAGE, requestLocale(request.headers)) });
    }
    // The one header whose value is stored and looked up: a client's generated key (a UUID, a
    // token), so only visible ASCII is accepted. Cookies are checked where they are read.
    const idempotencyKey = request.headers["idempotency-key"];
    if (idempotencyKey !== undefined) {
      const error = idempotencyKeyError(idempotencyKey);
      if (error) return reply.code(400).send({ error: translateSentence(error, requestLocale(request.headers)) });
    }
  });

  // A JSON POST with an empty body (logout) is a valid request with no payload. A NUL or a lone
  // surrogate written as a JSON escape is handled by parseJsonInput (see input-text.ts).
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = (body as string).trim();
    if (text === "") return done(null, undefined);
    try {
      done(null, parseJsonInput(text));
    } catch (error) {
      done(
        error instanceof AppError ? error : new AppError("BAD_REQUEST", "The request body is not valid JSON."),
        undefined,
      );
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const locale = requestLocale(request.headers);
    const say = (english: string) => translateSentence(english, locale);
    if (error instanceof TRPCError) {
      const retryAfter = retryAfterOf(error);
      if (retryAfter) reply.header("Retry-After", String(retryAfter));
      if (error.code === "INTERNAL_SERVER_ERROR") request.log.error({ err: error }, "unhandled error");
      return reply.code(getHTTPStatusCodeFromError(error)).send({ error: publicMessage(error, locale) });
    }
    if (error instanceof AppError) {
      if (error.details?.retryAfterSeconds) reply.header("Retry-After", String(error.details.retryAfterSeconds));
      return reply.code(HTTP_STATUS[error.code]).send({ error: error.messageIn(locale) });
    }
    const err = error as { statusCode?: number; code?: string; validation?: unknown; message?: string };
    if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.code(413).send({ error: say("The request is too large.") });
    }
    // Fastify's and its parsers' own 4xx texts are written for developers ("reach parts limit",
    // "Unsupported Media Type: …"): a person gets a sentence for the status instead.
    if (err.validation) return reply.code(400).send({ error: say(UNREADABLE_MESSAGE) });
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply
        .code(err.statusCode)
        .send({ error: say(CLIENT_ERROR_MESSAGES[err.statusCode] ?? UNREADABLE_MESSAGE) });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ error: say(INTERNAL_ERROR_MESSAGE) });
  });

  await app.register(cookie);
  await app.register(securityPlugin, { publicUrl: env.PUBLIC_URL, isProduction: env.isProduction });
  await app.register(sessionPlugin, { db, secureCookies: env.isProduction, lifetimes: env.sessionLifetimes });
  await app.register(rateLimitPlugin, { limiter: rateLimiter, env });

  // Any write may change the visitors' availability grid: it is computed afresh after one.
  const availabilityCache = createAvailabilityCache({ embedded: database.engine === "pglite" });
  app.decorate("availabilityCache", availabilityCache);
  // Dropped before the answer leaves, so a client that reads after its write sees the write.
  app.addHook("onSend", async (request, _reply, payload) => {
    if (request.method !== "GET" && request.method !== "HEAD" && request.method !== "OPTIONS") {
      availabilityCache.invalidate();
    }
    return payload;
  });
  // One upload store for the file routes, settings and account deletion (upload-store.ts).
  const uploads = openUploadStore(env);
  app.addHook("onClose", async () => uploads.dispose());
  const services = { db, env, rateLimiter, availabilityCache, uploads };
  await app.register(
    trpcPlugin<AppRouter>({
      router: appRouter,
      createContext: createContextFactory(services),
      onError: ({ error, path: procedure }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") app.log.error({ err: error, procedure }, "tRPC error");
      },
    }),
    { prefix: "/api/trpc" },
  );

  const oidc =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? new OidcProvider(env.OIDC_ISSUER, env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET)
      : null;
  await app.register(authRoutes, { db, env, oidc, rateLimiter });
  await app.register(healthRoute, { database });
  await app.register(availabilityGridRoute, { db, availabilityCache });
  registerProcedureRoutes(app, services, procedureRoutes);
  await app.register(calendarRoutes, { db, env, rateLimiter });
  await app.register(calendarFileRoutes, { db, env });
  await app.register(fileRoutes, { db, env, rateLimiter, uploads });
  await app.register(studentExportRoute, { db });
  await app.register(documentFileRoutes, { db });
  await app.register(termlyReportFileRoutes, { db });
  await app.register(stripeWebhookRoutes, { db, secret: env.STRIPE_WEBHOOK_SECRET });
  if (opts.ops) await app.register(opsRoutes, { database, ...opts.ops });

  const clientDir = opts.clientDir ?? projectPath("dist/client");
  const hasClient = existsSync(path.join(clientDir, "index.html"));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (vite.config.ts): sent as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        // Vite fingerprints everything under assets/, so those never change.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  // The public pages arrive rendered (issue 15). The renderer loads a moment after the server is
  // up, not during its start or its first requests (or with the first page asked for, if sooner).
  const pages = hasClient
    ? PrerenderedPages.open(clientDir, services, app.log, opts.pageRenderer ?? pageRendererPath())
    : null;
  if (pages) {
    app.addHook("onListen", async () => {
      setTimeout(() => pages.warm(), RENDERER_WARM_DELAY_MS).unref();
    });
  }
  const shells = new Map<Locale, Promise<string>>();
  const shellIn = (locale: Locale) => {
    let shell = shells.get(locale);
    if (!shell) {
      shell = readFile(path.join(clientDir, "index.html"), "utf8").then((html) =>
        html.replace('<html lang="en">', `<html lang="${locale}">`),
      );
      shells.set(locale, shell);
    }
    return shell;
  };
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith("/api/") || request.method !== "GET" || !hasClient) {
      return reply.code(404).send({ error: translateSentence("Not found.", requestLocale(request.headers)) });
    }
    // A page not translated yet answers at its English address (shared/i18n/locales.ts).
    const [pathname, query] = splitAddress(request.url);
    const { locale, path: appPath } = splitLocalePath(pathname);
    // One leading slash only: "//host" or "/\\host" in a Location header leaves the site.
    if (locale !== DEFAULT_LOCALE && !isTranslated(appPath))
      return reply.redirect(`/${appPath.replace(/^[/\\]+/, "")}${query}`);
    if (pages && (await pages.send(request, reply))) return reply;
    // Client-side routes: the SPA decides (its unknown-route handler sends people to /). The
    // landing page's HTML also preloads its own chunks (vite.config.ts, landingHtml).
    const page = request.url.split("?")[0] === "/" ? "landing.html" : "index.html";
    reply.header("Cache-Control", "no-cache");
    // The app's shell names its page's language from the start (the app sets the same once running).
    if (locale !== DEFAULT_LOCALE) return reply.type("text/html; charset=utf-8").send(await shellIn(locale));
    return reply.sendFile(page);
  });

  return app;
}

function idempotencyKeyError(value: string | string[]): string | null {
  const key = Array.isArray(value) ? value.join(",") : value;
  if (key.length > 200) return "The Idempotency-Key header is too long (at most 200 characters).";
  if (!/^[\x21-\x7e]*$/.test(key)) return "The Idempotency-Key header may hold only visible ASCII characters.";
  return null;
}

/** A request's path and its query (with its `?`, or ""). */
function splitAddress(url: string): [string, string] {
  const at = url.indexOf("?");
  return at < 0 ? [url, ""] : [url.slice(0, at), url.slice(at)];
}

// Security headers, and refusal of cross-site state changes: every non-GET request must come
// from our own origin (Sec-Fetch-Site, else Origin), and tRPC only accepts JSON, so an HTML
// form (multipart/form-data, text/plain, urlencoded) can never run a mutation.

import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { EARLY_CLICKS_SCRIPT } from "../../shared/early-clicks.ts";
import { requestLocale, translateSentence } from "../i18n.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Helmet's headers for these options, worked out once at start: none of them varies per request,
 * and building Helmet's middleware on every request (as @fastify/helmet does) cost the API about
 * 7% of its throughput (issue 7's benchmark).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error("Helmet did not set its headers synchronously.");
  return headers;
}

export const securityPlugin = fp(
  async (app, opts: { publicUrl: string; isProduction: boolean }) => {
    const trustedOrigin = new URL(opts.publicUrl).origin;
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The public pages' one inline script, by its hash (shared/early-clicks.ts).
          scriptSrc: ["'self'", `'sha256-${createHash("sha256").update(EARLY_CLICKS_SCRIPT).digest("base64")}'`],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "https:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          ...(opts.isProduction ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      hsts: opts.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
    });
    app.addHook("onRequest", async (_request, reply) => {
      reply.headers(headers);
    });

    app.addHook("onRequest", async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      const site = request.headers["sec-fetch-site"];
      const origin = request.headers.origin;
      const crossSite = site
        ? site !== "same-origin" && site !== "none"
        : origin !== undefined && origin !== trustedOrigin;
      if (crossSite) {
        return reply
          .code(403)
          .send({ error: translateSentence("Cross-site requests are not allowed.", requestLocale(request.headers)) });
      }
      if (request.url.startsWith("/api/trpc")) {
        const type = request.headers["content-type"] ?? "";
        if (!type.startsWith("application/json")) {
          return reply
            .code(415)
            .send({ error: translateSentence("Requests to this API must be JSON.", requestLocale(request.headers)) });
        }
      }
    });
  },
  { name: "security" },
);

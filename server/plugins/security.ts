// Security headers, and refusal of cross-site state changes: every non-GET request must come
// from our own origin (Sec-Fetch-Site, else Origin), and tRPC only accepts JSON, so an HTML
// form (multipart/form-data, text/plain, urlencoded) can never run a mutation.
import helmet from "@fastify/helmet";
import fp from "fastify-plugin";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const securityPlugin = fp(
  async (app, opts: { publicUrl: string; isProduction: boolean }) => {
    const trustedOrigin = new URL(opts.publicUrl).origin;
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
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

    app.addHook("onRequest", async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      const site = request.headers["sec-fetch-site"];
      const origin = request.headers.origin;
      const crossSite = site
        ? site !== "same-origin" && site !== "none"
        : origin !== undefined && origin !== trustedOrigin;
      if (crossSite) {
        return reply.code(403).send({ error: "Cross-site requests are not allowed." });
      }
      if (request.url.startsWith("/api/trpc")) {
        const type = request.headers["content-type"] ?? "";
        if (!type.startsWith("application/json")) {
          return reply.code(415).send({ error: "Requests to this API must be JSON." });
        }
      }
    });
  },
  { name: "security" },
);

// A real OpenID Connect issuer on localhost (oauth2-mock-server), so sign-in tests exercise the
// same discovery, PKCE, token exchange and ID-token verification code as production.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { OAuth2Server } from "oauth2-mock-server";
import type { CookieJar } from "./test-app.ts";

export type IdentityClaims = Record<string, unknown>;

export async function startIssuer() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  let claims: IdentityClaims = {};
  server.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, claims);
  });
  return {
    url: server.issuer.url as string,
    /** The claims the next ID tokens will carry (merged over the issuer's defaults). */
    willIssue(next: IdentityClaims) {
      claims = next;
    },
    stop: () => server.stop(),
  };
}

export type Issuer = Awaited<ReturnType<typeof startIssuer>>;

/**
 * Follows the app's answer to a sign-in start to the issuer, which authorises at once, and the
 * issuer's redirect back to the app's callback with `jar`'s cookies: the app's answer, and the
 * URLs on the way.
 */
export async function completeSignIn(app: FastifyInstance, jar: CookieJar, start: LightMyRequestResponse) {
  const authorize = new URL(start.headers.location as string);
  const atIssuer = await fetch(authorize, { redirect: "manual" });
  const callback = new URL(atIssuer.headers.get("location") as string);
  const response = jar.store(
    await app.inject({
      method: "GET",
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: jar.header() },
    }),
  );
  return { authorize, callback, response };
}

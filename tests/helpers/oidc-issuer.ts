// A real OpenID Connect issuer on localhost (oauth2-mock-server), so sign-in tests exercise the
// same discovery, PKCE, token exchange and ID-token verification code as production.
import { OAuth2Server } from "oauth2-mock-server";

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

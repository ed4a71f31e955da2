// One sign-in code path for Google and for the test issuer: endpoints come from the issuer's
// discovery document, PKCE S256, state and a nonce checked inside a verified ID token.
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from "arctic";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { hasVisibleCharacter, toSingleLine } from "../../../shared/text.ts";
import { AppError } from "../../errors.ts";

type Discovery = { issuer: string; authorization_endpoint: string; token_endpoint: string; jwks_uri: string };

export type VerifiedIdentity = { sub: string; email: string; emailVerified: boolean; name: string; picture?: string };

export type OidcFlow = { state: string; codeVerifier: string; nonce: string };

/** An address as the site compares it: trimmed, lower case, Unicode NFC (ADMIN_EMAILS is read alike). */
export function normalizeEmail(address: string): string {
  return address.normalize("NFC").trim().toLowerCase();
}

/** A provider's picture URL only when it is https: it becomes an image source on the site. */
function httpsUrl(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 2048) return undefined;
  try {
    return new URL(value).protocol === "https:" ? value : undefined;
  } catch {
    return undefined;
  }
}

export class OidcProvider {
  private discovery?: Promise<{ doc: Discovery; jwks: ReturnType<typeof createRemoteJWKSet> }>;

  constructor(
    private readonly issuer: string,
    private readonly clientId: string,
    private readonly clientSecret: string,
  ) {}

  private load() {
    this.discovery ??= (async () => {
      const url = `${this.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`;
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`OpenID discovery failed with status ${response.status}`);
      const doc = (await response.json()) as Discovery;
      return { doc, jwks: createRemoteJWKSet(new URL(doc.jwks_uri)) };
    })().catch((error) => {
      this.discovery = undefined; // try again on the next sign-in
      throw error;
    });
    return this.discovery;
  }

  newFlow(): OidcFlow {
    return { state: generateState(), codeVerifier: generateCodeVerifier(), nonce: generateState() };
  }

  async authorizationUrl(flow: OidcFlow, redirectUri: string): Promise<URL> {
    const { doc } = await this.load();
    const client = new OAuth2Client(this.clientId, this.clientSecret, redirectUri);
    const url = client.createAuthorizationURLWithPKCE(
      doc.authorization_endpoint,
      flow.state,
      CodeChallengeMethod.S256,
      flow.codeVerifier,
      ["openid", "email", "profile"],
    );
    url.searchParams.set("nonce", flow.nonce);
    url.searchParams.set("prompt", "select_account");
    return url;
  }

  /** Exchanges the code and returns the identity of a verified ID token; throws otherwise. */
  async exchange(code: string, flow: OidcFlow, redirectUri: string): Promise<VerifiedIdentity> {
    const { doc, jwks } = await this.load();
    const client = new OAuth2Client(this.clientId, this.clientSecret, redirectUri);
    const tokens = await client.validateAuthorizationCode(doc.token_endpoint, code, flow.codeVerifier);
    const { payload } = await jwtVerify(tokens.idToken(), jwks, {
      issuer: doc.issuer,
      audience: this.clientId,
      requiredClaims: ["sub", "exp", "iat"],
      clockTolerance: 5,
    });
    if (payload.nonce !== flow.nonce) throw new AppError("UNAUTHORIZED", "ID token nonce mismatch");
    if (typeof payload.email !== "string" || !payload.email)
      throw new AppError("UNAUTHORIZED", "ID token has no email");
    // Only a boolean true is a verification: a string "true" is a provider's mistake, and
    // everything that trusts the address (roles, claiming a record) must not rest on one.
    const emailVerified = payload.email_verified === true;
    const email = normalizeEmail(payload.email);
    // The provider's name travels into calendar files and emails: one line, no control or bidi
    // characters, and something visible (else the address's local part stands in).
    const name = typeof payload.name === "string" ? toSingleLine(payload.name).trim().slice(0, 120) : "";
    return {
      sub: String(payload.sub),
      email,
      emailVerified,
      name: hasVisibleCharacter(name) ? name : email.split("@")[0],
      picture: httpsUrl(payload.picture),
    };
  }
}

// Where a sign-in may return to (`next`): one rule for the server's redirects and the client's
// router, so a crafted link can never send anyone off the site.
//
// Only a path on this origin passes, and it is judged after normalising, as a browser would
// resolve it: `/.//evil.example` resolves to `//evil.example` (protocol-relative) and must fail
// even though it starts with one slash. Encoded slashes and backslashes in the path are refused
// outright (no page of the site has one, and proxies or servers that decode them would turn
// `/%2F%2Fevil.example` into `//evil.example`); so are control characters, which browsers strip
// (`/\t/evil.example` becomes `//evil.example`). The result is the normalised path, so what is
// checked is what is used.

const BASE = "http://same-origin.invalid";
const MAX_LENGTH = 512;
// C0 controls, DEL, and backslash (browsers read `\` as `/` in http(s) URLs).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE_CHARACTERS = /[\\\u0000-\u001f\u007f]/;
// The same, percent-encoded, plus the encoded slash.
const UNSAFE_ENCODED = /%(?:2f|5c|[01][0-9a-f]|7f)/i;

export function safeNextPath(next: unknown, fallback: string): string {
  if (typeof next !== "string" || next.length === 0 || next.length > MAX_LENGTH) return fallback;
  if (UNSAFE_CHARACTERS.test(next)) return fallback;
  // A path, not an absolute URL (`https:`, `javascript:`) or a protocol-relative one (`//host`).
  if (!next.startsWith("/") || next.startsWith("//")) return fallback;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname;
  // After dot segments are resolved the path must still start with exactly one slash.
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  if (UNSAFE_ENCODED.test(path)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return fallback;
  }
  // Decoded once more (a double-decoding proxy), the path must hold nothing that was refused above.
  if (UNSAFE_CHARACTERS.test(decoded) || UNSAFE_ENCODED.test(decoded) || decoded.startsWith("//")) return fallback;
  return `${path}${url.search}${url.hash}`;
}

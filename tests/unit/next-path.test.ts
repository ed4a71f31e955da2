// `next` after sign-in: the one shared rule (shared/next-path.ts) that the server's redirects and
// the client's sign-in page both apply.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { safeNextPath } from "../../shared/next-path.ts";

const FALLBACK = "/student/dashboard";
const check = (next: unknown) => safeNextPath(next, FALLBACK);

describe("safeNextPath", () => {
  it.each([
    ["/book/details", "/book/details"],
    ["/student/quizzes?section=general#top", "/student/quizzes?section=general#top"],
    ["/student/lessons/", "/student/lessons/"],
    // Dot segments are resolved, and the result is what is returned.
    ["/student/./lessons", "/student/lessons"],
    ["/book/../student/progress", "/student/progress"],
    ["/%2e%2e/student", "/student"],
    // A query may carry encoded slashes (a nested next); only the path may not.
    ["/student?next=%2Fbook%2Fdetails", "/student?next=%2Fbook%2Fdetails"],
  ])("keeps the same-origin path %s", (next, expected) => {
    expect(check(next)).toBe(expected);
  });

  it.each([
    // absolute URLs and other schemes
    "https://evil.example/phish",
    "http://evil.example",
    "HTTPS://evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "evil.example/phish",
    "student/dashboard",
    // protocol-relative
    "//evil.example",
    "///evil.example",
    // dot segments that resolve to a protocol-relative URL
    "/.//evil.example",
    "/./../..//evil.example",
    "/%2e//evil.example",
    "/foo/..//evil.example",
    // backslashes (browsers read them as slashes)
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    // encoded slashes and backslashes, once or twice
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%5Cevil.example",
    "/%5c%5cevil.example",
    "/%252F%252Fevil.example",
    // control characters, raw or encoded (browsers strip tab and newlines: `/\t/x` becomes `//x`)
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%00",
    "/\u007f",
    // malformed encoding, empty, too long, not a string
    "/%E0%A4%A",
    "",
    `/${"a".repeat(600)}`,
  ])("refuses %j", (next) => {
    expect(check(next)).toBe(FALLBACK);
  });

  it.each([undefined, null, 42, ["/book/details"], { toString: () => "/book/details" }])(
    "refuses the non-string %j",
    (next) => {
      expect(check(next)).toBe(FALLBACK);
    },
  );

  it("returns only paths that start with exactly one slash", () => {
    const tricky = ["/.//x", "/a/../..//x", "/%2e%2e//x", "/./x", "/x//y", "/?//x", "/#//x"];
    for (const next of tricky) {
      const result = check(next);
      expect(result, next).toMatch(/^\/(?!\/)/);
      expect(new URL(result, "https://site.example").origin, next).toBe("https://site.example");
    }
  });
});

// The server's redirects and the client's sign-in page use this very function, not copies of it.
describe("one rule on both sides", () => {
  const source = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");
  it.each([
    ["server/http/auth.http.ts", "../../shared/next-path.ts"],
    ["client/src/features/auth/student-auth.ts", "../../../../shared/next-path.ts"],
  ])("%s imports shared/next-path.ts", (file, specifier) => {
    const text = source(file);
    expect(text).toContain(`import { safeNextPath } from "${specifier}";`);
    expect(text).not.toMatch(/function safeNextPath|const safeNextPath/);
  });
});

// The built client is served as the build compressed it (.br, .gz beside each asset), with
// fingerprinted assets cached for a year and the SPA's index.html revalidated.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import { testEnv } from "../helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-db.ts";

const script = `console.log(${JSON.stringify("x".repeat(4000))});\n`;
let clientDir: string;
let database: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), "english-client-"));
  mkdirSync(path.join(clientDir, "assets"));
  writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>English with Giulia</title>");
  writeFileSync(
    path.join(clientDir, "landing.html"),
    '<!doctype html><title>English with Giulia</title><link rel="modulepreload" href="/assets/landing-x.js">',
  );
  const asset = path.join(clientDir, "assets", "index-abc123.js");
  writeFileSync(asset, script);
  writeFileSync(`${asset}.gz`, gzipSync(script));
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  database = await createTestDatabase();
  app = await buildApp({ env: testEnv(), database, logger: false, clientDir });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: "GET", url, headers: encoding ? { "accept-encoding": encoding } : {} });

describe("the built client", () => {
  it("sends brotli to browsers that accept it, gzip to others, plain text otherwise", async () => {
    const br = await get("/assets/index-abc123.js", "br, gzip");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get("/assets/index-abc123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get("/assets/index-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("caches fingerprinted assets for a year and revalidates the page", async () => {
    expect((await get("/assets/index-abc123.js", "br")).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    const page = await get("/book/pricing", "br");
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.body).toContain("English with Giulia");
  });

  it("sends the landing page's HTML, which preloads its chunks, for / only", async () => {
    for (const url of ["/", "/?ref=ABC"]) {
      const landing = await get(url);
      expect(landing.statusCode).toBe(200);
      expect(landing.headers["cache-control"]).toBe("no-cache");
      expect(landing.body).toContain("landing-x.js");
    }
    for (const url of ["/book", "/book/pricing", "/student/dashboard", "/privacy"]) {
      expect((await get(url)).body, url).not.toContain("landing-x.js");
    }
  });
});

// What public pages download: never the admin, portal or quiz code (checked against the Vite
// build manifest), and how much JavaScript and CSS each loads, gzip-compressed, written to
// test-results/bundle-sizes-<project>.json (issue 7's budget: aim 110 KB, limit 130 KB; see the README).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

type ManifestEntry = { file: string; css?: string[]; imports?: string[]; dynamicImports?: string[] };
const dist = path.resolve("dist/client");
const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Record<
  string,
  ManifestEntry
>;

/** Files reachable by static imports from the given manifest keys (what loading them pulls in). */
function staticClosure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const entry = manifest[key];
    files.add(entry.file);
    for (const css of entry.css ?? []) files.add(css);
    for (const next of entry.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return files;
}

const privateAreas = Object.keys(manifest).filter((key) =>
  /^src\/(routes|features)\/(admin|student|quiz|portal)\//.test(key),
);
const publicKeys = Object.keys(manifest).filter(
  (key) => key === "index.html" || /^src\/(routes\/book|routes\/privacy|features\/booking|features\/landing)/.test(key),
);
// Chunks only the private areas need: everything they reach that no public page reaches.
const publicFiles = staticClosure(publicKeys);
const privateOnly = [...staticClosure(privateAreas)].filter((file) => !publicFiles.has(file));

const sizes: Record<string, { files: string[]; gzipKB: number }> = {};

// biome-ignore lint/correctness/noEmptyPattern: Playwright needs a destructured fixtures argument
test.afterAll(({}, info) => {
  const file = path.resolve(`test-results/bundle-sizes-${info.project.name}.json`);
  writeFileSync(file, `${JSON.stringify(sizes, null, 2)}\n`);
});

for (const url of ["/", "/book/pricing", "/book/schedule", "/privacy"]) {
  test(`${url} loads no admin, portal or quiz code`, async ({ page }, info) => {
    expect(privateOnly.length, "the manifest names the private areas' chunks").toBeGreaterThan(0);
    const loaded: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (/\.(js|css)$/.test(pathname)) loaded.push(pathname.replace(/^\//, ""));
    });
    if (url === "/book/schedule") {
      // The schedule needs a chosen package (kept in session storage): choose it, then open the
      // schedule as a fresh page load, so everything it needs is counted.
      await page.goto("/book/pricing");
      await page.getByRole("button", { name: "Select Single Lesson" }).click();
      await page.getByRole("button", { name: /Continue to Schedule/ }).click();
      await expect(page).toHaveURL(/\/book\/schedule$/);
      loaded.length = 0;
      await page.goto("/book/schedule");
      await expect(page).toHaveURL(/\/book\/schedule$/);
    } else {
      await page.goto(url);
    }
    await page.waitForLoadState("networkidle");
    const leaked = loaded.filter((file) => privateOnly.includes(file));
    expect(leaked, `private chunks loaded by ${url}`).toEqual([]);
    const bytes = loaded.reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 6 }).length,
      0,
    );
    sizes[`${url} (${info.project.name})`] = { files: loaded, gzipKB: Math.round(bytes / 102.4) / 10 };
  });
}

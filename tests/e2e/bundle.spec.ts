// What public pages download: never the admin, portal or quiz code (checked against the Vite
// build manifest), and how much JavaScript and CSS each loads, gzip-compressed, written to
// test-results/bundle-sizes-<project>.json. Issue 7's budget: aim at 110 KB, fail above 130 KB (see docs/benchmarks.md);
// issue 15's for `/`: 60 KB.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
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
  // Workers each add what they measured.
  const file = path.resolve(`test-results/bundle-sizes-${info.project.name}.json`);
  const earlier = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as typeof sizes) : {};
  writeFileSync(file, `${JSON.stringify({ ...earlier, ...sizes }, null, 2)}\n`);
});

// What a visitor has in session storage by each step (booking-storage.ts's keys and shapes).
const chosen = {
  // A package of the demo catalogue: the schedule step puts it in its address and looks it up.
  selectedPackage: { id: "single-lesson", name: "Single Lesson", lessons: 1, totalPrice: 35, lessonType: "online" },
  selectedSlots: [{ id: "s1", startTime: "2030-01-07T09:00:00.000Z", endTime: "2030-01-07T10:00:00.000Z" }],
};
const booked = {
  bookingResults: {
    bookings: [
      { booking: { id: "b1", lesson_date: "2030-01-07T09:00:00.000Z", status: "pending", lessonType: "online" } },
    ],
    package: { name: "Single Lesson", totalPrice: 35, lessons: 1 },
    totalSlots: 1,
    studentInfo: { name: "Sofia Bianchi", email: "sofia@example.com" },
    groupConversation: false,
  },
};
const LIMIT_KB = 130;
/** Issue 15: the landing page is HTML from the server, and what it runs needs no React. */
const LANDING_LIMIT_KB = 60;
const PAGES: { url: string; storage?: Record<string, unknown>; limitKB?: number }[] = [
  { url: "/", limitKB: LANDING_LIMIT_KB },
  { url: "/book" },
  { url: "/book/pricing" },
  { url: "/book/schedule", storage: chosen },
  { url: "/book/details", storage: chosen },
  { url: "/book/confirmation", storage: booked },
  // The same steps in Italian (issue 29): their words are their language's catalogues.
  { url: "/it/book/pricing" },
  { url: "/it/book/schedule", storage: chosen },
  { url: "/it/book/details", storage: chosen },
  { url: "/it/book/confirmation", storage: booked },
  { url: "/privacy" },
];

for (const { url, storage, limitKB = LIMIT_KB } of PAGES) {
  test(`${url} loads no admin, portal or quiz code, and at most ${limitKB} KB`, async ({ page }, info) => {
    expect(privateOnly.length, "the manifest names the private areas' chunks").toBeGreaterThan(0);
    const loaded: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (/\.(js|css)$/.test(pathname)) loaded.push(pathname.replace(/^\//, ""));
    });
    if (storage) {
      await page.addInitScript((items) => {
        for (const [key, value] of Object.entries(items)) sessionStorage.setItem(key, JSON.stringify(value));
      }, storage);
    }
    await page.goto(url);
    // The public pages arrive as HTML: their heading is up before any script has run, so wait
    // until nothing more is loading. (The details step then sends a signed-out visitor on to the
    // student sign-in.)
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    // Still on the page (the schedule's address gains the session's choice as a query).
    await expect(page).toHaveURL((address) => address.pathname === url);
    const files = [...loaded];
    expect(
      files.filter((file) => privateOnly.includes(file)),
      `private chunks loaded by ${url}`,
    ).toEqual([]);
    const bytes = files.reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.join(dist, file)), { level: 6 }).length,
      0,
    );
    const gzipKB = Math.round(bytes / 102.4) / 10;
    sizes[`${url} (${info.project.name})`] = { files, gzipKB };
    expect(gzipKB, `JavaScript and CSS of ${url}, gzip`).toBeLessThanOrEqual(limitKB);
  });
}

// The public pages as the server sends them (issue 15, server/features/pages): rendered with React
// from the current catalogue and profile, the data inlined safely, cached while unchanged and
// rendered again on a change, compressed and revalidated, and the app's shell when rendering fails.
// The renderer is the TSX entry (client/src/entry-server.tsx) and the "build" a minimal client
// directory, so this runs without `vite build`.
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentWeekStart, weekRangeLabel } from "../../client/src/features/booking/week.ts";
import { addDays, dateKeyInZone } from "../../client/src/lib/zoned-date.ts";
import type { AvailabilityDto } from "../../server/features/availability/availability.service.ts";
import { EARLY_CLICKS_SCRIPT } from "../../shared/early-clicks.ts";
import { addAvailability, iso, romeDay, ZONE } from "../helpers/booking-factory.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const CSS = "body{color:#123456}";
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>English with Giulia</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/service-workers-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const MANIFEST = {
  "index.html": { file: "assets/index-abc.js", isEntry: true, imports: ["_sw.js"], css: ["assets/index-abc.css"] },
  "src/landing-entry.ts": { file: "assets/home-abc.js", isEntry: true, imports: ["_sw.js"] },
  _sw: { file: "assets/service-workers-abc.js" },
  "_sw.js": { file: "assets/service-workers-abc.js" },
  "src/data-providers.tsx": { file: "assets/data-providers-abc.js", imports: ["_trpc.js"] },
  "_trpc.js": { file: "assets/trpc-abc.js" },
  "src/routes/book/booking-routes.tsx": { file: "assets/booking-routes-abc.js" },
  "src/routes/book/pricing-page.tsx": { file: "assets/pricing-page-abc.js", imports: ["_trpc.js"] },
  "src/routes/privacy.tsx": { file: "assets/privacy-abc.js" },
  "../shared/i18n/messages/en/common.json": { file: "assets/common-en.js" },
  "../shared/i18n/messages/it/common.json": { file: "assets/common-it.js" },
  "../shared/i18n/messages/en/booking.json": { file: "assets/booking-en.js" },
  "../shared/i18n/messages/it/booking.json": { file: "assets/booking-it.js" },
  "../shared/i18n/messages/en/booking-packages.json": { file: "assets/booking-packages-en.js" },
  "../shared/i18n/messages/it/booking-packages.json": { file: "assets/booking-packages-it.js" },
};

function writeClient(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "english-client-"));
  mkdirSync(path.join(dir, ".vite"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), SHELL);
  writeFileSync(path.join(dir, "landing.html"), SHELL.replace("<title>", "<title>landing.html "));
  writeFileSync(path.join(dir, ".vite/manifest.json"), JSON.stringify(MANIFEST));
  writeFileSync(path.join(dir, "assets/index-abc.css"), CSS);
  return dir;
}

/** The JSON a page inlines for the browser. */
function inlined(html: string): Record<string, unknown> {
  const match = /<script type="application\/json" id="prerendered-data">(.*?)<\/script>/s.exec(html);
  expect(match, "the page inlines its data").not.toBeNull();
  return JSON.parse(match?.[1] ?? "null") as Record<string, unknown>;
}

const client = writeClient();
afterAll(() => rmSync(client, { recursive: true, force: true }));

describe("prerendered public pages", () => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

  beforeAll(async () => {
    t = await createTestApp({ clientDir: client });
  });
  afterAll(async () => {
    await t.close();
  });

  it("sends /book/pricing as HTML with every package of the catalogue, its data, styles and scripts", async () => {
    const packages = await t.database.prisma.package.findMany({
      where: { isActive: true, lessonType: { not: "group" } },
    });
    expect(packages.length).toBeGreaterThan(2);
    const response = await get("/book/pricing");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    const html = response.body;
    expect(html).toContain("Choose Your Package");
    for (const pkg of packages) expect(html).toContain(`>${pkg.name}</h3>`);
    // The styles it uses are in its head; the app's entry, the page's chunks and the whole sheet
    // are requested by the start script once the page has painted.
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).not.toContain('<script type="module"');
    const start = /<script data-entry="([^"]*)" data-preload="([^"]*)" data-styles="([^"]*)">/.exec(html);
    expect(start?.[1]).toBe("/assets/index-abc.js");
    expect(start?.[2].split(" ").sort()).toEqual([
      "/assets/booking-en.js",
      "/assets/booking-packages-en.js",
      "/assets/booking-routes-abc.js",
      "/assets/common-en.js",
      "/assets/data-providers-abc.js",
      "/assets/pricing-page-abc.js",
      "/assets/service-workers-abc.js",
      "/assets/trpc-abc.js",
    ]);
    expect(start?.[3]).toBe("/assets/index-abc.css");
    expect(inlined(html)).toHaveProperty("queries");
    // The first thing in <head> keeps early taps; the policy allows that one inline script by its hash.
    const early = /<head>\s*<script[^>]*>(.*?)<\/script>/s.exec(html)?.[1] ?? "";
    expect(early).toBe(EARLY_CLICKS_SCRIPT);
    const hash = createHash("sha256").update(early).digest("base64");
    expect(String(response.headers["content-security-policy"])).toContain(`script-src 'self' 'sha256-${hash}'`);
  });

  it("sends / with its own script, not the app, and the contact details in the HTML", async () => {
    const teacher = await t.database.prisma.teacher.findFirstOrThrow({ where: { isActive: true } });
    const html = (await get("/")).body;
    expect(html).toContain("Speak English with confidence");
    expect(html).toContain('<script data-entry="/assets/home-abc.js" data-preload="/assets/service-workers-abc.js">');
    expect(html).not.toContain("index-abc.js");
    expect(html).not.toContain("data-styles");
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).not.toContain("Loading contact details");
    expect(inlined(html)).toEqual({ contact: { email: teacher.email, phone: teacher.phone ?? expect.any(String) } });
  });

  it("sends /it in Italian (lang, words, both addresses named); an address outside the translated pages answers in English", async () => {
    const home = (await get("/it")).body;
    expect(home).toContain('<html lang="it">');
    expect(home).toContain("Parla inglese con sicurezza,");
    expect(home).toContain("Cosa dicono i miei studenti");
    expect(home).not.toContain("Speak English with confidence");
    // Its links lead to the Italian pages once translated (the booking pages, the privacy notice),
    // to the English ones while not (TRANSLATED_PAGES); the switch offers the same page in English.
    expect(home).toContain('href="/it/book"');
    expect(home).toContain('href="/it/privacy"');
    expect(home).not.toContain('href="/book');
    expect(home).toMatch(/<a href="\/" hrefLang="en" lang="en"[^>]*>English<\/a>/);
    for (const [lang, href] of [
      ["en", "/"],
      ["it", "/it"],
      ["x-default", "/"],
    ]) {
      expect(home).toContain(`<link rel="alternate" hreflang="${lang}" href="${t.env.PUBLIC_URL}${href}">`);
    }

    const privacy = (await get("/it/privacy")).body;
    expect(privacy).toContain('<html lang="it">');
    expect(privacy).toContain("Titolare del trattamento");
    expect(privacy).not.toContain("Who is responsible");

    // Never English words under lang="it": an address outside TRANSLATED_PAGES sends its Italian to its English one.
    const other = await get("/it/bookings?from=mail");
    expect(other.statusCode).toBe(302);
    expect(other.headers.location).toBe("/bookings?from=mail");
    // That redirect stays on this site: "/it//evil.example" would otherwise send "//evil.example",
    // which a browser reads as another host (and "/\\evil.example" likewise).
    for (const crafted of [
      "/it//evil.example/x?y=1",
      "/it/\\evil.example/x",
      "/it/%2F/evil.example",
      "/it///evil.example",
    ]) {
      const answer = await get(crafted);
      expect(answer.statusCode, crafted).toBe(302);
      expect(String(answer.headers.location), crafted).toMatch(/^\/(?![/\\])/);
    }
    // The admin area is translated: its Italian address is served (the app reads the language from it),
    // and, private, it names no alternates for search engines.
    const admin = await get("/it/admin/bookings?from=mail");
    expect(admin.statusCode).toBe(200);
    expect(admin.body).not.toContain('hreflang="it"');
    expect((await get("/admin")).body).not.toContain('hreflang="it"');

    const english = (await get("/")).body;
    expect(english).toContain('<html lang="en">');
    expect(english).toMatch(/<a href="\/it" hrefLang="it" lang="it"[^>]*>Italiano<\/a>/);
    // `/italy` is no Italian page.
    expect((await get("/italy")).body).not.toContain('lang="it"');
  });

  it("sends /it/book/pricing in Italian: words, euro amounts, its catalogue, both addresses named", async () => {
    const response = await get("/it/book/pricing");
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<html lang="it">');
    expect(html).toContain("Scegli il tuo pacchetto");
    expect(html).toContain("Disdette e rimborsi");
    expect(html).not.toContain("Choose Your Package");
    // Euro amounts in Italian: the sign after the amount ("35 €", a no-break space between).
    expect(html).toMatch(/>\d+\u00a0€</);
    expect(html).not.toMatch(/>€\d/);
    const start = /<script data-entry="([^"]*)" data-preload="([^"]*)"/.exec(html);
    expect(start?.[2].split(" ")).toEqual(
      expect.arrayContaining(["/assets/booking-it.js", "/assets/booking-packages-it.js", "/assets/common-it.js"]),
    );
    expect(start?.[2]).not.toContain("-en.js");
    for (const [lang, href] of [
      ["en", "/book/pricing"],
      ["it", "/it/book/pricing"],
      ["x-default", "/book/pricing"],
    ]) {
      expect(html).toContain(`<link rel="alternate" hreflang="${lang}" href="${t.env.PUBLIC_URL}${href}">`);
    }
    expect((await get("/book/pricing")).body).toContain("Choose Your Package");
  });

  it("renders the Italian schedule's week from Monday, in Italian", async () => {
    const pkg = await t.database.prisma.package.findFirstOrThrow({ where: { name: "Single Lesson" } });
    const html = (await get(`/it/book/schedule?package=${pkg.id}`)).body.replace(/<!-- -->/g, "");
    expect(html).toContain("Scegli gli orari delle lezioni");
    expect(html).toContain(weekRangeLabel("it", currentWeekStart(ZONE, new Date(), 1)));
    const results = superjson.parse<{ path: string; input?: { startDate?: string } }[]>(String(inlined(html).queries));
    const week = results.find((r) => r.path === "booking.availability");
    expect(week?.input?.startDate).toBe(currentWeekStart(ZONE, new Date(), 1));
  });

  it("suggests the visitor's own language, never redirects, and stops once a language was chosen", async () => {
    const italianBrowser = { "accept-language": "it-IT,it;q=0.9,en;q=0.8" };
    const home = await get("/", italianBrowser);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<html lang="en">');
    expect(home.body).toContain("Speak English with confidence");
    expect(home.body).toMatch(/<aside data-language-offer lang="it"[^>]*>/);
    expect(home.body).toContain('<a href="/it" hreflang="it" data-lang="it"');
    expect(home.body).toContain('<button type="button" data-lang="en"');
    // On a phone, its text on a line of its own: one height, which a booking step's action bar keeps clear of.
    expect(home.body).toContain('<p class="basis-full text-center sm:basis-auto">Questo sito è anche in italiano.</p>');
    expect(String(home.headers.vary)).toContain("Accept-Language");
    // The suggestion's styles are in the page's head like its own.
    expect(home.body).toContain("<style>");

    // The same page for a browser that prefers English, or another language the site lacks, or
    // for a visitor who chose: no suggestion, and the page as it always was.
    const others: Record<string, string>[] = [
      { "accept-language": "en-GB,en;q=0.9" },
      { "accept-language": "de-DE,de;q=0.9" },
      { ...italianBrowser, cookie: "lang=en" },
      { ...italianBrowser, cookie: "lang=it" },
      {},
    ];
    for (const headers of others) {
      expect((await get("/", headers)).body, JSON.stringify(headers)).not.toContain("<aside data-language-offer");
    }

    // The other way round, and on a booking page: its choice of package is kept, its referral mark is not.
    const italianPage = await get("/it", { "accept-language": "en-US,en;q=0.9" });
    expect(italianPage.body).toContain('<html lang="it">');
    expect(italianPage.body).toMatch(
      /<aside data-language-offer lang="en"[^>]*><p[^>]*>This site is also in English\.<\/p>/,
    );
    expect(italianPage.body).toContain('<a href="/" hreflang="en" data-lang="en"');
    const booking = await get("/book?ref=FRIEND1", italianBrowser);
    expect(booking.body).toContain("<h1");
    expect(booking.body).toMatch(/<aside data-language-offer lang="it"[^>]*>/);
    expect(booking.body).toContain('<a href="/it/book" hreflang="it" data-lang="it"');
    const pkg = await t.database.prisma.package.findFirstOrThrow({ where: { name: "Single Lesson" } });
    const schedule = await get(`/book/schedule?package=${pkg.id}&ref=FRIEND1`, italianBrowser);
    expect(schedule.body).toContain(`<a href="/it/book/schedule?package=${pkg.id}" hreflang="it" data-lang="it"`);
    // The privacy notice is in Italian too (every prerendered page now is): it offers its own Italian address.
    const privacy = await get("/privacy", italianBrowser);
    expect(privacy.body).toMatch(/<aside data-language-offer lang="it"[^>]*>/);
    expect(privacy.body).toContain('<a href="/it/privacy" hreflang="it" data-lang="it"');
    expect(privacy.body).toContain("<h1");
    // A crafted header cannot put markup in the page.
    const crafted = await get("/", { "accept-language": '"><script>alert(1)</script>,it' });
    expect(crafted.body).not.toContain("<script>alert(1)");
  });

  it("keeps a version while the data is unchanged: one ETag, 304 on revalidation, brotli once", async () => {
    const first = await get("/book/pricing");
    const again = await get("/book/pricing?utm_source=newsletter");
    expect(again.headers.etag).toBe(first.headers.etag);
    const revalidated = await get("/book/pricing", { "if-none-match": String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
    const compressed = await get("/book/pricing", { "accept-encoding": "gzip, deflate, br" });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers.vary).toBe("Accept-Encoding, Accept-Language, Cookie");
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(first.body);
  });

  it("renders anew when the catalogue changes: the new name and price are in the next page", async () => {
    const before = await get("/book/pricing");
    const pkg = await t.database.prisma.package.findFirstOrThrow({ where: { name: "Single Lesson" } });
    await t.database.prisma.package.update({
      where: { id: pkg.id },
      data: { name: "Trial Lesson", totalPriceCents: 3900 },
    });
    try {
      const after = await get("/book/pricing");
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(after.body).toContain(">Trial Lesson</h3>");
      expect(after.body).toContain("€39");
      expect(after.body).not.toContain(`>${pkg.name}</h3>`);
    } finally {
      await t.database.prisma.package.update({
        where: { id: pkg.id },
        data: { name: pkg.name, totalPriceCents: pkg.totalPriceCents },
      });
    }
    expect((await get("/book/pricing")).body).toContain(`>${pkg.name}</h3>`);
  });

  it("keeps a teacher's text as text: a bio cannot close the data script or add markup", async () => {
    const teacher = await t.database.prisma.teacher.findFirstOrThrow({ where: { isActive: true } });
    const bio = `Hello </script><script>alert(1)</script><!-- <img src=x onerror=alert(2)> $& $' $\``;
    await t.database.prisma.teacher.update({ where: { id: teacher.id }, data: { bio } });
    try {
      const html = (await get("/book/pricing")).body;
      expect(html).not.toContain("<script>alert(1)");
      expect(html).not.toContain("<img src=x");
      expect(html.match(/<\/script>/g)?.length).toBe(2); // the start script and the data
      expect(html).toContain("$&amp; $&#x27; $`"); // as typed, not expanded by a string replacement
      expect(JSON.stringify(inlined(html))).toContain("alert(1)"); // the bio is in the data, intact
    } finally {
      await t.database.prisma.teacher.update({ where: { id: teacher.id }, data: { bio: teacher.bio } });
    }
  });

  it("says a referral code was saved only when one came with the address", async () => {
    expect((await get("/book?ref=FRIEND10")).body).toContain("Referral code saved");
    expect((await get("/book")).body).not.toContain("Referral code saved");
    expect((await get("/book?utm_source=x")).body).not.toContain("Referral code saved");
  });

  it("renders the schedule step's frame when its address names no choice: the heading, no package", async () => {
    const html = (await get("/book/schedule")).body;
    expect(html).toContain("Choose Your Lesson Times");
    expect(html).toContain("Select your lessons of 60 minutes.");
    expect(html).not.toContain("No package selected");
    expect(html).not.toContain("data-offsets=");
  });

  it("renders the week of the package and teacher the schedule's address names, and again when it changes", async () => {
    const pkg = await t.database.prisma.package.findFirstOrThrow({ where: { name: "Single Lesson" } });
    const teacher = await t.database.prisma.teacher.findFirstOrThrow({ where: { isActive: true } });
    const address = `/book/schedule?package=${pkg.id}&teacher=${teacher.id}`;
    const before = await get(address);
    // Three days ahead is inside the 14 days from this week's Sunday that the grid loads.
    const start = romeDay(3, 10);
    const slot = await addAvailability(t.database.prisma, teacher.id, start, 2);
    t.app.availabilityCache.invalidate(); // as the app does on its own writes
    try {
      const response = await get(`${address}&utm_source=chat`);
      expect(response.headers.etag).not.toBe(before.headers.etag);
      const html = response.body;
      // (React separates neighbouring texts with empty comments.)
      expect(html.replace(/<!-- -->/g, "")).toContain(
        `${pkg.name}: select 1 lesson of 60 minutes with ${teacher.name}.`,
      );
      expect(html).toContain(weekRangeLabel("en", currentWeekStart(ZONE)));
      expect(html).not.toContain("Loading available times");
      // The week's times travel with the page (the browser's first render shows them too), and the
      // start script is told the zone they are in.
      const data = JSON.stringify(inlined(html));
      expect(data).toContain("booking.availability");
      expect(data).toContain(iso(start));
      // The start script is told the teacher zone's offsets through the window (Rome: +60 or +120).
      const [, offsets, until] = html.match(/<script data-offsets="([^"]*)" data-until="(\d+)" data-entry=/) ?? [];
      const results = superjson.parse<{ path: string; data: AvailabilityDto }[]>(String(inlined(html).queries));
      const grid = results.find((r) => r.path === "booking.availability")?.data;
      expect(offsets).toBe(grid?.zoneOffsets.map((o) => `${Date.parse(o.from)}:${o.minutes}`).join(","));
      expect(offsets).toMatch(/^\d+:(60|120)(,\d+:(60|120))?$/);
      expect(Number(until)).toBe(Date.parse(grid?.windowEnd ?? ""));
      // A time of this week is drawn in the HTML, as a button of its own.
      if (dateKeyInZone(iso(start), ZONE) < addDays(currentWeekStart(ZONE), 7)) {
        expect(html).toContain(`data-slot-id="${teacher.id}:${start.toUTC().toJSDate().toISOString()}"`);
      }
    } finally {
      await t.database.prisma.availabilitySlot.delete({ where: { id: slot.id } });
      t.app.availabilityCache.invalidate();
    }
  });

  it("renders the frame, cached once, for a schedule address naming what is not on offer", async () => {
    const pkg = await t.database.prisma.package.findFirstOrThrow({ where: { name: "Single Lesson" } });
    const teacher = await t.database.prisma.teacher.findFirstOrThrow({ where: { isActive: true } });
    const frame = await get("/book/schedule");
    for (const address of [
      `/book/schedule?package=no-such-package&teacher=${teacher.id}`,
      `/book/schedule?package=${pkg.id}&teacher=00000000-0000-4000-8000-000000000000`,
      `/book/schedule?package=${pkg.id}&teacher=${encodeURIComponent("<script>alert(1)</script>")}`,
      `/book/schedule?package=${"x".repeat(5000)}`,
    ]) {
      const response = await get(address);
      expect(response.statusCode, address).toBe(200);
      expect(response.headers.etag, address).toBe(frame.headers.etag);
      expect(response.body).not.toContain("alert(1)");
    }
  });

  it("leaves the other pages to the browser: the app's shell, no data", async () => {
    for (const page of ["/book/details", "/book/confirmation"]) {
      const html = (await get(page)).body;
      expect(html, page).toContain('<div id="root"></div>');
      expect(html, page).not.toContain("prerendered-data");
    }
  });
});

describe("a client build without a manifest", () => {
  it("starts, and sends the app's shell for every page", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "english-client-"));
    writeFileSync(path.join(dir, "index.html"), SHELL);
    writeFileSync(path.join(dir, "landing.html"), SHELL);
    const t = await createTestApp({ clientDir: dir });
    try {
      const pricing = await t.app.inject({ method: "GET", url: "/book/pricing" });
      expect(pricing.statusCode).toBe(200);
      expect(pricing.body).toContain('<div id="root"></div>');
      // A page the server does not render names its language from the start, before the app runs.
      const italian = await t.app.inject({ method: "GET", url: "/it/student/dashboard" });
      expect(italian.statusCode).toBe(200);
      expect(italian.headers["content-type"]).toMatch(/^text\/html/);
      expect(italian.body).toContain('<html lang="it">');
      expect(italian.body).toContain('<div id="root"></div>');
      expect((await t.app.inject({ method: "GET", url: "/student/dashboard" })).body).toContain('<html lang="en">');
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("when the pages cannot be rendered", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: client, pageRenderer: path.join(client, "missing-renderer.mjs") });
  });
  afterAll(async () => {
    await t.close();
  });

  it("sends the app's shell, which renders in the browser as before", async () => {
    const pricing = await t.app.inject({ method: "GET", url: "/book/pricing" });
    expect(pricing.statusCode).toBe(200);
    expect(pricing.body).toContain('<div id="root"></div>');
    expect(pricing.body).not.toContain("prerendered-data");
    const home = await t.app.inject({ method: "GET", url: "/" });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain("<title>landing.html ");
  });
});

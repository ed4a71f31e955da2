// The public pages as HTML (issue 15): `/`, `/book`, `/book/pricing`, `/book/schedule` (with the
// week's times of the package and teacher its address names) and `/privacy` are rendered
// with React on the server (client/src/entry-server.tsx) from the same procedures the browser
// would call, so a phone paints the page before any script has run, then hydrates it.
//
// Kept current without being told: every request asks the page's procedures again (small public
// queries) and compares their results with those of the cached HTML; a changed price, teacher or
// contact detail renders the page anew. Several processes each keep their own copy, all current.
// The styles the page uses are inlined (critical-css.ts: no request before the first paint), the
// page's own chunks are preloaded, and each version is compressed once.
//
// Each page exists in every language (issue 29): `/it/book/pricing` is `/book/pricing` rendered in
// Italian, with `<html lang="it">`, its language's message chunks preloaded, and `hreflang` links
// naming both addresses.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { PrerenderedQuery, PrerenderedResult } from "../../../client/src/prerendered-queries.ts";
import { EARLY_CLICKS_SCRIPT, LANGUAGE_OFFER_ATTRIBUTE } from "../../../shared/early-clicks.ts";
import {
  DEFAULT_LOCALE,
  isLocale,
  isTranslated,
  LOCALE_COOKIE,
  LOCALE_NAMES,
  LOCALES,
  type Locale,
  localePath,
  preferredLocale,
  splitLocalePath,
} from "../../../shared/i18n/locales.ts";
import type { Area } from "../../../shared/i18n/messages.ts";
import { escapeHtml } from "../../html.ts";
import { translator } from "../../i18n.ts";
import { type AppServices, createInnerContext } from "../../trpc/context.ts";
import { appRouter } from "../../trpc/root.ts";
import { classesIn, criticalCss, parseCss } from "./critical-css.ts";

type Renderer = typeof import("../../../client/src/entry-server.tsx");
type Caller = ReturnType<typeof appRouter.createCaller>;
type Version = { key: string; etag: string; identity: Buffer; br: Buffer; gzip: Buffer };
type Logger = { warn(details: object, message: string): void };

/** Vite's build manifest, in the client build. */
const MANIFEST = ".vite/manifest.json";

/** The id of the inlined data, as lib/prerendered.tsx reads it. */
const DATA_ID = "prerendered-data";

/** A query's result, from the same procedure the browser would call. */
async function load(caller: Caller, query: PrerenderedQuery): Promise<PrerenderedResult> {
  switch (query.path) {
    case "booking.packages":
      return { ...query, data: await caller.booking.packages() };
    case "booking.teachers":
      return { ...query, data: await caller.booking.teachers() };
    case "booking.publicContact":
      return { ...query, data: await caller.booking.publicContact() };
    case "booking.availability":
      return { ...query, data: await caller.booking.availability(query.input) };
  }
}

/** The app's entry in Vite's manifest, and the landing page's own script (client/src/landing-entry.ts). */
const APP_ENTRY = "index.html";
const LANDING_ENTRY = "src/landing-entry.ts";

/**
 * What each page runs (keys of Vite's manifest): `/` its own few KB, which need no React and no
 * messages (its words are in its HTML); the other pages the app, with the chunks they need before
 * hydrating preloaded beside its entry, the message areas they show among them.
 */
const PAGE_SCRIPTS: Record<string, { entry: string; modules: string[]; messages: Area[] }> = {
  "/": { entry: LANDING_ENTRY, modules: [], messages: [] },
  "/book": {
    entry: APP_ENTRY,
    modules: ["src/data-providers.tsx", "src/routes/book/booking-routes.tsx"],
    messages: ["common", "booking", "booking-packages"],
  },
  "/book/pricing": {
    entry: APP_ENTRY,
    modules: ["src/data-providers.tsx", "src/routes/book/booking-routes.tsx", "src/routes/book/pricing-page.tsx"],
    messages: ["common", "booking", "booking-packages"],
  },
  "/book/schedule": {
    entry: APP_ENTRY,
    modules: ["src/data-providers.tsx", "src/routes/book/booking-routes.tsx", "src/routes/book/schedule-page.tsx"],
    messages: ["common", "booking", "booking-schedule"],
  },
  "/privacy": {
    entry: APP_ENTRY,
    modules: ["src/data-providers.tsx", "src/routes/privacy.tsx"],
    messages: ["common", "portal"],
  },
};

/** The manifest key of a language's catalogue of one area (client/src/lib/i18n.tsx imports it). */
const catalogueModule = (locale: Locale, area: Area) => `../shared/i18n/messages/${locale}/${area}.json`;

/**
 * The `hreflang` links of a page: its address in every language, and English as the default
 * (absolute, as search engines ask).
 */
function alternateLinks(publicUrl: string, page: string): string {
  if (!isTranslated(page)) return "";
  const links = LOCALES.map(
    (locale) => `<link rel="alternate" hreflang="${locale}" href="${publicUrl}${localePath(locale, page)}">`,
  );
  links.push(`<link rel="alternate" hreflang="x-default" href="${publicUrl}${localePath(DEFAULT_LOCALE, page)}">`);
  return links.join("\n    ");
}

type ManifestEntry = { file: string; imports?: string[]; isEntry?: boolean; css?: string[] };
type Manifest = Record<string, ManifestEntry>;

/** The files loading these manifest entries pulls in by static imports, the entries' own first. */
function staticFiles(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const item = manifest[key];
    if (!item || files.has(item.file)) return;
    files.add(item.file);
    for (const next of item.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return [...files];
}

/**
 * The language to suggest to the visitor of a page in `pageLocale`: the one their browser prefers
 * (`Accept-Language`) when it is another of the site's and the page exists in it (`path`, the
 * page without its language prefix), unless they chose a language already (the
 * `lang` cookie, written when they use the language switch or answer a suggestion). Never a
 * redirect: a link names its language, and the page it names is the page sent.
 */
export function languageToOffer(
  path: string,
  pageLocale: Locale,
  acceptLanguage: string | undefined,
  chosen: string | undefined,
): Locale | null {
  if (isLocale(chosen) || !isTranslated(path)) return null;
  const preferred = preferredLocale(acceptLanguage);
  return preferred && preferred !== pageLocale ? preferred : null;
}

/**
 * The suggestion, in the language it offers, fixed at the bottom of the window: a link to this page
 * in that language, and "No, thanks", which keeps this one. Both remember the answer (the start
 * script, shared/early-clicks.ts). It has one height (on a phone its text has a line of its own),
 * which the page keeps free below its end and a booking step's sticky action bar rides above
 * (client/src/styles.css); the app takes it away once the visitor moves on to another page
 * (client/src/lib/language-offer.ts).
 */
function languageOffer(offer: Locale, pageLocale: Locale, path: string): string {
  const t = translator(offer);
  const text = escapeHtml(t("common.language.offer"));
  return [
    `<aside ${LANGUAGE_OFFER_ATTRIBUTE} lang="${offer}" aria-label="${escapeHtml(LOCALE_NAMES[offer])}" class="fixed inset-x-0 bottom-0 z-50 flex flex-wrap items-center justify-center gap-x-4 gap-y-2 bg-blue-950 px-4 py-3 text-sm text-white shadow-lg">`,
    `<p class="basis-full text-center sm:basis-auto">${text}</p>`,
    `<a href="${escapeHtml(localePath(offer, path))}" hreflang="${offer}" data-lang="${offer}" class="rounded-lg bg-amber-400 px-3 py-1.5 font-semibold text-slate-900 hover:bg-amber-300">${escapeHtml(t("common.language.offerAction"))}</a>`,
    `<button type="button" data-lang="${pageLocale}" class="rounded-lg px-3 py-1.5 font-semibold text-blue-100 underline underline-offset-2 hover:text-white">${escapeHtml(t("common.language.offerDismiss"))}</button>`,
    "</aside>",
  ].join("");
}

/** Keeps JSON inside a <script> element: no `</script>` or `<!--` can be spelled in it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

export class PrerenderedPages {
  /** Each page's HTML around its `#root`: the build's index.html with its stylesheet inlined and its scripts. */
  private readonly templates = new Map<string, string>();
  private readonly versions = new Map<string, Version>();
  /** The build's stylesheet, parsed once. */
  private readonly stylesheet: ReturnType<typeof parseCss>;
  private renderer: Promise<Renderer> | null = null;

  /**
   * The pages of the client build in `clientDir`, or null (the app's shell is sent instead, and the
   * browser renders every page) when that build has no manifest or its stylesheet cannot be read:
   * a server must start whatever its client build is missing.
   */
  static open(clientDir: string, services: AppServices, log: Logger, rendererPath: string): PrerenderedPages | null {
    if (!existsSync(path.join(clientDir, MANIFEST))) {
      log.warn({ clientDir }, "The client build has no manifest: the public pages are rendered in the browser");
      return null;
    }
    try {
      return new PrerenderedPages(clientDir, services, log, rendererPath);
    } catch (error) {
      log.warn({ err: error, clientDir }, "The public pages cannot be prerendered: they are rendered in the browser");
      return null;
    }
  }

  private constructor(
    clientDir: string,
    private readonly services: AppServices,
    private readonly log: Logger,
    /** Where the renderer is: the built bundle, or (running from the sources) the TSX entry. */
    private readonly rendererPath: string,
  ) {
    const manifest = JSON.parse(readFileSync(path.join(clientDir, MANIFEST), "utf8")) as Manifest;
    // index.html without its scripts (each page gets its own below) and its stylesheet (each
    // version gets the part it uses, and the app's pages the whole sheet after their content).
    const index = readFileSync(path.join(clientDir, "index.html"), "utf8");
    const sheets = [...index.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)];
    this.stylesheet = parseCss(sheets.map(([, file]) => readFileSync(path.join(clientDir, file), "utf8")).join("\n"));
    const sheetFiles = sheets.map(([, file]) => file);
    const shell = index
      .replace(/<link rel="stylesheet"[^>]*>\s*/g, "")
      .replace(/<script type="module"[^>]*><\/script>\s*/g, "")
      .replace(/<link rel="modulepreload"[^>]*>\s*/g, "");
    for (const [page, { entry, modules, messages }] of Object.entries(PAGE_SCRIPTS)) {
      // Each language the page is in (an untranslated page is English only: shared/i18n/locales.ts).
      for (const locale of LOCALES.filter((l) => l === DEFAULT_LOCALE || isTranslated(page))) {
        const catalogues = messages.map((area) => catalogueModule(locale, area));
        const [main, ...preloaded] = staticFiles(manifest, [entry, ...modules, ...catalogues]);
        // The inline start script requests them once the page has painted (shared/early-clicks.ts).
        const start = [
          `data-entry="/${main}"`,
          `data-preload="${preloaded.map((file) => `/${file}`).join(" ")}"`,
          ...(entry === APP_ENTRY ? [`data-styles="${sheetFiles.map((file) => `/${file}`).join(" ")}"`] : []),
        ];
        this.templates.set(
          localePath(locale, page),
          shell
            .replace(/<html lang="[^"]*">/, `<html lang="${locale}">`)
            .replace(
              "<head>",
              `<head>\n    <script ${start.join(" ")}>${EARLY_CLICKS_SCRIPT}</script>\n    ${alternateLinks(services.env.PUBLIC_URL, page)}`,
            ),
        );
      }
    }
  }

  /** Loads the renderer ahead of the first visitor (it is a few hundred KB of React). */
  warm(): void {
    void this.loadRenderer().catch((error: unknown) => this.log.warn({ err: error }, "Page renderer unavailable"));
  }

  /**
   * Sends the page at `request.url` if it is one of the prerendered ones; false otherwise, or when
   * rendering failed (the caller then sends the browser-rendered shell, which works all the same).
   */
  async send(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    let version: Version | null;
    try {
      const { locale, path } = splitLocalePath(request.url.split("?")[0]);
      const offer = languageToOffer(path, locale, request.headers["accept-language"], request.cookies?.[LOCALE_COOKIE]);
      version = await this.version(request.url, offer);
    } catch (error) {
      this.log.warn({ err: error, page: request.url }, "Prerendering failed; sending the plain page");
      return false;
    }
    if (!version) return false;
    reply
      .header("Content-Type", "text/html; charset=utf-8")
      .header("Cache-Control", "no-cache")
      // The language suggestion depends on the browser's languages and on a language chosen.
      .header("Vary", "Accept-Encoding, Accept-Language, Cookie")
      .header("ETag", version.etag);
    if (request.headers["if-none-match"] === version.etag) {
      await reply.code(304).send();
      return true;
    }
    const accepted = String(request.headers["accept-encoding"] ?? "");
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
    if (encoding) reply.header("Content-Encoding", encoding);
    await reply.send(encoding === "br" ? version.br : encoding === "gzip" ? version.gzip : version.identity);
    return true;
  }

  /** The current HTML of the page at `url`: the cached one while its data is unchanged. */
  private async version(url: string, offer: Locale | null): Promise<Version | null> {
    const renderer = await this.loadRenderer();
    let address = renderer.pageAddress(url);
    if (!address) return null;
    const pathname = address.split("?")[0];
    const queries = renderer.pageQueries(pathname) ?? [];
    const caller = appRouter.createCaller(createInnerContext(this.services));
    // In the page's order, whichever query answers first: the same data makes the same key and HTML.
    const results = await Promise.all(queries.map((query) => load(caller, query)));
    // The schedule's week, for a package and teacher on offer; any other choice an address names
    // gets the step's frame, cached once however many addresses are crafted.
    const week = renderer.weekQuery(address, results);
    const times = week ? await load(caller, week) : null;
    if (times) results.push(times);
    else address = renderer.pageAddress(address, false) ?? pathname;
    // The footer's year is part of the page too.
    const key = JSON.stringify([results, new Date().getFullYear()]);
    const variant = offer ? `${address} ${offer}` : address;
    const cached = this.versions.get(variant);
    if (cached?.key === key) return cached;

    const template = this.templates.get(pathname);
    if (!template) return null;
    const page = await renderer.renderPage(address, results);
    // The styles the page's HTML uses, in its head; the app's pages load the whole sheet once
    // painted (the start script). Functions, not strings: the page's text may hold `$&` or `$'`,
    // which replace() would expand.
    const { locale, path } = splitLocalePath(pathname);
    // The same page in the offered language: its choice of package and teacher, not the referral
    // mark (the start script has kept the code itself already).
    const query = new URLSearchParams(address.slice(pathname.length));
    query.delete("ref");
    const samePage = query.size > 0 ? `${path}?${query}` : path;
    const suggestion = offer ? languageOffer(offer, locale, samePage) : "";
    const styles = criticalCss(this.stylesheet, classesIn(page.html + suggestion));
    // Times shown in the teacher's zone: the start script marks a visitor whose clock reads
    // otherwise before the first paint, from the zone's offsets through the window (shared/early-clicks.ts).
    const clock =
      times?.path === "booking.availability"
        ? ` data-offsets="${times.data.zoneOffsets.map((o) => `${Date.parse(o.from)}:${o.minutes}`).join(",")}" data-until="${Date.parse(times.data.windowEnd)}"`
        : "";
    const body = template
      .replace("<script data-entry=", () => `<script${clock} data-entry=`)
      .replace("</head>", () => `  <style>${styles}</style>\n  </head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${page.html}</div><script type="application/json" id="${DATA_ID}">${scriptJson(page.data)}</script>${suggestion}`,
      );
    const identity = Buffer.from(body);
    const version: Version = {
      key,
      etag: `"${createHash("sha1").update(identity).digest("base64url")}"`,
      identity,
      br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(identity, { level: 9 }),
    };
    this.versions.set(variant, version);
    return version;
  }

  private loadRenderer(): Promise<Renderer> {
    this.renderer ??= import(this.rendererPath) as Promise<Renderer>;
    return this.renderer;
  }
}

// The site's languages (issue 29, decision 0013): English at the specification's addresses,
// Italian under `/it`. A language is a person's (their account), an order's (the one it was made
// in) and a page's (its address); these helpers are the one place that maps between them.

export const LOCALES = ["en", "it"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The BCP 47 tag `Intl` formats with: the specification's en-US formats, Italy's Italian. */
export const INTL_TAGS: Record<Locale, string> = { en: "en-US", it: "it-IT" };

/** Each language's own name, as its speakers write it (the language switch shows these). */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", it: "Italiano" };

/** The cookie that remembers a visitor's choice of language (a year; not a tracker: no consent needed). */
export const LOCALE_COOKIE = "lang";
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
/** The cookie's attributes as the pages' start script writes them (shared/early-clicks.ts). */
export const LOCALE_COOKIE_ATTRIBUTES = `;path=/;max-age=${LOCALE_COOKIE_MAX_AGE_S};samesite=lax`;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The pages that exist in every language (issue 29 translates the site page by page, and this list
 * grows with it): an entry covers its path and, unless it is "/", the paths below it. Any other
 * page is English only: a link to it from an Italian page goes to its English address, and its
 * `/it` address redirects there, so no page ever shows English words under `lang="it"`.
 */
export const TRANSLATED_PAGES: readonly string[] = [
  "/",
  "/book",
  "/student",
  "/resources",
  "/referrals",
  "/ref",
  "/privacy",
  "/quizzes",
  "/certificates",
  "/admin",
];

/** Whether the page at `path` (an app path, without its language prefix) exists in every language. */
export function isTranslated(path: string): boolean {
  const page = path.split(/[?#]/)[0].replace(/(.)\/+$/, "$1") || "/";
  return TRANSLATED_PAGES.some((entry) => page === entry || (entry !== "/" && page.startsWith(`${entry}/`)));
}

/** The address prefix of a language: "" for English (the specification's routes), "/it" for Italian. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? "" : `/${locale}`;
}

/**
 * The language an address names and the page within it: `/it/book/pricing` is Italian
 * `/book/pricing`, `/it` Italian `/`, `/book` English `/book`. `/italy` is not Italian.
 */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  for (const locale of LOCALES) {
    const prefix = localePrefix(locale);
    if (!prefix) continue;
    if (pathname === prefix || pathname === `${prefix}/`) return { locale, path: "/" };
    if (pathname.startsWith(`${prefix}/`)) return { locale, path: pathname.slice(prefix.length) };
  }
  return { locale: DEFAULT_LOCALE, path: pathname };
}

/**
 * The address of `path` (a page of the site, with any query and hash) in `locale`: its English
 * address while the page is not translated (`isTranslated`).
 */
export function localePath(locale: Locale, path: string): string {
  const prefix = localePrefix(locale);
  if (!prefix || !isTranslated(path)) return path;
  if (path === "/" || path === "") return prefix;
  if (path.startsWith("/?") || path.startsWith("/#")) return `${prefix}${path.slice(1)}`;
  return `${prefix}${path}`;
}

/**
 * The site's language a browser's `Accept-Language` prefers, or null when it names neither: the
 * highest quality wins, the first listed on a tie (`it-IT,it;q=0.9,en;q=0.8` is Italian).
 */
export function preferredLocale(acceptLanguage: string | undefined | null): Locale | null {
  if (!acceptLanguage) return null;
  let best: { locale: Locale; quality: number } | null = null;
  for (const part of acceptLanguage.split(",")) {
    const [tag, ...params] = part.trim().split(";");
    const language = tag.trim().toLowerCase().split("-")[0];
    if (!isLocale(language)) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const quality = q ? Number(q.slice(2)) : 1;
    if (!Number.isFinite(quality) || quality <= 0) continue;
    if (!best || quality > best.quality) best = { locale: language, quality };
  }
  return best?.locale ?? null;
}

import {
  isTranslated,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALE_NAMES,
  LOCALES,
  type Locale,
  localePath,
} from "../../../shared/i18n/locales.ts";
import { useLocale, useT } from "../lib/i18n.tsx";
import { useLocation } from "../lib/router.tsx";

/**
 * The way to this same page in the other language: a plain link (it works before any script has
 * run) to the page's address in that language, named in that language ("Italiano", "English").
 * The choice is remembered: a visitor who chose a language is not offered another one.
 */
export function LanguageSwitch({
  className,
  onSwitch,
}: {
  className?: string;
  /** Called as the link is followed (the portal notes the choice for the student's account). */
  onSwitch?: (locale: Locale) => void;
}) {
  const locale = useLocale();
  const t = useT();
  const { pathname, search, hash } = useLocation();
  // A page in one language only has no other to offer (shared/i18n/locales.ts).
  if (!isTranslated(pathname)) return null;
  return (
    <ul aria-label={t("common.language.label")} className="flex items-center gap-1">
      {LOCALES.filter((other) => other !== locale).map((other) => (
        <li key={other}>
          <a
            href={localePath(other, `${pathname}${search}${hash}`)}
            hrefLang={other}
            lang={other}
            data-lang={other}
            // Remembered (the pages the server renders remember it in their start script as well,
            // in every browser; here where the Cookie Store API exists).
            onClick={() => {
              onSwitch?.(other);
              void rememberLocale(other);
            }}
            className={className}
          >
            {LOCALE_NAMES[other]}
          </a>
        </li>
      ))}
    </ul>
  );
}

async function rememberLocale(locale: Locale) {
  if (!("cookieStore" in window)) return;
  await window.cookieStore
    .set({
      name: LOCALE_COOKIE,
      value: locale,
      path: "/",
      sameSite: "lax",
      expires: Date.now() + LOCALE_COOKIE_MAX_AGE_S * 1000,
    })
    .catch(() => undefined);
}

import { LOCALE_NAMES, LOCALES, localePath } from "../../../shared/i18n/locales.ts";
import { useLocale, useT } from "../lib/i18n.tsx";
import { useLocation } from "../lib/router.tsx";

/**
 * The way to this same page in the other language: a plain link (it works before any script has
 * run) to the page's address in that language, named in that language ("Italiano", "English").
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const locale = useLocale();
  const t = useT();
  const { pathname, search, hash } = useLocation();
  return (
    <ul aria-label={t("common.language.label")} className="flex items-center gap-1">
      {LOCALES.filter((other) => other !== locale).map((other) => (
        <li key={other}>
          <a
            href={localePath(other, `${pathname}${search}${hash}`)}
            hrefLang={other}
            lang={other}
            className={className}
          >
            {LOCALE_NAMES[other]}
          </a>
        </li>
      ))}
    </ul>
  );
}

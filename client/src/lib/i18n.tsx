// The page's language and its messages (decision 0013). The language is the address's (`/it/...`
// is Italian) and stays for the life of the document: the language switch loads the other
// address. Each area's catalogue is a chunk of its own, loaded by the routes that show it
// (route-table.tsx) before they render; the server preloads the ones its pages need.
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { createContext, Fragment, isValidElement, type ReactNode, useContext, useMemo } from "react";
import { type Locale, splitLocalePath } from "../../../shared/i18n/locales.ts";
import type { MessageKey, MessageValues, PageArea, Translate } from "../../../shared/i18n/messages.ts";

type CatalogueModule = { default: Messages };

/** Explicit imports, one chunk each: bundlers see every file (the page renderer is built with esbuild). */
const CATALOGUES: Record<Locale, Record<PageArea, () => Promise<CatalogueModule>>> = {
  en: {
    common: () => import("../../../shared/i18n/messages/en/common.json"),
    landing: () => import("../../../shared/i18n/messages/en/landing.json"),
    booking: () => import("../../../shared/i18n/messages/en/booking.json"),
    "booking-packages": () => import("../../../shared/i18n/messages/en/booking-packages.json"),
    "booking-schedule": () => import("../../../shared/i18n/messages/en/booking-schedule.json"),
    "booking-details": () => import("../../../shared/i18n/messages/en/booking-details.json"),
    "booking-group": () => import("../../../shared/i18n/messages/en/booking-group.json"),
    "booking-learners": () => import("../../../shared/i18n/messages/en/booking-learners.json"),
    "booking-confirmation": () => import("../../../shared/i18n/messages/en/booking-confirmation.json"),
    billing: () => import("../../../shared/i18n/messages/en/billing.json"),
    portal: () => import("../../../shared/i18n/messages/en/portal.json"),
    levels: () => import("../../../shared/i18n/messages/en/levels.json"),
    quiz: () => import("../../../shared/i18n/messages/en/quiz.json"),
    admin: () => import("../../../shared/i18n/messages/en/admin.json"),
  },
  it: {
    common: () => import("../../../shared/i18n/messages/it/common.json"),
    landing: () => import("../../../shared/i18n/messages/it/landing.json"),
    booking: () => import("../../../shared/i18n/messages/it/booking.json"),
    "booking-packages": () => import("../../../shared/i18n/messages/it/booking-packages.json"),
    "booking-schedule": () => import("../../../shared/i18n/messages/it/booking-schedule.json"),
    "booking-details": () => import("../../../shared/i18n/messages/it/booking-details.json"),
    "booking-group": () => import("../../../shared/i18n/messages/it/booking-group.json"),
    "booking-learners": () => import("../../../shared/i18n/messages/it/booking-learners.json"),
    "booking-confirmation": () => import("../../../shared/i18n/messages/it/booking-confirmation.json"),
    billing: () => import("../../../shared/i18n/messages/it/billing.json"),
    portal: () => import("../../../shared/i18n/messages/it/portal.json"),
    levels: () => import("../../../shared/i18n/messages/it/levels.json"),
    quiz: () => import("../../../shared/i18n/messages/it/quiz.json"),
    admin: () => import("../../../shared/i18n/messages/it/admin.json"),
  },
};

/**
 * The messages of a language, with the areas loaded so far. `compile` prepares each catalogue as
 * it loads: the browser's come compiled by the build (vite.config.ts); the page renderer, bundled
 * without that step, compiles them itself.
 */
export type Catalogue = {
  locale: Locale;
  i18n: I18n;
  loaded: Set<PageArea>;
  compile?: (messages: Messages) => Messages;
};

export function createCatalogue(locale: Locale, compile?: (messages: Messages) => Messages): Catalogue {
  const i18n = setupI18n({ locale, messages: { [locale]: {} } });
  return { locale, i18n, loaded: new Set(), compile };
}

/** Loads the areas `catalogue` does not hold yet (each once, however many routes ask). */
export async function loadAreas(catalogue: Catalogue, areas: readonly PageArea[]): Promise<void> {
  const missing = areas.filter((area) => !catalogue.loaded.has(area));
  if (missing.length === 0) return;
  const modules = await Promise.all(missing.map((area) => CATALOGUES[catalogue.locale][area]()));
  for (const [index, module] of modules.entries()) {
    catalogue.i18n.load(catalogue.locale, catalogue.compile ? catalogue.compile(module.default) : module.default);
    catalogue.loaded.add(missing[index]);
  }
}

type I18nValue = { locale: Locale; t: Translate; catalogue: Catalogue };
const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ catalogue, children }: { catalogue: Catalogue; children?: ReactNode }) {
  const value = useMemo<I18nValue>(
    () => ({
      locale: catalogue.locale,
      t: (key: MessageKey, values?: MessageValues) => catalogue.i18n._(key, values),
      catalogue,
    }),
    [catalogue],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useT and useLocale need an <I18nProvider> above them");
  return value;
}

/** The page's translation function: `t("landing.hero.title")`. */
export function useT(): Translate {
  return useI18n().t;
}

/** The page's language. */
export function useLocale(): Locale {
  return useI18n().locale;
}

/** The page's catalogue, for a part loaded on its own that shows an area its route does not (lazy-messages.ts). */
export function useCatalogue(): Catalogue {
  return useI18n().catalogue;
}

/** The values of a message whose placeholders may be elements (a bold figure, a link). */
export type RichValues = Record<string, string | number | Date | ReactNode>;

/** Marks where an element goes in a formatted message: characters no message contains. */
const MARK = "\u{F0000}";

/**
 * A translation function for messages with elements inside: `rich("common.pager.showing", { total:
 * <strong>{n}</strong> })`. The message is formatted with a mark for each element, then cut at the
 * marks, so each language places the elements where its grammar wants them.
 */
export function useRichT(): (key: MessageKey, values: RichValues) => ReactNode[] {
  const t = useT();
  return (key, values) => {
    const elements: ReactNode[] = [];
    const plain: MessageValues = {};
    for (const [name, value] of Object.entries(values)) {
      if (isValidElement(value)) {
        plain[name] = `${MARK}${elements.length}${MARK}`;
        elements.push(value);
      } else plain[name] = value as string | number | Date;
    }
    return t(key, plain)
      .split(MARK)
      .map((part, index) => (index % 2 === 1 ? <Fragment key={part}>{elements[Number(part)]}</Fragment> : part));
  };
}

/**
 * The header every call to the server carries, naming the page's language so that its refusals read
 * in it (an Italian browser on an English page still gets English): the address's language, fixed
 * for the life of the document.
 */
export const pageLanguageHeader = () => ({ "Accept-Language": splitLocalePath(window.location.pathname).locale });

// The server's messages (issue 29, decision 0013): the same catalogues as the pages, compiled once
// per language at first use. Emails, calendar files, error messages, the PDFs of receipts and
// invoices and the pages' language suggestion speak through `translator(locale)`, as does the local demo sign-in page (portal).
import { type I18n, setupI18n } from "@lingui/core";
import { compileCatalogue } from "../shared/i18n/compile.ts";
import { DEFAULT_LOCALE, type Locale, preferredLocale } from "../shared/i18n/locales.ts";
import enAdmin from "../shared/i18n/messages/en/admin.json" with { type: "json" };
import enCommon from "../shared/i18n/messages/en/common.json" with { type: "json" };
import enDocuments from "../shared/i18n/messages/en/documents.json" with { type: "json" };
import enEmail from "../shared/i18n/messages/en/email.json" with { type: "json" };
import enErrors from "../shared/i18n/messages/en/errors.json" with { type: "json" };
import enPortal from "../shared/i18n/messages/en/portal.json" with { type: "json" };
import enQuiz from "../shared/i18n/messages/en/quiz.json" with { type: "json" };
import itAdmin from "../shared/i18n/messages/it/admin.json" with { type: "json" };
import itCommon from "../shared/i18n/messages/it/common.json" with { type: "json" };
import itDocuments from "../shared/i18n/messages/it/documents.json" with { type: "json" };
import itEmail from "../shared/i18n/messages/it/email.json" with { type: "json" };
import itErrors from "../shared/i18n/messages/it/errors.json" with { type: "json" };
import itPortal from "../shared/i18n/messages/it/portal.json" with { type: "json" };
import itQuiz from "../shared/i18n/messages/it/quiz.json" with { type: "json" };
import type { MessageKey, MessageValues, Translate } from "../shared/i18n/messages.ts";

/**
 * The areas the server speaks, per language; the admin area for the few refusals that say what
 * the admin page says (a calendar that could not be read).
 */
const CATALOGUES: Record<Locale, Record<string, string>[]> = {
  en: [enCommon, enEmail, enErrors, enPortal, enQuiz, enDocuments, enAdmin],
  it: [itCommon, itEmail, itErrors, itPortal, itQuiz, itDocuments, itAdmin],
};

const instances = new Map<Locale, I18n>();

function i18nOf(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    const messages = compileCatalogue(Object.assign({}, ...CATALOGUES[locale]));
    i18n = setupI18n({ locale, messages: { [locale]: messages } });
    instances.set(locale, i18n);
  }
  return i18n;
}

/** The translation function of one language. */
export function translator(locale: Locale): Translate {
  const i18n = i18nOf(locale);
  return (key: MessageKey, values?: MessageValues) => i18n._(key, values);
}

/** The errors catalogue's fixed English sentences, each to its key. */
const sentenceKeys = new Map(
  Object.entries(enErrors as Record<string, string>)
    .filter(([, english]) => !english.includes("{"))
    .map(([key, english]) => [english, key as MessageKey]),
);

/**
 * A fixed English sentence of the errors catalogue in `locale`: the specification's messages and
 * the schemas' are English sentences the code and its tests name as they are (like gettext's
 * message ids), and the catalogue gives each its translation. A sentence the catalogue lacks comes
 * back as it is; tests/unit/error-messages.test.ts proves every one the server can say is there.
 */
export function translateSentence(english: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return english;
  const key = sentenceKeys.get(english);
  return key ? translator(locale)(key) : english;
}

/** Whether the errors catalogue holds this fixed English sentence. */
export const isCataloguedSentence = (english: string) => sentenceKeys.has(english);

/**
 * The language a request's answer speaks: its `Accept-Language` (the app's pages send their own
 * language there), English when it names neither of the site's.
 */
export function requestLocale(headers: Record<string, string | string[] | undefined>): Locale {
  const header = headers["accept-language"];
  return preferredLocale(Array.isArray(header) ? header[0] : header) ?? DEFAULT_LOCALE;
}

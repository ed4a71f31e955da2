// The server's messages (issue 29, decision 0013): the same catalogues as the pages, compiled once
// per language at first use. Emails, calendar files and the pages' language suggestion speak
// through `translator(locale)`, as does the local demo sign-in page (portal).
import { type I18n, setupI18n } from "@lingui/core";
import { compileCatalogue } from "../shared/i18n/compile.ts";
import type { Locale } from "../shared/i18n/locales.ts";
import enCommon from "../shared/i18n/messages/en/common.json" with { type: "json" };
import enEmail from "../shared/i18n/messages/en/email.json" with { type: "json" };
import enPortal from "../shared/i18n/messages/en/portal.json" with { type: "json" };
import itCommon from "../shared/i18n/messages/it/common.json" with { type: "json" };
import itEmail from "../shared/i18n/messages/it/email.json" with { type: "json" };
import itPortal from "../shared/i18n/messages/it/portal.json" with { type: "json" };
import type { MessageKey, MessageValues, Translate } from "../shared/i18n/messages.ts";

/** The areas the server speaks, per language. */
const CATALOGUES: Record<Locale, Record<string, string>[]> = {
  en: [enCommon, enEmail, enPortal],
  it: [itCommon, itEmail, itPortal],
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

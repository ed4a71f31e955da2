// A page's catalogue, or its translation function, for unit tests of components and of code that takes one (`t`): every area of one
// language's catalogues, compiled as the page renderer compiles them.

import { type Catalogue, createCatalogue, loadAreas } from "../../client/src/lib/i18n.tsx";
import { compileCatalogue } from "../../shared/i18n/compile.ts";
import type { Locale } from "../../shared/i18n/locales.ts";
import { AREAS, type MessageKey, type MessageValues, type Translate } from "../../shared/i18n/messages.ts";

/** One language's catalogue with every area loaded, for an `<I18nProvider>` around a component under test. */
export async function catalogueFor(locale: Locale): Promise<Catalogue> {
  const catalogue = createCatalogue(locale, (messages) => compileCatalogue(messages as Record<string, string>));
  await loadAreas(catalogue, AREAS);
  return catalogue;
}

export async function translatorFor(locale: Locale): Promise<Translate> {
  const catalogue = await catalogueFor(locale);
  return (key: MessageKey, values?: MessageValues) => catalogue.i18n._(key, values);
}

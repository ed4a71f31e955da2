import { localePath } from "../../../shared/i18n/locales.ts";
import type { MessageKey } from "../../../shared/i18n/messages.ts";
import { useLocale, useT } from "../lib/i18n.tsx";
import { useRouteError } from "../lib/router.tsx";

/**
 * The screen's own words in English, for the one case its messages are missing: a page that could
 * not load its code may not have loaded its catalogue either (the network dropped).
 */
const UNLOADED: Partial<Record<MessageKey, string>> = {
  "common.errorScreen.title": "Unexpected Application Error!",
  "common.errorScreen.text": "Please reload the page. If the problem persists, contact us.",
  "common.errorScreen.home": "Return to Home",
};

export function ErrorScreen() {
  const error = useRouteError();
  console.error("Route error", error);
  const t = useT();
  const locale = useLocale();
  const say = (key: MessageKey) => {
    const text = t(key);
    return text === key ? (UNLOADED[key] ?? key) : text;
  };
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 p-6">
      <div className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{say("common.errorScreen.title")}</h1>
        <p className="mt-4 text-slate-600">{say("common.errorScreen.text")}</p>
        <a
          href={localePath(locale, "/")}
          className="mt-6 inline-block rounded-xl bg-blue-900 px-4 py-2.5 font-semibold text-white hover:bg-blue-800"
        >
          {say("common.errorScreen.home")}
        </a>
      </div>
    </main>
  );
}

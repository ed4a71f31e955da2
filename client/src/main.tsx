import { StrictMode, startTransition, useEffect, useRef } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { localePrefix, splitLocalePath } from "../../shared/i18n/locales.ts";
import { ToastProvider } from "./components/ui/toaster.tsx";
import { replayClicks, takeEarlyClicks } from "./lib/early-clicks.ts";
import { createCatalogue, I18nProvider, loadAreas } from "./lib/i18n.tsx";
import { dropLanguageOfferOnNavigation } from "./lib/language-offer.ts";
import { PrerenderedProvider, readPrerendered } from "./lib/prerendered.tsx";
import { createBrowserRouter, RouterProvider } from "./lib/router.tsx";
import { unregisterServiceWorkers } from "./lib/service-workers.ts";
import { routes } from "./route-table.tsx";
import "./styles.css";

unregisterServiceWorkers();

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
// The address names the page's language (`/it/...`), for the life of this document.
const { locale } = splitLocalePath(window.location.pathname);
document.documentElement.lang = locale;
const catalogue = createCatalogue(locale);
const router = createBrowserRouter(routes, {
  basename: localePrefix(locale),
  loadMessages: (areas) => loadAreas(catalogue, areas),
});
dropLanguageOfferOnNavigation(router);
// Without its messages (the network dropped) a page still renders, showing their keys.
const ready = Promise.all([router.ready, loadAreas(catalogue, ["common"]).catch(() => undefined)]);
// A public page arrives rendered by the server with its data (lib/prerendered.tsx): React takes
// over that HTML once the page's code is loaded, instead of drawing it again.
const prerendered = readPrerendered();
const app = (early: HTMLElement[]) => (
  <StrictMode>
    <I18nProvider catalogue={catalogue}>
      <PrerenderedProvider value={prerendered ?? {}}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </PrerenderedProvider>
    </I18nProvider>
    <AfterFirstCommit run={() => replayClicks(early)} />
  </StrictMode>
);
if (prerendered && root.hasChildNodes()) {
  // Taps on the page's buttons before now are replayed once React answers them. Hydrating in a
  // transition lets React yield to the browser every few milliseconds (a phone's taps and
  // scrolling go on) instead of adopting the whole page in one long task (issue 15, TBT).
  void ready.then(() => startTransition(() => void hydrateRoot(root, app(takeEarlyClicks()))));
} else {
  void ready.then(() => createRoot(root).render(app([])));
}

/** Runs `run` once, after React's first commit (here: once the server's HTML is hydrated). */
function AfterFirstCommit({ run }: { run: () => void }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    run();
  }, [run]);
  return null;
}

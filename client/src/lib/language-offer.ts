import { LANGUAGE_OFFER_ATTRIBUTE } from "../../../shared/early-clicks.ts";
import type { Router } from "./router.tsx";

/**
 * The server's suggestion to read the site in another language links to the page it came with
 * (server/features/pages/prerendered-pages.ts). Once the visitor moves on to another page inside
 * the app, the link would lead back to the page they left: the suggestion goes, unanswered (the
 * next page the server sends asks again), and the header's language switch stays.
 */
export function dropLanguageOfferOnNavigation(router: Router): void {
  const offer = document.querySelector(`[${LANGUAGE_OFFER_ATTRIBUTE}]`);
  if (!offer) return;
  const first = router.getState().location.pathname;
  const stop = router.subscribe(() => {
    if (router.getState().location.pathname === first) return;
    offer.remove();
    stop();
  });
}

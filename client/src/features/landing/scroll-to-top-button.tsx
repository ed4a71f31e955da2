import { ArrowUpIcon } from "../../components/ui/icons.tsx";
import { useT } from "../../lib/i18n.tsx";

/**
 * Back to the top, with the focus on `focusTargetId`: shown by landing-behaviour.ts once the page
 * is scrolled past SCROLL_TOP_THRESHOLD_PX (hidden until then).
 */
export function ScrollToTopButton({ focusTargetId }: { focusTargetId: string }) {
  const t = useT();
  return (
    <button
      data-scroll-top
      data-focus-target={focusTargetId}
      hidden
      type="button"
      aria-label={t("landing.scrollTop")}
      title={t("landing.scrollTop")}
      className="fixed right-4 bottom-[calc(var(--language-offer-height,0px)+1rem)] z-30 grid h-12 w-12 place-items-center rounded-full bg-blue-900 text-white shadow-lg shadow-blue-950/30 ring-2 ring-white transition hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400 motion-safe:starting:translate-y-3 motion-safe:starting:opacity-0 sm:right-6 sm:bottom-[calc(var(--language-offer-height,0px)+1.5rem)]"
    >
      <ArrowUpIcon className="h-6 w-6" />
    </button>
  );
}

import { SCROLL_TOP_THRESHOLD_PX } from "../../../../shared/constants.ts";
import { ArrowUpIcon } from "../../components/ui/icons.tsx";
import { prefersReducedMotion, useScrolledPast } from "./use-scroll.ts";

/** Appears once the page is scrolled past SCROLL_TOP_THRESHOLD_PX; returns to the top. */
export function ScrollToTopButton({ focusTargetId }: { focusTargetId: string }) {
  const visible = useScrolledPast(SCROLL_TOP_THRESHOLD_PX);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      title="Scroll to top"
      onClick={() => {
        window.scrollTo({
          top: 0,
          behavior: prefersReducedMotion() ? "auto" : "smooth",
        });
        // The button disappears at the top: keep keyboard focus somewhere sensible.
        document.getElementById(focusTargetId)?.focus({ preventScroll: true });
      }}
      className="fixed right-4 bottom-4 z-30 grid h-12 w-12 place-items-center rounded-full bg-blue-900 text-white shadow-lg shadow-blue-950/30 ring-2 ring-white transition hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400 motion-safe:starting:translate-y-3 motion-safe:starting:opacity-0 sm:right-6 sm:bottom-6"
    >
      <ArrowUpIcon className="h-6 w-6" />
    </button>
  );
}

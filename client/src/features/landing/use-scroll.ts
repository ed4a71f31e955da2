import { useEffect, useState } from "react";

/** True once the page is scrolled further than `threshold` px. Re-renders only on a change. */
export function useScrolledPast(threshold: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return past;
}

/** matchMedia, tolerating environments without it (jsdom-based unit tests). */
function mediaMatches(query: string) {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(query).matches;
}

export function prefersReducedMotion() {
  return mediaMatches("(prefers-reduced-motion: reduce)");
}

/**
 * Scroll-spy: the current section is the one crossing a thin horizontal band at 35 % of the
 * viewport height (below the fixed header). A sentinel at the very end of the page selects the
 * last section, which may be too short to ever reach the band.
 */
export function useScrollSpy<T extends string>(ids: readonly T[], bottomSentinelId: string): T {
  const [active, setActive] = useState<T>(ids[0] as T);
  useEffect(() => {
    const sections = ids.map((id) => document.getElementById(id)).filter((el): el is HTMLElement => el !== null);
    const sentinel = document.getElementById(bottomSentinelId);
    if (sections.length === 0 || typeof IntersectionObserver === "undefined") return;

    let inBand: T | null = null;
    let atBottom = false;
    const commit = () => {
      const next = atBottom ? (ids[ids.length - 1] as T) : inBand;
      if (next) setActive(next);
    };

    const bandObserver = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = entry.target.id as T;
          if (entry.isIntersecting) inBand = id;
          else if (inBand === id) inBand = null;
        }
        commit();
      },
      { rootMargin: "-35% 0px -64% 0px", threshold: 0 },
    );
    for (const section of sections) bandObserver.observe(section);

    const bottomObserver = new IntersectionObserver((entries) => {
      atBottom = entries.some((entry) => entry.isIntersecting);
      commit();
    });
    if (sentinel) bottomObserver.observe(sentinel);

    return () => {
      bandObserver.disconnect();
      bottomObserver.disconnect();
    };
  }, [ids, bottomSentinelId]);
  return active;
}

import { useEffect } from "react";
import { AboutSection } from "../features/landing/about-section.tsx";
import { ContactSection } from "../features/landing/contact-section.tsx";
import { SECTION_IDS } from "../features/landing/content.ts";
import { HeroSection } from "../features/landing/hero-section.tsx";
import { ScrollToTopButton } from "../features/landing/scroll-to-top-button.tsx";
import { SiteFooter } from "../features/landing/site-footer.tsx";
import { SiteHeader } from "../features/landing/site-header.tsx";
import { TestimonialsSection } from "../features/landing/testimonials-section.tsx";
import { useScrollSpy } from "../features/landing/use-scroll.ts";

const BOTTOM_SENTINEL_ID = "page-end";

/** The public landing page at `/`: home, about, testimonials and contact, then the footer. */
export function LandingPage() {
  const active = useScrollSpy(SECTION_IDS, BOTTOM_SENTINEL_ID);

  // The sections only exist once React has rendered, so the browser cannot honour a deep link
  // such as /#testimonials on its own: do it once on arrival.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);

  return (
    <div className="min-h-screen overflow-x-clip bg-white">
      <a
        href="#main"
        className="sr-only rounded-lg bg-amber-400 font-semibold text-slate-900 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-4 focus:py-2 focus:outline-2 focus:outline-offset-2 focus:outline-blue-900"
      >
        Skip to main content
      </a>
      <SiteHeader active={active} />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <HeroSection />
        <AboutSection />
        <TestimonialsSection />
        <ContactSection />
      </main>
      <SiteFooter />
      <div id={BOTTOM_SENTINEL_ID} aria-hidden="true" className="h-px bg-blue-950" />
      <ScrollToTopButton focusTargetId="home" />
    </div>
  );
}

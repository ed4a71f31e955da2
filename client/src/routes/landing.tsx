import { useEffect } from "react";
import { AboutSection } from "../features/landing/about-section.tsx";
import { ContactSection } from "../features/landing/contact-section.tsx";
import { HeroSection } from "../features/landing/hero-section.tsx";
import { startLanding } from "../features/landing/landing-behaviour.ts";
import { ScrollToTopButton } from "../features/landing/scroll-to-top-button.tsx";
import { SiteFooter } from "../features/landing/site-footer.tsx";
import { SiteHeader } from "../features/landing/site-header.tsx";
import { TestimonialsSection } from "../features/landing/testimonials-section.tsx";
import { useT } from "../lib/i18n.tsx";

/** The public landing page at `/`: home, about, testimonials and contact, then the footer. */
export function LandingPage() {
  const t = useT();
  // A visitor arriving on `/` gets this page's HTML from the server and landing-entry.ts, without
  // React. Here the app shows it itself (the logo's link, or the server could not render it): the
  // same behaviour starts, and a deep link such as /#testimonials, which the browser could not
  // follow before the sections existed, is followed once.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
    return startLanding();
  }, []);

  return (
    <div className="min-h-screen overflow-x-clip bg-white">
      <a
        href="#main"
        className="sr-only rounded-lg bg-amber-400 font-semibold text-slate-900 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-4 focus:py-2 focus:outline-2 focus:outline-offset-2 focus:outline-blue-900"
      >
        {t("common.skipToContent")}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <HeroSection />
        <AboutSection />
        <TestimonialsSection />
        <ContactSection />
      </main>
      <SiteFooter />
      <div data-page-end aria-hidden="true" className="h-px bg-blue-950" />
      <ScrollToTopButton focusTargetId="home" />
    </div>
  );
}

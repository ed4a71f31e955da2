import type { ReactNode } from "react";
import type { SectionId } from "./content.ts";

/**
 * One section of the landing page: the target of the header's links, named by its heading
 * (`<id>-title`) and focusable, so that the mobile menu can hand focus to it after a jump; it
 * scrolls clear of the fixed header and shows no focus ring for that programmatic focus.
 * `className` adds the section's own look.
 */
export function LandingSection({ id, className, children }: { id: SectionId; className: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      className={`scroll-mt-16 focus:outline-none lg:scroll-mt-20 ${className}`}
    >
      {children}
    </section>
  );
}

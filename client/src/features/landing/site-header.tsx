import { type ReactNode, useId } from "react";
import { LanguageSwitch } from "../../components/language-switch.tsx";
import { SiteLogo } from "../../components/site-logo.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { CloseIcon, MenuIcon } from "../../components/ui/icons.tsx";
import { useT } from "../../lib/i18n.tsx";
import { Link } from "../../lib/router.tsx";
import { SECTIONS } from "./content.ts";

const FOCUS_RING = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";
/** The section in view when the page opens; landing-behaviour.ts moves the mark as it scrolls. */
const FIRST = SECTIONS[0].id;

/**
 * Fixed header: section links with scroll-spy highlighting, Student Portal, and a mobile menu (a
 * disclosure button and panel, no Headless UI). Markup only: landing-behaviour.ts sets the
 * attributes the styles follow (data-scrolled, data-active and aria-current, aria-expanded and
 * the panel's hidden). The viewport picks the navigation with CSS: the other one is display:none,
 * out of the accessibility tree, so each item is offered once.
 */
export function SiteHeader() {
  const menuId = useId();
  const t = useT();
  return (
    <header
      data-landing-header
      className="fixed inset-x-0 top-0 z-40 border-b border-transparent bg-white/80 backdrop-blur transition-[background-color,border-color,box-shadow] duration-300 data-scrolled:border-slate-200 data-scrolled:bg-white/95 data-scrolled:shadow-sm"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:h-20 lg:px-8">
        <SiteLogo />

        <nav aria-label={t("landing.nav.label")} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <SectionLinks
              linkClassName={`group relative block rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 data-[active=true]:text-blue-900 data-[active=true]:hover:bg-transparent ${FOCUS_RING}`}
              marker={
                <span
                  aria-hidden="true"
                  className="absolute inset-x-3 -bottom-0.5 h-0.5 rounded-full bg-amber-400 opacity-0 transition-opacity duration-300 group-data-[active=true]:opacity-100"
                />
              }
            />
            <li className="ml-2">
              <LanguageSwitch
                className={`block rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900 ${FOCUS_RING}`}
              />
            </li>
            <li className="ml-1">
              <Link to="/student" className={buttonClasses({ variant: "primary", size: "md" })}>
                {t("common.studentPortal")}
              </Link>
            </li>
          </ul>
        </nav>
        <button
          data-menu-button
          type="button"
          aria-expanded="false"
          aria-controls={menuId}
          className={`group inline-flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 lg:hidden ${FOCUS_RING}`}
        >
          <MenuIcon className="h-5 w-5 group-aria-expanded:hidden" />
          <CloseIcon className="hidden h-5 w-5 group-aria-expanded:block" />
          {t("landing.nav.menu")}
        </button>
      </div>

      <nav
        data-menu-panel
        id={menuId}
        hidden
        aria-label={t("landing.nav.label")}
        className="border-t border-slate-200 bg-white shadow-lg lg:hidden"
      >
        <ul className="mx-auto max-w-6xl space-y-1 px-4 py-4 sm:px-6">
          <SectionLinks
            linkClassName={`group flex items-center justify-between rounded-xl border-l-4 border-transparent px-4 py-3 text-base font-semibold text-slate-700 hover:bg-slate-50 data-[active=true]:border-amber-400 data-[active=true]:bg-blue-50 data-[active=true]:text-blue-900 ${FOCUS_RING}`}
            marker={
              <span
                aria-hidden="true"
                className="hidden h-2 w-2 rounded-full bg-amber-400 group-data-[active=true]:block"
              />
            }
          />
          <li>
            <LanguageSwitch
              className={`block rounded-xl border-l-4 border-transparent px-4 py-3 text-base font-semibold text-slate-700 hover:bg-slate-50 ${FOCUS_RING}`}
            />
          </li>
          <li className="pt-3">
            <Link to="/student" className={`${buttonClasses({ variant: "primary", size: "lg" })} w-full`}>
              {t("common.studentPortal")}
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}

/** The section links, one `<li>` each; the first section is the current location on arrival. */
function SectionLinks({ linkClassName, marker }: { linkClassName: string; marker: ReactNode }) {
  const t = useT();
  return SECTIONS.map((section) => {
    const current = section.id === FIRST;
    return (
      <li key={section.id}>
        <a
          data-section-link
          href={`#${section.id}`}
          aria-current={current ? "location" : undefined}
          data-active={String(current)}
          className={linkClassName}
        >
          {t(section.label)}
          {marker}
        </a>
      </li>
    );
  });
}

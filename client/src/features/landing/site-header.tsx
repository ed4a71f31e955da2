import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { SiteLogo } from "../../components/site-logo.tsx";
import { buttonClasses } from "../../components/ui/button.tsx";
import { CloseIcon, MenuIcon } from "../../components/ui/icons.tsx";
import { Link } from "../../lib/router.tsx";
import { SECTIONS, type SectionId } from "./content.ts";
import { useScrolledPast } from "./use-scroll.ts";

const FOCUS_RING = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/**
 * Fixed header: section links with scroll-spy highlighting, Student Portal, and a mobile menu (a
 * disclosure button and panel, written out here so the landing page loads no Headless UI).
 */
export function SiteHeader({ active }: { active: SectionId }) {
  const scrolled = useScrolledPast(8);
  // The viewport picks the navigation with CSS alone (the server's HTML cannot know it): the
  // other one is display:none, out of the accessibility tree, so each item is offered once.
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  /** Closes the menu and moves focus: to `focus`, by default back to the menu button, or nowhere (null). */
  const close = (focus: HTMLElement | null = menuButton.current) => {
    setOpen(false);
    focus?.focus();
  };

  return (
    <header
      className={`fixed inset-x-0 top-0 z-40 border-b backdrop-blur transition-[background-color,border-color,box-shadow] duration-300 ${
        scrolled ? "border-slate-200 bg-white/95 shadow-sm" : "border-transparent bg-white/80"
      }`}
    >
      <div>
        <DismissMenu open={open} close={close} />
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:h-20 lg:px-8">
          <SiteLogo />

          <nav aria-label="Main" className="hidden lg:block">
            <ul className="flex items-center gap-1">
              <SectionLinks
                active={active}
                linkClassName={(current) =>
                  `relative block rounded-lg px-3 py-2 text-sm font-semibold transition-colors ${FOCUS_RING} ${
                    current ? "text-blue-900" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                  }`
                }
                marker={(current) => (
                  <span
                    aria-hidden="true"
                    className={`absolute inset-x-3 -bottom-0.5 h-0.5 rounded-full bg-amber-400 transition-opacity duration-300 ${
                      current ? "opacity-100" : "opacity-0"
                    }`}
                  />
                )}
              />
              <li className="ml-3">
                <Link
                  to="/student"
                  className={buttonClasses({
                    variant: "primary",
                    size: "md",
                  })}
                >
                  Student Portal
                </Link>
              </li>
            </ul>
          </nav>
          <button
            ref={menuButton}
            type="button"
            aria-expanded={open}
            aria-controls={open ? menuId : undefined}
            onClick={() => setOpen(!open)}
            className={`inline-flex items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 lg:hidden ${FOCUS_RING}`}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
            Menu
          </button>
        </div>

        {open && (
          <nav id={menuId} aria-label="Main" className="border-t border-slate-200 bg-white shadow-lg lg:hidden">
            <ul className="mx-auto max-w-6xl space-y-1 px-4 py-4 sm:px-6">
              <SectionLinks
                active={active}
                // Close after the browser has followed the link (an anchor removed during its own
                // click would not navigate), then hand focus to the section.
                onFollow={(id) => setTimeout(() => close(document.getElementById(id)), 0)}
                linkClassName={(current) =>
                  `flex items-center justify-between rounded-xl border-l-4 px-4 py-3 text-base font-semibold ${FOCUS_RING} ${
                    current
                      ? "border-amber-400 bg-blue-50 text-blue-900"
                      : "border-transparent text-slate-700 hover:bg-slate-50"
                  }`
                }
                marker={(current) =>
                  current && <span aria-hidden="true" className="h-2 w-2 rounded-full bg-amber-400" />
                }
              />
              <li className="pt-3">
                <Link to="/student" className={`${buttonClasses({ variant: "primary", size: "lg" })} w-full`}>
                  Student Portal
                </Link>
              </li>
            </ul>
          </nav>
        )}
      </div>
    </header>
  );
}

/** The section links, one `<li>` each; the section in view is marked as the current location. */
function SectionLinks({
  active,
  linkClassName,
  marker,
  onFollow,
}: {
  active: SectionId;
  linkClassName: (current: boolean) => string;
  /** What follows the label: the desktop underline, the mobile dot. */
  marker: (current: boolean) => ReactNode;
  onFollow?: (id: SectionId) => void;
}) {
  return SECTIONS.map((section) => {
    const current = section.id === active;
    return (
      <li key={section.id}>
        <a
          href={`#${section.id}`}
          aria-current={current ? "location" : undefined}
          data-active={current ? "true" : undefined}
          onClick={onFollow && (() => onFollow(section.id))}
          className={linkClassName(current)}
        >
          {section.label}
          {marker(current)}
        </a>
      </li>
    );
  });
}

/** Closes the menu on Escape (focus back on its button) or on a tap outside the header. */
function DismissMenu({ open, close }: { open: boolean; close: (focus?: HTMLElement | null) => void }) {
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Element && !event.target.closest("header")) close(null);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open, close]);
  return null;
}

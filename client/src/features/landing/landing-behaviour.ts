// What the landing page does, as plain DOM code: the header's shadow and scroll-spy, the mobile
// menu, the rotating testimonials, scroll-to-top and the Milano clock. The page's markup is
// React's (rendered on the server, issue 15), and this module works on it through data
// attributes, so a visitor arriving on `/` downloads a few KB instead of React (landing-entry.ts);
// when the app shows the landing page itself (a click on the logo), LandingPage starts the same
// code in an effect. Styles follow the attributes it sets (data-active, data-scrolled,
// aria-expanded...), so no class lists are repeated here.
import { SCROLL_TOP_THRESHOLD_PX, TEACHER_TIMEZONE, TESTIMONIAL_ROTATION_MS } from "../../../../shared/constants.ts";
import { SECTION_IDS } from "./content.ts";

/** The attributes the landing's components render (written out in their markup) for this module to find. */
export const HOOKS = {
  header: "data-landing-header",
  sectionLink: "data-section-link",
  menuButton: "data-menu-button",
  menuPanel: "data-menu-panel",
  testimonial: "data-testimonial",
  testimonialPick: "data-testimonial-pick",
  testimonialTimer: "data-testimonial-timer",
  scrollTop: "data-scroll-top",
  clock: "data-milano-clock",
  bottom: "data-page-end",
} as const;

type Stop = () => void;

const MILANO_CLOCK = { timeZone: TEACHER_TIMEZONE, hour: "numeric", minute: "2-digit" } as const;

function all<T extends Element = HTMLElement>(root: ParentNode, hook: string): T[] {
  return [...root.querySelectorAll<T>(`[${hook}]`)];
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Runs `update` now and on every scroll (passive). */
function onScroll(update: () => void): Stop {
  update();
  window.addEventListener("scroll", update, { passive: true });
  return () => window.removeEventListener("scroll", update);
}

/** The header gets a shadow once the page moves; the scroll-to-top button shows past the threshold. */
function scrollState(root: ParentNode): Stop {
  const header = root.querySelector<HTMLElement>(`[${HOOKS.header}]`);
  const button = root.querySelector<HTMLButtonElement>(`[${HOOKS.scrollTop}]`);
  const stop = onScroll(() => {
    header?.toggleAttribute("data-scrolled", window.scrollY > 8);
    if (button) button.hidden = window.scrollY <= SCROLL_TOP_THRESHOLD_PX;
  });
  const toTop = () => {
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "auto" : "smooth" });
    // The button disappears at the top: keyboard focus goes to the first section.
    document.getElementById(button?.dataset.focusTarget ?? "home")?.focus({ preventScroll: true });
  };
  button?.addEventListener("click", toTop);
  return () => {
    stop();
    button?.removeEventListener("click", toTop);
  };
}

/** Marks the links to `id` as the current location (both navigations). */
function markSection(root: ParentNode, id: string) {
  for (const link of all<HTMLAnchorElement>(root, HOOKS.sectionLink)) {
    const current = link.getAttribute("href") === `#${id}`;
    if (current) link.setAttribute("aria-current", "location");
    else link.removeAttribute("aria-current");
    link.dataset.active = String(current);
  }
}

/**
 * Scroll-spy: the current section is the one crossing a thin band at 35 % of the viewport height
 * (below the fixed header); the sentinel at the very end of the page selects the last section,
 * which may be too short to ever reach the band.
 */
function scrollSpy(root: ParentNode): Stop {
  const sections = SECTION_IDS.map((id) => document.getElementById(id)).filter((el) => el !== null);
  const sentinel = root.querySelector(`[${HOOKS.bottom}]`);
  if (sections.length === 0 || typeof IntersectionObserver === "undefined") return () => {};
  let inBand: string | null = null;
  let atBottom = false;
  const commit = () => {
    const next = atBottom ? SECTION_IDS[SECTION_IDS.length - 1] : inBand;
    if (next) markSection(root, next);
  };
  const band = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) inBand = entry.target.id;
        else if (inBand === entry.target.id) inBand = null;
      }
      commit();
    },
    { rootMargin: "-35% 0px -64% 0px", threshold: 0 },
  );
  for (const section of sections) band.observe(section);
  const bottom = new IntersectionObserver((entries) => {
    atBottom = entries.some((entry) => entry.isIntersecting);
    commit();
  });
  if (sentinel) bottom.observe(sentinel);
  return () => {
    band.disconnect();
    bottom.disconnect();
  };
}

/**
 * The phone's menu: a disclosure button and its panel. Escape closes it (focus back on the
 * button), so does a tap outside the header; following a link closes it and hands the focus to
 * the section.
 */
function mobileMenu(root: ParentNode): Stop {
  const button = root.querySelector<HTMLButtonElement>(`[${HOOKS.menuButton}]`);
  const panel = root.querySelector<HTMLElement>(`[${HOOKS.menuPanel}]`);
  if (!button || !panel) return () => {};
  const header = button.closest("header");
  const setOpen = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    panel.hidden = !open;
  };
  const close = (focus: HTMLElement | null) => {
    setOpen(false);
    focus?.focus();
  };
  const toggle = () => setOpen(panel.hidden);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && !panel.hidden) close(button);
  };
  const onPointerDown = (event: PointerEvent) => {
    if (!panel.hidden && event.target instanceof Node && !header?.contains(event.target)) close(null);
  };
  const onFollow = (event: MouseEvent) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[href^='#']") : null;
    if (!link) return;
    // After the browser has followed the link, then the focus goes to the section.
    setTimeout(() => close(document.getElementById(link.hash.slice(1))), 0);
  };
  button.addEventListener("click", toggle);
  panel.addEventListener("click", onFollow);
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("pointerdown", onPointerDown);
  return () => {
    button.removeEventListener("click", toggle);
    panel.removeEventListener("click", onFollow);
    document.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("pointerdown", onPointerDown);
  };
}

/**
 * One testimonial is highlighted, and the highlight moves on every TESTIMONIAL_ROTATION_MS;
 * picking one by hand restarts the timer (and its bar). Reduced motion turns the transitions off
 * (CSS), not the rotation.
 */
function testimonials(root: ParentNode): Stop {
  const cards = all(root, HOOKS.testimonial);
  const picks = all<HTMLButtonElement>(root, HOOKS.testimonialPick);
  if (cards.length === 0) return () => {};
  let active = Math.max(
    0,
    cards.findIndex((card) => card.dataset.active === "true"),
  );
  let timer = 0;
  const show = (index: number) => {
    active = index;
    cards.forEach((card, i) => {
      const current = i === index;
      card.dataset.active = String(current);
      if (current) card.setAttribute("aria-current", "true");
      else card.removeAttribute("aria-current");
      // The time-left bar starts again from empty (its @starting-style runs when it reappears).
      const bar = card.querySelector<HTMLElement>(`[${HOOKS.testimonialTimer}]`);
      if (bar) {
        bar.hidden = true;
        if (current) {
          void bar.offsetWidth;
          bar.hidden = false;
        }
      }
    });
    picks.forEach((pick, i) => {
      pick.setAttribute("aria-pressed", String(i === index));
    });
    window.clearTimeout(timer);
    timer = window.setTimeout(() => show((active + 1) % cards.length), TESTIMONIAL_ROTATION_MS);
  };
  const onPick = (event: MouseEvent) => {
    const index = picks.indexOf(event.currentTarget as HTMLButtonElement);
    if (index >= 0) show(index);
  };
  for (const pick of picks) pick.addEventListener("click", onPick);
  timer = window.setTimeout(() => show((active + 1) % cards.length), TESTIMONIAL_ROTATION_MS);
  return () => {
    window.clearTimeout(timer);
    for (const pick of picks) pick.removeEventListener("click", onPick);
  };
}

/**
 * The time in Milano now, every 30 seconds (the HTML may be hours old: it shows --:-- until then),
 * from the moment the clock comes near the screen: the page's first use of Intl costs a phone
 * tens of milliseconds of a blocked main thread (ICU's data), which a visitor who never scrolls
 * down to the contact section should not pay while the page loads.
 */
function clock(root: ParentNode): Stop {
  const times = all<HTMLTimeElement>(root, HOOKS.clock);
  if (times.length === 0) return () => {};
  let format: Intl.DateTimeFormat | null = null;
  let timer = 0;
  const tick = () => {
    // The page's own clock, as its "until 10:00 PM" / "fino alle 22:00" line (issue 33, item 6).
    format ??= new Intl.DateTimeFormat(document.documentElement.lang === "it" ? "it-IT" : "en-US", MILANO_CLOCK);
    const now = new Date();
    for (const time of times) {
      time.dateTime = now.toISOString();
      time.textContent = format.format(now);
    }
  };
  const start = () => {
    if (timer) return;
    tick();
    timer = window.setInterval(tick, 30_000);
  };
  if (typeof IntersectionObserver === "undefined") {
    start();
    return () => window.clearInterval(timer);
  }
  const near = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      near.disconnect();
      start();
    },
    { rootMargin: "300px 0px" },
  );
  for (const time of times) near.observe(time);
  return () => {
    near.disconnect();
    window.clearInterval(timer);
  };
}

/** Starts everything the landing page does; the returned function stops it all. */
export function startLanding(root: ParentNode = document): Stop {
  const stops = [scrollState(root), scrollSpy(root), mobileMenu(root), testimonials(root), clock(root)];
  return () => {
    for (const stop of stops) stop();
  };
}

// Taps before the page's script has run (issue 15). A public page arrives as HTML and is usable to
// the eye at once, but its buttons only answer once React (or the landing page's script) has
// started: on a slow phone a tap in that second would be lost. This inline script, first in the
// page's <head>, keeps the buttons of #root tapped until then; the client replays them on the very
// same elements (hydration keeps them) once it has started (client/src/lib/early-clicks.ts).
// It is the only inline script: the Content-Security-Policy allows it by its hash (server/plugins/security.ts).

/** The global the script fills, and the client takes over. */
export const EARLY_CLICKS_GLOBAL = "__earlyClicks";

export const EARLY_CLICKS_SCRIPT = `window.${EARLY_CLICKS_GLOBAL}=[];document.addEventListener("click",function(e){var q=window.${EARLY_CLICKS_GLOBAL},t=e.target;if(!q||!(t instanceof Element))return;var b=t.closest("button");if(b&&b.closest("#root"))q.push(b)},true);`;

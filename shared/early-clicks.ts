// The start of a public page rendered on the server (issue 15), its one inline script, first in
// its <head>; the Content-Security-Policy allows it by its hash (server/plugins/security.ts).
// - Taps before the page's script has run: the page is usable to the eye at once, but its buttons
//   only answer once React (or the landing page's script) has started, and on a slow phone a tap
//   in that second would be lost. The buttons of #root tapped until then are kept; the client
//   replays them on the very same elements (hydration keeps them; client/src/lib/early-clicks.ts).
// - A referral code in a booking page's address (/book?ref=CODE) is kept in session storage at
//   once, as the app does (features/booking/referral-code.ts): a tap on the intro's link before
//   the app has started loads the next page without it.
// - The visitor's own clock, when the page shows times in the teacher's zone (data-offsets, the
//   zone's UTC offsets through the times shown, and data-until, their end): a page whose visitor's
//   clock reads otherwise at any moment of that window gets the class `other-zone` on <html> before
//   it paints, so the schedule's HTML keeps room for the visitor's times that the app adds (no
//   layout shift). Date alone answers (Intl's first use would cost a phone tens of milliseconds
//   before the paint); the app asks the same question the same way (lib/zoned-date.ts).
// - The page's scripts (data-entry, data-preload) and the app's whole stylesheet (data-styles) are
//   requested once the whole page is parsed and painted: its paint has the network and the main
//   thread to itself (a phone's parser yields, and a page painted in parts would otherwise see its
//   largest text wait behind the app's requests), and the scripts run after it anyway.
// - A language chosen (issue 29): a tap on a link or button marked `data-lang` (the language
//   switch, the suggestion to read the site in the visitor's language, or its "No, thanks") is
//   remembered in the `lang` cookie for a year, and "No, thanks" takes the suggestion away.

import { CLOCK_CHECK_STEP_MS } from "./clock-check.ts";
import { REFERRAL_CODE_PATTERN, REFERRAL_CODE_STORAGE_KEY } from "./constants.ts";
import { LOCALE_COOKIE, LOCALE_COOKIE_ATTRIBUTES, LOCALES, localePrefix } from "./i18n/locales.ts";

/** The global the script fills, and the client takes over. */
export const EARLY_CLICKS_GLOBAL = "__earlyClicks";

/** The attribute of the suggestion to read the site in another language (server/features/pages). */
export const LANGUAGE_OFFER_ATTRIBUTE = "data-language-offer";

/** A booking page's path in any language: `/book...` or `/it/book...`. */
const BOOKING_PATH = /* @__PURE__ */ new RegExp(
  `^(${LOCALES.map(localePrefix)
    .filter(Boolean)
    .map((prefix) => prefix.replace("/", "\\/"))
    .join("|")})?\\/book`,
);

/** The class on <html> of a page opened in another zone than the teacher's it shows times in. */
export const OTHER_ZONE_CLASS = "other-zone";

// Pure: the client imports this module's names, not the script, and its bundle must not carry it.
export const EARLY_CLICKS_SCRIPT = /* @__PURE__ */ [
  `try{var r=(new URLSearchParams(location.search).get("ref")||"").trim();`,
  `if(/${BOOKING_PATH.source}/.test(location.pathname)&&/${REFERRAL_CODE_PATTERN.source}/.test(r))sessionStorage.setItem("${REFERRAL_CODE_STORAGE_KEY}",r)}catch(e){}`,
  `window.${EARLY_CLICKS_GLOBAL}=[];`,
  `document.addEventListener("click",function(e){var q=window.${EARLY_CLICKS_GLOBAL},t=e.target;if(!(t instanceof Element))return;`,
  `var l=t.closest("[data-lang]");if(l){document.cookie="${LOCALE_COOKIE}="+l.getAttribute("data-lang")+"${LOCALE_COOKIE_ATTRIBUTES}";`,
  `if(l.tagName==="BUTTON"){var o=l.closest("[${LANGUAGE_OFFER_ATTRIBUTE}]");if(o)o.remove()}}`,
  `if(!q)return;var b=t.closest("button");if(b&&b.closest("#root"))q.push(b)},true);`,
  `(function(s){var d=s&&s.dataset;if(!d)return;`,
  `try{var o=d.offsets?d.offsets.split(","):[],u=+d.until,x=false;`,
  `for(var i=0;i<o.length&&!x;i++){var p=o[i].split(":"),e=i+1<o.length?+o[i+1].split(":")[0]:u;`,
  `for(var t=+p[0];t<e;t+=${CLOCK_CHECK_STEP_MS})if(-new Date(t).getTimezoneOffset()!==+p[1]){x=true;break}}`,
  `if(x)document.documentElement.classList.add("${OTHER_ZONE_CLASS}")}catch(e){}`,
  `if(!d.entry)return;`,
  `function add(tag,attrs){var n=document.createElement(tag);for(var k in attrs)n.setAttribute(k,attrs[k]);document.head.appendChild(n)}`,
  `function go(){requestAnimationFrame(function(){setTimeout(function(){`,
  `(d.styles||"").split(" ").forEach(function(h){if(h)add("link",{rel:"stylesheet",href:h})});`,
  `(d.preload||"").split(" ").forEach(function(h){if(h)add("link",{rel:"modulepreload",href:h})});`,
  `add("script",{type:"module",src:d.entry})},0)})}`,
  `if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",go);else go()})(document.currentScript);`,
].join("");

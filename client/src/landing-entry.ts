// The script of `/` as the server sends it (issue 15): the page is HTML rendered by React on the
// server, and what it does needs no React in the browser: a few KB instead of the app's entry.
// Its links load the other pages, which bring the app.
import { startLanding } from "./features/landing/landing-behaviour.ts";
import { replayClicks, takeEarlyClicks } from "./lib/early-clicks.ts";
import { unregisterServiceWorkers } from "./lib/service-workers.ts";

unregisterServiceWorkers();
const early = takeEarlyClicks();
startLanding();
replayClicks(early);

// How often a visitor's clock is compared with the teacher's zone through an availability window,
// by a public page's start script (shared/early-clicks.ts) and by the app
// (client/src/lib/zoned-date.ts) alike: clocks change on the hour or on the half hour. A module
// of its own: the app's date code does not load the start script's text.
export const CLOCK_CHECK_STEP_MS = 30 * 60_000;

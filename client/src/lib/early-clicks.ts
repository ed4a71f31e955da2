// The taps a public page kept before its script started (shared/early-clicks.ts), replayed on the
// same elements once they answer.
import { EARLY_CLICKS_GLOBAL } from "../../../shared/early-clicks.ts";

type EarlyClicksWindow = Window & { [EARLY_CLICKS_GLOBAL]?: HTMLElement[] };

/** Stops keeping taps and returns those kept: call it as the page's own handlers are about to start. */
export function takeEarlyClicks(): HTMLElement[] {
  const early = window as EarlyClicksWindow;
  const clicks = early[EARLY_CLICKS_GLOBAL] ?? [];
  early[EARLY_CLICKS_GLOBAL] = undefined;
  return clicks;
}

/** Clicks again, in order, what was tapped early and is still on the page. */
export function replayClicks(clicks: HTMLElement[]): void {
  for (const element of clicks) {
    if (element.isConnected) element.click();
  }
}

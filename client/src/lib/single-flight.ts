// A request a person can repeat by tapping twice. The button's `disabled` follows the mutation's
// pending state only after React renders it, and a double tap's second click can arrive before
// that: a ref, set before the first await, turns the second one away. The server's idempotency key
// then makes a repeat that still gets through (a retry, a lost answer) one change.
import { useRef, useState } from "react";

/**
 * A fresh key per attempt, so a retried request is answered, not repeated: 128 random bits as hex.
 * One way for every page: `crypto.randomUUID` exists only in secure contexts, so a page opened
 * over plain http on a local network needs this anyway.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * `run(work)` starts `work` unless a run is under way; `busy` while one is (disable the button).
 * A failure is the work's to report (a mutation's `onError`): `run` only ends the run.
 */
export function useSingleFlight() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await work();
    } catch {
      // Reported by the work itself (see above).
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { run, busy };
}

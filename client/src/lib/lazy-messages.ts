// A part of a page that arrives on its own (React.lazy) and shows a message area its route does not
// load: it suspends until that area's catalogue is in, so its first render already has its words,
// and the page that seldom shows it does not download them (the booking steps' 130 KB).
import { use } from "react";
import type { PageArea } from "../../../shared/i18n/messages.ts";
import { type Catalogue, loadAreas, useCatalogue } from "./i18n.tsx";

const pending = new WeakMap<Catalogue, Map<string, Promise<void>>>();

export function useMessageAreas(areas: readonly PageArea[]): void {
  const catalogue = useCatalogue();
  if (areas.every((area) => catalogue.loaded.has(area))) return;
  const byAreas = pending.get(catalogue) ?? new Map<string, Promise<void>>();
  pending.set(catalogue, byAreas);
  const key = areas.join();
  // Without its messages (the network dropped) the part still renders, showing their keys, as a page does.
  const loading = byAreas.get(key) ?? loadAreas(catalogue, areas).catch(() => undefined);
  byAreas.set(key, loading);
  use(loading);
}

// The visitors' availability grid, kept for a moment. Computing it takes four queries and the
// slot rules (tens of milliseconds on the embedded database); every visitor on the same week asks
// the same question. An answer is fresh for TTL_MS; for one more TTL_MS it is still given while
// a single background load replaces it, so busy weeks never make anyone wait. Every answer is
// dropped as soon as this process handles any write (app.ts invalidates before the write's answer
// leaves), so a process never shows its own changes late. Another process's write (PostgreSQL,
// several processes) shows within 2 x TTL_MS, like a grid loaded a moment earlier; the booking
// itself re-checks under a lock.
import type { Db } from "../../db.ts";
import { type AvailabilityDto, type AvailabilityQuery, getAvailability } from "./availability.service.ts";

export const AVAILABILITY_TTL_MS = 5_000;
const MAX_ENTRIES = 500;

type Entry<T> = { value: Promise<T>; freshUntil: number; refreshing: boolean };

export class ResultCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = MAX_ENTRIES,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Forgets every answer, including those being computed (their callers get them; later ones do not). */
  invalidate(): void {
    this.entries.clear();
  }

  /** The kept answer for `key`, or `load()`'s; callers asking while it loads share one load. */
  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const kept = this.entries.get(key);
    if (kept && now < kept.freshUntil) return kept.value;
    if (kept && now < kept.freshUntil + this.ttlMs) {
      if (!kept.refreshing) this.refresh(key, kept, load, now);
      return kept.value;
    }
    const entry: Entry<T> = { value: load(), freshUntil: now + this.ttlMs, refreshing: false };
    this.store(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key); // failures are not kept
    });
    return entry.value;
  }

  /** Replaces a just-expired answer once its new load succeeds (unless a write dropped it meanwhile). */
  private refresh(key: string, kept: Entry<T>, load: () => Promise<T>, now: number) {
    kept.refreshing = true;
    load().then(
      (value) => {
        if (this.entries.get(key) === kept) {
          this.store(key, { value: Promise.resolve(value), freshUntil: now + this.ttlMs, refreshing: false });
        }
      },
      () => {
        kept.refreshing = false; // the next caller tries again; the old answer stays until it is too old
      },
    );
  }

  private store(key: string, entry: Entry<T>) {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }
}

export type AvailabilityCache = ResultCache<AvailabilityDto>;

export const createAvailabilityCache = (): AvailabilityCache => new ResultCache(AVAILABILITY_TTL_MS);

/** The visitors' grid through the app's cache (callers without one, such as tests, compute it). */
export function cachedAvailability(db: Db, cache: AvailabilityCache | undefined, query: AvailabilityQuery) {
  if (!cache) return getAvailability(db, query);
  const key = JSON.stringify([query.startDate ?? null, query.endDate ?? null, query.teacherId ?? null]);
  return cache.get(key, () => getAvailability(db, query));
}

// The visitors' availability grid, kept for a moment. Computing it takes four queries and the
// slot rules (tens of milliseconds on the embedded database, where they run on the server's own
// thread); every visitor on the same week asks the same question. An answer is fresh until the
// clock alone would change it (a lesson falls inside the notice, a new day begins) and at most the
// engine's TTL; for one more TTL it is still given while a single background load replaces it, so
// busy weeks never make anyone wait. Every answer is dropped as soon as this process handles any
// write (app.ts invalidates before the write's answer leaves), so a process never shows its own
// changes late. On the embedded database no other process can write (it holds the data
// directory), so nothing else can change a kept answer: it is kept for minutes, and a load of
// visitors never waits behind a refresh. On PostgreSQL another process's write shows within
// 2 x TTL, like a grid loaded a moment earlier; the booking itself re-checks under a lock.
import type { Db } from "../../db.ts";
import {
  type AvailabilityDto,
  type AvailabilityQuery,
  getAvailability,
  loadAvailability,
} from "./availability.service.ts";

/** How long an answer is kept at most: another process may have written (PostgreSQL)... */
export const AVAILABILITY_TTL_MS = 5_000;
/** ...or no other process can (the embedded database): then only the clock changes it. */
export const EMBEDDED_AVAILABILITY_TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 500;

type Entry<T> = { value: Promise<T>; freshUntil: number; refreshing: boolean };

export class ResultCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = MAX_ENTRIES,
    private readonly clock: () => number = Date.now,
    /** When a value stops being true by itself (the clock); it is kept no longer. */
    private readonly changesAt: (value: T) => number = () => Number.POSITIVE_INFINITY,
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
    entry.value.then(
      (value) => {
        entry.freshUntil = Math.min(entry.freshUntil, this.changesAt(value));
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key); // failures are not kept
      },
    );
    return entry.value;
  }

  /** Replaces a just-expired answer once its new load succeeds (unless a write dropped it meanwhile). */
  private refresh(key: string, kept: Entry<T>, load: () => Promise<T>, now: number) {
    kept.refreshing = true;
    load().then(
      (value) => {
        if (this.entries.get(key) === kept) {
          const freshUntil = Math.min(now + this.ttlMs, this.changesAt(value));
          this.store(key, { value: Promise.resolve(value), freshUntil, refreshing: false });
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

type KeptGrid = { grid: AvailabilityDto; changesAt: number };
export type AvailabilityCache = ResultCache<KeptGrid>;

/** The grid's cache for a process on the embedded database (`embedded`) or on PostgreSQL. */
export const createAvailabilityCache = (options: { embedded: boolean }): AvailabilityCache =>
  new ResultCache<KeptGrid>(
    options.embedded ? EMBEDDED_AVAILABILITY_TTL_MS : AVAILABILITY_TTL_MS,
    MAX_ENTRIES,
    Date.now,
    (kept) => kept.changesAt,
  );

/** The visitors' grid through the app's cache (callers without one, such as tests, compute it). */
export async function cachedAvailability(db: Db, cache: AvailabilityCache | undefined, query: AvailabilityQuery) {
  if (!cache) return getAvailability(db, query);
  const key = JSON.stringify([query.startDate ?? null, query.endDate ?? null, query.teacherId ?? null]);
  return (await cache.get(key, () => loadAvailability(db, query))).grid;
}

import { describe, expect, it } from "vitest";
import { ResultCache } from "./availability-cache.ts";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("ResultCache", () => {
  it("answers from the kept value while fresh, then while one background load replaces it", async () => {
    let now = 0;
    let loads = 0;
    const cache = new ResultCache<number>(2_000, 10, () => now);
    const load = async () => ++loads;
    expect(await cache.get("week", load)).toBe(1);
    now = 1_999;
    expect(await cache.get("week", load)).toBe(1);
    now = 2_000; // expired: the old answer at once, and one refresh for everyone
    expect(await Promise.all([cache.get("week", load), cache.get("week", load)])).toEqual([1, 1]);
    expect(loads).toBe(2);
    expect(await cache.get("week", load)).toBe(2); // the refresh landed
    now = 2_000 + 3_999;
    expect(await cache.get("week", load)).toBe(2);
    expect(loads).toBe(3);
    now = 20_000; // too old to give even once: the caller waits for a new answer
    expect(await cache.get("week", load)).toBe(4);
    expect(await cache.get("other week", load)).toBe(5);
  });

  it("drops a refresh that a write overtook", async () => {
    let now = 0;
    const cache = new ResultCache<string>(2_000, 10, () => now);
    await cache.get("week", async () => "before");
    now = 2_500;
    const refresh = deferred<string>();
    expect(await cache.get("week", () => refresh.promise)).toBe("before");
    cache.invalidate(); // a booking was written while the refresh was computing
    refresh.resolve("computed before the booking");
    await refresh.promise;
    expect(await cache.get("week", async () => "after the booking")).toBe("after the booking");
  });

  it("shares one load between callers asking at the same time", async () => {
    const cache = new ResultCache<string>(2_000);
    const pending = deferred<string>();
    let loads = 0;
    const load = () => {
      loads++;
      return pending.promise;
    };
    const both = Promise.all([cache.get("week", load), cache.get("week", load)]);
    pending.resolve("grid");
    expect(await both).toEqual(["grid", "grid"]);
    expect(loads).toBe(1);
  });

  it("computes afresh after invalidate, and never keeps an answer that was loading during it", async () => {
    const cache = new ResultCache<string>(60_000);
    const before = deferred<string>();
    const first = cache.get("week", () => before.promise);
    cache.invalidate(); // a booking was written while the grid was being computed
    before.resolve("grid without the booking");
    expect(await first).toBe("grid without the booking");
    expect(await cache.get("week", async () => "grid with the booking")).toBe("grid with the booking");
    cache.invalidate();
    expect(await cache.get("week", async () => "after another write")).toBe("after another write");
  });

  it("keeps no failure", async () => {
    const cache = new ResultCache<string>(60_000);
    await expect(cache.get("week", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cache.get("week", async () => "grid")).toBe("grid");
  });

  it("holds at most maxEntries answers, dropping the oldest", async () => {
    let loads = 0;
    const cache = new ResultCache<number>(60_000, 2);
    const load = async () => ++loads;
    await cache.get("a", load);
    await cache.get("b", load);
    await cache.get("c", load); // drops a
    expect(await cache.get("b", load)).toBe(2);
    expect(await cache.get("a", load)).toBe(4);
  });

  it("keeps an answer no longer than the clock lets it stay true, however long the TTL", async () => {
    let now = 0;
    let loads = 0;
    const cache = new ResultCache<{ n: number; changesAt: number }>(
      300_000,
      10,
      () => now,
      (v) => v.changesAt,
    );
    const load = async () => ({ n: ++loads, changesAt: 10_000 }); // a lesson falls inside the notice at 10 s
    expect((await cache.get("week", load)).n).toBe(1);
    now = 9_999;
    expect((await cache.get("week", load)).n).toBe(1);
    expect(loads).toBe(1);
    now = 10_000; // no longer true: given once more while one load replaces it
    expect((await cache.get("week", load)).n).toBe(1);
    expect(loads).toBe(2);
    expect((await cache.get("week", load)).n).toBe(2);
  });
});

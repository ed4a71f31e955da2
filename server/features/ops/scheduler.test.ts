import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type PeriodicJob, startScheduler } from "./scheduler.ts";

const log = { info: () => {}, error: () => {} };

/** A job that records the fake clock's time at each pass. */
function recordingJob(name: string, everyMs: number) {
  const passes: number[] = [];
  const job: PeriodicJob = {
    name,
    everyMs,
    run: async () => {
      passes.push(Date.now());
      return {};
    },
  };
  return { job, passes };
}

describe("startScheduler", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs every job at once, then every everyMs, by default", async () => {
    const a = recordingJob("a", 1_000);
    const b = recordingJob("b", 3_000);
    const stop = startScheduler([a.job, b.job], log);
    await vi.advanceTimersByTimeAsync(3_500);
    expect(a.passes).toEqual([0, 1_000, 2_000, 3_000]);
    expect(b.passes).toEqual([0, 3_000]);
    await stop();
  });

  it("waits firstPassAfterMs, then staggers the jobs' first passes", async () => {
    const a = recordingJob("a", 10_000);
    const b = recordingJob("b", 10_000);
    const c = recordingJob("c", 10_000);
    const stop = startScheduler([a.job, b.job, c.job], log, { firstPassAfterMs: 5_000, staggerMs: 1_000 });
    await vi.advanceTimersByTimeAsync(4_999);
    expect([...a.passes, ...b.passes, ...c.passes], "nothing runs before firstPassAfterMs").toEqual([]);
    await vi.advanceTimersByTimeAsync(20_001);
    expect(a.passes).toEqual([5_000, 15_000, 25_000]);
    expect(b.passes).toEqual([6_000, 16_000]);
    expect(c.passes).toEqual([7_000, 17_000]);
    await stop();
  });

  it("runs nothing once stopped, neither a waiting first pass nor a later one", async () => {
    const a = recordingJob("a", 1_000);
    const b = recordingJob("b", 1_000);
    const stop = startScheduler([a.job, b.job], log, { firstPassAfterMs: 500, staggerMs: 1_000 });
    await vi.advanceTimersByTimeAsync(600);
    expect(a.passes).toEqual([500]);
    await stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(a.passes).toEqual([500]);
    expect(b.passes).toEqual([]);
  });
});

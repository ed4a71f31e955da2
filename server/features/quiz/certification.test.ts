import { describe, expect, it } from "vitest";
import {
  CERTIFIED_COOLDOWN_MS,
  decideCertification,
  drawItems,
  passesLevelTest,
  SEEN_WINDOW_MS,
} from "./certification.ts";

const now = new Date("2026-11-25T10:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const items = (n: number) => Array.from({ length: n }, (_, i) => `q${i}`);

describe("decideCertification", () => {
  it("certifies with 45 unseen items and no certified start in 24 hours", () => {
    expect(decideCertification({ now, levelItems: items(45), shownAt: new Map(), lastCertifiedStart: null })).toEqual({
      certified: true,
    });
    // A certified start just over 24 hours ago no longer counts.
    expect(
      decideCertification({
        now,
        levelItems: items(150),
        shownAt: new Map(),
        lastCertifiedStart: ago(CERTIFIED_COOLDOWN_MS + 1),
      }),
    ).toEqual({ certified: true });
  });

  it("a second certified attempt within 24 hours is practice until the 24 hours are over", () => {
    const start = ago(3 * HOUR);
    expect(decideCertification({ now, levelItems: items(150), shownAt: new Map(), lastCertifiedStart: start })).toEqual(
      { certified: false, reasons: ["cooldown"], availableAt: new Date(start.getTime() + CERTIFIED_COOLDOWN_MS) },
    );
  });

  it("with fewer than 45 unseen items, practice until enough seen items leave the 30-day window", () => {
    const level = items(50);
    // 10 seen: q0 10 days ago, q1 9 days ago, … q9 1 day ago; 40 unseen, so 5 must age out.
    const shownAt = new Map(level.slice(0, 10).map((id, i) => [id, ago((10 - i) * DAY)]));
    const decision = decideCertification({ now, levelItems: level, shownAt, lastCertifiedStart: null });
    // The fifth-oldest (q4, shown 6 days ago) leaves the window in 24 days.
    expect(decision).toEqual({
      certified: false,
      reasons: ["seen"],
      availableAt: new Date(ago(6 * DAY).getTime() + SEEN_WINDOW_MS),
    });
  });

  it("items shown more than 30 days ago count as unseen", () => {
    const level = items(45);
    const shownAt = new Map([["q0", ago(SEEN_WINDOW_MS + 1)]]);
    expect(decideCertification({ now, levelItems: level, shownAt, lastCertifiedStart: null })).toEqual({
      certified: true,
    });
  });

  it("both reasons: the later of the two dates; a bank too small for a certified attempt has none", () => {
    const level = items(46);
    const shownAt = new Map([
      ["q0", ago(29 * DAY)],
      ["q1", ago(20 * DAY)],
    ]);
    // The cooldown ends in 22 hours, q0 leaves the window in 24: the later one.
    const decision = decideCertification({ now, levelItems: level, shownAt, lastCertifiedStart: ago(2 * HOUR) });
    expect(decision).toEqual({
      certified: false,
      reasons: ["cooldown", "seen"],
      availableAt: new Date(now.getTime() + DAY),
    });
    // The other way round: the cooldown ends last.
    const soon = new Map([["q0", ago(SEEN_WINDOW_MS - 12 * HOUR)]]);
    expect(
      decideCertification({ now, levelItems: items(45), shownAt: soon, lastCertifiedStart: ago(2 * HOUR) }),
    ).toEqual({ certified: false, reasons: ["cooldown", "seen"], availableAt: new Date(now.getTime() + 22 * HOUR) });
    expect(decideCertification({ now, levelItems: items(44), shownAt: new Map(), lastCertifiedStart: null })).toEqual({
      certified: false,
      reasons: ["seen"],
      availableAt: null,
    });
  });
});

describe("drawItems", () => {
  const candidates = items(60).map((id) => ({ id }));
  const shownAt = new Map(
    items(60)
      .slice(0, 20)
      .map((id, i) => [id, ago((20 - i) * DAY)]),
  );

  it("a certified draw takes only unseen items, or none when too few", () => {
    const drawn = drawItems(candidates, shownAt, 40, true);
    expect(drawn).toHaveLength(40);
    expect(drawn?.every((c) => !shownAt.has(c.id))).toBe(true);
    expect(drawItems(candidates, shownAt, 41, true)).toBeNull();
  });

  it("a practice draw takes every unseen item first, then those seen longest ago", () => {
    const drawn = drawItems(candidates, shownAt, 45, false) ?? [];
    expect(drawn).toHaveLength(45);
    expect(new Set(drawn.map((c) => c.id)).size).toBe(45);
    expect(drawn.slice(0, 40).every((c) => !shownAt.has(c.id))).toBe(true);
    expect(drawn.slice(40).map((c) => c.id)).toEqual(["q0", "q1", "q2", "q3", "q4"]);
  });
});

describe("passesLevelTest", () => {
  it("passes at 60% of all questions, exactly", () => {
    expect(passesLevelTest(27, 45)).toBe(true);
    expect(passesLevelTest(26, 45)).toBe(false);
    expect(passesLevelTest(0, 0)).toBe(false);
  });
});

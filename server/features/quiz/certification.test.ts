import { describe, expect, it } from "vitest";
import {
  CERTIFIED_COOLDOWN_MS,
  decideCertification,
  drawItems,
  isPlausiblyPaced,
  KEY_REST_MS,
  keyExposureOf,
  minimumReadingSeconds,
  passesLevelTest,
  RESERVE_PER_LEVEL,
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

describe("keys revealed by practice reviews", () => {
  // A level like B1: 40 items of no concept, and 8 concepts of 18 items each (184 in all).
  const concepts = Array.from({ length: 8 }, (_, c) => `concept-${c}`);
  const bank = [
    ...items(40).map((id) => ({ id: `none-${id}`, level: "B1", concept: null, keyRevealedAt: null })),
    ...concepts.flatMap((concept) =>
      items(18).map((id) => ({ id: `${concept}-${id}`, level: "B1", concept, keyRevealedAt: null as Date | null })),
    ),
  ];

  it("reserves items of no concept and each concept's beyond 15, never more than RESERVE_PER_LEVEL", () => {
    const { reserved, revealedAt } = keyExposureOf(bank, now);
    expect(revealedAt.size).toBe(0);
    // 40 of no concept + 3 spare of each of 8 concepts = 64.
    expect(reserved.size).toBe(64);
    for (const concept of concepts)
      expect(bank.filter((i) => i.concept === concept && !reserved.has(i.id))).toHaveLength(15);
    const big = items(300).map((id) => ({ id, level: "C2", concept: null, keyRevealedAt: null }));
    expect(keyExposureOf(big, now).reserved.size).toBe(RESERVE_PER_LEVEL);
    // The same reserve on every call: no request can move it.
    expect([...keyExposureOf(bank, now).reserved]).toEqual([...reserved]);
  });

  it("keeps a reading text's questions out of the reserve (level tests never draw them) but knows when their keys were revealed", () => {
    const texts = items(30).map((id) => ({
      id: `text-${id}`,
      level: "B1",
      concept: "reading-detail",
      keyRevealedAt: id === "q0" ? ago(DAY) : null,
      testletId: `b1-text-${Number(id.slice(1)) % 6}`,
    }));
    const keys = keyExposureOf([...bank, ...texts], now);
    expect([...keys.reserved]).toEqual([...keyExposureOf(bank, now).reserved]);
    expect(keys.revealedAt.has("text-q0")).toBe(true);
  });

  it("a key revealed within the rest period leaves the reserve and counts as revealed; an older one does not", () => {
    const recent = bank.map((i) => (i.concept === null ? { ...i, keyRevealedAt: ago(DAY) } : i));
    const keys = keyExposureOf(recent, now);
    expect(keys.revealedAt.size).toBe(40);
    expect([...keys.reserved].some((id) => id.startsWith("none-"))).toBe(false);
    const old = bank.map((i) => ({ ...i, keyRevealedAt: ago(KEY_REST_MS + 1) }));
    expect(keyExposureOf(old, now).revealedAt.size).toBe(0);
  });

  it("a certified draw takes no revealed item and the reserve first; practice leaves the reserve last", () => {
    const keys = keyExposureOf(
      bank.map((i, n) => (n % 4 === 0 ? { ...i, keyRevealedAt: ago(DAY) } : i)),
      now,
    );
    const certified = drawItems(bank, new Map(), 45, true, keys) ?? [];
    expect(certified).toHaveLength(45);
    expect(certified.some((c) => keys.revealedAt.has(c.id))).toBe(false);
    const reservedFirst = Math.min(45, keys.reserved.size);
    expect(certified.slice(0, reservedFirst).every((c) => keys.reserved.has(c.id))).toBe(true);
    const practice = drawItems(bank, new Map(), bank.length - keys.reserved.size, false, keys) ?? [];
    expect(practice.some((c) => keys.reserved.has(c.id))).toBe(false);
    const all = drawItems(bank, new Map(), bank.length, false, keys) ?? [];
    expect(all.slice(-keys.reserved.size).every((c) => keys.reserved.has(c.id))).toBe(true);
  });

  it("too few unrevealed items: practice, for a reason that is nobody's own, until enough have rested", () => {
    const level = items(100);
    const revealedAt = new Map(level.slice(0, 60).map((id, i) => [id, ago((60 - i) * DAY)]));
    // 40 unrevealed: the fifth-oldest key (q4, revealed 56 days ago) must rest its year.
    expect(
      decideCertification({ now, levelItems: level, shownAt: new Map(), revealedAt, lastCertifiedStart: null }),
    ).toEqual({
      certified: false,
      reasons: ["revealed"],
      availableAt: new Date(ago(56 * DAY).getTime() + KEY_REST_MS),
    });
    // Enough unrevealed, but the student saw them: their own reason.
    const shownAt = new Map(level.slice(60).map((id) => [id, ago(DAY)]));
    expect(
      decideCertification({ now, levelItems: items(110), shownAt, revealedAt, lastCertifiedStart: null }),
    ).toMatchObject({ certified: false, reasons: ["seen"] });
  });
});

describe("reading time", () => {
  const item = { question: "She ___ to work by bus every day.", options: ["go", "goes", "going", "gone"] };

  it("a fast reader's pace: 400 words a minute and half a second to choose", () => {
    // 8 words in the stem (the blank is one) and 4 options.
    expect(minimumReadingSeconds(item)).toBeCloseTo(0.5 + 12 * 0.15, 6);
  });

  it("answers before the items could be read are implausible; scale 0 turns the floor off", () => {
    const test = Array.from({ length: 45 }, () => item);
    const needed = 45 * minimumReadingSeconds(item) * 1000;
    expect(isPlausiblyPaced(test, 1000)).toBe(false);
    expect(isPlausiblyPaced(test, needed - 1)).toBe(false);
    expect(isPlausiblyPaced(test, needed)).toBe(true);
    expect(isPlausiblyPaced([], 0)).toBe(true);
    expect(isPlausiblyPaced(test, 1000, 0)).toBe(true);
  });
});

describe("passesLevelTest", () => {
  it("passes at 60% of all questions, exactly", () => {
    expect(passesLevelTest(27, 45)).toBe(true);
    expect(passesLevelTest(26, 45)).toBe(false);
    expect(passesLevelTest(0, 0)).toBe(false);
  });
});

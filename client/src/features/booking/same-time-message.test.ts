import { describe, expect, it } from "vitest";
import { sameTimeMessage } from "./same-time-message.ts";

describe('what "Same time every week" says', () => {
  it("counts the lessons added and names every skipped week", () => {
    expect(sameTimeMessage({ added: 5, skipped: [], isShort: false, remaining: 0 })).toBe(
      "Added 5 lessons at the same time in the following weeks.",
    );
    expect(sameTimeMessage({ added: 5, skipped: ["2026-12-14"], isShort: false, remaining: 0 })).toBe(
      "Added 5 lessons at the same time in the following weeks. Skipped Dec 14: that time is taken.",
    );
    expect(
      sameTimeMessage({ added: 1, skipped: ["2026-12-28", "2027-01-04", "2027-01-11"], isShort: false, remaining: 0 }),
    ).toBe(
      "Added 1 lesson at the same time in the following weeks. Skipped Dec 28, Jan 4 and Jan 11: that time is taken.",
    );
  });

  it("says when the booking window ends first, or when nothing was free", () => {
    expect(sameTimeMessage({ added: 2, skipped: [], isShort: true, remaining: 3 })).toBe(
      "Added 2 lessons at the same time in the following weeks. 3 more to pick: the booking window ends before that.",
    );
    expect(sameTimeMessage({ added: 0, skipped: ["2026-12-14"], isShort: true, remaining: 5 })).toBe(
      "No more free lessons at that time in the following weeks. Skipped Dec 14: that time is taken.",
    );
  });
});

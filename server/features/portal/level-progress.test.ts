import { describe, expect, it } from "vitest";
import { estimateAbility } from "../quiz/placement/estimate.ts";
import { LABEL_DIFFICULTY } from "../quiz/placement/irt.ts";
import { glanceAt, movedUp, pointFromEstimate, pointFromTag, TAG_PRECISION, termStart } from "./level-progress.ts";

const may = new Date("2027-05-10T10:00:00Z");
const march = new Date("2027-03-01T10:00:00Z");

describe("one scale for every measurement", () => {
  it("puts a teacher's tag at its level's centre with a band-wide spread", () => {
    expect(pointFromTag(may, "B2", "speaking")).toEqual({
      date: may.toISOString(),
      source: "teacher",
      level: "B2",
      ability: LABEL_DIFFICULTY.B2,
      precision: 0.43,
      label: "speaking",
    });
    expect(TAG_PRECISION).toBeCloseTo(1.5 / Math.sqrt(12), 6);
  });

  it("keeps a placement's ability and standard error and names its level", () => {
    const point = pointFromEstimate(march, "placement", { theta: -0.72, standardError: 0.3 }, "Quick assessment");
    expect(point).toMatchObject({ level: "B1", ability: -0.72, precision: 0.3, source: "placement" });
  });

  it("places a fixed-level test from its answers: all right at B2 reads above a B1 placement", () => {
    const b2 = { difficulty: LABEL_DIFFICULTY.B2, discrimination: 1 };
    const allRight = estimateAbility(Array.from({ length: 45 }, () => ({ ...b2, correct: true })));
    const half = estimateAbility(
      Array.from({ length: 45 }, (_, i) => ({ ...b2, correct: i % 2 === 0 || i % 5 === 0 })),
    );
    const strong = pointFromEstimate(may, "level_test", allRight, "B2 test");
    const middling = pointFromEstimate(may, "level_test", half, "B2 test");
    expect(strong.ability).toBeGreaterThan(middling.ability);
    expect(["B2", "C1", "C2"]).toContain(strong.level);
  });

  it("reads B1 ± 0.3 then a B2 tag as progress, but not a B1 tag or a border reading", () => {
    const placed = pointFromEstimate(march, "placement", { theta: LABEL_DIFFICULTY.B1, standardError: 0.3 }, "Quick");
    expect(movedUp(placed, pointFromTag(may, "B2", "speaking"))).toBe(true);
    expect(movedUp(placed, pointFromTag(may, "B1", "speaking"))).toBe(false);
    // Just over the B1/B2 cut, with a wide error: a higher level, but within the noise.
    const border = pointFromEstimate(may, "placement", { theta: 0.05, standardError: 0.6 }, "Quick");
    expect(border.level).toBe("B2");
    expect(movedUp(placed, border)).toBe(false);
    // A step down is never a move up.
    expect(movedUp(pointFromTag(march, "B2", "reading"), placed)).toBe(false);
  });
});

describe("the teacher's glance", () => {
  it("counts terms of the Italian school year", () => {
    expect(termStart("2026-11-29")).toBe("2026-09-01");
    expect(termStart("2027-01-31")).toBe("2026-09-01");
    expect(termStart("2027-02-01")).toBe("2027-02-01");
    expect(termStart("2027-06-30")).toBe("2027-02-01");
    expect(termStart("2027-07-15")).toBe("2027-07-01");
  });

  const term = new Date("2027-02-01T00:00:00+01:00");
  const threeMonthsAgo = new Date("2027-02-10T00:00:00+01:00");

  it("finds a move up from the last reading before the term to the latest in it", () => {
    const before = pointFromEstimate(
      new Date("2026-12-01T10:00:00Z"),
      "placement",
      { theta: -0.8, standardError: 0.3 },
      "Quick",
    );
    const glance = glanceAt([pointFromTag(may, "B2", "speaking"), before], term, threeMonthsAgo);
    expect(glance.movedUp).toEqual({ from: "B1", to: "B2" });
    expect(glance.stale).toBe(false);
    expect(glance.latest?.level).toBe("B2");
  });

  it("says who has not been measured for three months, and who never was", () => {
    const old = pointFromTag(new Date("2026-10-01T10:00:00Z"), "A2", "grammar");
    expect(glanceAt([old], term, threeMonthsAgo)).toMatchObject({ stale: true, movedUp: null });
    expect(glanceAt([], term, threeMonthsAgo)).toEqual({ movedUp: null, latest: null, stale: true });
  });
});

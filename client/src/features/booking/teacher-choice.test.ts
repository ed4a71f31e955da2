import { describe, expect, it } from "vitest";
import { canContinueToSchedule, resolveTeacherChoice } from "./teacher-choice.ts";

const giulia = { id: "t1", name: "Giulia" };
const marco = { id: "t2", name: "Marco" };

describe("the teacher of the pricing step", () => {
  it("is the only teacher, chosen for the visitor, whatever was stored", () => {
    expect(resolveTeacherChoice([giulia], null)).toEqual({ teacher: giulia, mustChoose: false });
    expect(resolveTeacherChoice([giulia], marco)).toEqual({ teacher: giulia, mustChoose: false });
  });

  it("must be chosen among several: nothing chosen, Continue waits", () => {
    const choice = resolveTeacherChoice([giulia, marco], null);
    expect(choice).toEqual({ teacher: null, mustChoose: true });
    expect(canContinueToSchedule(true, true, choice)).toBe(false);
    expect(canContinueToSchedule(true, true, resolveTeacherChoice([giulia, marco], marco))).toBe(true);
  });

  it("forgets a stored teacher who is no longer listed", () => {
    expect(resolveTeacherChoice([giulia, marco], { id: "gone", name: "Old" })).toEqual({
      teacher: null,
      mustChoose: true,
    });
  });

  it("never continues without a package or before the teachers load", () => {
    const one = resolveTeacherChoice([giulia], null);
    expect(canContinueToSchedule(false, true, one)).toBe(false);
    expect(canContinueToSchedule(true, false, one)).toBe(false);
    expect(canContinueToSchedule(true, true, one)).toBe(true);
    // No teacher at all: nothing to choose, the server assigns one.
    expect(canContinueToSchedule(true, true, resolveTeacherChoice([], null))).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { choiceInAddress, firstWeekInput, scheduleAddress } from "./schedule-address.ts";

describe("the schedule's address", () => {
  it("carries the package and the teacher chosen, and reads them back", () => {
    const choice = { packageId: "standard-package", teacherId: "37345f01-8197-46bb-95df-21101821e6c3" };
    const address = scheduleAddress(choice);
    expect(address).toBe(`/book/schedule?package=standard-package&teacher=${choice.teacherId}`);
    expect(choiceInAddress(new URL(address, "http://x").search)).toEqual(choice);
  });

  it("carries a package alone when no teacher was chosen, and nothing without a package", () => {
    expect(scheduleAddress({ packageId: "single-lesson", teacherId: null })).toBe(
      "/book/schedule?package=single-lesson",
    );
    expect(choiceInAddress("?package=single-lesson")).toEqual({ packageId: "single-lesson", teacherId: null });
    expect(scheduleAddress(null)).toBe("/book/schedule");
    expect(choiceInAddress("")).toBeNull();
    expect(choiceInAddress("?teacher=abc")).toBeNull();
  });

  it("reads a malformed or oversized id as no choice at all", () => {
    expect(choiceInAddress("?package=%3Cscript%3E")).toBeNull();
    expect(choiceInAddress(`?package=${"x".repeat(101)}`)).toBeNull();
    expect(choiceInAddress("?package=single-lesson&teacher=a%20b")).toBeNull();
    expect(choiceInAddress("?package=")).toBeNull();
  });

  it("opens on the week of today in the teacher's zone, Sunday first", () => {
    // Saturday 23:30 in London is already Sunday in Milan: the next week.
    expect(firstWeekInput("t1", new Date("2026-11-28T23:30:00Z"))).toEqual({
      startDate: "2026-11-29",
      teacherId: "t1",
    });
    expect(firstWeekInput(null, new Date("2026-11-28T12:00:00Z"))).toEqual({
      startDate: "2026-11-22",
      teacherId: null,
    });
  });
});

import { describe, expect, it } from "vitest";
import { stampDutyCents } from "./stamp-duty.ts";

describe("stamp duty", () => {
  it.each([
    [0, 0],
    [7746, 0],
    [7747, 0], // 77.47 € exactly owes nothing: the law says "exceeding"
    [7748, 200], // 77.48 €
    [16000, 200],
  ])("on %i cents is %i cents", (total, duty) => {
    expect(stampDutyCents(total)).toBe(duty);
  });

  it("refuses an amount that is not whole cents", () => {
    expect(() => stampDutyCents(77.48)).toThrow(RangeError);
  });
});

import { describe, expect, expectTypeOf, it } from "vitest";
import { arrayOf, isBoolean, isNumber, isString, nullable, objectOf, oneOf, optional, type Shape } from "./shape.ts";

const isLesson = objectOf({
  id: isString((s) => s.length > 0),
  minutes: isNumber((n) => Number.isInteger(n) && n > 0),
  kind: oneOf(["online", "in-person"]),
  paid: isBoolean,
  note: optional(nullable(isString())),
  tags: optional(arrayOf(isString(), 1)),
});

describe("shape guards", () => {
  it("accept a value of the shape, optional fields absent or present", () => {
    expect(isLesson({ id: "a", minutes: 60, kind: "online", paid: false })).toBe(true);
    expect(isLesson({ id: "a", minutes: 60, kind: "in-person", paid: true, note: null, tags: ["x"] })).toBe(true);
  });

  it("refuse a wrong type, a failed check, a missing field or an unknown option", () => {
    const good = { id: "a", minutes: 60, kind: "online", paid: false };
    for (const bad of [
      null,
      [],
      "lesson",
      { ...good, id: "" },
      { ...good, minutes: 0 },
      { ...good, minutes: 1.5 },
      { ...good, minutes: Number.NaN },
      { ...good, minutes: "60" },
      { ...good, kind: "group" },
      { ...good, paid: "false" },
      { ...good, note: 3 },
      { ...good, tags: [] },
      { ...good, tags: [1] },
      { id: "a", minutes: 60, kind: "online" },
    ]) {
      expect(isLesson(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it("name the type they accept, with optional fields optional", () => {
    expectTypeOf<Shape<typeof isLesson>>().toEqualTypeOf<
      {
        id: string;
        minutes: number;
        kind: "online" | "in-person";
        paid: boolean;
      } & { note?: string | null | undefined; tags?: string[] | undefined }
    >();
  });
});

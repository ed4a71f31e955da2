import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import {
  cleanInput,
  INVALID_CHARACTER_MESSAGE,
  jsonNestsDeeperThan,
  MAX_JSON_DEPTH,
  parseJsonInput,
  TOO_DEEP_MESSAGE,
} from "./input-text.ts";

describe("input text", () => {
  it("returns clean input itself, emoji and accents included", () => {
    const input = { name: "Zoë 😀", tags: ["ok"], at: new Date(0), n: 1, nested: { x: null } };
    expect(cleanInput(input)).toBe(input);
  });

  it("replaces lone surrogates with U+FFFD in values and keys, at any depth, keeping real pairs", () => {
    const cleaned = cleanInput({ a: ["x\ud800y"], "k\udc00": { b: "😀\ud83d" }, d: new Date(5) });
    expect(cleaned).toEqual({ a: ["x\ufffdy"], "k\ufffd": { b: "😀\ufffd" }, d: new Date(5) });
  });

  it("refuses a NUL anywhere with the invalid-character message", () => {
    for (const input of ["a\u0000", { a: { b: ["\u0000"] } }, { "k\u0000": 1 }]) {
      expect(() => cleanInput(input)).toThrow(new AppError("BAD_REQUEST", INVALID_CHARACTER_MESSAGE));
    }
  });

  it("keeps a __proto__ key a plain own key when it rebuilds", () => {
    const cleaned = cleanInput(JSON.parse('{"__proto__": {"polluted": "\\ud800"}}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(cleaned)).toBe(Object.prototype);
    expect(Object.hasOwn(cleaned, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("parses JSON, cleaning only text whose escapes could need it", () => {
    expect(parseJsonInput('{"a":"\\ud800"}')).toEqual({ a: "\ufffd" });
    expect(parseJsonInput('{"a":"\\ud83d\\ude00"}')).toEqual({ a: "😀" });
    expect(() => parseJsonInput('["\\u0000"]')).toThrow(INVALID_CHARACTER_MESSAGE);
    expect(parseJsonInput('{"a":"\\\\u0000"}')).toEqual({ a: "\\u0000" }); // an escaped backslash, then text
    expect(() => parseJsonInput("{")).toThrow(SyntaxError);
  });

  it("measures nesting of arrays and objects, ignoring brackets inside strings", () => {
    const nest = (n: number) => `${"[".repeat(n)}1${"]".repeat(n)}`;
    expect(jsonNestsDeeperThan(nest(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nest(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":"${"[".repeat(500)}\\"{{{"}`)).toBe(false);
    expect(jsonNestsDeeperThan(`${'{"a":'.repeat(40)}1${"}".repeat(40)}`)).toBe(true);
  });

  it("refuses deep JSON before parsing it, with a message for a person", () => {
    const deep = `${"[".repeat(200_000)}${"]".repeat(200_000)}`;
    expect(() => parseJsonInput(deep)).toThrow(new AppError("BAD_REQUEST", TOO_DEEP_MESSAGE));
    expect(parseJsonInput('{"a":[{"b":[1]}]}')).toEqual({ a: [{ b: [1] }] });
  });
});

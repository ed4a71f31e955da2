import { describe, expect, it } from "vitest";
import { multiLineText, singleLineText, toMultiLine, toSingleLine } from "./text.ts";

describe("toSingleLine", () => {
  it("turns every kind of line break into one space", () => {
    expect(toSingleLine("Via Roma\r\n12")).toBe("Via Roma 12");
    expect(toSingleLine("Duomo\rEND:VEVENT\rBEGIN:VEVENT")).toBe("Duomo END:VEVENT BEGIN:VEVENT");
    expect(toSingleLine("a\n\n\nb")).toBe("a b");
    expect(toSingleLine("a\u2028b\u2029c\u0085d")).toBe("a b c d");
  });

  it("removes other C0 controls, DEL and C1 controls but keeps tab and ordinary text", () => {
    expect(toSingleLine("Gi\u0007ulia\u001b[31m\u007f\u009b")).toBe("Giulia[31m");
    expect(toSingleLine("a\tb")).toBe("a\tb");
    expect(toSingleLine("Caffè Müller — 東京 😀")).toBe("Caffè Müller — 東京 😀");
  });

  it("leaves no control character but tab for any input", () => {
    let all = "";
    for (let code = 0; code < 0xa0; code++) all += String.fromCharCode(code);
    const out = toSingleLine(`${all}\u2028\u2029`);
    const left = [...out]
      .map((ch) => ch.codePointAt(0) ?? 0)
      .filter((c) => c < 0x20 || (c >= 0x7f && c < 0xa0) || c === 0x2028 || c === 0x2029);
    expect(left).toEqual([0x09]);
    expect(out).toContain("\t");
  });
});

describe("toMultiLine", () => {
  it("keeps line breaks as LF only and removes other controls", () => {
    expect(toMultiLine("one\r\ntwo\rthree\nfour\u2028five")).toBe("one\ntwo\nthree\nfour\nfive");
    expect(toMultiLine("bell\u0007 esc\u001b del\u007f\ttab")).toBe("bell esc del\ttab");
  });
});

describe("schemas", () => {
  it("strips before trimming and measuring", () => {
    expect(singleLineText(10).parse("  \r\nMilano\r\n ")).toBe("Milano");
    expect(singleLineText(3).safeParse("a\u0000\u0000\u0000\u0000b").success).toBe(true);
    expect(singleLineText(5).min(1).safeParse("\r\n\u0007").success).toBe(false);
    expect(multiLineText(100).parse("Mon\r\nTue\r\n")).toBe("Mon\nTue");
  });
});

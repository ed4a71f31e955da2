import { describe, expect, it } from "vitest";
import { hasVisibleCharacter, multiLineText, personName, singleLineText, toMultiLine, toSingleLine } from "./text.ts";

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

describe("bidi controls and invisible characters (issue 27)", () => {
  it("removes every bidi control and zero-width separator from single and multi-line text", () => {
    const hidden =
      "\u061C\u200B\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\uFEFF\u180E";
    expect(toSingleLine(`Giu${hidden}lia`)).toBe("Giulia");
    expect(toMultiLine(`one${hidden}\ntwo`)).toBe("one\ntwo");
    expect(toSingleLine("Giulia \u202Erehcaet\u202C")).toBe("Giulia rehcaet");
  });

  it("keeps the joiners that emoji and scripts need", () => {
    const family = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}";
    expect(toSingleLine(family)).toBe(family);
    expect(toSingleLine("\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645")).toContain("\u200C");
  });

  it("tells a visible name from an invisible one", () => {
    for (const visible of ["Giulia", "李", "😀", "O'Brien", "Ł", "a\u3164"])
      expect(hasVisibleCharacter(visible), visible).toBe(true);
    for (const invisible of [
      "",
      " ",
      "\u200B",
      "\u3164",
      "\u115F\u1160",
      "\uFFA0",
      "\u2800",
      "\u200D\u200C",
      "\uFE0F",
      "\u034F",
      "\u00AD",
      "\u{E0041}",
    ])
      expect(hasVisibleCharacter(invisible), JSON.stringify(invisible)).toBe(false);
  });

  it("a person's name schema refuses invisible names with the field's message", () => {
    const schema = personName(120, "Name is required");
    expect(schema.parse("  Anna \u202EVerdi ")).toBe("Anna Verdi");
    const refused = schema.safeParse("\u3164\u200B");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("Name is required");
  });
});

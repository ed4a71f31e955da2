// Text a person typed, made safe for every place it travels: calendar files (where a bare CR or
// LF ends a property and can start a forged event), email headers and bodies, feeds and exports.
// Single-line fields (names, phones, locations, titles) keep no line break or control character
// at all; multi-line fields (messages, notes) keep LF line breaks and tabs only.
import { z } from "zod";

/** Line breaks of any kind: CRLF, CR, LF, NEL, and Unicode's line and paragraph separators. */
const LINE_BREAKS = /(?:\r\n|[\r\n\u0085\u2028\u2029])+/g;
/** C0 controls but tab, DEL and the C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS_BUT_LF = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/** One line: each run of line breaks becomes one space; other controls but tab are removed. */
export function toSingleLine(text: string): string {
  return text.replace(LINE_BREAKS, " ").replace(CONTROLS, "");
}

/** Several lines: every line break becomes LF; other controls but tab are removed. */
export function toMultiLine(text: string): string {
  return text.replace(/\r\n?|[\u0085\u2028\u2029]/g, "\n").replace(CONTROLS_BUT_LF, "");
}

/** A trimmed single-line text field of at most `max` characters. */
export const singleLineText = (max: number) => z.string().overwrite(toSingleLine).trim().max(max);

/** A trimmed multi-line text field of at most `max` characters. */
export const multiLineText = (max: number) => z.string().overwrite(toMultiLine).trim().max(max);

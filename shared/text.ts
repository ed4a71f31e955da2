// Text a person typed, made safe for every place it travels: calendar files (where a bare CR or
// LF ends a property and can start a forged event), email headers and bodies, feeds and exports.
// Single-line fields (names, phones, locations, titles) keep no line break or control character
// at all; multi-line fields (messages, notes) keep LF line breaks and tabs only. Neither keeps a
// bidirectional control: U+202E in a name turned "Giulia teacher" into what reads as another
// text in the teacher's email subject and calendar (the "Trojan Source" trick), and no field of
// this site needs to override the Unicode bidirectional algorithm. Zero-width spaces, word
// joiners and byte-order marks go too: they make two names that look alike differ.
import { z } from "zod";

/** Line breaks of any kind: CRLF, CR, LF, NEL, and Unicode's line and paragraph separators. */
const LINE_BREAKS = /(?:\r\n|[\r\n\u0085\u2028\u2029])+/g;
/** C0 controls but tab, DEL and the C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROLS_BUT_LF = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * Bidirectional marks, embeddings, overrides and isolates (ALM, LRM, RLM, LRE..RLO, LRI..PDI),
 * and invisible separators (zero-width space, Mongolian vowel separator, word joiner, invisible
 * operators, BOM). Zero-width (non-)joiners are kept: emoji sequences and Persian or Indic words
 * need them.
 */
const INVISIBLE_FORMATTING = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u200B\u180E\u2060-\u2064\uFEFF]/g;

/** One line: each run of line breaks becomes one space; other controls but tab are removed. */
export function toSingleLine(text: string): string {
  return text.replace(LINE_BREAKS, " ").replace(CONTROLS, "").replace(INVISIBLE_FORMATTING, "");
}

/** Several lines: every line break becomes LF; other controls but tab are removed. */
export function toMultiLine(text: string): string {
  return text
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, "\n")
    .replace(CONTROLS_BUT_LF, "")
    .replace(INVISIBLE_FORMATTING, "");
}

/**
 * Something a reader can see: a character that is not white space, not a control or format
 * character, not one Unicode says to draw as nothing (Default_Ignorable_Code_Point: the Hangul
 * fillers U+3164, U+115F, U+1160, U+FFA0, variation selectors, joiners) and not the blank
 * Braille pattern. A name of only such characters reads as no name at all.
 */
const VISIBLE = /[^\s\p{C}\p{Default_Ignorable_Code_Point}\u2800]/u;

export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE.test(text);
}

/** A trimmed single-line text field of at most `max` characters. */
export const singleLineText = (max: number) => z.string().overwrite(toSingleLine).trim().max(max);

/** A person's name: a single line of at most `max` characters with at least one visible character. */
export const personName = (max: number, message: string) =>
  singleLineText(max).min(1, message).refine(hasVisibleCharacter, message);

/** A trimmed multi-line text field of at most `max` characters. */
export const multiLineText = (max: number) => z.string().overwrite(toMultiLine).trim().max(max);

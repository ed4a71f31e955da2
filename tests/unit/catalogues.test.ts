// Issue 29, item 5: nothing left untranslated. Every language's catalogues hold the same keys with
// the same placeholders and compile; every key is used somewhere; the components that are
// translated take every word a person reads from the catalogues (JSX text and the labels of
// assistive technology), so an English sentence typed into one of them fails here.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { SINGLE_LESSON_CANCEL_MESSAGE } from "../../shared/cancellation-policy.ts";
import {
  AFTER_HOURS_TEXT,
  SLOT_CONFLICT_MESSAGE,
  STUDENT_DETAILS_MESSAGES,
  WEEKLY_EMPTY_MESSAGE,
} from "../../shared/constants.ts";
import { compileCatalogue } from "../../shared/i18n/compile.ts";
import { LOCALES } from "../../shared/i18n/locales.ts";
import { AREAS } from "../../shared/i18n/messages.ts";

const root = path.resolve(import.meta.dirname, "../..");
const messagesDir = path.join(root, "shared/i18n/messages");
const read = (locale: string, area: string) =>
  JSON.parse(readFileSync(path.join(messagesDir, locale, `${area}.json`), "utf8")) as Record<string, string>;

/** The placeholders of a message (`{count}`, `{n, plural, ...}`), sorted. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: ReturnType<typeof compileMessageOrThrow>) => {
    for (const token of tokens) {
      if (typeof token === "string") continue;
      names.add(token[0]);
      const choices = token[2];
      if (choices && typeof choices === "object") {
        for (const [key, value] of Object.entries(choices)) if (key !== "offset" && Array.isArray(value)) walk(value);
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

/** Whether a plural in the message gives `one` the very same words as `other` ("1 lessons"). */
function hasCopiedSingular(tokens: ReturnType<typeof compileMessageOrThrow>): boolean {
  return tokens.some((token) => {
    if (typeof token === "string") return false;
    const choices = token[2];
    if (!choices || typeof choices !== "object") return false;
    const branches = Object.entries(choices).filter(([key, value]) => key !== "offset" && Array.isArray(value));
    const one = token[1] === "plural" ? (choices as Record<string, unknown>).one : undefined;
    const other = (choices as Record<string, unknown>).other;
    if (one !== undefined && JSON.stringify(one) === JSON.stringify(other)) return true;
    return branches.some(([, value]) => hasCopiedSingular(value as ReturnType<typeof compileMessageOrThrow>));
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "node_modules" || name === "generated" ? [] : sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe("message catalogues", () => {
  it("has one file per language and area, and no other", () => {
    for (const locale of LOCALES) {
      expect(readdirSync(path.join(messagesDir, locale)).sort()).toEqual(AREAS.map((a) => `${a}.json`).sort());
    }
    expect(readdirSync(messagesDir).sort()).toEqual([...LOCALES].sort());
  });

  it.each(AREAS)("%s: every language holds the keys of English, with the same placeholders, and compiles", (area) => {
    const english = read("en", area);
    for (const locale of LOCALES) {
      const messages = read(locale, area);
      expect(Object.keys(messages).sort(), `${locale}/${area}.json keys`).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(messages)) {
        expect(message.trim(), `${locale} ${key} is empty`).not.toBe("");
        expect(placeholders(message), `${locale} ${key} placeholders`).toEqual(placeholders(english[key]));
        expect(key.startsWith(`${area}.`), `${key} belongs to ${area}`).toBe(true);
      }
      expect(() => compileCatalogue(messages)).not.toThrow();
    }
  });

  it("has no key the code never names", () => {
    const code = ["client/src", "server", "shared"]
      .flatMap((dir) => sourceFiles(path.join(root, dir)))
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    // The errors area is also looked up by its English sentences (server/i18n.ts, translateSentence):
    // a sentence the code writes out uses its key.
    const isUsed = (area: string, key: string, english: string) =>
      code.includes(`"${key}"`) || (area === "errors" && !english.includes("{") && code.includes(english));
    const unused = AREAS.flatMap((area) =>
      Object.entries(read("en", area))
        .filter(([key, english]) => !isUsed(area, key, english))
        .map(([key]) => key),
    );
    expect(unused).toEqual([]);
  });

  it("keeps the specification's English where a catalogue restates it", () => {
    expect(read("en", "landing")["landing.contact.afterHours"]).toBe(AFTER_HOURS_TEXT);
    expect(read("en", "portal")["portal.contact.afterHours"]).toBe(AFTER_HOURS_TEXT);
    expect(read("en", "admin")["admin.single.conflict"]).toBe(SLOT_CONFLICT_MESSAGE);
    expect(read("en", "admin")["admin.weekly.empty"]).toBe(WEEKLY_EMPTY_MESSAGE);
    const packages = read("en", "booking-packages");
    expect(packages["booking-packages.pricing.unavailable.afterHours"]).toBe(AFTER_HOURS_TEXT);
    expect(packages["booking-packages.policy.single"]).toBe(SINGLE_LESSON_CANCEL_MESSAGE);
    const details = read("en", "booking-details");
    expect(details["booking-details.error.studentName"]).toBe(STUDENT_DETAILS_MESSAGES.student_name);
    expect(details["booking-details.error.guardianPhone"]).toBe(STUDENT_DETAILS_MESSAGES.guardian_phone);
    expect(details["booking-details.error.englishLevel"]).toBe(STUDENT_DETAILS_MESSAGES.english_level);
    expect(details["booking-details.error.lessonFocus"]).toBe(STUDENT_DETAILS_MESSAGES.lesson_focus);
    expect(details["booking-details.error.preferredLocation"]).toBe(STUDENT_DETAILS_MESSAGES.preferred_location);
    expect(details["booking-details.error.noSlots"]).toBe(STUDENT_DETAILS_MESSAGES.noSlots);
  });

  it("says one in the singular in English: no plural's `one` branch is a copy of its `other` branch", () => {
    // admin.students.cardLine once read "1 lessons · joined …": its `one` branch said "# lessons".
    // (Italian is left out: some of its nouns do not change, "1 quiz", "2 quiz".)
    const copied = AREAS.flatMap((area) =>
      Object.entries(read("en", area))
        .filter(([, message]) => hasCopiedSingular(compileMessageOrThrow(message)))
        .map(([key]) => key),
    );
    expect(copied).toEqual([]);
    expect(read("en", "admin")["admin.students.cardLine"]).toMatch(/one \{# lesson\} other \{# lessons\}/);
    expect(read("it", "admin")["admin.students.cardLine"]).toMatch(/one \{# lezione\} other \{# lezioni\}/);
  });

  it("writes the Italian apostrophe one way: the straight ', never the typographic ’", () => {
    const curly = AREAS.flatMap((area) =>
      Object.entries(read("it", area))
        .filter(([, message]) => message.includes("\u2019"))
        .map(([key]) => key),
    );
    expect(curly).toEqual([]);
  });

  it("names the teacher in Italian without a gender, except where Giulia speaks for herself (the home page)", () => {
    // Several teachers can teach here (the booking step lets a visitor choose one), so "la tua
    // insegnante" would be wrong for some of them; "l'insegnante" hides the gender.
    const gendered = AREAS.filter((area) => area !== "landing").flatMap((area) =>
      Object.entries(read("it", area))
        .filter(([, message]) => /\btu[ao] insegnante\b/i.test(message))
        .map(([key]) => key),
    );
    expect(gendered).toEqual([]);
  });
});

/** The components whose words all come from the catalogues: every one (issue 29). */
const TRANSLATED = [
  // The public site.
  "client/src/features/landing",
  "client/src/routes/landing.tsx",
  "client/src/components/site-logo.tsx",
  "client/src/components/language-switch.tsx",
  // The shared building blocks of every app page.
  "client/src/components/ui",

  // The booking flow.
  "client/src/routes/book",
  "client/src/features/booking",
  "client/src/lib/strong-value.tsx",

  // The student portal.
  "client/src/routes/student",
  "client/src/features/portal",
  "client/src/features/calendar/calendar-feed-card.tsx",
  "client/src/features/orders/payment-status.tsx",
  "client/src/features/billing",
  "client/src/routes/privacy.tsx",

  // The quiz area.
  "client/src/routes/quiz",
  "client/src/features/quiz",

  // The admin area.
  "client/src/routes/admin",
  "client/src/features/admin",

  // Every other component.
  "client/src/components",
  "client/src/features/auth",
  "client/src/features/calendar",
  "client/src/features/orders",
  "client/src/routes",
];
/** Attributes a person reads or hears. */
const READ_ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt", "label", "eyebrow"]);

/** The words a component's source writes itself: JSX text and read attributes given as string literals. */
function typedWords(text: string): string[] {
  const source = ts.createSourceFile("component.tsx", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}{2,}/u.test(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const value = node.initializer;
      // A web address is no word of a language (a placeholder "https://").
      if (ts.isStringLiteral(value) && /\p{L}{2,}/u.test(value.text) && !/^https?:\/\//.test(value.text))
        found.push(`${node.name.getText()}="${value.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("translated components", () => {
  const files = TRANSLATED.flatMap((entry) => {
    const full = path.join(root, entry);
    return statSync(full).isDirectory() ? sourceFiles(full).filter((f) => f.endsWith(".tsx")) : [full];
  });

  it.each(files.map((file) => [path.relative(root, file), file]))("%s writes no words of its own", (_name, file) => {
    expect(typedWords(readFileSync(file, "utf8"))).toEqual([]);
  });

  it("would catch a sentence or a label typed into a component, not a message or a symbol", () => {
    const component = `<nav aria-label="Main" title={t("landing.nav.label")}><p eyebrow="About">Book now {t("x")} · 2</p><input placeholder="https://" /></nav>`;
    expect(typedWords(component)).toEqual(['aria-label="Main"', 'eyebrow="About"', "Book now"]);
  });
});

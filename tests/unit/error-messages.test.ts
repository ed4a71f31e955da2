// Issue 29: a refusal reads in the language of the page that asked. The server's error texts are
// the English sentences the specification and the code name (AppError's `message`, the schemas'
// messages); the errors catalogue holds each with its Italian (server/i18n.ts, translateSentence).
// This suite proves that every sentence the server can refuse with is in the catalogue, found two
// ways: the message constants the modules export, and the string literals written where an error is
// made (an AppError, a schema's message, an error reply).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { isCataloguedSentence, translateSentence } from "../../server/i18n.ts";

const root = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "generated" || name === "i18n" ? [] : sourceFiles(file);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [file] : [];
  });
}

/** The modules whose exported `…MESSAGE…`, `…NOT_FOUND` and `REQUIRED_FIELDS` constants are error texts. */
const MESSAGE_MODULES = [
  "shared/constants.ts",
  "shared/quiz-catalog.ts",
  "shared/cancellation-policy.ts",
  "server/errors.ts",
  "server/http/input-text.ts",
  "server/features/admin/admin.service.ts",
  "server/features/admin/admin.data.ts",
  "server/features/admin/question-bank.service.ts",
  "server/features/admin/payments.service.ts",
  "server/features/credits/credits.service.ts",
  "server/features/credits/credits.schemas.ts",
  "server/features/billing/money-view.schemas.ts",
  "server/features/auth/account.service.ts",
  "server/features/auth/roles.ts",
  "server/features/booking/referral.service.ts",
  "server/features/booking/lesson-move.service.ts",
  "server/features/booking/booking.data.ts",
  "server/features/booking/booking.schemas.ts",
  "server/features/files/files.service.ts",
  "server/features/calendar/calendar-feed.service.ts",
  "server/http/stripe-webhook.http.ts",
  "server/features/termly-report/termly-report.schemas.ts",
];

/** Not refusals: texts the pages show in their own words, or that wait for their own screen's work. */
const NOT_ERROR_CONSTANTS = new Set(["GREETING_MESSAGE", "AUTH_ERROR_MESSAGES", "AUTH_ERROR_TITLE"]);

async function exportedMessages(): Promise<string[]> {
  const found: string[] = [];
  for (const file of MESSAGE_MODULES) {
    const module = (await import(path.join(root, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (!/MESSAGE|NOT_FOUND|^REQUIRED_FIELDS$/.test(name) || NOT_ERROR_CONSTANTS.has(name)) continue;
      if (typeof value === "string") found.push(value);
      else if (value && typeof value === "object") {
        for (const item of Object.values(value)) if (typeof item === "string") found.push(item);
      }
    }
  }
  return found;
}

/** zod's methods whose string argument (or options' `message`/`error`) is the message of the check. */
const ZOD_CHECKS = new Set([
  "min",
  "max",
  "length",
  "regex",
  "email",
  "url",
  "refine",
  "int",
  "positive",
  "nonnegative",
  "addIssue",
]);

/** A call of one of zod's checks or builders: `.min(1, "…")`, `z.enum([...], { message })`. */
const isZodCall = (call: ts.CallExpression) =>
  ts.isPropertyAccessExpression(call.expression) &&
  (ZOD_CHECKS.has(call.expression.name.text) || call.expression.expression.getText() === "z");

/** Start-up and internal texts a person never reads: the operator's configuration, a provider's answers. */
const NOT_READ_BY_PEOPLE = new Set([
  "server/env.ts",
  "server/features/auth/oidc.service.ts",
  "server/features/quiz/quiz-ai.service.ts",
]);

/** Where a literal is an error text: the message of an AppError, a schema's check, an error reply. */
function isErrorPlace(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral): boolean {
  const parent = node.parent;
  if (ts.isNewExpression(parent) && parent.expression.getText() === "AppError") return parent.arguments?.[1] === node;
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression;
    if (callee.getText() === "translateSentence") return true;
    return isZodCall(parent) && parent.arguments[0] !== node;
  }
  // `{ message: "…" }` given to a zod check, or the `error` of a refusal sent as it is.
  if (ts.isPropertyAssignment(parent) && parent.initializer === node) {
    const name = parent.name.getText();
    const call = parent.parent.parent;
    if (name === "message" || name === "error") {
      return ts.isCallExpression(call) && (isZodCall(call) || call.expression.getText().endsWith(".send"));
    }
  }
  return false;
}

function literalErrorTexts(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && /\p{L}{2,} /u.test(node.text)) {
      if (isErrorPlace(node)) found.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the server's error texts", () => {
  it("has every exported message constant in the errors catalogue", async () => {
    const messages = await exportedMessages();
    expect(messages.length).toBeGreaterThan(40);
    expect(messages.filter((text) => !isCataloguedSentence(text))).toEqual([]);
  });

  it("has every literal written where an error is made in the errors catalogue", () => {
    const files = ["server", "shared"]
      .flatMap((dir) => sourceFiles(path.join(root, dir)))
      .filter((file) => !NOT_READ_BY_PEOPLE.has(path.relative(root, file)));
    const texts = files.flatMap((file) =>
      literalErrorTexts(file).map((text) => ({ file: path.relative(root, file), text })),
    );
    expect(texts.length).toBeGreaterThan(60);
    expect(texts.filter(({ text }) => !isCataloguedSentence(text))).toEqual([]);
  }, 30_000);

  it("finds an error literal the catalogue lacks", () => {
    const file = path.join(root, "tests/unit/fixtures/uncatalogued-error.ts");
    expect(literalErrorTexts(file)).toEqual([
      "The teacher is on holiday this week.",
      "Pick a shorter name, please.",
      "Notes cannot be empty here.",
    ]);
    expect(isCataloguedSentence("The teacher is on holiday this week.")).toBe(false);
  });

  it("translates a catalogued sentence and leaves English and unknown text as they are", () => {
    expect(translateSentence("Booking not found.", "it")).toBe("Prenotazione non trovata.");
    expect(translateSentence("Booking not found.", "en")).toBe("Booking not found.");
    expect(translateSentence("Not a sentence we know.", "it")).toBe("Not a sentence we know.");
  });
});

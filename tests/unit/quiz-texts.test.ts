// The quiz area's English catalogue restates the specification's words (shared/quiz-catalog.ts,
// shared/quiz-scoring.ts) and the server's titles word for word, so translating the pages changed
// no English; the Italian is composed from the same pieces.
import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { compileCatalogue } from "../../shared/i18n/compile.ts";
import type { Locale } from "../../shared/i18n/locales.ts";
import en from "../../shared/i18n/messages/en/quiz.json" with { type: "json" };
import it_ from "../../shared/i18n/messages/it/quiz.json" with { type: "json" };
import type { MessageKey, MessageValues, Translate } from "../../shared/i18n/messages.ts";
import {
  ASSESSMENT_SCALE,
  CONCEPT_CATALOG,
  CONCEPT_SLUGS,
  GENERAL_ASSESSMENTS,
  LEVEL_CATALOG,
  QUIZ_LEVELS,
  QUIZ_MESSAGES,
} from "../../shared/quiz-catalog.ts";
import { generalBand } from "../../shared/quiz-scoring.ts";
import {
  CONCEPT_TEXT_KEYS,
  conceptLabel,
  LEVEL_TEXT_KEYS,
  levelLabel,
  quizTitle,
  scaleName,
} from "../../shared/quiz-texts.ts";

function translator(locale: Locale): Translate {
  const messages = compileCatalogue(locale === "en" ? en : it_);
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (key: MessageKey, values?: MessageValues) => i18n._(key, values);
}
const t = translator("en");
const tIt = translator("it");

describe("the English catalogue restates the quiz catalogue", () => {
  it.each(QUIZ_LEVELS)("%s: name, description and skills", (level) => {
    const keys = LEVEL_TEXT_KEYS[level];
    expect(t(keys.name)).toBe(LEVEL_CATALOG[level].name);
    expect(t(keys.description)).toBe(LEVEL_CATALOG[level].description);
    expect(keys.skills.map((key) => t(key))).toEqual(LEVEL_CATALOG[level].skills);
    expect(levelLabel(t, level)).toBe(`${level} ${LEVEL_CATALOG[level].name}`);
  });

  it.each(CONCEPT_SLUGS)("%s: name and description", (slug) => {
    expect(conceptLabel(t, slug)).toBe(CONCEPT_CATALOG[slug].name);
    expect(t(CONCEPT_TEXT_KEYS[slug].description)).toBe(CONCEPT_CATALOG[slug].description);
  });

  it("names the general scale as §9 does", () => {
    expect(ASSESSMENT_SCALE.map((name) => scaleName(t, name))).toEqual([...ASSESSMENT_SCALE]);
    expect(scaleName(t, "Unknown")).toBeNull();
  });

  it("keeps §8's messages and §9's bands word for word", () => {
    expect(t("quiz.message.failedToLoadQuiz")).toBe(QUIZ_MESSAGES.failedToLoadQuiz);
    expect(t("quiz.message.quizNotFound")).toBe(QUIZ_MESSAGES.quizNotFound);
    expect(t("quiz.message.invalidConcept")).toBe(QUIZ_MESSAGES.invalidConcept);
    expect(t("quiz.message.invalidLevel")).toBe(QUIZ_MESSAGES.invalidLevel);
    expect(t("quiz.message.notEnoughForConceptAtLevel", { level: "B2", concept: "Articles" })).toBe(
      QUIZ_MESSAGES.notEnoughForConceptAtLevel("b2", "Articles"),
    );
    expect(t("quiz.message.notEnoughForLevelWithConcept", { level: "C1", concept: "Articles" })).toBe(
      QUIZ_MESSAGES.notEnoughForLevelWithConcept("Articles", "c1"),
    );
    const keys = {
      excellent: "excellent",
      good: "good",
      "not-bad": "notBad",
      "keep-practicing": "keepPracticing",
      encouragement: "encouragement",
    } as const;
    const seen = new Set<string>();
    for (let percent = 0; percent <= 100; percent++) {
      const band = generalBand(percent);
      seen.add(band.band);
      expect(t(`quiz.band.${keys[band.band]}.title` as MessageKey)).toBe(band.title);
      expect(t(`quiz.band.${keys[band.band]}.message` as MessageKey)).toBe(band.message);
    }
    expect(seen.size).toBe(5);
  });
});

describe("test titles", () => {
  it("are the server's English titles (question-plans.service.ts, placement.service.ts)", () => {
    expect(quizTitle(t, { quizType: "level", quizLevel: "b1" })).toBe("B1 Intermediate Test");
    expect(quizTitle(t, { quizType: "level", quizLevel: "A2", quizConcept: "articles" })).toBe(
      "A2 Elementary Test: Articles",
    );
    expect(quizTitle(t, { quizType: "concept", quizLevel: "mixed", quizConcept: "phrasal-verbs" })).toBe(
      "Phrasal Verbs Test (Mixed Levels)",
    );
    expect(quizTitle(t, { quizType: "concept", quizLevel: "b2", quizConcept: "articles" })).toBe("Articles Test (B2)");
    expect(quizTitle(t, { quizType: "general", variant: "quick" })).toBe(GENERAL_ASSESSMENTS.quick.title);
    expect(quizTitle(t, { quizType: "general", variant: "comprehensive" })).toBe(
      GENERAL_ASSESSMENTS.comprehensive.title,
    );
    expect(quizTitle(t, { quizType: "ai" })).toBe("Your Personalized Test");
    expect(quizTitle(t, { quizType: "general", variant: "unknown" })).toBeNull();
  });

  it("are composed in Italian from the same pieces", () => {
    expect(quizTitle(tIt, { quizType: "level", quizLevel: "B2" })).toBe("Test B2 Intermedio superiore");
    expect(quizTitle(tIt, { quizType: "concept", quizLevel: "mixed", quizConcept: "articles" })).toBe(
      "Test a livelli misti: Articoli",
    );
    expect(quizTitle(tIt, { quizType: "general", variant: "quick" })).toBe("Valutazione rapida");
  });

  it("plurals: one and many in each language", () => {
    expect(t("quiz.hub.level.minutes", { count: 1 })).toBe("1 minute");
    expect(t("quiz.hub.level.minutes", { count: 45 })).toBe("45 minutes");
    expect(tIt("quiz.hub.level.minutes", { count: 1 })).toBe("1 minuto");
    expect(tIt("quiz.results.answeredHint", { count: 1 })).toBe("1 risposta data");
    expect(tIt("quiz.results.answeredHint", { count: 12 })).toBe("12 risposte date");
    expect(t("quiz.results.answeredHint", { count: 12 })).toBe("12 answered");
  });
});

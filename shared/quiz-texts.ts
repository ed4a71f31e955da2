// The quiz catalogue's words in the reader's language (issue 29): the levels, concepts and scale of
// quiz-catalog.ts, and the tests' titles, composed from what a test is rather than from the English
// title the server stored. Shared by the pages and the certificates the server writes. The keys are
// spelled out (not built from the level or slug) so the catalogue test sees each one used.
import type { MessageKey, Translate } from "./i18n/messages.ts";
import { type ASSESSMENT_SCALE, type ConceptSlug, isConceptSlug, isQuizLevel, type QuizLevel } from "./quiz-catalog.ts";

export const LEVEL_TEXT_KEYS: Record<QuizLevel, { name: MessageKey; description: MessageKey; skills: MessageKey[] }> = {
  A1: {
    name: "quiz.level.A1.name",
    description: "quiz.level.A1.description",
    skills: [
      "quiz.level.A1.skill1",
      "quiz.level.A1.skill2",
      "quiz.level.A1.skill3",
      "quiz.level.A1.skill4",
      "quiz.level.A1.skill5",
    ],
  },
  A2: {
    name: "quiz.level.A2.name",
    description: "quiz.level.A2.description",
    skills: [
      "quiz.level.A2.skill1",
      "quiz.level.A2.skill2",
      "quiz.level.A2.skill3",
      "quiz.level.A2.skill4",
      "quiz.level.A2.skill5",
    ],
  },
  B1: {
    name: "quiz.level.B1.name",
    description: "quiz.level.B1.description",
    skills: [
      "quiz.level.B1.skill1",
      "quiz.level.B1.skill2",
      "quiz.level.B1.skill3",
      "quiz.level.B1.skill4",
      "quiz.level.B1.skill5",
    ],
  },
  B2: {
    name: "quiz.level.B2.name",
    description: "quiz.level.B2.description",
    skills: [
      "quiz.level.B2.skill1",
      "quiz.level.B2.skill2",
      "quiz.level.B2.skill3",
      "quiz.level.B2.skill4",
      "quiz.level.B2.skill5",
    ],
  },
  C1: {
    name: "quiz.level.C1.name",
    description: "quiz.level.C1.description",
    skills: [
      "quiz.level.C1.skill1",
      "quiz.level.C1.skill2",
      "quiz.level.C1.skill3",
      "quiz.level.C1.skill4",
      "quiz.level.C1.skill5",
    ],
  },
  C2: {
    name: "quiz.level.C2.name",
    description: "quiz.level.C2.description",
    skills: [
      "quiz.level.C2.skill1",
      "quiz.level.C2.skill2",
      "quiz.level.C2.skill3",
      "quiz.level.C2.skill4",
      "quiz.level.C2.skill5",
    ],
  },
};

export const CONCEPT_TEXT_KEYS: Record<ConceptSlug, { name: MessageKey; description: MessageKey }> = {
  "present-simple": { name: "quiz.concept.presentSimple.name", description: "quiz.concept.presentSimple.description" },
  conditionals: { name: "quiz.concept.conditionals.name", description: "quiz.concept.conditionals.description" },
  "past-simple": { name: "quiz.concept.pastSimple.name", description: "quiz.concept.pastSimple.description" },
  articles: { name: "quiz.concept.articles.name", description: "quiz.concept.articles.description" },
  "passive-voice": { name: "quiz.concept.passiveVoice.name", description: "quiz.concept.passiveVoice.description" },
  prepositions: { name: "quiz.concept.prepositions.name", description: "quiz.concept.prepositions.description" },
  "irregular-verbs": {
    name: "quiz.concept.irregularVerbs.name",
    description: "quiz.concept.irregularVerbs.description",
  },
  "past-participle": {
    name: "quiz.concept.pastParticiple.name",
    description: "quiz.concept.pastParticiple.description",
  },
  "phrasal-verbs": { name: "quiz.concept.phrasalVerbs.name", description: "quiz.concept.phrasalVerbs.description" },
};

/** §9's general scale (Foundation .. Expert), in the order of ASSESSMENT_SCALE. */
const SCALE_KEYS: Record<(typeof ASSESSMENT_SCALE)[number], MessageKey> = {
  Foundation: "quiz.scale.foundation",
  Elementary: "quiz.scale.elementary",
  Intermediate: "quiz.scale.intermediate",
  "Upper-Intermediate": "quiz.scale.upperIntermediate",
  Advanced: "quiz.scale.advanced",
  Expert: "quiz.scale.expert",
};

/** "Intermediate" · "Intermedio": a level's name in the catalogue. */
export const levelName = (t: Translate, level: QuizLevel) => t(LEVEL_TEXT_KEYS[level].name);

/** "B1 Intermediate" · "B1 Intermedio". */
export const levelLabel = (t: Translate, level: QuizLevel) =>
  t("quiz.level.label", { level, name: levelName(t, level) });

/** A concept's name, or the slug itself when it is not one of the catalogue's. */
export const conceptLabel = (t: Translate, slug: string | null | undefined) =>
  slug && isConceptSlug(slug) ? t(CONCEPT_TEXT_KEYS[slug].name) : (slug ?? "");

/** A name of the general scale ("Upper-Intermediate"), or null when it is not one. */
export function scaleName(t: Translate, name: string | null | undefined): string | null {
  return name && Object.hasOwn(SCALE_KEYS, name) ? t(SCALE_KEYS[name as keyof typeof SCALE_KEYS]) : null;
}

/** What a test is: its type, level (or "mixed"), concept, and the general assessment's variant. */
export type QuizIdentity = {
  quizType: string;
  quizLevel?: string | null;
  quizConcept?: string | null;
  variant?: string | null;
};

/**
 * A test's title, as the server writes it in English ("B1 Intermediate Test", "Articles Test (Mixed
 * Levels)", "Quick Assessment"), in the reader's language; null for a test it cannot name.
 */
export function quizTitle(t: Translate, quiz: QuizIdentity): string | null {
  const level = quiz.quizLevel?.toUpperCase() ?? "";
  const concept =
    quiz.quizConcept && isConceptSlug(quiz.quizConcept) ? t(CONCEPT_TEXT_KEYS[quiz.quizConcept].name) : null;
  if (quiz.quizType === "level" && isQuizLevel(level)) {
    const name = levelName(t, level);
    return concept ? t("quiz.title.levelConcept", { level, name, concept }) : t("quiz.title.level", { level, name });
  }
  if (quiz.quizType === "concept" && concept) {
    if (isQuizLevel(level)) return t("quiz.title.concept", { level, concept });
    return t("quiz.title.conceptMixed", { concept });
  }
  if (quiz.quizType === "general" && quiz.variant === "quick") return t("quiz.title.quick");
  if (quiz.quizType === "general" && quiz.variant === "comprehensive") return t("quiz.title.comprehensive");
  if (quiz.quizType === "ai") return t("quiz.title.personalized");
  return null;
}

/** The General Level Assessment a placement start is. */
type GeneralStart = { kind: "general"; type: "quick" | "comprehensive" };

/**
 * A placement start as the General Level Assessment it is: one name for each test inside (the
 * server's attempts and the page's titles alike). Typed by shape: shared/ does not import server/.
 */
export function asGeneralStart<T extends { kind: string; mode?: string }>(
  input: T,
): Exclude<T, { kind: "placement" }> | GeneralStart {
  if (input.kind !== "placement") return input as Exclude<T, { kind: "placement" }>;
  return { kind: "general", type: input.mode === "in-depth" ? "comprehensive" : "quick" };
}

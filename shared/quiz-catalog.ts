// The quiz area's static catalogue from the admin-and-quiz spec (§3, §9).

export const QUIZ_LEVELS = ["A1", "A2", "B1", "B2", "C1", "C2"] as const;
export type QuizLevel = (typeof QUIZ_LEVELS)[number];

const range = (from: QuizLevel, to: QuizLevel) => QUIZ_LEVELS.slice(QUIZ_LEVELS.indexOf(from), QUIZ_LEVELS.indexOf(to) + 1);

/** Each grammar concept and the levels it covers. Slugs are the lowercase hyphenated names. */
export const CONCEPT_LEVELS = {
  "present-simple": range("A1", "C1"),
  conditionals: range("B1", "C2"),
  "past-simple": range("A2", "C1"),
  articles: range("A1", "B2"),
  "passive-voice": range("B1", "C1"),
  prepositions: range("A2", "C1"),
  "irregular-verbs": range("A2", "B2"),
  "past-participle": range("B1", "C1"),
  "phrasal-verbs": range("B1", "C2"),
} as const satisfies Record<string, readonly QuizLevel[]>;
export type ConceptSlug = keyof typeof CONCEPT_LEVELS;

export const QUESTIONS_PER_CONCEPT_TEST = 15;
export const QUESTIONS_PER_LEVEL_TEST = 45;

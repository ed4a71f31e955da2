// The quiz area's static catalogue from the admin-and-quiz spec (§3, §9).

export const QUIZ_LEVELS = ["A1", "A2", "B1", "B2", "C1", "C2"] as const;
export type QuizLevel = (typeof QUIZ_LEVELS)[number];

/** A level's difficulty: 1 (A1) to 6 (C2), 0 for a level off the scale. */
export const levelDifficulty = (level: string) => QUIZ_LEVELS.indexOf(level as QuizLevel) + 1;

const range = (from: QuizLevel, to: QuizLevel) =>
  QUIZ_LEVELS.slice(QUIZ_LEVELS.indexOf(from), QUIZ_LEVELS.indexOf(to) + 1);

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

export const isQuizLevel = (value: string): value is QuizLevel => (QUIZ_LEVELS as readonly string[]).includes(value);
export const isConceptSlug = (value: string): value is ConceptSlug => Object.hasOwn(CONCEPT_LEVELS, value);

/** The hub's level catalogue (§3): name, description, minutes, question count, key skills. */
export const LEVEL_CATALOG: Record<
  QuizLevel,
  { name: string; description: string; minutes: number; questions: number; skills: string[] }
> = {
  A1: {
    name: "Beginner",
    description: "Basic everyday expressions and simple phrases",
    minutes: 45,
    questions: 45,
    skills: ["Personal information", "Present simple", "Basic vocabulary", "Numbers and time", "Family and body parts"],
  },
  A2: {
    name: "Elementary",
    description: "Simple conversations about familiar topics",
    minutes: 45,
    questions: 45,
    skills: ["Past simple", "Future forms", "Comparatives", "Modal verbs", "Hobbies and interests"],
  },
  B1: {
    name: "Intermediate",
    description: "Clear communication on familiar matters",
    minutes: 60,
    questions: 45,
    skills: ["Present perfect", "Conditionals", "Relative clauses", "Passive voice", "Expressing opinions"],
  },
  B2: {
    name: "Upper-Intermediate",
    description: "Complex texts and abstract topics",
    minutes: 70,
    questions: 45,
    skills: ["Advanced passive", "Complex grammar", "Inversion", "Academic language", "Critical analysis"],
  },
  C1: {
    name: "Advanced",
    description: "Fluent and spontaneous expression",
    minutes: 80,
    questions: 45,
    skills: [
      "Advanced connectors",
      "Sophisticated grammar",
      "Formal register",
      "Metaphorical language",
      "Academic discourse",
    ],
  },
  C2: {
    name: "Proficient",
    description: "Near-native understanding",
    minutes: 90,
    questions: 45,
    skills: [
      "Subtle distinctions",
      "Complex constructions",
      "Implicit meaning",
      "Effortless expression",
      "Cultural sophistication",
    ],
  },
};

/** Display names of the concepts, in the hub's order. */
export const CONCEPT_CATALOG: Record<ConceptSlug, { name: string; description: string }> = {
  "present-simple": { name: "Present Simple", description: "Habits, routines and general truths" },
  conditionals: { name: "Conditionals", description: "Real, unreal and mixed conditions" },
  "past-simple": { name: "Past Simple", description: "Finished actions and past narratives" },
  articles: { name: "Articles", description: "A, an, the, or no article at all" },
  "passive-voice": { name: "Passive Voice", description: "What is done, when the doer matters less" },
  prepositions: { name: "Prepositions", description: "Time, place, movement and fixed phrases" },
  "irregular-verbs": { name: "Irregular Verbs", description: "The forms that break the -ed rule" },
  "past-participle": { name: "Past Participle", description: "Perfect tenses, passives and participle clauses" },
  "phrasal-verbs": { name: "Phrasal Verbs", description: "Verb + particle combinations and their meanings" },
};
export const CONCEPT_SLUGS = Object.keys(CONCEPT_CATALOG) as ConceptSlug[];

/** §9: the general assessment's scale, A1..C2 in order (difficulty 1..6). */
export const ASSESSMENT_SCALE = [
  "Foundation",
  "Elementary",
  "Intermediate",
  "Upper-Intermediate",
  "Advanced",
  "Expert",
] as const;
export type AssessmentLevel = (typeof ASSESSMENT_SCALE)[number];

export const QUIZ_TYPES = ["ai", "concept", "level", "general"] as const;
export type QuizType = (typeof QUIZ_TYPES)[number];

export const GENERAL_ASSESSMENTS = {
  quick: { title: "Quick Assessment", questions: 15, seconds: 900 },
  comprehensive: { title: "In-Depth Assessment", questions: 40, seconds: 2400 },
} as const;
export type GeneralAssessmentType = keyof typeof GENERAL_ASSESSMENTS;
/** The in-depth assessment certifies a level only when it is at least this probable (docs/placement.md). */
export const PLACEMENT_CERTIFICATE_CONFIDENCE = 0.8;

export const DEFAULT_QUIZ_SECONDS = 900;
export const TIMER_WARNING_SECONDS = 300;
/** Level test with a concept: at least this many matching questions, else the not-enough message. */
export const MIN_LEVEL_CONCEPT_QUESTIONS = 3;
export const QUESTIONS_PER_LEVEL_CONCEPT = 15;
export const AI_QUIZ_QUESTIONS = 15;
export const AI_SAMPLE_DELAY_MS = 1500;
export const WEAK_AREA_PERCENT = 70;
/** Fewer questions than this on a skill, level or topic say too little to call it weak. */
export const WEAK_AREA_MIN_QUESTIONS = 4;
export const ESTIMATE_PASS_PERCENT = 60;
export const CONCEPT_REVIEW_REDIRECT_KEY = "conceptReviewRedirect";

/** §8 messages of the quiz area, word for word. */
export const QUIZ_MESSAGES = {
  failedToLoadQuiz: "Failed to load quiz. Please try again later.",
  failedToLoadQuestions: "Failed to load questions. Please try again later.",
  quizNotFound: "The quiz you're looking for doesn't exist.",
  invalidConcept: "Invalid concept selected.",
  invalidLevel: "Invalid level selected.",
  notEnoughForConceptAtLevel: (level: string, concept: string) =>
    `Not enough questions available for ${level.toUpperCase()} level of ${concept}. Try another level or 'Mixed'.`,
  notEnoughForLevelWithConcept: (concept: string, level: string) =>
    `Not enough questions available for ${concept} at ${level.toUpperCase()} level. Try another concept or 'Mixed'.`,
} as const;

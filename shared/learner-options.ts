// What the family's and the teacher's forms offer for a learner (issue 31): age groups, levels,
// and a report's skill tags. Apart from constants.ts, so the public pages' shared chunk does not
// carry the signed-in areas' lists.
import { ENGLISH_LEVELS } from "./constants.ts";

/** A learner's age group (issue 31): a family's child, teenager, or an adult (often the account holder). */
export const LEARNER_AGE_GROUPS = ["child", "teen", "adult"] as const;
export type LearnerAgeGroup = (typeof LEARNER_AGE_GROUPS)[number];
/** A learner's level: the booking form's three, or a CEFR level from a placement. */
export const LEARNER_LEVELS = [...ENGLISH_LEVELS, "A1", "A2", "B1", "B2", "C1", "C2"] as const;

/**
 * A report after each lesson (issue 31, item 2): skill tags carry a CEFR level, and the names the
 * form suggests (free text is welcome too: "past simple", "phrasal verbs").
 */
export const CEFR_LEVELS = ["A1", "A2", "B1", "B2", "C1", "C2"] as const;
export type CefrLevel = (typeof CEFR_LEVELS)[number];
export const REPORT_SKILL_SUGGESTIONS = [
  "speaking",
  "listening",
  "reading",
  "writing",
  "grammar",
  "vocabulary",
  "pronunciation",
  "past simple",
  "present perfect",
  "fluency",
  "present simple",
  "future forms",
  "conditionals",
  "phrasal verbs",
] as const;
export const REPORT_SKILLS_LIMIT = 12;

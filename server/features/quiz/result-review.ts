// What the review of a submitted attempt may show. A practice attempt's review shows every key and
// explanation, and those keys count as revealed to everyone (certification.ts). A certified
// attempt's review shows the questions and the student's own answers only: a key, an explanation
// or a right/wrong mark would tell whoever reads it (the student, or anyone they pass it to) the
// answers to items that go on certifying other students.
import type { ReviewEntry } from "../../../shared/quiz-scoring.ts";

export type ShownReviewEntry = Omit<ReviewEntry, "correctAnswer" | "isCorrect" | "explanation"> & {
  /** Null: withheld (a certified attempt). */
  correctAnswer: number | null;
  isCorrect: boolean | null;
  explanation: string | null;
};

export function reviewFor(attempt: { certified: boolean }, review: ReviewEntry[]): ShownReviewEntry[] {
  if (!attempt.certified) return review;
  return review.map((entry) => ({ ...entry, correctAnswer: null, isCorrect: null, explanation: null }));
}

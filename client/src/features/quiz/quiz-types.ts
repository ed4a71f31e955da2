import type { RouterOutputs } from "../../trpc.ts";

type Outputs = RouterOutputs["quiz"];
export type StartedQuiz = Outputs["start"];
export type QuizPreview = Outputs["preview"];
export type SubmittedQuiz = Outputs["submit"];
export type QuizResultDto = SubmittedQuiz["result"];
export type ReviewEntry = SubmittedQuiz["review"][number];
export type PublicQuestion = StartedQuiz["questions"][number];
/** A placement test's current set: which of how many, and where it starts in the whole test. */
export type QuizBlock = NonNullable<StartedQuiz["block"]>;

/** A quiz scored in the browser (the built-in sample, a quiz passed in navigation state). */
export type LocalQuestion = PublicQuestion & {
  correctAnswer: number;
  explanation: string;
  skill: string;
  level: string;
  concept: string | null;
  topic: string;
};
export type LocalQuiz = {
  id: string;
  title: string;
  topic: string;
  quizType: "ai";
  level: string | null;
  questions: LocalQuestion[];
};

/** What a results page receives in navigation state. */
export type ResultsState = {
  result: QuizResultDto;
  review: ReviewEntry[];
  /** Where Retry goes. */
  retryPath: string;
};

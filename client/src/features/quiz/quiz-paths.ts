// Where the quiz area's pages live (spec §2's routes).
export const QUIZ_HOME = "/student/quizzes";
export const GENERAL_RESULTS_PATH = "/quizzes/results";
export const CONCEPT_REVIEW_PATH = "/student/quizzes/concept-review";

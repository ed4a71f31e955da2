import type { LocalQuiz } from "./quiz-types.ts";

/** §2: the AI quiz route's built-in 3-question sample, shown after 1.5 s without a quiz in navigation state. */
export const SAMPLE_AI_QUIZ: LocalQuiz = {
  id: "sample",
  title: "Sample AI Quiz",
  topic: "Sample quiz",
  quizType: "ai",
  level: "B1",
  questions: [
    {
      id: "sample-1",
      question: "I ___ in Milan since 2019.",
      options: ["live", "am living", "have lived", "lived"],
      correctAnswer: 2,
      explanation:
        "'Since' + a point in time describes a situation that started in the past and continues now: present perfect, 'have lived' (or 'have been living').",
      skill: "grammar",
      level: "B1",
      concept: null,
      topic: "present perfect",
    },
    {
      id: "sample-2",
      question: "If it rains tomorrow, we ___ the picnic.",
      options: ["would cancel", "will cancel", "cancelled", "had cancelled"],
      correctAnswer: 1,
      explanation:
        "A real, possible future condition is the first conditional: if + present simple, will + infinitive.",
      skill: "grammar",
      level: "B1",
      concept: "conditionals",
      topic: "conditionals",
    },
    {
      id: "sample-3",
      question: "Could you ___ the children while I'm at the doctor's?",
      options: ["look after", "look for", "look up", "look into"],
      correctAnswer: 0,
      explanation:
        "'Look after' means to take care of someone. 'Look for' is to search, 'look up' is to find information, 'look into' is to investigate.",
      skill: "vocabulary",
      level: "B1",
      concept: "phrasal-verbs",
      topic: "phrasal verbs",
    },
  ],
};

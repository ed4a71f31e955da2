// The quiz area's spec paths as mappings onto the quiz router: /api/quiz-results/* (students only)
// and the public certificate verification.
import { type ProcedureRoute, route } from "./procedure-routes.ts";

export const quizProcedureRoutes: ProcedureRoute[] = [
  route("POST", "/api/quiz-results/save", "quiz.save", { input: ({ body }) => body }),
  route("GET", "/api/quiz-results/history", "quiz.history", { input: ({ query }) => query }),
  route("GET", "/api/quiz-results/stats", "quiz.stats"),
  // Public on purpose: anyone holding the code may check it; the answer names only the first
  // name and the last name's initial.
  route("GET", "/api/certificates/:code", "quiz.verifyCertificate", { input: ({ params }) => ({ code: params.code }) }),
];

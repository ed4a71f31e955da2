// The quiz area (lazy chunk): the same pages under /student/quizzes/* and /quizzes/*, both
// inside the student guard.

import { CertificatePage } from "../../features/quiz/certificate.tsx";
import { QuizHubPage } from "../../features/quiz/quiz-hub.tsx";
import { QuizMessage } from "../../features/quiz/quiz-message.tsx";
import {
  AiQuizPage,
  AiStateQuizPage,
  ConceptTestPage,
  GeneralAssessmentPage,
  LevelTestPage,
} from "../../features/quiz/quiz-pages.tsx";
import { ConceptResultsPage, GeneralResultsPage } from "../../features/quiz/results-pages.tsx";
import { useT } from "../../lib/i18n.tsx";
import { Route, Routes } from "../../lib/router.tsx";
import "../../private.css";

export function QuizHub() {
  return <QuizHubPage />;
}

export function QuizArea() {
  const t = useT();
  return (
    <Routes>
      <Route path="quiz/:testType" element={<LevelTestPage />} />
      <Route path="general" element={<GeneralAssessmentPage />} />
      <Route path="ai-quiz" element={<AiQuizPage />} />
      <Route path="ai-quiz/:quizId" element={<AiStateQuizPage />} />
      <Route path="concept/:concept" element={<ConceptTestPage />} />
      <Route path="results" element={<GeneralResultsPage />} />
      <Route path="review" element={<GeneralResultsPage />} />
      <Route path="concept-review" element={<ConceptResultsPage />} />
      <Route path="certificate/:resultId" element={<CertificatePage />} />
      <Route
        path="*"
        element={<QuizMessage title={t("quiz.message.quizNotFoundTitle")} message={t("quiz.message.quizNotFound")} />}
      />
    </Routes>
  );
}

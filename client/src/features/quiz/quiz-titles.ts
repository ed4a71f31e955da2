// A test's title and topic in the page's language. The server stores and sends them in English
// ("B1 Intermediate Test"); the page names the test again from what it is (shared/quiz-texts.ts),
// keeping the server's words for a test it cannot name (a quiz passed in navigation state).

import type { StartQuizInput } from "../../../../server/features/quiz/quiz.schemas.ts";
import type { Translate } from "../../../../shared/i18n/messages.ts";
import { isConceptSlug, isQuizLevel } from "../../../../shared/quiz-catalog.ts";
import {
  asGeneralStart,
  conceptLabel,
  levelLabel,
  type QuizIdentity,
  quizTitle,
} from "../../../../shared/quiz-texts.ts";
import type { QuizResultDto } from "./quiz-types.ts";

/** What the test a start input asks for is. */
export function identityOfInput(input: StartQuizInput): QuizIdentity {
  const start = asGeneralStart(input);
  switch (start.kind) {
    case "level":
      return {
        quizType: "level",
        quizLevel: start.level,
        quizConcept: start.concept === "mixed" ? null : start.concept,
      };
    case "concept":
      return { quizType: "concept", quizLevel: start.level ?? "mixed", quizConcept: start.concept };
    case "general":
      return { quizType: "general", variant: start.type ?? "comprehensive" };
    case "ai":
      return { quizType: "ai" };
  }
}

/** What a result's test was; null for one scored in the browser, whose title is its own. */
export function identityOfResult(result: QuizResultDto): QuizIdentity | null {
  if (!result.isVerified) return null;
  return {
    quizType: result.quizType,
    quizLevel: result.quizLevel,
    quizConcept: result.quizConcept,
    variant: result.metadata.assessmentType,
  };
}

export function localTitle(t: Translate, identity: QuizIdentity | null, serverTitle: string): string {
  return (identity && quizTitle(t, identity)) ?? serverTitle;
}

/** The line under a test's title on its start screen, as the server writes it (question-plans.service.ts). */
export function localTopic(t: Translate, identity: QuizIdentity, serverTopic: string): string {
  const level = identity.quizLevel?.toUpperCase() ?? "";
  if (identity.quizConcept && isConceptSlug(identity.quizConcept)) return conceptLabel(t, identity.quizConcept);
  if (identity.quizType === "level" && isQuizLevel(level)) return levelLabel(t, level);
  if (identity.quizType === "general") return t("quiz.topic.general");
  if (identity.quizType === "ai" && serverTopic.startsWith("Focus: "))
    return t("quiz.topic.focus", { areas: serverTopic.slice("Focus: ".length) });
  if (identity.quizType === "ai") return t("quiz.topic.personalized");
  return serverTopic;
}

import { useState } from "react";
import { formatPercent } from "../../../../shared/i18n/format.ts";
import type { Locale } from "../../../../shared/i18n/locales.ts";
import type { MessageKey, Translate } from "../../../../shared/i18n/messages.ts";
import {
  CONCEPT_LEVELS,
  ESTIMATE_PASS_PERCENT,
  isConceptSlug,
  isQuizLevel,
  QUIZ_LEVELS,
} from "../../../../shared/quiz-catalog.ts";
import { type Breakdown, findWeakAreas, judgeArea, percentOf } from "../../../../shared/quiz-scoring.ts";
import { conceptLabel, levelLabel, levelName } from "../../../../shared/quiz-texts.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { Link } from "../../lib/router.tsx";
import type { QuizResultDto, ReviewEntry } from "./quiz-types.ts";

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The skills the question bank tags its items with (prisma/data/quiz). */
const SKILL_KEYS: Record<string, MessageKey> = {
  grammar: "quiz.skill.grammar",
  vocabulary: "quiz.skill.vocabulary",
  reading: "quiz.skill.reading",
  "functional language": "quiz.skill.functionalLanguage",
};

/**
 * Readable names for breakdown keys: concept slugs, CEFR levels and the bank's skills in the
 * page's language; any other topic is the question bank's own word, in English like its questions.
 */
export function breakdownLabel(t: Translate, key: string) {
  if (isConceptSlug(key)) return conceptLabel(t, key);
  if (isQuizLevel(key)) return levelLabel(t, key);
  if (Object.hasOwn(SKILL_KEYS, key)) return t(SKILL_KEYS[key]);
  return capitalise(key);
}

const BAR_TONES = { weak: "bg-amber-500", fine: "bg-emerald-600", "too-few": "bg-slate-400" } as const;

export function BreakdownBars({
  title,
  breakdown,
  order,
}: {
  title: string;
  breakdown: Breakdown | undefined;
  order?: readonly string[];
}) {
  const t = useT();
  const locale = useLocale();
  if (!breakdown) return null;
  const keys = Object.keys(breakdown).sort((a, b) =>
    order
      ? order.indexOf(a) - order.indexOf(b)
      : percentOf(breakdown[a]) - percentOf(breakdown[b]) || a.localeCompare(b),
  );
  if (keys.length === 0) return null;
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <ul className="mt-4 space-y-4">
        {keys.map((key) => {
          const tally = breakdown[key];
          const pct = percentOf(tally);
          const verdict = judgeArea(tally);
          return (
            <li key={key}>
              <div className="flex items-center justify-between gap-3 text-sm">
                <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-800">
                  <span>{breakdownLabel(t, key)}</span>
                  {verdict === "weak" && (
                    <Badge tone="amber" className="whitespace-nowrap">
                      {t("quiz.results.weakArea")}
                    </Badge>
                  )}
                  {verdict === "too-few" && (
                    <span className="text-xs font-normal text-slate-500">{t("quiz.results.tooFewToJudge")}</span>
                  )}
                </span>
                <span className="shrink-0 tabular-nums text-slate-600">
                  {tally.correct}/{tally.total} ·{" "}
                  <span className="font-semibold text-slate-900">{formatPercent(locale, pct)}</span>
                </span>
              </div>
              <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <div
                  className={`h-full rounded-full ${BAR_TONES[verdict]}`}
                  style={{ width: `${Math.max(pct, 2)}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

type Recommendation = { key: string; text: string; to: string; action: string };

/** Concept tests for weak concepts at the student's level; a lesson focus to book for the rest. */
export function buildRecommendations(t: Translate, locale: Locale, result: QuizResultDto): Recommendation[] {
  const topics = findWeakAreas(result.metadata.topicBreakdown ?? {});
  // A level test's level, or the level a placement test measured.
  const levelGuess =
    result.quizLevel && isQuizLevel(result.quizLevel) ? result.quizLevel : (result.metadata.placement?.level ?? null);
  const recs: Recommendation[] = [];
  for (const { key, percent } of topics.slice(0, 4)) {
    const share = formatPercent(locale, percent);
    if (isConceptSlug(key)) {
      const covered = CONCEPT_LEVELS[key] as readonly string[];
      const level = levelGuess && covered.includes(levelGuess) ? levelGuess.toLowerCase() : "mixed";
      const concept = conceptLabel(t, key);
      recs.push({
        key,
        text: t("quiz.results.recConcept", { concept, percent: share }),
        to: `/quizzes/concept/${key}?level=${level}`,
        action: t("quiz.results.recConceptAction", { concept }),
      });
    } else {
      recs.push({
        key,
        text: t("quiz.results.recTopic", { topic: capitalise(key), percent: share }),
        to: "/book",
        action: t("quiz.results.recTopicAction"),
      });
    }
  }
  const failedLevel =
    result.quizType === "level" &&
    result.quizLevel &&
    isQuizLevel(result.quizLevel) &&
    result.percent < ESTIMATE_PASS_PERCENT
      ? result.quizLevel
      : null;
  if (recs.length === 0 && failedLevel) {
    // A level not reached is no time to suggest the next one, weak areas or not.
    recs.push({
      key: "again",
      text: t("quiz.results.recLevelAgain", { level: failedLevel }),
      to: `/student/quizzes/quiz/${failedLevel.toLowerCase()}`,
      action: t("quiz.hub.level.take", { level: failedLevel }),
    });
  }
  if (recs.length === 0) {
    const next = levelGuess ? QUIZ_LEVELS[Math.min(QUIZ_LEVELS.indexOf(levelGuess) + 1, QUIZ_LEVELS.length - 1)] : null;
    recs.push(
      next
        ? {
            key: "next",
            text: t("quiz.results.recNextLevel", { level: next, name: levelName(t, next) }),
            to: `/student/quizzes/quiz/${next.toLowerCase()}`,
            action: t("quiz.hub.level.take", { level: next }),
          }
        : {
            key: "next",
            text: t("quiz.results.recKeepUp"),
            to: "/student/quizzes/ai-quiz",
            action: t("quiz.hub.ai.start"),
          },
    );
  }
  return recs;
}

export function Recommendations({ result }: { result: QuizResultDto }) {
  const t = useT();
  const recs = buildRecommendations(t, useLocale(), result);
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-bold text-slate-900">{t("quiz.results.recommendations")}</h2>
      <ul className="mt-4 space-y-3">
        {recs.map((r) => (
          <li
            key={r.key}
            className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="text-sm text-slate-700">{r.text}</p>
            <Link to={r.to} className="shrink-0 text-sm font-semibold text-blue-900 underline-offset-4 hover:underline">
              {r.action} →
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

const LETTERS = ["A", "B", "C", "D"];

/** A certified attempt's review withholds keys, explanations and marks (server: result-review.ts). */
const isWithheld = (entry: ReviewEntry) => entry.correctAnswer === null;

function reviewBadge(entry: ReviewEntry) {
  if (entry.selectedAnswer === null) return { tone: "red", label: "quiz.review.notAnswered" } as const;
  if (entry.isCorrect === null) return { tone: "neutral", label: "quiz.review.answered" } as const;
  return entry.isCorrect
    ? ({ tone: "green", label: "quiz.review.correct" } as const)
    : ({ tone: "red", label: "quiz.review.incorrect" } as const);
}

export function QuestionReview({ review }: { review: ReviewEntry[] }) {
  const t = useT();
  const [showExplanations, setShowExplanations] = useState(false);
  const withheld = review.some(isWithheld);
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold text-slate-900">{t("quiz.review.title")}</h2>
        {!withheld && (
          <Button
            variant="outline"
            size="sm"
            aria-pressed={showExplanations}
            onClick={() => setShowExplanations((v) => !v)}
          >
            {t(showExplanations ? "quiz.review.hide" : "quiz.review.show")}
          </Button>
        )}
      </div>
      {withheld && <p className="mt-2 text-sm text-slate-600">{t("quiz.review.withheld")}</p>}
      <ol className="mt-4 space-y-4">
        {review.map((entry, i) => (
          <li
            key={entry.questionId}
            className={`rounded-xl border p-4 ${isWithheld(entry) ? "border-slate-200 bg-white" : entry.isCorrect ? "border-emerald-200 bg-emerald-50/40" : "border-red-200 bg-red-50/40"}`}
          >
            <div className="flex items-start justify-between gap-3">
              <p className="font-medium text-slate-900">
                <span className="mr-1 text-slate-500">{i + 1}.</span> {entry.question}
              </p>
              <Badge tone={reviewBadge(entry).tone}>{t(reviewBadge(entry).label)}</Badge>
            </div>
            <ul className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
              {entry.options.map((option, j) => {
                const isRight = j === entry.correctAnswer;
                const isChosen = j === entry.selectedAnswer;
                return (
                  <li
                    key={option}
                    className={`flex items-center gap-2 rounded-lg px-2.5 py-1.5 ${isRight ? "bg-emerald-100 font-semibold text-emerald-900" : isChosen && isWithheld(entry) ? "bg-slate-100 font-semibold text-slate-900" : isChosen ? "bg-red-100 text-red-900 line-through decoration-red-400" : "text-slate-600"}`}
                  >
                    <span className="font-mono text-xs">{LETTERS[j]}</span>
                    <span>{option}</span>
                    {isChosen && <span className="sr-only">{t("quiz.review.yourAnswer")}</span>}
                    {isRight && <span className="sr-only">{t("quiz.review.correctAnswer")}</span>}
                  </li>
                );
              })}
            </ul>
            {entry.isLate && <p className="mt-2 text-xs text-amber-800">{t("quiz.review.late")}</p>}
            {showExplanations && entry.explanation && (
              <p className="mt-3 rounded-lg bg-white p-3 text-sm text-slate-700 ring-1 ring-slate-200">
                {entry.explanation}
              </p>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}

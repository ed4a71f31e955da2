import { formatPercent } from "../../../../shared/i18n/format.ts";
import type { MessageKey, Translate } from "../../../../shared/i18n/messages.ts";
import {
  ASSESSMENT_SCALE,
  CONCEPT_LEVELS,
  type ConceptSlug,
  ESTIMATE_PASS_PERCENT,
  PLACEMENT_CERTIFICATE_CONFIDENCE,
  QUIZ_LEVELS,
} from "../../../../shared/quiz-catalog.ts";
import { basicBand, conceptBand, type GeneralBand, generalBand } from "../../../../shared/quiz-scoring.ts";
import { conceptLabel, scaleName } from "../../../../shared/quiz-texts.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { StatCard } from "../../components/ui/stat-card.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { Navigate, useLocation } from "../../lib/router.tsx";
import { LevelChances, PlacementHero, percentSure } from "./placement-result.tsx";
import { QUIZ_HOME } from "./quiz-paths.ts";
import { identityOfResult, localTitle } from "./quiz-titles.ts";
import type { QuizResultDto, ResultsState } from "./quiz-types.ts";
import { BreakdownBars, QuestionReview, Recommendations } from "./results-parts.tsx";

function useResultsState(): ResultsState | null {
  const state = useLocation().state as Partial<ResultsState> | null;
  return state?.result && Array.isArray(state.review) ? (state as ResultsState) : null;
}

const BAND_STYLES: Record<GeneralBand | "passed", string> = {
  passed: "from-emerald-600 to-emerald-700",
  excellent: "from-emerald-600 to-emerald-700",
  good: "from-blue-800 to-blue-900",
  "not-bad": "from-sky-700 to-blue-800",
  "keep-practicing": "from-amber-500 to-amber-600",
  encouragement: "from-slate-600 to-slate-700",
};

/** "Intermediate (B1)": a level of the general scale with its CEFR level. */
const scaleWithCefr = (t: Translate, name: string | null) => {
  const i = ASSESSMENT_SCALE.indexOf((name ?? "") as (typeof ASSESSMENT_SCALE)[number]);
  return i >= 0
    ? t("quiz.results.scaleWithLevel", { name: scaleName(t, name) ?? "", level: QUIZ_LEVELS[i] })
    : (name ?? "—");
};

const duration = (t: Translate, seconds: number) =>
  seconds < 60
    ? t("quiz.results.seconds", { count: seconds })
    : t("quiz.results.minutes", { count: Math.round(seconds / 60) });

function CertificateCallout({ result }: { result: QuizResultDto }) {
  const t = useT();
  const locale = useLocale();
  if (!result.certificateCode && result.metadata.tooFastToCertify)
    return <p className="text-sm text-slate-600">{t("quiz.results.tooFast")}</p>;
  if (!result.certificateCode && result.metadata.placement && result.metadata.assessmentType === "comprehensive")
    return (
      <p className="text-sm text-slate-600">
        {t("quiz.results.placementNoCertificate", {
          percent: formatPercent(locale, percentSure(PLACEMENT_CERTIFICATE_CONFIDENCE)),
        })}
      </p>
    );
  if (!result.certificateCode) {
    if (!result.isVerified) return <p className="text-sm text-slate-500">{t("quiz.results.browserScored")}</p>;
    if (result.quizType === "level" && !result.quizConcept)
      return <p className="text-sm text-slate-500">{t("quiz.results.levelNoCertificate")}</p>;
    return null;
  }
  return (
    <Card className="flex flex-col gap-3 border-amber-200 bg-amber-50/60 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="font-bold text-slate-900">{t("quiz.results.certificateReady")}</h2>
        <p className="text-sm text-slate-700">{t("quiz.results.verificationCode", { code: result.certificateCode })}</p>
      </div>
      <ButtonLink to={`/student/quizzes/certificate/${result.id}`} variant="accent">
        {t("quiz.results.viewCertificate")}
      </ButtonLink>
    </Card>
  );
}

/** /quizzes/results and /student/quizzes/review: score, accuracy, estimated level, breakdowns, review. */
export function GeneralResultsPage() {
  const t = useT();
  const locale = useLocale();
  const state = useResultsState();
  if (!state) return <Navigate to="/quizzes" replace />;
  const { result, review, retryPath } = state;
  const answered = review.filter((r) => r.selectedAnswer !== null && !r.isLate).length;
  const accuracy = answered ? Math.round((result.score / answered) * 100) : 0;
  const { placement } = result.metadata;
  const isLevelTest = result.quizType === "level" && Boolean(result.quizLevel) && !placement;
  const byTopic = <BreakdownBars title={t("quiz.results.byTopic")} breakdown={result.metadata.topicBreakdown} />;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      {placement ? <PlacementHero result={result} placement={placement} /> : <BandHero result={result} />}

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label={t("quiz.results.score")}
          value={`${result.score}/${result.totalQuestions}`}
          hint={t("quiz.results.scoreHint", { percent: formatPercent(locale, result.percent) })}
        />
        <StatCard
          label={t("quiz.results.accuracy")}
          value={formatPercent(locale, accuracy)}
          hint={t("quiz.results.answeredHint", { count: answered })}
        />
        {result.quizType === "level" && result.quizLevel ? (
          <StatCard
            label={t("quiz.results.levelResult")}
            value={
              <span className="text-lg sm:text-xl">
                {t(result.percent >= 60 ? "quiz.results.reached" : "quiz.results.notYet", { level: result.quizLevel })}
              </span>
            }
            hint={t("quiz.results.levelHint")}
          />
        ) : (
          <StatCard
            label={t("quiz.results.estimatedLevel")}
            value={<span className="text-lg sm:text-xl">{scaleWithCefr(t, result.estimatedLevel)}</span>}
            hint={
              placement
                ? t("quiz.results.aboutSure", { percent: formatPercent(locale, percentSure(placement.confidence)) })
                : undefined
            }
          />
        )}
        <StatCard label={t("quiz.results.time")} value={duration(t, result.studyTimeSeconds)} />
      </div>

      <CertificateCallout result={result} />

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <BreakdownBars title={t("quiz.results.skills")} breakdown={result.metadata.skillBreakdown} />
        {placement ? (
          <LevelChances placement={placement} />
        ) : isLevelTest ? (
          // A level test asks one level: its row would only repeat the score, judged by another bar.
          byTopic
        ) : (
          <BreakdownBars
            title={t("quiz.results.byLevel")}
            breakdown={result.metadata.levelBreakdown}
            order={QUIZ_LEVELS}
          />
        )}
      </div>
      {!isLevelTest && byTopic}
      <Recommendations result={result} />
      <QuestionReview review={review} />

      <div className="flex flex-wrap gap-3">
        <ButtonLink to={retryPath}>{t("quiz.results.retry")}</ButtonLink>
        <ButtonLink to={QUIZ_HOME} variant="outline">
          {t("quiz.backToActivities")}
        </ButtonLink>
      </div>
    </div>
  );
}

/** §9's bands and their messages (shared/quiz-scoring.ts words them in English). */
const BAND_TEXTS: Record<GeneralBand, { title: MessageKey; message: MessageKey }> = {
  excellent: { title: "quiz.band.excellent.title", message: "quiz.band.excellent.message" },
  good: { title: "quiz.band.good.title", message: "quiz.band.good.message" },
  "not-bad": { title: "quiz.band.notBad.title", message: "quiz.band.notBad.message" },
  "keep-practicing": { title: "quiz.band.keepPracticing.title", message: "quiz.band.keepPracticing.message" },
  encouragement: { title: "quiz.band.encouragement.title", message: "quiz.band.encouragement.message" },
};
const BASIC_BANDS: Record<ReturnType<typeof basicBand>, MessageKey> = {
  Excellent: "quiz.basicBand.excellent",
  Good: "quiz.basicBand.good",
  "Needs Work": "quiz.basicBand.needsWork",
};
const CONCEPT_BANDS: Record<ReturnType<typeof conceptBand>, MessageKey> = {
  Strong: "quiz.conceptBand.strong",
  Developing: "quiz.conceptBand.developing",
  "Needs Significant Work": "quiz.conceptBand.needsWork",
};

/**
 * The heading of a level test follows its outcome: a pass is never "Keep practicing!" (spec §9's
 * 60-69 band), it names the level reached (docs/deviations.md). Other tests keep §9's bands.
 */
function bandHeading(t: Translate, result: QuizResultDto) {
  const band = generalBand(result.percent).band;
  const level = result.quizType === "level" ? result.quizLevel : null;
  if (level && result.percent >= ESTIMATE_PASS_PERCENT && band === "keep-practicing")
    return {
      style: BAND_STYLES.passed,
      title: t("quiz.band.passed.title", { level }),
      message: t("quiz.band.passed.message"),
    };
  return { style: BAND_STYLES[band], title: t(BAND_TEXTS[band].title), message: t(BAND_TEXTS[band].message) };
}

/** The general results page's performance band (spec §9) for a fixed-form test. */
function BandHero({ result }: { result: QuizResultDto }) {
  const t = useT();
  const heading = bandHeading(t, result);
  return (
    <div className={`rounded-2xl bg-gradient-to-br p-6 text-white shadow-sm sm:p-8 ${heading.style}`}>
      <p className="text-sm font-medium text-white/80">{localTitle(t, identityOfResult(result), result.title)}</p>
      <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{heading.title}</h1>
      <p className="mt-2 max-w-2xl text-white/90">{heading.message}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <span className="rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
          {t(BASIC_BANDS[basicBand(result.percent)])}
        </span>
        <span className="rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
          {t(result.isVerified ? "quiz.results.scoredByServer" : "quiz.results.selfReported")}
        </span>
        {result.hasUnreviewedAiItems && (
          <span className="rounded-full bg-amber-300 px-3 py-1 text-sm font-semibold text-slate-900">
            {t("quiz.ai.unreviewed")}
          </span>
        )}
      </div>
      {result.hasUnreviewedAiItems && (
        <p className="mt-3 max-w-2xl text-sm text-white/90">{t("quiz.results.aiPracticeOnly")}</p>
      )}
    </div>
  );
}

const CONCEPT_BAND_TONE = { Strong: "green", Developing: "amber", "Needs Significant Work": "red" } as const;

/** /student/quizzes/concept-review: performance level, by level, recommendations, retry. */
export function ConceptResultsPage() {
  const t = useT();
  const locale = useLocale();
  const state = useResultsState();
  if (!state) return <Navigate to="/quizzes" replace />;
  const { result, review, retryPath } = state;
  const performance = conceptBand(result.percent);
  const name = conceptLabel(t, result.quizConcept);
  const levels =
    result.quizConcept && result.quizConcept in CONCEPT_LEVELS
      ? CONCEPT_LEVELS[result.quizConcept as ConceptSlug]
      : QUIZ_LEVELS;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Card className="p-6 sm:p-8">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm font-medium text-blue-900">{t("quiz.results.conceptEyebrow")}</p>
          {!result.isVerified && <Badge tone="neutral">{t("quiz.results.selfReported")}</Badge>}
        </div>
        <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{name}</h1>
        <div className="mt-5 flex flex-wrap items-end gap-x-8 gap-y-4">
          <div>
            <p className="text-sm text-slate-500">{t("quiz.results.score")}</p>
            <p className="text-4xl font-bold tabular-nums text-slate-900">
              {formatPercent(locale, result.percent)}
              <span className="ml-2 text-base font-medium text-slate-500">
                {t("quiz.results.correctOf", { score: result.score, total: result.totalQuestions })}
              </span>
            </p>
          </div>
          <div>
            <p className="text-sm text-slate-500">{t("quiz.results.performanceLevel")}</p>
            <Badge tone={CONCEPT_BAND_TONE[performance]} className="mt-1 px-3 py-1 text-sm">
              {t(CONCEPT_BANDS[performance])}
            </Badge>
          </div>
        </div>
      </Card>

      <BreakdownBars
        title={t("quiz.results.performanceByLevel")}
        breakdown={result.metadata.levelBreakdown}
        order={levels}
      />
      <Recommendations result={result} />
      <QuestionReview review={review} />

      <div className="flex flex-wrap gap-3">
        <ButtonLink to={retryPath}>{t("quiz.results.retryConcept")}</ButtonLink>
        <ButtonLink to={`${QUIZ_HOME}?section=concepts`} variant="outline">
          {t("quiz.results.otherConcept")}
        </ButtonLink>
      </div>
    </div>
  );
}

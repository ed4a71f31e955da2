import {
  ASSESSMENT_SCALE,
  CONCEPT_LEVELS,
  type ConceptSlug,
  PLACEMENT_CERTIFICATE_CONFIDENCE,
  QUIZ_LEVELS,
} from "../../../../shared/quiz-catalog.ts";
import { basicBand, conceptBand, generalBand } from "../../../../shared/quiz-scoring.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { StatCard } from "../../components/ui/stat-card.tsx";
import { Navigate, useLocation } from "../../lib/router.tsx";
import { AI_UNREVIEWED_LABEL } from "./ai-unreviewed.tsx";
import { LevelChances, PlacementHero, percentSure } from "./placement-result.tsx";
import { conceptName } from "./quiz-pages.tsx";
import { QUIZ_HOME } from "./quiz-paths.ts";
import type { QuizResultDto, ResultsState } from "./quiz-types.ts";
import { BreakdownBars, QuestionReview, Recommendations } from "./results-parts.tsx";

function useResultsState(): ResultsState | null {
  const state = useLocation().state as Partial<ResultsState> | null;
  return state?.result && Array.isArray(state.review) ? (state as ResultsState) : null;
}

const BAND_STYLES: Record<string, string> = {
  excellent: "from-emerald-600 to-emerald-700",
  good: "from-blue-800 to-blue-900",
  "not-bad": "from-sky-700 to-blue-800",
  "keep-practicing": "from-amber-500 to-amber-600",
  encouragement: "from-slate-600 to-slate-700",
};

const scaleWithCefr = (name: string | null) => {
  const i = ASSESSMENT_SCALE.indexOf((name ?? "") as (typeof ASSESSMENT_SCALE)[number]);
  return i >= 0 ? `${name} (${QUIZ_LEVELS[i]})` : (name ?? "—");
};

const minutes = (seconds: number) => (seconds < 60 ? `${seconds}s` : `${Math.round(seconds / 60)}m`);

function CertificateCallout({ result }: { result: QuizResultDto }) {
  if (!result.certificateCode && result.metadata.tooFastToCertify)
    return (
      <p className="text-sm text-slate-600">
        No certificate for this attempt: your answers came in faster than the questions can be read, so it is scored but
        not certified. Take your time on your next certified attempt.
      </p>
    );
  if (!result.certificateCode && result.metadata.placement && result.metadata.assessmentType === "comprehensive")
    return (
      <p className="text-sm text-slate-600">
        No certificate this time: the In-Depth Assessment certifies a level when the attempt is certified (one a day),
        every set is sent, and the level is at least {percentSure(PLACEMENT_CERTIFICATE_CONFIDENCE)}% sure and shown by
        right answers.
      </p>
    );
  if (!result.certificateCode) {
    if (!result.isVerified)
      return (
        <p className="text-sm text-slate-500">
          This practice quiz was scored in your browser, so it does not earn a certificate.
        </p>
      );
    if (result.quizType === "level" && !result.quizConcept)
      return (
        <p className="text-sm text-slate-500">
          No certificate for this attempt: a certificate is earned only by passing (60% or more) a certified attempt,
          the first of the day, on questions not shown to you in another test meanwhile.
        </p>
      );
    return null;
  }
  return (
    <Card className="flex flex-col gap-3 border-amber-200 bg-amber-50/60 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="font-bold text-slate-900">Your certificate of completion is ready</h2>
        <p className="text-sm text-slate-700">Verification code {result.certificateCode}</p>
      </div>
      <ButtonLink to={`/student/quizzes/certificate/${result.id}`} variant="accent">
        View Certificate
      </ButtonLink>
    </Card>
  );
}

/** /quizzes/results and /student/quizzes/review: score, accuracy, estimated level, breakdowns, review. */
export function GeneralResultsPage() {
  const state = useResultsState();
  if (!state) return <Navigate to="/quizzes" replace />;
  const { result, review, retryPath } = state;
  const answered = review.filter((r) => r.selectedAnswer !== null && !r.isLate).length;
  const accuracy = answered ? Math.round((result.score / answered) * 100) : 0;
  const { placement } = result.metadata;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      {placement ? <PlacementHero result={result} placement={placement} /> : <BandHero result={result} />}

      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label="Score"
          value={`${result.score}/${result.totalQuestions}`}
          hint={`${result.percent}% of all questions`}
        />
        <StatCard label="Accuracy" value={`${accuracy}%`} hint={`${answered} answered`} />
        {result.quizType === "level" && result.quizLevel ? (
          <StatCard
            label="Level Result"
            value={
              <span className="text-lg sm:text-xl">
                {result.percent >= 60 ? `${result.quizLevel} reached` : `${result.quizLevel} not yet`}
              </span>
            }
            hint="60% or more reaches the level"
          />
        ) : (
          <StatCard
            label="Estimated Level"
            value={<span className="text-lg sm:text-xl">{scaleWithCefr(result.estimatedLevel)}</span>}
            hint={placement ? `about ${percentSure(placement.confidence)}% sure` : undefined}
          />
        )}
        <StatCard label="Time" value={minutes(result.studyTimeSeconds)} />
      </div>

      <CertificateCallout result={result} />

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <BreakdownBars title="Skills Breakdown" breakdown={result.metadata.skillBreakdown} />
        {placement ? (
          <LevelChances placement={placement} />
        ) : (
          <BreakdownBars title="By Level" breakdown={result.metadata.levelBreakdown} order={QUIZ_LEVELS} />
        )}
      </div>
      <BreakdownBars title="By Topic" breakdown={result.metadata.topicBreakdown} />
      <Recommendations result={result} />
      <QuestionReview review={review} />

      <div className="flex flex-wrap gap-3">
        <ButtonLink to={retryPath}>Retry</ButtonLink>
        <ButtonLink to={QUIZ_HOME} variant="outline">
          Back to Activities
        </ButtonLink>
      </div>
    </div>
  );
}

/** The general results page's performance band (spec §9) for a fixed-form test. */
function BandHero({ result }: { result: QuizResultDto }) {
  const band = generalBand(result.percent);
  return (
    <div className={`rounded-2xl bg-gradient-to-br p-6 text-white shadow-sm sm:p-8 ${BAND_STYLES[band.band]}`}>
      <p className="text-sm font-medium text-white/80">{result.title}</p>
      <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{band.title}</h1>
      <p className="mt-2 max-w-2xl text-white/90">{band.message}</p>
      <div className="mt-4 flex flex-wrap gap-2">
        <span className="rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">{basicBand(result.percent)}</span>
        <span className="rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
          {result.isVerified ? "Scored by the server" : "Self-reported"}
        </span>
        {result.hasUnreviewedAiItems && (
          <span className="rounded-full bg-amber-300 px-3 py-1 text-sm font-semibold text-slate-900">
            {AI_UNREVIEWED_LABEL}
          </span>
        )}
      </div>
      {result.hasUnreviewedAiItems && (
        <p className="mt-3 max-w-2xl text-sm text-white/90">
          Practice only: some questions were written by an AI model and your teacher has not checked them yet, so this
          result earns no certificate.
        </p>
      )}
    </div>
  );
}

const CONCEPT_BAND_TONE = { Strong: "green", Developing: "amber", "Needs Significant Work": "red" } as const;

/** /student/quizzes/concept-review: performance level, by level, recommendations, retry. */
export function ConceptResultsPage() {
  const state = useResultsState();
  if (!state) return <Navigate to="/quizzes" replace />;
  const { result, review, retryPath } = state;
  const performance = conceptBand(result.percent);
  const name = conceptName(result.quizConcept);
  const levels =
    result.quizConcept && result.quizConcept in CONCEPT_LEVELS
      ? CONCEPT_LEVELS[result.quizConcept as ConceptSlug]
      : QUIZ_LEVELS;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Card className="p-6 sm:p-8">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm font-medium text-blue-900">Concept Test Results</p>
          {!result.isVerified && <Badge tone="neutral">Self-reported</Badge>}
        </div>
        <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{name}</h1>
        <div className="mt-5 flex flex-wrap items-end gap-x-8 gap-y-4">
          <div>
            <p className="text-sm text-slate-500">Score</p>
            <p className="text-4xl font-bold tabular-nums text-slate-900">
              {result.percent}%
              <span className="ml-2 text-base font-medium text-slate-500">
                {result.score} of {result.totalQuestions} correct
              </span>
            </p>
          </div>
          <div>
            <p className="text-sm text-slate-500">Performance Level</p>
            <Badge tone={CONCEPT_BAND_TONE[performance]} className="mt-1 px-3 py-1 text-sm">
              {performance}
            </Badge>
          </div>
        </div>
      </Card>

      <BreakdownBars title="Performance by Level" breakdown={result.metadata.levelBreakdown} order={levels} />
      <Recommendations result={result} />
      <QuestionReview review={review} />

      <div className="flex flex-wrap gap-3">
        <ButtonLink to={retryPath}>Retry This Concept</ButtonLink>
        <ButtonLink to={`${QUIZ_HOME}?section=concepts`} variant="outline">
          Try Different Concept
        </ButtonLink>
      </div>
    </div>
  );
}

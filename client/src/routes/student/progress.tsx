import { INTL_TAGS, type Locale } from "../../../../shared/i18n/locales.ts";
import { ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { LockIcon, TrophyIcon } from "../../components/ui/private-icons.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { StatCard } from "../../components/ui/stat-card.tsx";
import { QuizScoresChart, WeeklyLessonsChart } from "../../features/portal/charts.tsx";
import { LevelOverTime } from "../../features/portal/level-over-time.tsx";
import { PageSection } from "../../features/portal/page-section.tsx";
import { type Achievement, useProgress } from "../../features/portal/portal-api.ts";
import { QuizResultsList } from "../../features/portal/quiz-results-list.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";

// Levels 5-8 richer, 9 and up the richest (§9).
const TIER_STYLES = {
  standard: { card: "border-slate-200 bg-white", medal: "bg-blue-50 text-blue-900", label: null },
  rich: {
    card: "border-amber-200 bg-gradient-to-br from-amber-50 to-white",
    medal: "bg-amber-400 text-slate-900 shadow-sm",
    label: "portal.progress.tier.gold",
  },
  richest: {
    card: "border-violet-300 bg-gradient-to-br from-violet-100 via-fuchsia-50 to-amber-50 shadow-md",
    medal: "bg-gradient-to-br from-violet-600 to-fuchsia-500 text-white shadow-md ring-2 ring-amber-300",
    label: "portal.progress.tier.legendary",
  },
} as const;

/** An achievement's name and goal in the page's language, from its category, level and target. */
function useAchievementText(a: Achievement) {
  const t = useT();
  const hours = Math.round((a.target / 60) * 10) / 10;
  return {
    title: t("portal.achievement.title", { category: a.category, level: a.level }),
    description: t("portal.achievement.description", {
      category: a.category,
      target: a.category === "studyMinutes" ? hours : a.target,
      percent: Math.round((a.minAccuracy ?? 0) * 100),
    }),
  };
}

function AchievementCard({ achievement, locked }: { achievement: Achievement; locked?: boolean }) {
  const t = useT();
  const text = useAchievementText(achievement);
  const style = TIER_STYLES[achievement.tier];
  const percent = Math.round(achievement.progress * 100);
  return (
    <li className={`rounded-2xl border p-4 ${locked ? "border-slate-200 bg-white" : style.card}`}>
      <div className="flex items-start gap-3">
        <span
          className={`grid h-11 w-11 shrink-0 place-items-center rounded-full ${locked ? "bg-slate-100 text-slate-500" : style.medal}`}
          aria-hidden="true"
        >
          {locked ? <LockIcon className="h-5 w-5" /> : <TrophyIcon className="h-5 w-5" />}
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            {text.title}
            {!locked && style.label && (
              <span className="rounded-full bg-white/70 px-2 py-0.5 text-[11px] font-bold uppercase tracking-wide text-amber-800 ring-1 ring-amber-200">
                {t(style.label)}
              </span>
            )}
          </p>
          <p className="text-sm text-slate-600">{text.description}</p>
          {locked && (
            <div className="mt-3">
              <div
                role="progressbar"
                aria-label={t("portal.progress.progressOf", { title: text.title })}
                aria-valuemin={0}
                aria-valuemax={achievement.target}
                aria-valuenow={Math.min(achievement.current, achievement.target)}
                className="h-2 overflow-hidden rounded-full bg-slate-100"
              >
                <div className="h-full rounded-full bg-blue-800 transition-all" style={{ width: `${percent}%` }} />
              </div>
              <p className="mt-1 text-xs text-slate-500 tabular-nums">
                {Math.min(achievement.current, achievement.target)} / {achievement.target} · {percent}%
              </p>
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

/** Hours with at most one decimal, in the page's digits ("12.5", "12,5"). */
const formatNumber = (locale: Locale, value: number) =>
  new Intl.NumberFormat(INTL_TAGS[locale], { maximumFractionDigits: 1, useGrouping: false }).format(value);

export function MyProgress() {
  const t = useT();
  const locale = useLocale();
  const progress = useProgress();
  if (progress.isPending) return <Spinner label={t("portal.progress.loading")} />;
  if (progress.isError) {
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader title={t("portal.nav.progress")} />
        <EmptyState
          title={t("portal.loadFailed")}
          message={t("portal.progress.tryLater")}
          action={
            <ButtonLink to="/student/progress" reloadDocument>
              {t("portal.tryAgain")}
            </ButtonLink>
          }
        />
      </div>
    );
  }
  const { stats, completed, next, lessonsPerWeek, quizScores } = progress.data;
  const hours = Math.round(stats.studyHours * 10) / 10;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t("portal.nav.progress")} subtitle={t("portal.progress.subtitle")} />

      <section aria-label={t("portal.progress.numbers")} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label={t("portal.progress.lessonsCompleted")}
          value={stats.completedLessons}
          hint={t("portal.progress.lessonsHint")}
        />
        <StatCard
          label={t("portal.progress.achievements")}
          value={stats.achievementsUnlocked}
          hint={t("portal.progress.achievementsHint", { total: stats.achievementsTotal })}
        />
        <StatCard
          label={t("portal.progress.studyTime")}
          value={t("portal.progress.hoursValue", { hours: formatNumber(locale, hours) })}
          hint={t("portal.progress.studyHint")}
        />
        <StatCard
          label={t("portal.progress.streak")}
          value={stats.longestStreak}
          hint={t("portal.progress.streakHint")}
        />
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card className="p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">{t("portal.progress.perWeek")}</h2>
          <p className="text-sm text-slate-500">{t("portal.progress.perWeekHint")}</p>
          <div className="mt-4">
            <WeeklyLessonsChart weeks={lessonsPerWeek} />
          </div>
        </Card>
        <Card className="p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">{t("portal.progress.scores")}</h2>
          <p className="text-sm text-slate-500">
            {stats.quizHighScore !== null
              ? t("portal.progress.bestScore", { percent: Math.round(stats.quizHighScore * 100) })
              : t("portal.progress.scoresEmpty")}
          </p>
          <div className="mt-4">
            {quizScores.length > 0 ? (
              <QuizScoresChart scores={quizScores} />
            ) : (
              <div className="grid h-40 place-items-center rounded-xl bg-slate-50 text-center text-sm text-slate-600">
                <div>
                  <p>{t("portal.progress.noQuizzes")}</p>
                  <ButtonLink to="/student/quizzes" variant="outline" size="sm" className="mt-3">
                    {t("portal.progress.takeQuiz")}
                  </ButtonLink>
                </div>
              </div>
            )}
          </div>
        </Card>
      </div>

      <LevelOverTime />

      <div className="mt-6">
        <QuizResultsList />
      </div>

      <PageSection titleId="completed-title" title={t("portal.progress.completed")}>
        {completed.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t("portal.progress.completedEmpty")}</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {completed.map((a) => (
              <AchievementCard key={a.id} achievement={a} />
            ))}
          </ul>
        )}
      </PageSection>

      <PageSection titleId="next-title" title={t("portal.progress.next")}>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {next.map((a) => (
            <AchievementCard key={a.id} achievement={a} locked />
          ))}
        </ul>
      </PageSection>
    </div>
  );
}

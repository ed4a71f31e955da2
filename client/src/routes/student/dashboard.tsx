import { useEffect, useRef } from "react";
import { REFERRAL_DISCOUNT_PERCENT, UPCOMING_LESSONS_LIMIT } from "../../../../shared/constants.ts";
import { ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ArrowRightIcon, CalendarIcon, UsersIcon } from "../../components/ui/icons.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { ChartIcon, CheckCircleIcon, FolderIcon, GiftIcon, PuzzleIcon } from "../../components/ui/private-icons.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { StatCard } from "../../components/ui/stat-card.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useStudentStatus } from "../../features/auth/student-auth.ts";
import { CreditLedger } from "../../features/portal/credit-ledger.tsx";
import { DashboardJoinCard } from "../../features/portal/join-next-lesson.tsx";
import { UpcomingLessonRow } from "../../features/portal/lesson-card.tsx";
import { useCredits, useDashboardStats, useLessons, usePublicContact } from "../../features/portal/portal-api.ts";
import { isSessionExpired } from "../../lib/api.ts";
import { useT } from "../../lib/i18n.tsx";
import { Link } from "../../lib/router.tsx";

const SHORTCUTS = [
  {
    to: "/student/quizzes",
    title: "portal.nav.activities",
    text: "portal.dashboard.shortcuts.activities",
    icon: PuzzleIcon,
    tone: "bg-violet-50 text-violet-800",
  },
  {
    to: "/resources/files",
    title: "portal.nav.resources",
    text: "portal.dashboard.shortcuts.resources",
    icon: FolderIcon,
    tone: "bg-sky-50 text-sky-800",
  },
  {
    to: "/student/progress",
    title: "portal.nav.progress",
    text: "portal.dashboard.shortcuts.progress",
    icon: ChartIcon,
    tone: "bg-emerald-50 text-emerald-800",
  },
  {
    to: "/referrals",
    title: "portal.dashboard.shortcuts.referTitle",
    text: "portal.dashboard.shortcuts.refer",
    icon: GiftIcon,
    tone: "bg-amber-50 text-amber-800",
  },
  {
    to: "/book",
    title: "portal.layout.book",
    text: "portal.dashboard.shortcuts.book",
    icon: CalendarIcon,
    tone: "bg-blue-50 text-blue-900",
  },
] as const;

export function Dashboard() {
  const t = useT();
  const status = useStudentStatus();
  const stats = useDashboardStats();
  const lessons = useLessons({ upcoming: true, limit: UPCOMING_LESSONS_LIMIT });
  const contact = usePublicContact();
  const credits = useCredits();
  const toast = useToast();
  const reported = useRef(false);
  const firstName = status.data?.user?.name.split(" ")[0] ?? "";

  const failure = stats.error ?? lessons.error;
  useEffect(() => {
    if (!failure || isSessionExpired(failure) || reported.current) return;
    reported.current = true;
    toast({ title: t("portal.toast.error"), description: t("portal.loadFailed"), variant: "destructive" });
  }, [failure, toast, t]);

  // The spec: a failed stats load shows zeros; a failed lessons load empties the list.
  const s = stats.data ?? { completedLessons: 0, resourceCount: 0, completedQuizzes: 0, referralCount: 0 };
  const upcoming = lessons.data?.lessons ?? [];
  const phone = contact.data?.phone?.trim() || null;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={firstName ? t("portal.dashboard.welcomeName", { name: firstName }) : t("portal.dashboard.welcome")}
        subtitle={t("portal.dashboard.subtitle")}
        actions={
          <ButtonLink to="/book" variant="accent">
            {t("portal.dashboard.bookNew")}
          </ButtonLink>
        }
      />

      <DashboardJoinCard />

      <section aria-label={t("portal.dashboard.numbers")} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          label={t("portal.dashboard.completedLessons")}
          value={stats.isPending ? "–" : s.completedLessons}
          icon={<CheckCircleIcon />}
        />
        <StatCard
          label={t("portal.nav.resources")}
          value={stats.isPending ? "–" : s.resourceCount}
          icon={<FolderIcon />}
        />
        <StatCard
          label={t("portal.dashboard.completedActivities")}
          value={stats.isPending ? "–" : s.completedQuizzes}
          icon={<PuzzleIcon />}
        />
        <StatCard
          label={t("portal.dashboard.referrals")}
          value={stats.isPending ? "–" : s.referralCount}
          icon={<UsersIcon />}
        />
      </section>

      {credits.data && <CreditLedger ledger={credits.data} />}

      <div className="mt-6 grid gap-6 lg:grid-cols-5">
        <Card className="p-5 sm:p-6 lg:col-span-3">
          <div className="flex items-center justify-between gap-4">
            <h2 className="text-lg font-semibold text-slate-900">{t("portal.dashboard.upcoming")}</h2>
            <Link
              to="/student/lessons"
              className="inline-flex items-center gap-1 text-sm font-semibold text-blue-900 hover:underline"
            >
              {t("portal.dashboard.allLessons")} <ArrowRightIcon className="h-4 w-4" />
            </Link>
          </div>
          {lessons.isPending ? (
            <Spinner label={t("portal.lessons.loading")} />
          ) : upcoming.length === 0 ? (
            <div className="mt-4 rounded-xl bg-slate-50 p-6 text-center">
              <p className="font-medium text-slate-900">{t("portal.dashboard.noUpcoming")}</p>
              <p className="mt-1 text-sm text-slate-600">{t("portal.dashboard.noUpcomingText")}</p>
            </div>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {upcoming.map((lesson) => (
                <UpcomingLessonRow key={lesson.id} lesson={lesson} phone={phone} />
              ))}
            </ul>
          )}
        </Card>

        <section aria-labelledby="shortcuts-title" className="lg:col-span-2">
          <h2 id="shortcuts-title" className="sr-only">
            {t("portal.dashboard.shortcuts")}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
            {SHORTCUTS.map(({ to, title, text, icon: Icon, tone }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="group flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-blue-300 hover:shadow focus-visible:outline-2 focus-visible:outline-blue-700"
                >
                  <span className={`grid h-11 w-11 shrink-0 place-items-center rounded-xl ${tone}`}>
                    <Icon className="h-5 w-5" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-slate-900">{t(title)}</span>
                    <span className="block text-sm text-slate-600">
                      {t(text, { percent: REFERRAL_DISCOUNT_PERCENT })}
                    </span>
                  </span>
                  <ArrowRightIcon className="h-4 w-4 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-blue-900" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

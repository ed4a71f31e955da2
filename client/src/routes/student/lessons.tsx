import { useEffect, useState } from "react";
import { formatDate } from "../../../../shared/i18n/format.ts";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { CalendarIcon } from "../../components/ui/icons.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { GiftIcon } from "../../components/ui/private-icons.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { Tabs } from "../../components/ui/tabs.tsx";
import { CalendarFeedCard } from "../../features/calendar/calendar-feed-card.tsx";
import { CancelLessonDialog } from "../../features/portal/cancel-lesson-dialog.tsx";
import { DocumentsSection } from "../../features/portal/documents-section.tsx";
import { isStarted, LessonCard } from "../../features/portal/lesson-card.tsx";
import { MoveLessonDialog } from "../../features/portal/move-lesson-dialog.tsx";
import { OrdersSection } from "../../features/portal/orders-section.tsx";
import { noticeText } from "../../features/portal/policy-verdict.tsx";
import { type Lesson, useCancellationSummary, useLessons, useTeacherZone } from "../../features/portal/portal-api.ts";
import { RebookDialog } from "../../features/portal/rebook-dialog.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { useSearchParams } from "../../lib/router.tsx";

/** History: completed and cancelled lessons, and pending ones whose time has passed (the teacher settles those). */
const isHistory = (l: Lesson) =>
  l.status === "completed" || l.status === "cancelled" || (l.status === "pending" && isStarted(l));

export function MyLessons() {
  const t = useT();
  const locale = useLocale();
  const lessons = useLessons();
  const summary = useCancellationSummary();
  const timeZone = useTeacherZone();
  const [cancelling, setCancelling] = useState<Lesson | null>(null);
  const [rebookCredit, setRebookCredit] = useState<string | null>(null);
  // ?move=<id>: the link in every lesson email opens this lesson's move dialog (after sign-in).
  const [params, setParams] = useSearchParams();
  const moving = params.get("move");
  const setMoving = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set("move", id);
    else next.delete("move");
    setParams(next, { replace: true });
  };

  useEffect(() => {
    if (lessons.error) console.error("Failed to load lessons", lessons.error);
  }, [lessons.error]);

  // A failed load empties the list (the spec).
  const all = lessons.data?.lessons ?? [];
  const upcoming = all.filter((l) => !isHistory(l)).sort((a, b) => a.lesson_date.localeCompare(b.lesson_date));
  const history = all.filter(isHistory).sort((a, b) => b.lesson_date.localeCompare(a.lesson_date));
  const credits = summary.data?.credits ?? [];

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={t("portal.nav.lessons")} subtitle={t("portal.lessons.subtitle")} />

      {credits.length > 0 && (
        <Card className="mb-6 flex flex-col gap-4 border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:p-5">
          <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-amber-400 text-slate-900">
            <GiftIcon />
          </span>
          <div className="flex-1">
            <p className="font-semibold text-slate-900">{t("portal.lessons.credits", { count: credits.length })}</p>
            <p className="text-sm text-slate-700">
              {t("portal.lessons.creditFrom", {
                date: formatDate(locale, credits[0].source_lesson_date, { style: "medium", timeZone }),
              })}
            </p>
          </div>
          <Button variant="primary" onClick={() => setRebookCredit(credits[0].id)}>
            {t("portal.lessons.rebook")}
          </Button>
        </Card>
      )}

      {lessons.isPending ? (
        <Spinner label={t("portal.lessons.loading")} />
      ) : (
        <Tabs
          items={[
            {
              key: "upcoming",
              label: t("portal.lessons.upcomingTab", { count: upcoming.length }),
              panel:
                upcoming.length === 0 ? (
                  <EmptyState
                    icon={<CalendarIcon />}
                    title={t("portal.lessons.noUpcoming")}
                    message={t("portal.lessons.noUpcomingText")}
                    action={<ButtonLink to="/book">{t("portal.layout.book")}</ButtonLink>}
                  />
                ) : (
                  <div className="space-y-3">
                    {upcoming.map((l) => (
                      <LessonCard key={l.id} lesson={l} onCancel={setCancelling} onMove={(m) => setMoving(m.id)} />
                    ))}
                  </div>
                ),
            },
            {
              key: "history",
              label: t("portal.lessons.historyTab", { count: history.length }),
              panel:
                history.length === 0 ? (
                  <EmptyState
                    icon={<CalendarIcon />}
                    title={t("portal.lessons.noHistory")}
                    message={t("portal.lessons.noHistoryText")}
                  />
                ) : (
                  <div className="space-y-3">
                    {history.map((l) => (
                      <LessonCard key={l.id} lesson={l} />
                    ))}
                  </div>
                ),
            },
          ]}
        />
      )}

      {summary.data && (
        <p className="mt-8 text-sm text-slate-500">
          {t("portal.lessons.policy", {
            lessons: summary.data.policy.lessons_per_free_cancellation,
            notice: noticeText(t, summary.data.policy.notice_hours),
            count: summary.data.total_remaining,
          })}
        </p>
      )}

      <OrdersSection timeZone={timeZone} />
      <DocumentsSection />

      <div className="mt-8">
        <CalendarFeedCard endpoint="/student/calendar-feed" description={t("portal.lessons.calendarFeed")} />
      </div>

      <CancelLessonDialog lesson={cancelling} onClose={() => setCancelling(null)} />
      <RebookDialog creditId={rebookCredit} onClose={() => setRebookCredit(null)} />
      <MoveLessonDialog lessonId={moving} onClose={() => setMoving(null)} />
    </div>
  );
}

import { useEffect, useState } from "react";
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
import { isStarted, LessonCard } from "../../features/portal/lesson-card.tsx";
import { MoveLessonDialog } from "../../features/portal/move-lesson-dialog.tsx";
import { OrdersSection } from "../../features/portal/orders-section.tsx";
import { type Lesson, useCancellationSummary, useLessons, useTeacherZone } from "../../features/portal/portal-api.ts";
import { RebookDialog } from "../../features/portal/rebook-dialog.tsx";
import { formatDate } from "../../lib/format.ts";
import { useSearchParams } from "../../lib/router.tsx";

/** History: completed and cancelled lessons, and pending ones whose time has passed (the teacher settles those). */
const isHistory = (l: Lesson) =>
  l.status === "completed" || l.status === "cancelled" || (l.status === "pending" && isStarted(l));

export function MyLessons() {
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
      <PageHeader title="My Lessons" subtitle="Your upcoming lessons and your lesson history." />

      {credits.length > 0 && (
        <Card className="mb-6 flex flex-col gap-4 border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:p-5">
          <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-amber-400 text-slate-900">
            <GiftIcon />
          </span>
          <div className="flex-1">
            <p className="font-semibold text-slate-900">
              You have {credits.length} free rebooking{credits.length === 1 ? "" : "s"}
            </p>
            <p className="text-sm text-slate-700">
              From your cancelled lesson of {formatDate(credits[0].source_lesson_date, { style: "medium", timeZone })}.
              Pick a new time at no extra charge.
            </p>
          </div>
          <Button variant="primary" onClick={() => setRebookCredit(credits[0].id)}>
            Rebook lesson
          </Button>
        </Card>
      )}

      {lessons.isPending ? (
        <Spinner label="Loading your lessons" />
      ) : (
        <Tabs
          items={[
            {
              key: "upcoming",
              label: `Upcoming (${upcoming.length})`,
              panel:
                upcoming.length === 0 ? (
                  <EmptyState
                    icon={<CalendarIcon />}
                    title="No Upcoming Lessons"
                    message="You don't have any lessons scheduled."
                    action={<ButtonLink to="/book">Book a Lesson</ButtonLink>}
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
              label: `History (${history.length})`,
              panel:
                history.length === 0 ? (
                  <EmptyState
                    icon={<CalendarIcon />}
                    title="No Lesson History"
                    message="Your completed lessons will appear here"
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
          Cancellation policy: packages include one free cancellation or move per{" "}
          {summary.data.policy.lessons_per_free_cancellation} lessons with at least {summary.data.policy.notice} notice;
          single lessons cannot be cancelled or moved. You have {summary.data.total_remaining} free cancellation
          {summary.data.total_remaining === 1 ? "" : "s"} or move{summary.data.total_remaining === 1 ? "" : "s"} left.
        </p>
      )}

      <OrdersSection timeZone={timeZone} />

      <div className="mt-8">
        <CalendarFeedCard
          endpoint="/student/calendar-feed"
          description="Add all your lessons to Apple Calendar, Google Calendar or Outlook. Changes and cancellations show up there by themselves."
        />
      </div>

      <CancelLessonDialog lesson={cancelling} onClose={() => setCancelling(null)} />
      <RebookDialog creditId={rebookCredit} onClose={() => setRebookCredit(null)} />
      <MoveLessonDialog lessonId={moving} onClose={() => setMoving(null)} />
    </div>
  );
}

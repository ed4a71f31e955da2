// "Changed in your calendar": lessons whose event the teacher deleted or moved in her own calendar
// (the one receiving her lessons), each with the change and her three answers: cancel the lesson,
// move it to the calendar's new time (the family is emailed, as for any move of hers), or keep it
// (the event is written back). Nothing reaches the family until she answers. Shown only while
// there is a change to decide, on the dashboard, the agenda and the calendars card.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { trpc, trpcClient } from "../../trpc.ts";
import { useAdminFailure } from "./admin-api.ts";
import { formatAdminDateTime, useAdminPrefs } from "./admin-format.ts";

type Action = "cancel" | "move" | "keep";

const DONE = {
  cancel: "admin.calendarChanges.done.cancel",
  move: "admin.calendarChanges.done.move",
  keep: "admin.calendarChanges.done.keep",
} as const;

export function CalendarChangesCard({ className = "mt-6" }: { className?: string }) {
  const t = useT();
  const prefs = useAdminPrefs();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const list = useQuery({ ...trpc.admin.calendars.list.queryOptions(), retry: false });
  const resolve = useMutation({
    mutationFn: (input: { id: string; action: Action }) => trpcClient.admin.calendars.resolveChange.mutate(input),
    onSuccess: (_answer, input) => {
      toast({ title: t(DONE[input.action]), variant: "success" });
      void queryClient.invalidateQueries({ queryKey: trpc.admin.calendars.list.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.admin.agenda.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.admin.bookings.list.queryKey() });
    },
    onError: (e) => fail(e, t("admin.calendarChanges.failed")),
  });
  const changes = list.data?.changes ?? [];
  if (changes.length === 0) return null;
  return (
    <Card className={`${className} border-amber-200 p-4 sm:p-6`}>
      <section aria-labelledby="calendar-changes-title">
        <h2 id="calendar-changes-title" className="text-lg font-semibold text-slate-900">
          {t("admin.calendarChanges.title")}
        </h2>
        <p className="mb-3 text-sm text-slate-600">{t("admin.calendarChanges.intro")}</p>
        <ul className="divide-y divide-slate-100">
          {changes.map((c) => {
            const when = formatAdminDateTime(c.startsAt, prefs, true);
            return (
              <li key={c.id} className="flex flex-col gap-2 py-3">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  <Badge tone="amber">{t("admin.calendarChanges.badge")}</Badge>
                  <span>{c.studentName}</span>
                  <span className="text-sm font-normal text-slate-600">
                    {t("admin.calendarChanges.lesson", { online: c.lessonType === "online" ? "yes" : "no", when })}
                  </span>
                </p>
                <p className="text-sm text-slate-700">
                  {c.kind === "moved" && c.newStartsAt
                    ? t("admin.calendarChanges.moved", {
                        calendar: c.calendar,
                        when: formatAdminDateTime(c.newStartsAt, prefs, true),
                      })
                    : t("admin.calendarChanges.deleted", { calendar: c.calendar })}
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={resolve.isPending}
                    onClick={() => resolve.mutate({ id: c.id, action: "cancel" })}
                    aria-label={t("admin.calendarChanges.cancelNamed", { name: c.studentName, when })}
                  >
                    {t("admin.calendarChanges.cancel")}
                  </Button>
                  {c.kind === "moved" && c.newStartsAt && (
                    <Button
                      size="sm"
                      disabled={resolve.isPending}
                      onClick={() => resolve.mutate({ id: c.id, action: "move" })}
                      aria-label={t("admin.calendarChanges.moveNamed", { name: c.studentName, when })}
                    >
                      {t("admin.calendarChanges.move", { when: formatAdminDateTime(c.newStartsAt, prefs) })}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={resolve.isPending}
                    onClick={() => resolve.mutate({ id: c.id, action: "keep" })}
                    aria-label={t("admin.calendarChanges.keepNamed", { name: c.studentName, when })}
                  >
                    {t("admin.calendarChanges.keep")}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
    </Card>
  );
}

// The standing Weekly Schedule: what is in place, the template form that starts from it, and
// its save (the server keeps the slots through the booking horizon by itself).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { findOverlappingPairs, isValidSlot, timeToMinutes } from "../../../../shared/admin-rules.ts";
import { DEFAULT_WEEKLY_SLOT, WEEKS_AHEAD_DEFAULT } from "../../../../shared/constants.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ErrorAlert } from "../../components/ui/error-alert.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { useSingleFlight } from "../../lib/single-flight.ts";
import { trpc, trpcClient } from "../../trpc.ts";
import { serverMessage, useAdminFailure } from "./admin-api.ts";
import type { AdminPrefs } from "./admin-format.ts";
import { DAY_NAMES, WEEK_ORDER } from "./availability-time.tsx";
import {
  emptyTemplate,
  type KeptLesson,
  KeptList,
  newTemplateSlot,
  StandingSummary,
  TemplateDay,
  type TemplateSlot,
  templateFrom,
  WeeklyResultNote,
  type WeeklyScheduleResult,
} from "./weekly-schedule-parts.tsx";

export function WeeklyScheduleCard({
  prefs,
  keptAfterRemoval,
  onStop,
}: {
  prefs: AdminPrefs;
  /** The booked lessons that kept their slots when slots were last removed. */
  keptAfterRemoval: KeptLesson[];
  onStop: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const [template, setTemplate] = useState(emptyTemplate);
  const [weeklyError, setWeeklyError] = useState<string | null>(null);
  const [weeklyResult, setWeeklyResult] = useState<WeeklyScheduleResult | null>(null);
  const standing = useQuery(trpc.admin.availability.schedule.queryOptions());
  const standingEntries = standing.data?.schedule?.entries;
  // The form starts from the standing schedule, so saving it changes what is there.
  useEffect(() => {
    if (standingEntries) setTemplate(templateFrom(standingEntries));
  }, [standingEntries]);
  const conflicts = WEEK_ORDER.flatMap((day) =>
    findOverlappingPairs(template[day]).map(([i, j]) =>
      t("admin.weekly.overlap", {
        day: t(DAY_NAMES[day]),
        first: `${template[day][i].startTime}–${template[day][i].endTime}`,
        second: `${template[day][j].startTime}–${template[day][j].endTime}`,
      }),
    ),
  );
  const total = WEEK_ORDER.reduce<number>((n, d) => n + template[d].length, 0);
  const addSlot = (day: number) =>
    setTemplate((old) => ({
      ...old,
      [day]: [...old[day], newTemplateSlot(DEFAULT_WEEKLY_SLOT.startTime, DEFAULT_WEEKLY_SLOT.endTime)],
    }));
  const editSlot = (day: number, id: number, patch: Partial<TemplateSlot>) =>
    setTemplate((old) => ({ ...old, [day]: old[day].map((s) => (s.id === id ? { ...s, ...patch } : s)) }));
  const removeSlot = (day: number, id: number) =>
    setTemplate((old) => ({ ...old, [day]: old[day].filter((s) => s.id !== id) }));
  const flight = useSingleFlight();
  const createWeekly = useMutation({
    mutationFn: () =>
      trpcClient.admin.availability.bulk.mutate({
        weeksAhead: WEEKS_AHEAD_DEFAULT,
        schedule: WEEK_ORDER.flatMap((day) =>
          template[day].map((s) => ({
            dayOfWeek: day,
            startTime: s.startTime,
            duration: (s.endTime === "23:59" ? 24 * 60 : timeToMinutes(s.endTime)) - timeToMinutes(s.startTime),
          })),
        ),
      }),
    onSuccess: (r) => {
      // A save over a schedule in place updates it: "created" would say otherwise.
      const saved = standing.data?.schedule ? "admin.weekly.updated" : "admin.weekly.created";
      toast({ title: t("admin.weekly.success"), description: t(saved), variant: "success" });
      setWeeklyError(null);
      setWeeklyResult(r);
      void queryClient.invalidateQueries({ queryKey: trpc.admin.availability.pathKey() });
    },
    onError: (e) => {
      setWeeklyError(serverMessage(e));
      setWeeklyResult(null);
      fail(e, t("admin.weekly.failed"));
    },
  });
  const submitWeekly = () => {
    if (total === 0)
      return toast({
        title: t("admin.weekly.errorTitle"),
        description: t("admin.weekly.empty"),
        variant: "destructive",
      });
    const bad = WEEK_ORDER.flatMap((d) =>
      template[d].filter((s) => !isValidSlot(s)).map((s) => `${t(DAY_NAMES[d])} ${s.startTime}–${s.endTime}`),
    );
    if (bad.length)
      return toast({
        title: t("admin.weekly.invalidTitle"),
        description: t("admin.weekly.invalid", { slots: bad.join(", ") }),
        variant: "destructive",
      });
    if (conflicts.length)
      return toast({
        title: t("admin.weekly.conflictsTitle"),
        description: conflicts.join("; "),
        variant: "destructive",
      });
    void flight.run(() => createWeekly.mutateAsync());
  };

  return (
    <Card className="p-4 sm:p-5">
      <h2 className="font-semibold text-slate-900">{t("admin.weekly.title")}</h2>
      <p className="mb-4 text-sm text-slate-600">
        {t("admin.weekly.intro", { days: standing.data ? standing.data.maxAdvanceBooking : "none" })}
      </p>
      <StandingSummary
        entries={standing.data?.schedule?.entries}
        slotsThrough={standing.data?.schedule?.slotsThrough ?? null}
        loading={standing.isPending}
        prefs={prefs}
        onRemove={onStop}
      />
      {keptAfterRemoval.length > 0 && (
        <KeptList title={t("admin.weekly.keptTitle")} kept={keptAfterRemoval} prefs={prefs} tz={prefs.timezone} />
      )}
      <ul className="grid gap-3">
        {WEEK_ORDER.map((day) => (
          <TemplateDay
            key={day}
            day={day}
            slots={template[day]}
            prefs={prefs}
            onAdd={() => addSlot(day)}
            onEdit={(id, patch) => editSlot(day, id, patch)}
            onRemove={(id) => removeSlot(day, id)}
          />
        ))}
      </ul>
      {conflicts.length > 0 && (
        <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">{t("admin.weekly.conflictsTitle")}</p>
          <ul className="mt-1 list-disc pl-5">
            {conflicts.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
      {weeklyResult && <WeeklyResultNote result={weeklyResult} prefs={prefs} />}
      <ErrorAlert className="mt-4" message={weeklyError} />
      <Button className="mt-4 w-full sm:w-auto" onClick={submitWeekly} disabled={conflicts.length > 0 || flight.busy}>
        {t(
          flight.busy ? "admin.weekly.saving" : standing.data?.schedule ? "admin.weekly.update" : "admin.weekly.create",
        )}
      </Button>
    </Card>
  );
}

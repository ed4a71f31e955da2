// Create Single Slot: a date, start and end in the teacher's zone, optionally weekly, checked
// against the day's slots before it is sent (spec §5).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { conflictsWithAny, isValidSlot, minutesToTime, timeToMinutes } from "../../../../shared/admin-rules.ts";
import { WEEKS_AHEAD_DEFAULT } from "../../../../shared/constants.ts";
import { bindFields } from "../../components/ui/bind-fields.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { CheckboxField, TextField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { newIdempotencyKey, useSingleFlight } from "../../lib/single-flight.ts";
import { timeKeyInZone, zonedInstant } from "../../lib/zoned-date.ts";
import { trpc, trpcClient } from "../../trpc.ts";
import { type AdminSlot, useAdminFailure } from "./admin-api.ts";
import { type AdminPrefs, useAdminSettingsQuery } from "./admin-format.ts";
import { CHOICES, END_CHOICES, TimeSelect } from "./availability-time.tsx";

export function SingleSlotCard({
  today,
  selected,
  slotsOn,
  prefs,
}: {
  today: string;
  selected: string;
  /** The slots of a date (YYYY-MM-DD in the teacher's zone). */
  slotsOn: (date: string) => AdminSlot[];
  prefs: AdminPrefs;
}) {
  const tz = prefs.timezone;
  const t = useT();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const settings = useAdminSettingsQuery();
  const defaultDuration = settings.data?.settings.business.defaultLessonDuration ?? 60;
  const [single, setSingle] = useState({ date: today, start: "", end: "", weekly: false });
  useEffect(() => setSingle((s) => ({ ...s, date: selected })), [selected]);
  const singleExisting = slotsOn(single.date).map((s) => ({
    start: timeToMinutes(timeKeyInZone(s.startTime, tz)),
    end: timeToMinutes(timeKeyInZone(s.endTime, tz)) || 24 * 60,
  }));
  const singleValid = Boolean(
    single.date && single.start && single.end && isValidSlot({ startTime: single.start, endTime: single.end }),
  );
  const singleEnd = single.end === "23:59" ? 24 * 60 : single.end ? timeToMinutes(single.end) : 0;
  const singleConflict =
    singleValid && conflictsWithAny({ start: timeToMinutes(single.start), end: singleEnd }, singleExisting);
  // One key per slot offered: a repeat after a lost answer is the same create.
  const [attempt, setAttempt] = useState(newIdempotencyKey);
  const flight = useSingleFlight();
  const createSingle = useMutation({
    mutationFn: () => {
      const startsAt = zonedInstant(single.date, single.start, tz);
      const endMinutes = single.end === "23:59" ? 24 * 60 : timeToMinutes(single.end);
      return trpcClient.admin.availability.create.mutate({
        startTime: startsAt.toISOString(),
        duration: endMinutes - timeToMinutes(single.start),
        recurring: single.weekly ? "weekly" : "none",
        idempotency_key: attempt,
      });
    },
    onSuccess: () => {
      setAttempt(newIdempotencyKey());
      toast({
        title: t("admin.single.success"),
        description: t(single.weekly ? "admin.single.createdWeekly" : "admin.single.created"),
        variant: "success",
      });
      setSingle((s) => ({ ...s, start: "", end: "" }));
      void queryClient.invalidateQueries({ queryKey: trpc.admin.availability.list.queryKey() });
    },
    onError: (e) => {
      setAttempt(newIdempotencyKey());
      fail(e, t("admin.single.failed"));
    },
  });
  const submitSingle = (event: FormEvent) => {
    event.preventDefault();
    const invalid = (description: string) =>
      toast({ title: t("admin.single.invalid"), description, variant: "destructive" });
    if (!single.date) return invalid(t("admin.single.selectDate"));
    if (!single.start || !single.end) return invalid(t("admin.single.selectTimes"));
    if (!isValidSlot({ startTime: single.start, endTime: single.end })) return invalid(t("admin.single.endAfterStart"));
    if (singleConflict)
      return toast({
        title: t("admin.single.conflictTitle"),
        description: t("admin.single.conflict"),
        variant: "destructive",
      });
    void flight.run(() => createSingle.mutateAsync());
  };
  const field = bindFields(single, (patch) => setSingle({ ...single, ...patch }));
  const onStart = (start: string) => {
    const end = start ? minutesToTime(Math.min(timeToMinutes(start) + defaultDuration, 23 * 60 + 45)) : "";
    setSingle((s) => ({ ...s, start, end: s.end && s.end > start ? s.end : end }));
  };

  return (
    <Card className="p-4 sm:p-5">
      <h2 className="mb-3 font-semibold text-slate-900">{t("admin.single.title")}</h2>
      <form onSubmit={submitSingle} noValidate className="grid gap-3">
        <TextField label={t("admin.single.date")} type="date" {...field.text("date")} min={today} />
        <div className="grid grid-cols-2 gap-3">
          <TimeSelect
            label={t("admin.single.start")}
            value={single.start}
            onChange={onStart}
            choices={CHOICES}
            prefs={prefs}
          />
          <TimeSelect
            label={t("admin.single.end")}
            value={single.end}
            onChange={(end) => setSingle({ ...single, end })}
            choices={END_CHOICES}
            prefs={prefs}
          />
        </div>
        <CheckboxField label={t("admin.single.repeat", { weeks: WEEKS_AHEAD_DEFAULT })} {...field.checked("weekly")} />
        {singleConflict && (
          <p role="alert" className="rounded-lg bg-red-50 p-2.5 text-sm text-red-800">
            {t("admin.single.conflict")}
          </p>
        )}
        <Button type="submit" disabled={singleConflict || flight.busy}>
          {t(flight.busy ? "admin.single.creating" : "admin.single.create")}
        </Button>
      </form>
    </Card>
  );
}

// Settings: how online lessons get their meeting link (issue 31, item 3), and Italy's public
// holidays as days off (item 4): the year's list, one button to mark them all, the "every year"
// setting (saved with the form), and a school holiday period as a range of days off.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { DEFAULT_JITSI_BASE_URL, MEETING_MODES, type MeetingMode } from "../../../../shared/constants.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { CheckboxField, SelectField, TextField } from "../../components/ui/field.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { zonedInstant } from "../../lib/zoned-date.ts";
import { trpc, trpcClient } from "../../trpc.ts";
import { type AdminSettings, useAdminFailure } from "./admin-api.ts";
import { formatAdminDate, useAdminPrefs } from "./admin-format.ts";
import { DaysOffLessons, type DaysOffOutcome } from "./days-off-lessons.tsx";
import { type SetSettings, SettingsCard } from "./settings-cards.tsx";

const PERSONAL_ROOM_EXAMPLE = "https://zoom.us/j/...";
const MODE_LABELS: Record<MeetingMode, MessageKey> = {
  manual: "admin.settings.meetings.manual",
  fixed: "admin.settings.meetings.fixed",
  jitsi: "admin.settings.meetings.jitsi",
};
const MODE_HINTS: Record<MeetingMode, MessageKey> = {
  manual: "admin.settings.meetings.manualHint",
  fixed: "admin.settings.meetings.fixedHint",
  jitsi: "admin.settings.meetings.jitsiHint",
};

export function MeetingsCard({ meetings, set }: { meetings: AdminSettings["meetings"]; set: SetSettings }) {
  const t = useT();
  return (
    <SettingsCard title={t("admin.settings.meetings.title")} description={t("admin.settings.meetings.text")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("admin.settings.meetings.mode")}
          hint={t(MODE_HINTS[meetings.mode])}
          value={meetings.mode}
          onChange={(e) => set("meetings", { mode: e.target.value as MeetingMode })}
          options={MEETING_MODES.map((mode) => ({ value: mode, label: t(MODE_LABELS[mode]) }))}
        />
        {meetings.mode === "fixed" && (
          <TextField
            label={t("admin.settings.meetings.fixedLink")}
            type="url"
            inputMode="url"
            required
            placeholder={PERSONAL_ROOM_EXAMPLE}
            value={meetings.fixedLink ?? ""}
            onChange={(e) => set("meetings", { fixedLink: e.target.value || null })}
          />
        )}
        {meetings.mode === "jitsi" && (
          <TextField
            label={t("admin.settings.meetings.jitsiBaseUrl")}
            hint={t("admin.settings.meetings.jitsiBaseUrlHint")}
            type="url"
            inputMode="url"
            placeholder={DEFAULT_JITSI_BASE_URL}
            value={meetings.jitsiBaseUrl}
            onChange={(e) => set("meetings", { jitsiBaseUrl: e.target.value })}
          />
        )}
      </div>
    </SettingsCard>
  );
}

/** This year and the next two, in the teacher's zone. */
function yearsFrom(zone: string): number[] {
  const year = Number(new Intl.DateTimeFormat("en", { year: "numeric", timeZone: zone }).format(new Date()));
  return [year, year + 1, year + 2];
}

export function HolidaysCard({ holidays, set }: { holidays: AdminSettings["holidays"]; set: SetSettings }) {
  const t = useT();
  const prefs = useAdminPrefs();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const years = yearsFrom(prefs.timezone);
  const [year, setYear] = useState(years[0]);
  const list = useQuery(trpc.admin.holidays.list.queryOptions({ year }));
  const mark = useMutation({
    mutationFn: () => trpcClient.admin.holidays.markDaysOff.mutate({ year }),
    onSuccess: (result) => {
      queryClient.invalidateQueries({ queryKey: trpc.admin.holidays.list.queryKey({ year }) });
      queryClient.invalidateQueries({ queryKey: trpc.admin.availability.pathKey() });
      toast({
        title: t("admin.settings.holidays.marked", { count: result.added }),
        description:
          result.keptBooked.length > 0 ? t("admin.weekly.keptCount", { count: result.keptBooked.length }) : undefined,
        variant: "success",
      });
    },
    onError: (e) => fail(e, t("admin.settings.holidays.markFailed")),
  });
  const [period, setPeriod] = useState({ from: "", to: "", name: "" });
  const [periodLessons, setPeriodLessons] = useState<DaysOffOutcome | null>(null);
  const addPeriod = useMutation({
    mutationFn: () =>
      trpcClient.admin.availability.daysOff.mutate({
        startDate: period.from,
        endDate: period.to,
        name: period.name || undefined,
      }),
    onSuccess: (r) => {
      queryClient.invalidateQueries({ queryKey: trpc.admin.availability.pathKey() });
      setPeriod({ from: "", to: "", name: "" });
      setPeriodLessons(r.lessons.length > 0 ? r : null);
      toast({
        title: t("admin.settings.holidays.periodAdded"),
        description: t("admin.daysOff.markedText", { removed: r.deleted, lessons: r.lessonCount }),
        variant: "success",
      });
    },
    onError: (e) => fail(e, t("admin.settings.holidays.periodFailed")),
  });
  const isPeriodReady = Boolean(period.from && period.to && period.to >= period.from);

  return (
    <SettingsCard title={t("admin.settings.holidays.title")} description={t("admin.settings.holidays.text")}>
      <div className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            className="w-32"
            label={t("admin.settings.holidays.year")}
            value={String(year)}
            onChange={(e) => setYear(Number(e.target.value))}
            options={years.map((y) => ({ value: String(y), label: String(y) }))}
          />
          <Button type="button" onClick={() => mark.mutate()} disabled={mark.isPending || !list.data}>
            {mark.isPending ? t("admin.settings.holidays.marking") : t("admin.settings.holidays.markAll", { year })}
          </Button>
        </div>
        {list.isPending ? (
          <Spinner label={t("admin.settings.holidays.loading")} />
        ) : list.data ? (
          <ul className="divide-y divide-slate-100" aria-label={t("admin.settings.holidays.list", { year })}>
            {list.data.holidays.map((h) => (
              <li key={h.date} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">{h.name}</span>
                  <span className="block text-slate-600">
                    {formatAdminDate(zonedInstant(h.date, "12:00", prefs.timezone), prefs, true)}
                  </span>
                </span>
                {h.isDayOff ? (
                  <Badge tone="green">{t("admin.settings.holidays.dayOff")}</Badge>
                ) : h.isPast ? (
                  <Badge>{t("admin.settings.holidays.past")}</Badge>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-red-700">{t("admin.settings.holidays.loadFailed")}</p>
        )}
        <CheckboxField
          label={t("admin.settings.holidays.always")}
          hint={t("admin.settings.holidays.alwaysHint")}
          checked={holidays.applyAlways}
          onChange={(e) => set("holidays", { applyAlways: e.target.checked })}
        />
        <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-3">
          <legend className="px-1 text-sm font-medium text-slate-800">{t("admin.settings.holidays.period")}</legend>
          <TextField
            label={t("admin.daySlots.from")}
            type="date"
            value={period.from}
            onChange={(e) => setPeriod({ ...period, from: e.target.value })}
          />
          <TextField
            label={t("admin.daySlots.to")}
            type="date"
            min={period.from}
            value={period.to}
            onChange={(e) => setPeriod({ ...period, to: e.target.value })}
          />
          <TextField
            label={t("admin.settings.holidays.periodName")}
            maxLength={100}
            placeholder={t("admin.settings.holidays.periodPlaceholder")}
            value={period.name}
            onChange={(e) => setPeriod({ ...period, name: e.target.value })}
          />
          <div className="sm:col-span-3">
            <Button
              type="button"
              variant="outline"
              onClick={() => addPeriod.mutate()}
              disabled={!isPeriodReady || addPeriod.isPending}
            >
              {t("admin.settings.holidays.addPeriod")}
            </Button>
          </div>
        </fieldset>
        {periodLessons && <DaysOffLessons outcome={periodLessons} onClose={() => setPeriodLessons(null)} />}
      </div>
    </SettingsCard>
  );
}

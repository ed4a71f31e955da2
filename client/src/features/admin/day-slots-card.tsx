// The selected date's slots (Weekly or One-time, Booked), each deletable, a weekly series from
// a slot on, and days off: the day, or a range of dates.
import { useEffect, useState } from "react";
import { Badge } from "../../components/ui/badge.tsx";
import { bindFields } from "../../components/ui/bind-fields.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useT } from "../../lib/i18n.tsx";
import { timeKeyInZone, zonedInstant } from "../../lib/zoned-date.ts";
import type { AdminBusyTime, AdminDayOff, AdminSlot } from "./admin-api.ts";
import { type AdminPrefs, formatAdminDate, formatClock } from "./admin-format.ts";
import type { PendingRemoval } from "./availability-removal.tsx";

export function DaySlotsCard({
  selected,
  daySlots,
  busyTimes,
  offDays,
  isLoading,
  prefs,
  onRemove,
}: {
  selected: string;
  daySlots: AdminSlot[];
  busyTimes: AdminBusyTime[];
  /** The days off covering the date, each with the lessons still booked inside it. */
  offDays: AdminDayOff[];
  isLoading: boolean;
  prefs: AdminPrefs;
  onRemove: (removal: PendingRemoval) => void;
}) {
  const tz = prefs.timezone;
  const t = useT();
  const [daysOff, setDaysOff] = useState({ from: selected, to: selected });
  useEffect(() => setDaysOff({ from: selected, to: selected }), [selected]);
  const days = bindFields(daysOff, (patch) => setDaysOff({ ...daysOff, ...patch }));
  return (
    <Card className="p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-slate-900">
          {formatAdminDate(zonedInstant(selected, "12:00", tz), prefs, true)}
        </h2>
        {daySlots.length > 0 && (
          <Button size="sm" variant="outline" onClick={() => onRemove({ kind: "days", from: selected, to: selected })}>
            {t("admin.daySlots.markDayOff")}
          </Button>
        )}
      </div>
      {offDays.map((d) => (
        <p
          key={`${d.startTime}-${d.endTime}`}
          className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <span className="font-medium">
            {d.name ? t("admin.daysOff.dayOffNamed", { name: d.name }) : t("admin.daysOff.dayOff")}
          </span>
          {d.lessonCount > 0 && (
            <span className="block">{t("admin.daysOff.lessonsCount", { count: d.lessonCount })}</span>
          )}
        </p>
      ))}
      {busyTimes.length > 0 && (
        <ul className="mb-3 grid gap-1" aria-label={t("admin.calendars.title")}>
          {busyTimes.map((b) => (
            <li
              key={`${b.startTime}-${b.endTime}-${b.calendar}`}
              className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700"
            >
              <span className="tabular-nums">
                {formatClock(timeKeyInZone(b.startTime, tz), prefs)} –{" "}
                {formatClock(timeKeyInZone(b.endTime, tz), prefs)}
              </span>{" "}
              {t("admin.calendars.busy", { calendar: b.calendar })}
            </li>
          ))}
        </ul>
      )}
      {isLoading ? (
        <Spinner label={t("admin.daySlots.loading")} />
      ) : daySlots.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          {t("admin.daySlots.none")}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t("admin.daySlots.list")}>
          {daySlots.map((s) => (
            <li key={s.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium tabular-nums text-slate-900">
                  {formatClock(timeKeyInZone(s.startTime, tz), prefs)} –{" "}
                  {formatClock(timeKeyInZone(s.endTime, tz), prefs)}
                </span>
                {s.recurring === "weekly" ? (
                  <Badge tone="blue">{t("admin.daySlots.weekly")}</Badge>
                ) : (
                  <Badge tone="neutral">{t("admin.daySlots.oneTime")}</Badge>
                )}
                {s.booked && <Badge tone="green">{t("admin.daySlots.booked")}</Badge>}
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-700"
                  onClick={() => onRemove({ kind: "slot", slot: s })}
                >
                  {t("admin.daySlots.delete")}
                </Button>
                {s.seriesId && (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-700"
                    onClick={() => s.seriesId && onRemove({ kind: "series", slot: s, seriesId: s.seriesId })}
                  >
                    {t("admin.daySlots.deleteSeries")}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <details className="mt-4 rounded-xl bg-slate-50 p-3 text-sm">
        <summary className="cursor-pointer font-medium text-slate-800">{t("admin.daySlots.daysOff")}</summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <TextField label={t("admin.daySlots.from")} type="date" {...days.text("from")} />
          <TextField label={t("admin.daySlots.to")} type="date" {...days.text("to")} min={daysOff.from} />
          <Button
            variant="outline"
            disabled={!daysOff.from || !daysOff.to || daysOff.to < daysOff.from}
            onClick={() => onRemove({ kind: "days", from: daysOff.from, to: daysOff.to })}
          >
            {t("admin.daySlots.markDaysOff")}
          </Button>
        </div>
      </details>
    </Card>
  );
}

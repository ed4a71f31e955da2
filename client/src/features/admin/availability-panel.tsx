// Manage Availability (panel 2): month calendar, the selected date's slots (Weekly/One-time),
// Create Single Slot with the checks of spec §5, the standing Weekly Schedule (the server keeps
// its slots through the booking horizon by itself; the panel shows it and the date slots reach),
// and removing slots, weekly series and days (never a slot that holds a lesson).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import {
  conflictsWithAny,
  findOverlappingPairs,
  isValidSlot,
  minutesToTime,
  timeChoices,
  timeToMinutes,
} from "../../../../shared/admin-rules.ts";
import {
  ADMIN_AVAILABILITY_DAYS_AFTER,
  ADMIN_AVAILABILITY_DAYS_BEFORE,
  DEFAULT_WEEKLY_SLOT,
  SLOT_CONFLICT_MESSAGE,
  WEEKLY_EMPTY_MESSAGE,
  WEEKS_AHEAD_DEFAULT,
} from "../../../../shared/constants.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/dialog.tsx";
import { CheckboxField, SelectField, TextField } from "../../components/ui/field.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { type RouterOutputs, trpc, trpcClient } from "../../trpc.ts";
import { type AdminSlot, serverMessage, useAdminFailure } from "./admin-api.ts";
import {
  type AdminPrefs,
  formatAdminDate,
  formatClock,
  useAdminPrefs,
  useAdminSettingsQuery,
  zonedDateKey,
  zonedInstant,
} from "./admin-format.ts";

type Availability = RouterOutputs["admin"]["availability"];
type WeeklyScheduleResult = Availability["bulk"];
type WeeklyEntry = NonNullable<Availability["schedule"]["schedule"]>["entries"][number];
type KeptLesson = WeeklyScheduleResult["keptBooked"][number];
/** What each way of removing slots answers: a count, and for series the booked lessons kept. */
type RemovalResult = { deleted: number; keptBooked?: KeptLesson[]; message?: string };

const CHOICES = timeChoices();
const END_CHOICES = [...CHOICES.slice(1), "23:59"];
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const; // Monday first; the API's Sunday is 0
const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const addDays = (key: string, days: number) => {
  const [y, m, d] = key.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const clockIn = (value: string | Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
    new Date(value),
  );

type TemplateSlot = { id: number; startTime: string; endTime: string };
let nextId = 1;

function TimeSelect({
  label,
  value,
  onChange,
  choices,
  prefs,
  srOnlyLabel,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  choices: string[];
  prefs: AdminPrefs;
  srOnlyLabel?: boolean;
}) {
  return (
    <SelectField
      label={srOnlyLabel ? <span className="sr-only">{label}</span> : label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={choices.map((c) => ({
        value: c,
        label: c === "23:59" ? (prefs.timeFormat === "24h" ? "24:00" : "12:00 AM (midnight)") : formatClock(c, prefs),
      }))}
      placeholder="--"
    />
  );
}

/** What the confirmation dialog is about to remove. */
type PendingRemoval =
  | { kind: "slot"; slot: AdminSlot }
  | { kind: "series"; slot: AdminSlot; seriesId: string }
  | { kind: "days"; from: string; to: string }
  | { kind: "schedule" };

export function AvailabilityPanel() {
  const prefs = useAdminPrefs();
  const settings = useAdminSettingsQuery();
  const defaultDuration = settings.data?.settings.business.defaultLessonDuration ?? 60;
  const tz = prefs.timezone;
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const today = zonedDateKey(new Date(), tz);
  const [selected, setSelected] = useState(today);
  const [month, setMonth] = useState(today.slice(0, 7));

  const windowStart = zonedInstant(addDays(selected, -ADMIN_AVAILABILITY_DAYS_BEFORE), "00:00", tz).toISOString();
  const windowEnd = zonedInstant(addDays(selected, ADMIN_AVAILABILITY_DAYS_AFTER + 1), "00:00", tz).toISOString();
  const slots = useQuery(trpc.admin.availability.list.queryOptions({ start: windowStart, end: windowEnd }));
  useEffect(() => {
    if (slots.error) fail(slots.error, "Failed to load availability.");
  }, [slots.error, fail]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.admin.availability.list.queryKey() });

  const byDay = useMemo(() => {
    const map = new Map<string, AdminSlot[]>();
    for (const s of slots.data?.slots ?? []) {
      const key = zonedDateKey(s.startTime, tz);
      map.set(key, [...(map.get(key) ?? []), s]);
    }
    return map;
  }, [slots.data, tz]);
  const daySlots = byDay.get(selected) ?? [];

  // ---- single slot ----
  const [single, setSingle] = useState({ date: today, start: "", end: "", weekly: false });
  useEffect(() => setSingle((s) => ({ ...s, date: selected })), [selected]);
  const singleExisting = (byDay.get(single.date) ?? []).map((s) => ({
    start: timeToMinutes(clockIn(s.startTime, tz)),
    end: timeToMinutes(clockIn(s.endTime, tz)) || 24 * 60,
  }));
  const singleValid = Boolean(
    single.date && single.start && single.end && isValidSlot({ startTime: single.start, endTime: single.end }),
  );
  const singleEnd = single.end === "23:59" ? 24 * 60 : single.end ? timeToMinutes(single.end) : 0;
  const singleConflict =
    singleValid && conflictsWithAny({ start: timeToMinutes(single.start), end: singleEnd }, singleExisting);
  const createSingle = useMutation({
    mutationFn: () => {
      const startsAt = zonedInstant(single.date, single.start, tz);
      const endMinutes = single.end === "23:59" ? 24 * 60 : timeToMinutes(single.end);
      return trpcClient.admin.availability.create.mutate({
        startTime: startsAt.toISOString(),
        duration: endMinutes - timeToMinutes(single.start),
        recurring: single.weekly ? "weekly" : "none",
      });
    },
    onSuccess: () => {
      toast({
        title: "Success",
        description: single.weekly
          ? "Recurring availability created successfully!"
          : "Availability slot created successfully!",
        variant: "success",
      });
      setSingle((s) => ({ ...s, start: "", end: "" }));
      refresh();
    },
    onError: (e) => fail(e, "Failed to create availability slot."),
  });
  const submitSingle = (event: FormEvent) => {
    event.preventDefault();
    const invalid = (description: string) => toast({ title: "Invalid Time Slot", description, variant: "destructive" });
    if (!single.date) return invalid("Please select a date.");
    if (!single.start || !single.end) return invalid("Please select both start and end times.");
    if (!isValidSlot({ startTime: single.start, endTime: single.end }))
      return invalid("End time must be after start time.");
    if (singleConflict)
      return toast({ title: "Time Conflict", description: SLOT_CONFLICT_MESSAGE, variant: "destructive" });
    createSingle.mutate();
  };
  const onStart = (start: string) => {
    const end = start ? minutesToTime(Math.min(timeToMinutes(start) + defaultDuration, 23 * 60 + 45)) : "";
    setSingle((s) => ({ ...s, start, end: s.end && s.end > start ? s.end : end }));
  };

  // ---- weekly template ----
  const [template, setTemplate] = useState<Record<number, TemplateSlot[]>>({
    0: [],
    1: [],
    2: [],
    3: [],
    4: [],
    5: [],
    6: [],
  });
  const [weeklyError, setWeeklyError] = useState<string | null>(null);
  const [weeklyResult, setWeeklyResult] = useState<WeeklyScheduleResult | null>(null);
  const standing = useQuery(trpc.admin.availability.schedule.queryOptions());
  const standingEntries = standing.data?.schedule?.entries;
  // The form starts from the standing schedule, so saving it changes what is there.
  useEffect(() => {
    if (standingEntries) setTemplate(templateFrom(standingEntries));
  }, [standingEntries]);
  const conflicts = WEEK_ORDER.flatMap((day) =>
    findOverlappingPairs(template[day]).map(
      ([i, j]) =>
        `${DAY_NAMES[day]}: ${template[day][i].startTime}–${template[day][i].endTime} overlaps ${template[day][j].startTime}–${template[day][j].endTime}`,
    ),
  );
  const total = WEEK_ORDER.reduce<number>((n, d) => n + template[d].length, 0);
  const addSlot = (day: number) =>
    setTemplate((t) => ({
      ...t,
      [day]: [
        ...t[day],
        { id: nextId++, startTime: DEFAULT_WEEKLY_SLOT.startTime, endTime: DEFAULT_WEEKLY_SLOT.endTime },
      ],
    }));
  const editSlot = (day: number, id: number, patch: Partial<TemplateSlot>) =>
    setTemplate((t) => ({ ...t, [day]: t[day].map((s) => (s.id === id ? { ...s, ...patch } : s)) }));
  const removeSlot = (day: number, id: number) =>
    setTemplate((t) => ({ ...t, [day]: t[day].filter((s) => s.id !== id) }));
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
      toast({ title: "Success", description: "Weekly schedule created successfully!", variant: "success" });
      setWeeklyError(null);
      setWeeklyResult(r);
      refresh();
      void queryClient.invalidateQueries({ queryKey: trpc.admin.availability.schedule.queryKey() });
    },
    onError: (e) => {
      setWeeklyError(serverMessage(e));
      setWeeklyResult(null);
      fail(e, "Failed to create weekly schedule.");
    },
  });
  const submitWeekly = () => {
    if (total === 0) return toast({ title: "Error", description: WEEKLY_EMPTY_MESSAGE, variant: "destructive" });
    const bad = WEEK_ORDER.flatMap((d) =>
      template[d].filter((s) => !isValidSlot(s)).map((s) => `${DAY_NAMES[d]} ${s.startTime}–${s.endTime}`),
    );
    if (bad.length)
      return toast({
        title: "Invalid Time Slots",
        description: `End time must be after start time: ${bad.join(", ")}`,
        variant: "destructive",
      });
    if (conflicts.length)
      return toast({ title: "Time Conflicts Detected", description: conflicts.join("; "), variant: "destructive" });
    createWeekly.mutate();
  };

  // ---- removals ----
  const [pending, setPending] = useState<PendingRemoval | null>(null);
  const [keptAfterRemoval, setKeptAfterRemoval] = useState<KeptLesson[]>([]);
  const [daysOff, setDaysOff] = useState({ from: today, to: today });
  useEffect(() => setDaysOff({ from: selected, to: selected }), [selected]);
  const remove = useMutation({
    mutationFn: (p: PendingRemoval): Promise<RemovalResult> =>
      p.kind === "slot"
        ? trpcClient.admin.availability.deleteSlot.mutate({ id: p.slot.id })
        : p.kind === "series"
          ? trpcClient.admin.availability.deleteSeries.mutate({ seriesId: p.seriesId, from: p.slot.startTime })
          : p.kind === "schedule"
            ? trpcClient.admin.availability.removeSchedule.mutate({})
            : trpcClient.admin.availability.daysOff.mutate({ startDate: p.from, endDate: p.to }),
    onSuccess: (r, p) => {
      toast({
        title: "Success",
        description:
          r.message ?? (r.deleted === 1 ? "1 availability slot removed." : `${r.deleted} availability slots removed.`),
        variant: "success",
      });
      setKeptAfterRemoval(r.keptBooked ?? []);
      if (p.kind === "schedule") {
        setTemplate({ 0: [], 1: [], 2: [], 3: [], 4: [], 5: [], 6: [] });
        setWeeklyResult(null);
      }
      setPending(null);
      refresh();
      void queryClient.invalidateQueries({ queryKey: trpc.admin.availability.schedule.queryKey() });
    },
    onError: (e) => {
      setPending(null);
      const message = serverMessage(e);
      fail(e, message && /booked lesson/.test(message) ? message : "Failed to remove availability.");
    },
  });

  // ---- month calendar ----
  const [y, m] = month.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1, 1));
  const lead = (first.getUTCDay() + 6) % 7; // Monday-first grid
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells = [
    ...Array.from({ length: lead }, (_, i) => `blank-${i}`),
    ...Array.from({ length: daysInMonth }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`),
  ];
  const monthLabel = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    first,
  );
  const shiftMonth = (delta: number) => setMonth(new Date(Date.UTC(y, m - 1 + delta, 1)).toISOString().slice(0, 7));

  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
      <div className="grid content-start gap-6">
        <Card className="p-4 sm:p-5">
          <div className="mb-3 flex items-center justify-between">
            <Button size="sm" variant="ghost" onClick={() => shiftMonth(-1)} aria-label="Previous month">
              ‹
            </Button>
            <h2 className="font-semibold text-slate-900" aria-live="polite">
              {monthLabel}
            </h2>
            <Button size="sm" variant="ghost" onClick={() => shiftMonth(1)} aria-label="Next month">
              ›
            </Button>
          </div>
          <div className="grid grid-cols-7 gap-1 text-center text-xs font-medium text-slate-500" aria-hidden="true">
            {["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"].map((d) => (
              <span key={d}>{d}</span>
            ))}
          </div>
          <div className="mt-1 grid grid-cols-7 gap-1" data-testid="month-calendar">
            {cells.map((key) =>
              key.startsWith("blank-") ? (
                <span key={key} />
              ) : (
                <button
                  key={key}
                  type="button"
                  onClick={() => setSelected(key)}
                  aria-pressed={key === selected}
                  aria-label={`${formatAdminDate(zonedInstant(key, "12:00", tz), prefs, true)}${byDay.has(key) ? `, ${byDay.get(key)?.length} slots` : ""}`}
                  className={`relative aspect-square rounded-lg text-sm tabular-nums transition focus-visible:outline-2 focus-visible:outline-blue-700 ${
                    key === selected
                      ? "bg-blue-900 font-semibold text-white"
                      : key === today
                        ? "bg-amber-100 font-semibold text-slate-900"
                        : key < today
                          ? "text-slate-500 hover:bg-slate-100"
                          : "text-slate-800 hover:bg-slate-100"
                  }`}
                >
                  {Number(key.slice(8))}
                  {byDay.has(key) && (
                    <span
                      className={`absolute bottom-1 left-1/2 h-1.5 w-1.5 -translate-x-1/2 rounded-full ${key === selected ? "bg-amber-300" : "bg-emerald-500"}`}
                      aria-hidden="true"
                    />
                  )}
                </button>
              ),
            )}
          </div>
          <p className="mt-3 text-xs text-slate-500">Times are in {tz}. Dots mark days with availability.</p>
        </Card>

        <Card className="p-4 sm:p-5">
          <h2 className="mb-3 font-semibold text-slate-900">Create Single Slot</h2>
          <form onSubmit={submitSingle} noValidate className="grid gap-3">
            <TextField
              label="Date"
              type="date"
              value={single.date}
              min={today}
              onChange={(e) => setSingle({ ...single, date: e.target.value })}
            />
            <div className="grid grid-cols-2 gap-3">
              <TimeSelect label="Start time" value={single.start} onChange={onStart} choices={CHOICES} prefs={prefs} />
              <TimeSelect
                label="End time"
                value={single.end}
                onChange={(end) => setSingle({ ...single, end })}
                choices={END_CHOICES}
                prefs={prefs}
              />
            </div>
            <CheckboxField
              label={`Repeat weekly (${WEEKS_AHEAD_DEFAULT} weeks)`}
              checked={single.weekly}
              onChange={(e) => setSingle({ ...single, weekly: e.target.checked })}
            />
            {singleConflict && (
              <p role="alert" className="rounded-lg bg-red-50 p-2.5 text-sm text-red-800">
                {SLOT_CONFLICT_MESSAGE}
              </p>
            )}
            <Button type="submit" disabled={singleConflict || createSingle.isPending}>
              {createSingle.isPending ? "Creating..." : "Create Slot"}
            </Button>
          </form>
        </Card>
      </div>

      <div className="grid content-start gap-6">
        <Card className="p-4 sm:p-5">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 className="font-semibold text-slate-900">
              {formatAdminDate(zonedInstant(selected, "12:00", tz), prefs, true)}
            </h2>
            {daySlots.length > 0 && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setPending({ kind: "days", from: selected, to: selected })}
              >
                Mark day off
              </Button>
            )}
          </div>
          {slots.isPending ? (
            <Spinner label="Loading availability" />
          ) : daySlots.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
              No availability on this date.
            </p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Slots on the selected date">
              {daySlots.map((s) => (
                <li key={s.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium tabular-nums text-slate-900">
                      {formatClock(clockIn(s.startTime, tz), prefs)} – {formatClock(clockIn(s.endTime, tz), prefs)}
                    </span>
                    {s.recurring === "weekly" ? (
                      <Badge tone="blue">Weekly</Badge>
                    ) : (
                      <Badge tone="neutral">One-time</Badge>
                    )}
                    {s.booked && <Badge tone="green">Booked</Badge>}
                  </div>
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-700"
                      onClick={() => setPending({ kind: "slot", slot: s })}
                    >
                      Delete
                    </Button>
                    {s.seriesId && (
                      <Button
                        size="sm"
                        variant="ghost"
                        className="text-red-700"
                        onClick={() => s.seriesId && setPending({ kind: "series", slot: s, seriesId: s.seriesId })}
                      >
                        Delete series from here
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <details className="mt-4 rounded-xl bg-slate-50 p-3 text-sm">
            <summary className="cursor-pointer font-medium text-slate-800">Days off (a range of dates)</summary>
            <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <TextField
                label="From"
                type="date"
                value={daysOff.from}
                onChange={(e) => setDaysOff({ ...daysOff, from: e.target.value })}
              />
              <TextField
                label="To"
                type="date"
                value={daysOff.to}
                min={daysOff.from}
                onChange={(e) => setDaysOff({ ...daysOff, to: e.target.value })}
              />
              <Button
                variant="outline"
                disabled={!daysOff.from || !daysOff.to || daysOff.to < daysOff.from}
                onClick={() => setPending({ kind: "days", from: daysOff.from, to: daysOff.to })}
              >
                Mark days off
              </Button>
            </div>
          </details>
        </Card>

        <Card className="p-4 sm:p-5">
          <h2 className="font-semibold text-slate-900">Weekly Schedule Template</h2>
          <p className="mb-4 text-sm text-slate-600">
            Your usual hours stay in place week after week: slots are kept open as far ahead as students may book
            {standing.data ? ` (${standing.data.maxAdvanceBooking} days)` : ""}, without you doing anything again.
            Changing the schedule only changes free future slots; booked lessons keep theirs.
          </p>
          <StandingSummary
            entries={standing.data?.schedule?.entries}
            slotsThrough={standing.data?.schedule?.slotsThrough ?? null}
            loading={standing.isPending}
            prefs={prefs}
            onRemove={() => setPending({ kind: "schedule" })}
          />
          {keptAfterRemoval.length > 0 && (
            <KeptList title="Booked lessons that keep their slots" kept={keptAfterRemoval} prefs={prefs} tz={tz} />
          )}
          <ul className="grid gap-3">
            {WEEK_ORDER.map((day) => (
              <li key={day} className="rounded-xl border border-slate-200 p-3">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-medium text-slate-900">{DAY_NAMES[day]}</h3>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => addSlot(day)}
                    aria-label={`Add slot on ${DAY_NAMES[day]}`}
                  >
                    + Add slot
                  </Button>
                </div>
                {template[day].length > 0 && (
                  <ul className="mt-2 grid gap-2">
                    {template[day].map((s, index) => {
                      const clash = findOverlappingPairs(template[day]).some(([i, j]) => i === index || j === index);
                      const invalid = !isValidSlot(s);
                      return (
                        <li
                          key={s.id}
                          className={`grid grid-cols-[1fr_1fr_auto] items-end gap-2 rounded-lg p-1 ${clash || invalid ? "bg-red-50" : ""}`}
                        >
                          <TimeSelect
                            label={`${DAY_NAMES[day]} slot ${index + 1} start`}
                            srOnlyLabel
                            value={s.startTime}
                            onChange={(v) => editSlot(day, s.id, { startTime: v })}
                            choices={CHOICES}
                            prefs={prefs}
                          />
                          <TimeSelect
                            label={`${DAY_NAMES[day]} slot ${index + 1} end`}
                            srOnlyLabel
                            value={s.endTime}
                            onChange={(v) => editSlot(day, s.id, { endTime: v })}
                            choices={END_CHOICES}
                            prefs={prefs}
                          />
                          <Button
                            size="sm"
                            variant="ghost"
                            className="mb-1 text-red-700"
                            onClick={() => removeSlot(day, s.id)}
                            aria-label={`Remove ${DAY_NAMES[day]} slot ${index + 1}`}
                          >
                            ✕
                          </Button>
                          {invalid && (
                            <p className="col-span-3 text-xs text-red-700">End time must be after start time.</p>
                          )}
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          {conflicts.length > 0 && (
            <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              <p className="font-semibold">Time Conflicts Detected</p>
              <ul className="mt-1 list-disc pl-5">
                {conflicts.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </div>
          )}
          {weeklyResult && (
            <div
              role="status"
              className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950"
            >
              <p>{weeklyResult.message}</p>
              {weeklyResult.skippedSlots.length > 0 && (
                <>
                  <p className="mt-2 font-medium">Skipped (they overlap existing availability):</p>
                  <ul className="mt-1 list-disc pl-5">
                    {weeklyResult.skippedSlots.slice(0, 10).map((s) => (
                      <li key={s.startsAt.toISOString()}>
                        {formatAdminDate(s.startsAt, prefs, true)}, {formatClock(clockIn(s.startsAt, tz), prefs)}
                      </li>
                    ))}
                    {weeklyResult.skipped > 10 && <li>and {weeklyResult.skipped - 10} more</li>}
                  </ul>
                </>
              )}
              {weeklyResult.keptBooked.length > 0 && (
                <KeptList
                  title="Booked lessons that keep their slots"
                  kept={weeklyResult.keptBooked}
                  prefs={prefs}
                  tz={tz}
                />
              )}
            </div>
          )}
          {weeklyError && (
            <p role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              {weeklyError}
            </p>
          )}
          <Button
            className="mt-4 w-full sm:w-auto"
            onClick={submitWeekly}
            disabled={conflicts.length > 0 || createWeekly.isPending}
          >
            {createWeekly.isPending
              ? "Saving..."
              : standing.data?.schedule
                ? "Update Weekly Schedule"
                : "Create Weekly Schedule"}
          </Button>
        </Card>
      </div>

      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === "schedule"
            ? "Stop weekly schedule"
            : pending?.kind === "series"
              ? "Delete weekly series"
              : pending?.kind === "days"
                ? "Mark days off"
                : "Delete slot"
        }
        message={
          pending?.kind === "schedule"
            ? "Stop the weekly schedule? Its free future slots are removed and no new ones are added. Booked lessons keep their slots."
            : pending?.kind === "series"
              ? "Delete this slot and every later one of its weekly series? Slots holding a booked lesson stay."
              : pending?.kind === "days"
                ? `Remove all availability from ${pending.from} to ${pending.to}? Days with a booked lesson are refused.`
                : "Are you sure you want to delete this availability slot?"
        }
        confirmLabel={
          pending?.kind === "days" ? "Mark days off" : pending?.kind === "schedule" ? "Stop schedule" : "Delete"
        }
        destructive
        busy={remove.isPending}
        onConfirm={() => pending && remove.mutate(pending)}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}

/** The template form's rows from the standing schedule's entries. */
function templateFrom(entries: WeeklyEntry[]): Record<number, TemplateSlot[]> {
  const out: Record<number, TemplateSlot[]> = { 0: [], 1: [], 2: [], 3: [], 4: [], 5: [], 6: [] };
  for (const e of entries) {
    const end = timeToMinutes(e.startTime) + e.duration;
    out[e.dayOfWeek].push({
      id: nextId++,
      startTime: e.startTime,
      endTime: end >= 24 * 60 ? "23:59" : minutesToTime(end),
    });
  }
  return out;
}

function StandingSummary({
  entries,
  slotsThrough,
  loading,
  prefs,
  onRemove,
}: {
  entries: WeeklyEntry[] | undefined;
  slotsThrough: Date | null;
  loading: boolean;
  prefs: AdminPrefs;
  onRemove: () => void;
}) {
  if (loading) return <Spinner label="Loading the weekly schedule" />;
  if (!entries)
    return (
      <p className="mb-4 rounded-xl border border-dashed border-slate-300 p-3 text-sm text-slate-600">
        No weekly schedule yet. Add your usual hours below.
      </p>
    );
  const clock = (e: WeeklyEntry) => {
    const end = timeToMinutes(e.startTime) + e.duration;
    return `${formatClock(e.startTime, prefs)}–${formatClock(end >= 24 * 60 ? "23:59" : minutesToTime(end), prefs)}`;
  };
  return (
    <section
      aria-label="Current weekly schedule"
      className="mb-4 rounded-xl border border-blue-200 bg-blue-50 p-3 text-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-blue-950">Weekly schedule in place</p>
          {slotsThrough && (
            <p className="text-blue-900">
              Slots exist through <strong>{formatAdminDate(slotsThrough, prefs, true)}</strong>; new weeks are added
              automatically.
            </p>
          )}
        </div>
        <Button size="sm" variant="ghost" className="text-red-700" onClick={onRemove}>
          Stop weekly schedule
        </Button>
      </div>
      <dl className="mt-2 grid gap-1 sm:grid-cols-[8rem_1fr]">
        {WEEK_ORDER.filter((d) => entries.some((e) => e.dayOfWeek === d)).map((d) => (
          <div key={d} className="contents">
            <dt className="font-medium text-slate-800">{DAY_NAMES[d]}</dt>
            <dd className="tabular-nums text-slate-700">
              {entries
                .filter((e) => e.dayOfWeek === d)
                .map(clock)
                .join(", ")}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function KeptList({ title, kept, prefs, tz }: { title: string; kept: KeptLesson[]; prefs: AdminPrefs; tz: string }) {
  return (
    <div className="mt-2">
      <p className="font-medium">{title}:</p>
      <ul className="mt-1 list-disc pl-5">
        {kept.map((k) => (
          <li key={k.startsAt.toISOString()}>
            {formatAdminDate(k.startsAt, prefs, true)}, {formatClock(clockIn(k.startsAt, tz), prefs)} ({k.studentName})
          </li>
        ))}
      </ul>
    </div>
  );
}

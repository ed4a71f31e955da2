// Pieces of the Weekly Schedule card: the standing schedule's summary, one day of the template
// form, the outcome of a save and the booked lessons that keep their slots.
import { findOverlappingPairs, isValidSlot, minutesToTime, timeToMinutes } from "../../../../shared/admin-rules.ts";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useLocale, useRichT, useT } from "../../lib/i18n.tsx";
import { timeKeyInZone } from "../../lib/zoned-date.ts";
import type { RouterOutputs } from "../../trpc.ts";
import { type AdminPrefs, formatAdminDate, formatClock } from "./admin-format.ts";
import { weeklySaveText } from "./admin-results.ts";
import { CHOICES, DAY_NAMES, END_CHOICES, TimeSelect, WEEK_ORDER } from "./availability-time.tsx";

type Availability = RouterOutputs["admin"]["availability"];
export type WeeklyScheduleResult = Availability["bulk"];
type WeeklyEntry = NonNullable<Availability["schedule"]["schedule"]>["entries"][number];
export type KeptLesson = WeeklyScheduleResult["keptBooked"][number];

export type TemplateSlot = { id: number; startTime: string; endTime: string };
export type Template = Record<number, TemplateSlot[]>;
export const emptyTemplate = (): Template => ({ 0: [], 1: [], 2: [], 3: [], 4: [], 5: [], 6: [] });
let nextId = 1;
export const newTemplateSlot = (startTime: string, endTime: string): TemplateSlot => ({
  id: nextId++,
  startTime,
  endTime,
});

/** The template form's rows from the standing schedule's entries. */
export function templateFrom(entries: WeeklyEntry[]): Template {
  const out = emptyTemplate();
  for (const e of entries) {
    const end = timeToMinutes(e.startTime) + e.duration;
    out[e.dayOfWeek].push(newTemplateSlot(e.startTime, end >= 24 * 60 ? "23:59" : minutesToTime(end)));
  }
  return out;
}

export function StandingSummary({
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
  const t = useT();
  const rich = useRichT();
  if (loading) return <Spinner label={t("admin.weekly.loading")} />;
  if (!entries)
    return (
      <p className="mb-4 rounded-xl border border-dashed border-slate-300 p-3 text-sm text-slate-600">
        {t("admin.weekly.none")}
      </p>
    );
  const clock = (e: WeeklyEntry) => {
    const end = timeToMinutes(e.startTime) + e.duration;
    return `${formatClock(e.startTime, prefs)}–${formatClock(end >= 24 * 60 ? "23:59" : minutesToTime(end), prefs)}`;
  };
  return (
    <section
      aria-label={t("admin.weekly.current")}
      className="mb-4 rounded-xl border border-blue-200 bg-blue-50 p-3 text-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-semibold text-blue-950">{t("admin.weekly.inPlace")}</p>
          {slotsThrough && (
            <p className="text-blue-900">
              {rich("admin.weekly.through", { date: <strong>{formatAdminDate(slotsThrough, prefs, true)}</strong> })}
            </p>
          )}
        </div>
        <Button size="sm" variant="ghost" className="text-red-700" onClick={onRemove}>
          {t("admin.weekly.stop")}
        </Button>
      </div>
      <dl className="mt-2 grid gap-1 sm:grid-cols-[8rem_1fr]">
        {WEEK_ORDER.filter((d) => entries.some((e) => e.dayOfWeek === d)).map((d) => (
          <div key={d} className="contents">
            <dt className="font-medium text-slate-800">{t(DAY_NAMES[d])}</dt>
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

export function KeptList({
  title,
  kept,
  prefs,
  tz,
}: {
  title: string;
  kept: KeptLesson[];
  prefs: AdminPrefs;
  tz: string;
}) {
  const t = useT();
  return (
    <div className="mt-2">
      <p className="font-medium">{t("admin.weekly.keptHeading", { title })}</p>
      <ul className="mt-1 list-disc pl-5">
        {kept.map((k) => (
          <li key={k.startsAt.toISOString()}>
            {formatAdminDate(k.startsAt, prefs, true)}, {formatClock(timeKeyInZone(k.startsAt, tz), prefs)} (
            {k.studentName})
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One day of the template form: its slots, each with start, end and remove, and + Add slot. */
export function TemplateDay({
  day,
  slots,
  prefs,
  onAdd,
  onEdit,
  onRemove,
}: {
  day: (typeof WEEK_ORDER)[number];
  slots: TemplateSlot[];
  prefs: AdminPrefs;
  onAdd: () => void;
  onEdit: (id: number, patch: Partial<TemplateSlot>) => void;
  onRemove: (id: number) => void;
}) {
  const t = useT();
  const dayName = t(DAY_NAMES[day]);
  const overlapping = findOverlappingPairs(slots);
  return (
    <li className="rounded-xl border border-slate-200 p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-medium text-slate-900">{dayName}</h3>
        <Button size="sm" variant="outline" onClick={onAdd} aria-label={t("admin.weekly.addSlotOn", { day: dayName })}>
          {t("admin.weekly.addSlot")}
        </Button>
      </div>
      {slots.length > 0 && (
        <ul className="mt-2 grid gap-2">
          {slots.map((s, index) => {
            const clash = overlapping.some(([i, j]) => i === index || j === index);
            const invalid = !isValidSlot(s);
            return (
              <li
                key={s.id}
                className={`grid grid-cols-[1fr_1fr_auto] items-end gap-2 rounded-lg p-1 ${clash || invalid ? "bg-red-50" : ""}`}
              >
                <TimeSelect
                  label={t("admin.weekly.slotStart", { day: dayName, n: index + 1 })}
                  srOnlyLabel
                  value={s.startTime}
                  onChange={(v) => onEdit(s.id, { startTime: v })}
                  choices={CHOICES}
                  prefs={prefs}
                />
                <TimeSelect
                  label={t("admin.weekly.slotEnd", { day: dayName, n: index + 1 })}
                  srOnlyLabel
                  value={s.endTime}
                  onChange={(v) => onEdit(s.id, { endTime: v })}
                  choices={END_CHOICES}
                  prefs={prefs}
                />
                <Button
                  size="sm"
                  variant="ghost"
                  className="mb-1 text-red-700"
                  onClick={() => onRemove(s.id)}
                  aria-label={t("admin.weekly.removeSlot", { day: dayName, n: index + 1 })}
                >
                  ✕
                </Button>
                {invalid && <p className="col-span-3 text-xs text-red-700">{t("admin.single.endAfterStart")}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

/** What a save of the weekly schedule did: the server's summary, skipped and kept slots. */
export function WeeklyResultNote({ result, prefs }: { result: WeeklyScheduleResult; prefs: AdminPrefs }) {
  const tz = prefs.timezone;
  const t = useT();
  const locale = useLocale();
  return (
    <div role="status" className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950">
      <p>{weeklySaveText(t, result, tz, locale)}</p>
      {result.skippedSlots.length > 0 && (
        <>
          <p className="mt-2 font-medium">{t("admin.weekly.skipped")}</p>
          <ul className="mt-1 list-disc pl-5">
            {result.skippedSlots.slice(0, 10).map((s) => (
              <li key={s.startsAt.toISOString()}>
                {formatAdminDate(s.startsAt, prefs, true)}, {formatClock(timeKeyInZone(s.startsAt, tz), prefs)}
              </li>
            ))}
            {result.skipped > 10 && <li>{t("admin.weekly.more", { count: result.skipped - 10 })}</li>}
          </ul>
        </>
      )}
      {result.keptBooked.length > 0 && (
        <KeptList title={t("admin.weekly.keptTitle")} kept={result.keptBooked} prefs={prefs} tz={tz} />
      )}
    </div>
  );
}

import { formatTime } from "../../../../shared/i18n/format.ts";
import type { Locale } from "../../../../shared/i18n/locales.ts";
import type { Translate } from "../../../../shared/i18n/messages.ts";
import { CheckIcon } from "../../components/ui/icons.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { type DateKey, dateKeyInZone, intlZone, timeKeyInZone } from "../../lib/zoned-date.ts";
import type { Slot } from "./booking-storage.ts";
import { dayLabels, weekDays } from "./week.ts";

type Props = {
  weekStart: DateKey;
  slots: Slot[];
  selectedIds: ReadonlySet<string>;
  timeZone: string;
  /**
   * The visitor's own clock (OWN_ZONE) when it reads otherwise than the teacher's: each slot then
   * shows both times. Undefined while it is not known (the server's HTML and the render that
   * hydrates it).
   */
  localZone: string | null | undefined;
  todayKey: DateKey;
  onToggle: (slot: Slot) => void;
};

/** "Mon, Nov 23 at 10:00 AM" · "lun 23 nov alle 10:00". */
export function slotLabel(t: Translate, locale: Locale, slot: Slot, timeZone: string) {
  const day = dayLabels(locale, dateKeyInZone(slot.startTime, timeZone));
  return t("booking-schedule.grid.slot", { day: day.short, time: formatTime(locale, slot.startTime, { timeZone }) });
}

function SlotButton({
  slot,
  selected,
  timeZone,
  localZone,
  onToggle,
  className = "",
}: {
  slot: Slot;
  selected: boolean;
  timeZone: string;
  localZone: string | null | undefined;
  onToggle: (slot: Slot) => void;
  className?: string;
}) {
  const t = useT();
  const locale = useLocale();
  const teacherTime = formatTime(locale, slot.startTime, { timeZone });
  const localTime = localZone ? formatTime(locale, slot.startTime, { timeZone: intlZone(localZone) }) : null;
  const localDay = localZone ? dateKeyInZone(slot.startTime, localZone) : null;
  const shiftsDay = localDay !== null && localDay !== dateKeyInZone(slot.startTime, timeZone);
  const name = slotLabel(t, locale, slot, timeZone);
  const label =
    localTime === null
      ? name
      : shiftsDay
        ? t("booking-schedule.grid.slotWithLocalDay", {
            slot: name,
            time: localTime,
            day: dayLabels(locale, localDay).short,
          })
        : t("booking-schedule.grid.slotWithLocal", { slot: name, time: localTime });
  return (
    <button
      type="button"
      aria-pressed={selected}
      aria-label={label}
      data-slot-id={slot.id}
      onClick={() => onToggle(slot)}
      className={`flex w-full flex-col items-center justify-center rounded-lg border px-1 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700 ${
        selected
          ? "border-blue-900 bg-blue-900 text-white shadow-sm"
          : "border-blue-200 bg-blue-50 text-blue-900 hover:border-blue-400 hover:bg-blue-100"
      } ${className}`}
    >
      <span className="flex items-center gap-1">
        {selected && <CheckIcon className="h-3.5 w-3.5" />}
        {teacherTime}
      </span>
      {localTime && (
        <span className={`text-[11px] font-normal ${selected ? "text-blue-100" : "text-slate-600"}`}>
          {shiftsDay
            ? t("booking-schedule.grid.yoursDay", { time: localTime, day: dayLabels(locale, localDay).weekday })
            : t("booking-schedule.grid.yours", { time: localTime })}
        </span>
      )}
      {/* The visitor's line, not known yet: room for it when the visitor is in another zone (styles.css). */}
      {localZone === undefined && (
        <span className="local-time-pending text-[11px]" aria-hidden="true">
          {"\u00a0"}
        </span>
      )}
    </button>
  );
}

/**
 * The week of 60-minute slots (from Sunday, or Monday in Italian: week.ts). Wide screens: a 7-column grid whose rows are the start
 * times of the week (in the teacher's zone). Phones: the same week as a list of days with sticky
 * day headers, because seven columns of times do not fit 390 px.
 */
export function WeekGrid({ weekStart, slots, selectedIds, timeZone, localZone, todayKey, onToggle }: Props) {
  const t = useT();
  const locale = useLocale();
  const days = weekDays(weekStart);
  const byDay = new Map<DateKey, Slot[]>(days.map((d) => [d, []]));
  for (const slot of slots) byDay.get(dateKeyInZone(slot.startTime, timeZone))?.push(slot);
  const times = [...new Set(slots.map((s) => timeKeyInZone(s.startTime, timeZone)))].sort();
  const cell = (day: DateKey, time: string) =>
    byDay.get(day)?.find((s) => timeKeyInZone(s.startTime, timeZone) === time) ?? null;
  // A phone's list starts at the first day with free times: no scrolling past empty days.
  const firstFreeDay = Math.max(
    0,
    days.findIndex((d) => (byDay.get(d)?.length ?? 0) > 0),
  );
  // The same button in both layouts; only its height differs.
  const buttonProps = (slot: Slot) => ({ slot, selected: selectedIds.has(slot.id), timeZone, localZone, onToggle });

  return (
    <>
      {/* Wide screens */}
      <section className="hidden md:block" aria-label={t("booking-schedule.grid.label")}>
        <div className="grid grid-cols-7 gap-2">
          {days.map((day) => {
            const labels = dayLabels(locale, day);
            const isToday = day === todayKey;
            return (
              <div
                key={day}
                className={`rounded-lg px-1 py-2 text-center ${isToday ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-700"}`}
              >
                <p className="text-xs font-semibold tracking-wide uppercase">{labels.weekday}</p>
                <p className="text-sm font-bold">{labels.monthDay}</p>
              </div>
            );
          })}
        </div>
        {times.length === 0 ? null : (
          <div className="mt-2 grid grid-cols-7 gap-2">
            {times.flatMap((time) =>
              days.map((day) => {
                const slot = cell(day, time);
                return slot ? (
                  <SlotButton key={`${day}-${time}`} {...buttonProps(slot)} className="min-h-11" />
                ) : (
                  <div
                    key={`${day}-${time}`}
                    className="min-h-11 rounded-lg border border-dashed border-slate-200"
                    aria-hidden="true"
                  />
                );
              }),
            )}
          </div>
        )}
      </section>

      {/* Phones */}
      <section className="md:hidden" aria-label={t("booking-schedule.grid.labelByDay")}>
        {firstFreeDay > 0 && (
          <p className="mb-3 text-sm text-slate-500">
            {t("booking-schedule.grid.noneBefore", { day: dayLabels(locale, days[firstFreeDay]).long })}
          </p>
        )}
        <ul className="space-y-3">
          {days.slice(firstFreeDay).map((day) => {
            const labels = dayLabels(locale, day);
            const daySlots = byDay.get(day) ?? [];
            return (
              <li key={day} className="rounded-xl border border-slate-200 bg-white">
                <h3 className="sticky top-0 z-[1] flex items-center justify-between rounded-t-xl border-b border-slate-100 bg-white/95 px-3 py-2 text-sm font-semibold text-slate-900 backdrop-blur">
                  <span>
                    {labels.long}
                    {day === todayKey && (
                      <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
                        {t("booking-schedule.grid.today")}
                      </span>
                    )}
                  </span>
                  <span className="text-xs font-normal text-slate-500">
                    {daySlots.length === 0 ? "" : t("booking-schedule.grid.times", { count: daySlots.length })}
                  </span>
                </h3>
                {daySlots.length === 0 ? (
                  <p className="px-3 py-2 text-sm text-slate-500">{t("booking-schedule.grid.noTimes")}</p>
                ) : (
                  <div className="grid grid-cols-3 gap-2 p-3">
                    {daySlots.map((slot) => (
                      <SlotButton key={slot.id} {...buttonProps(slot)} className="min-h-12" />
                    ))}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}

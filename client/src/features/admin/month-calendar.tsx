// The month calendar of Manage Availability: Monday-first, today marked, a dot on each day
// with availability, the selected day pressed.
import { useState } from "react";
import { INTL_TAGS } from "../../../../shared/i18n/locales.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { zonedInstant } from "../../lib/zoned-date.ts";
import { type AdminPrefs, formatAdminDate } from "./admin-format.ts";

// Monday first in both languages: the teacher's week (Milano) is the grid's in English too.
const WEEKDAY_HEADS: readonly MessageKey[] = [
  "admin.weekdayShort.1",
  "admin.weekdayShort.2",
  "admin.weekdayShort.3",
  "admin.weekdayShort.4",
  "admin.weekdayShort.5",
  "admin.weekdayShort.6",
  "admin.weekdayShort.0",
];

export function MonthCalendar({
  today,
  selected,
  onSelect,
  slotCount,
  prefs,
}: {
  /** YYYY-MM-DD dates in the teacher's zone. */
  today: string;
  selected: string;
  onSelect: (date: string) => void;
  /** The number of slots of a date, 0 for none. */
  slotCount: (date: string) => number;
  prefs: AdminPrefs;
}) {
  const tz = prefs.timezone;
  const t = useT();
  const locale = useLocale();
  const [month, setMonth] = useState(today.slice(0, 7));
  const [y, m] = month.split("-").map(Number);
  const first = new Date(Date.UTC(y, m - 1, 1));
  const lead = (first.getUTCDay() + 6) % 7; // Monday-first grid
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells = [
    ...Array.from({ length: lead }, (_, i) => `blank-${i}`),
    ...Array.from({ length: daysInMonth }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`),
  ];
  const monthLabel = new Intl.DateTimeFormat(INTL_TAGS[locale], {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(first);
  const shiftMonth = (delta: number) => setMonth(new Date(Date.UTC(y, m - 1 + delta, 1)).toISOString().slice(0, 7));

  return (
    <Card className="p-4 sm:p-5">
      <div className="mb-3 flex items-center justify-between">
        <Button size="sm" variant="ghost" onClick={() => shiftMonth(-1)} aria-label={t("admin.calendar.previousMonth")}>
          ‹
        </Button>
        <h2 className="font-semibold text-slate-900" aria-live="polite">
          {monthLabel}
        </h2>
        <Button size="sm" variant="ghost" onClick={() => shiftMonth(1)} aria-label={t("admin.calendar.nextMonth")}>
          ›
        </Button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs font-medium text-slate-500" aria-hidden="true">
        {WEEKDAY_HEADS.map((d) => (
          <span key={d}>{t(d)}</span>
        ))}
      </div>
      <div className="mt-1 grid grid-cols-7 gap-1" data-testid="month-calendar">
        {cells.map((key) => {
          if (key.startsWith("blank-")) return <span key={key} />;
          const count = slotCount(key);
          return (
            <button
              key={key}
              type="button"
              onClick={() => onSelect(key)}
              aria-pressed={key === selected}
              aria-label={t("admin.calendar.day", {
                date: formatAdminDate(zonedInstant(key, "12:00", tz), prefs, true),
                count,
              })}
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
              {count > 0 && (
                <span
                  className={`absolute bottom-1 left-1/2 h-1.5 w-1.5 -translate-x-1/2 rounded-full ${key === selected ? "bg-amber-300" : "bg-emerald-500"}`}
                  aria-hidden="true"
                />
              )}
            </button>
          );
        })}
      </div>
      <p className="mt-3 text-xs text-slate-500">{t("admin.calendar.note", { zone: tz })}</p>
    </Card>
  );
}

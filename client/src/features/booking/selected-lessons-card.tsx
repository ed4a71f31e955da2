import type { ReactNode } from "react";
import { formatDate, formatTime } from "../../../../shared/i18n/format.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { CalendarIcon } from "../../components/ui/icons.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { intlZone } from "../../lib/zoned-date.ts";
import type { Slot } from "./booking-storage.ts";
import { YourTime } from "./your-time.tsx";

/** The schedule step's side card: the times picked so far, each with Remove, then `children`. */
export function SelectedLessonsCard(props: {
  selected: Slot[];
  lessons: number;
  zone: string;
  localZone: string | null;
  onRemove: (slot: Slot) => void;
  children?: ReactNode;
}) {
  const { selected, lessons, zone, localZone } = props;
  const t = useT();
  const locale = useLocale();
  const timeZone = intlZone(zone);
  const day = (slot: Slot) => formatDate(locale, slot.startTime, { timeZone, style: "short" });
  const time = (iso: string) => formatTime(locale, iso, { timeZone });
  return (
    <Card className="p-4">
      <h2 className="flex items-center gap-2 font-semibold text-slate-900">
        <CalendarIcon className="h-5 w-5 text-blue-900" /> {t("booking-schedule.selected.title")}
      </h2>
      {selected.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t("booking-schedule.selected.pick", { count: lessons })}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label={t("booking-schedule.selected.list")}>
          {selected.map((slot) => (
            <li key={slot.id} className="flex items-center justify-between gap-2 py-2">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">{day(slot)}</p>
                <p className="text-slate-600">
                  {time(slot.startTime)} – {time(slot.endTime)}
                  {localZone && <YourTime startTime={slot.startTime} zone={localZone} />}
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700"
                aria-label={t("booking-schedule.selected.removeLabel", { day: day(slot), time: time(slot.startTime) })}
                onClick={() => props.onRemove(slot)}
              >
                {t("booking-schedule.selected.remove")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {props.children}
    </Card>
  );
}

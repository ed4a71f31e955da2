// The free times the booking flow offers, two weeks at a time, grouped by day (Milano time): the
// picker of a rebooking and of a move.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate, formatTime } from "../../../../shared/i18n/format.ts";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import { useTeacherZone } from "./portal-api.ts";

const dayKey = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(iso),
  );

export type SlotPickerProps = {
  teacherId: string | null;
  selected: string | null;
  onSelect: (startTime: string | null) => void;
};

/** Mounted only while its dialog is open; a refused choice is re-read by invalidating the availability. */
export function SlotPicker({ teacherId, selected, onSelect }: SlotPickerProps) {
  const t = useT();
  const locale = useLocale();
  const [page, setPage] = useState(0);
  const zone = { timeZone: useTeacherZone() };
  const start = new Date(Date.now() + page * 14 * 86_400_000);
  const startDate = dayKey(start.toISOString(), zone.timeZone);
  const slots = useQuery(trpc.booking.availability.queryOptions({ startDate, teacherId }));

  const byDay = new Map<string, { id: string; startTime: string }[]>();
  for (const slot of slots.data?.availableSlots ?? []) {
    const key = dayKey(slot.startTime, zone.timeZone);
    byDay.set(key, [...(byDay.get(key) ?? []), slot]);
  }

  return (
    <>
      <div className="mb-3 flex items-center justify-between gap-2">
        <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
          {t("portal.slots.previous")}
        </Button>
        <p className="text-sm font-medium text-slate-700">
          {slots.data
            ? `${formatDate(locale, slots.data.windowStart, zone)} – ${formatDate(locale, new Date(new Date(slots.data.windowEnd).getTime() - 1), zone)}`
            : " "}
        </p>
        <Button variant="outline" size="sm" onClick={() => setPage((p) => p + 1)}>
          {t("portal.slots.next")}
        </Button>
      </div>
      {slots.isPending ? (
        <Spinner label={t("portal.slots.loading")} />
      ) : slots.isError ? (
        <p className="text-sm text-red-700">{t("portal.slots.failed")}</p>
      ) : byDay.size === 0 ? (
        <p className="rounded-xl bg-slate-50 p-6 text-center text-sm text-slate-600">{t("portal.slots.none")}</p>
      ) : (
        <div className="max-h-[50vh] space-y-4 overflow-y-auto pr-1">
          {[...byDay].map(([day, daySlots]) => (
            <fieldset key={day}>
              <legend className="mb-2 text-sm font-semibold text-slate-900">
                {formatDate(locale, daySlots[0].startTime, { style: "long", ...zone })}
              </legend>
              <div className="flex flex-wrap gap-2">
                {daySlots.map((slot) => {
                  const isSelected = selected === slot.startTime;
                  return (
                    <button
                      key={slot.id}
                      type="button"
                      aria-pressed={isSelected}
                      onClick={() => onSelect(isSelected ? null : slot.startTime)}
                      className={`rounded-lg border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-700 ${isSelected ? "border-blue-900 bg-blue-900 text-white" : "border-slate-300 bg-white text-slate-800 hover:border-blue-400"}`}
                    >
                      {formatTime(locale, slot.startTime, zone)}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </div>
      )}
    </>
  );
}

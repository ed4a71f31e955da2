// "Same time every week" on the schedule step: one action after one pick fills the package's
// remaining lessons at that weekday and time in the following weeks. The server finds them (it
// knows every teacher's free time up to the booking window); each one is an ordinary pick, so
// Remove works on it as on any other.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatTime } from "../../../../shared/i18n/format.ts";
import { Button } from "../../components/ui/button.tsx";
import { RepeatIcon } from "../../components/ui/icons.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { dateKeyInZone } from "../../lib/zoned-date.ts";
import { trpc } from "../../trpc.ts";
import type { Slot } from "./booking-storage.ts";
import { sameTimeMessage } from "./same-time-message.ts";
import { dayLabels } from "./week.ts";

/**
 * The action's state: the pick it repeats (the latest in time), whether it is running, and what
 * it found last. `fill` adds the found lessons through `onAdd`.
 */
export function useSameTimeEveryWeek(opts: {
  selected: Slot[];
  lessons: number;
  teacherId: string | null;
  zone: string;
  onAdd: (slots: Slot[]) => void;
}) {
  const { selected, lessons, teacherId, zone, onAdd } = opts;
  const queryClient = useQueryClient();
  const t = useT();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const anchor = selected.length > 0 ? selected[selected.length - 1] : null;
  const remaining = lessons - selected.length;

  const fill = async () => {
    if (!anchor || remaining <= 0) return;
    setBusy(true);
    try {
      const found = await queryClient.fetchQuery({
        ...trpc.booking.sameTimeEveryWeek.queryOptions({
          startTime: anchor.startTime,
          count: remaining,
          teacherId,
          exclude: selected.map((s) => s.startTime),
        }),
        staleTime: 0,
      });
      onAdd(found.slots.map((s) => ({ ...s, timezone: found.timezone })));
      setMessage({
        text: sameTimeMessage(t, locale, {
          added: found.slots.length,
          skipped: found.skipped,
          daysOff: found.daysOff,
          isShort: found.isShort,
          remaining: remaining - found.slots.length,
        }),
        isError: false,
      });
    } catch {
      setMessage({ text: t("booking-schedule.week.failed"), isError: true });
    } finally {
      setBusy(false);
    }
  };

  return {
    canFill: anchor !== null && remaining > 0 && lessons > 1,
    // The weekday and time it repeats: "Monday", "5:00 PM".
    weekday: anchor ? dayLabels(locale, dateKeyInZone(anchor.startTime, zone)).weekdayLong : "",
    time: anchor ? formatTime(locale, anchor.startTime, { timeZone: zone }) : "",
    remaining,
    busy,
    message,
    clearMessage: () => setMessage(null),
    fill,
  };
}
export type SameTimeEveryWeekState = ReturnType<typeof useSameTimeEveryWeek>;

/** The button and what it did last; `compact` for the phone's bottom bar. */
export function SameTimeEveryWeek({ state, compact = false }: { state: SameTimeEveryWeekState; compact?: boolean }) {
  const t = useT();
  if (!state.canFill && !state.message) return null;
  return (
    <div className={compact ? "w-full" : "space-y-2"}>
      {state.canFill && (
        <>
          <Button
            variant="outline"
            size={compact ? "sm" : "md"}
            className="w-full"
            onClick={state.fill}
            disabled={state.busy}
            aria-describedby={compact ? undefined : "same-time-hint"}
          >
            <RepeatIcon className="h-4 w-4" />
            {t(state.busy ? "booking-schedule.sameTime.busy" : "booking-schedule.sameTime.action")}
          </Button>
          {!compact && (
            <p id="same-time-hint" className="text-xs text-slate-600">
              {t("booking-schedule.sameTime.hint", {
                count: state.remaining,
                weekday: state.weekday,
                time: state.time,
              })}
            </p>
          )}
        </>
      )}
      {state.message && (
        <p
          role={state.message.isError ? "alert" : "status"}
          className={`rounded-lg ${compact ? "mt-1 px-2 py-1 text-xs " : "px-3 py-2 text-sm "}${
            state.message.isError ? "bg-red-50 text-red-900" : "bg-emerald-50 text-emerald-900"
          }`}
        >
          {state.message.text}
        </p>
      )}
    </div>
  );
}

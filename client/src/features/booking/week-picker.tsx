import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { dateKeyInZone, ownClockLabel } from "../../lib/zoned-date.ts";
import type { useWeekAvailability } from "./use-week-availability.ts";
import { weekRangeLabel } from "./week.ts";
import { WeekGrid } from "./week-grid.tsx";

type Week = ReturnType<typeof useWeekAvailability>;
type OfferedSlot = Week["weekSlots"][number];

/** The schedule step's calendar card: week paging, the zone note, and the grid or its state. */
export function WeekPicker(props: {
  week: Week;
  /** The visitor's own clock when it is not the teacher's; undefined until the browser has said (week-grid.tsx). */
  localZone: string | null | undefined;
  selectedIds: Set<string>;
  onToggle: (slot: OfferedSlot) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const { week, localZone, selectedIds } = props;
  const { availability, zone, weekStart, weekSlots } = week;
  const firstLoad = availability.isPending && !availability.data;
  return (
    <Card className="p-3 sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Button variant="outline" size="sm" disabled={week.isCurrentWeek} onClick={week.previousWeek}>
          {t("booking-schedule.week.previous")}
        </Button>
        <h2
          className="order-first w-full text-center font-semibold text-slate-900 sm:order-none sm:w-auto"
          aria-live="polite"
        >
          {weekRangeLabel(locale, weekStart)}
        </h2>
        <Button variant="outline" size="sm" onClick={week.nextWeek}>
          {t("booking-schedule.week.next")}
        </Button>
      </div>
      {/* Two lines kept below the wide layout: the visitor's own zone is known only in the browser,
          after the server's HTML of this step (issue 15) has painted. */}
      <p className="mb-4 min-h-8 text-xs text-slate-500 lg:min-h-4">
        {t("booking-schedule.week.zone", { zone })}
        {localZone && <> {t("booking-schedule.week.yourZone", { offset: ownClockLabel() })}</>}
      </p>

      {/* On a wide screen the calendar keeps at least 70% of the window's height, loading or
          loaded, so the actions below it start out of sight and never jump when a week with
          few times (or many) replaces the spinner: no layout shift on a direct visit. */}
      {firstLoad ? (
        <div className="min-h-[50vh] md:min-h-[70vh]">
          <Spinner label={t("booking-schedule.week.loading")} />
        </div>
      ) : availability.isError && !availability.data ? (
        <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-sm text-red-900">
          <p>{t("booking-schedule.week.failed")}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => availability.refetch()}>
            {t("booking-schedule.week.retry")}
          </Button>
        </div>
      ) : (
        <div
          className={`md:min-h-[70vh] ${availability.isFetching ? "opacity-60 transition" : "transition"}`}
          aria-busy={availability.isFetching}
        >
          {weekSlots.length === 0 && !availability.isFetching && (
            <p className="mb-3 rounded-lg bg-slate-50 p-3 text-center text-sm text-slate-600">
              {t("booking-schedule.week.empty")}
            </p>
          )}
          <WeekGrid
            weekStart={weekStart}
            slots={weekSlots}
            selectedIds={selectedIds}
            timeZone={zone}
            localZone={localZone}
            todayKey={dateKeyInZone(new Date(), zone)}
            onToggle={props.onToggle}
          />
        </div>
      )}
    </Card>
  );
}

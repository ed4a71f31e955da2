// The teacher's free times on a week view (issue 32, item 6): the booking flow's week grid
// (booking/week-grid.tsx: seven columns on a wide screen, a list of days on a phone) filled with
// her own free times (admin.freeTimes: not her offer, not the 48-hour notice), one time chosen.
// Used when she books for a student and when she moves a lesson.
import { useQuery } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { useMessageAreas } from "../../lib/lazy-messages.ts";
import { addDays, type DateKey, dateKeyInZone } from "../../lib/zoned-date.ts";
import { trpc } from "../../trpc.ts";
import { currentWeekStart, firstDayOf, weekRangeLabel, weekStartOf } from "../booking/week.ts";
import { WeekGrid } from "../booking/week-grid.tsx";

type Props = {
  timeZone: string;
  /** The lesson being moved: its own time counts as free. */
  excludeBookingId?: string;
  /** The week shown first: the one of this day (the lesson's, or today's). */
  initialDay?: DateKey;
  selected: string | null;
  onSelect: (startTime: string | null) => void;
};

export function TeacherWeekPicker(props: Props) {
  const t = useT();
  // The grid's words are the booking flow's schedule area, which the admin route does not load.
  return (
    <Suspense fallback={<Spinner label={t("admin.freeTimes.loading")} />}>
      <FreeTimesWeek {...props} />
    </Suspense>
  );
}

function FreeTimesWeek({ timeZone, excludeBookingId, initialDay, selected, onSelect }: Props) {
  useMessageAreas(["booking-schedule"]);
  const t = useT();
  const locale = useLocale();
  const firstDay = firstDayOf(locale);
  const thisWeek = currentWeekStart(timeZone, new Date(), firstDay);
  const [weekStart, setWeekStart] = useState<DateKey>(() => {
    const start = initialDay ? weekStartOf(initialDay, firstDay) : thisWeek;
    return [thisWeek, start].sort()[1];
  });
  const free = useQuery({
    ...trpc.admin.freeTimes.queryOptions({ from: weekStart, excludeBookingId }),
    placeholderData: (previous) => previous,
  });
  const slots = free.data?.slots ?? [];
  const selectedIds = new Set(selected ? [selected] : []);

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={weekStart <= thisWeek}
          data-testid="free-times-previous"
          onClick={() => setWeekStart(addDays(weekStart, -7))}
        >
          {t("booking-schedule.week.previous")}
        </Button>
        <p
          className="order-first w-full text-center text-sm font-semibold text-slate-900 sm:order-none sm:w-auto"
          aria-live="polite"
          data-testid="free-times-range"
          data-week-start={weekStart}
        >
          {weekRangeLabel(locale, weekStart)}
        </p>
        <Button
          variant="outline"
          size="sm"
          data-testid="free-times-next"
          onClick={() => setWeekStart(addDays(weekStart, 7))}
        >
          {t("booking-schedule.week.next")}
        </Button>
      </div>
      <p className="mb-3 text-xs text-slate-500">{t("admin.freeTimes.intro", { zone: timeZone })}</p>
      {free.isPending ? (
        <Spinner label={t("admin.freeTimes.loading")} />
      ) : free.isError && !free.data ? (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-900">{t("admin.freeTimes.failed")}</p>
      ) : (
        <div
          className={free.isFetching ? "opacity-60 transition" : "transition"}
          aria-busy={free.isFetching}
          data-testid="free-times-week"
        >
          {slots.length === 0 && !free.isFetching && (
            <p className="mb-3 rounded-lg bg-slate-50 p-3 text-center text-sm text-slate-600">
              {t("admin.freeTimes.none")}
            </p>
          )}
          <WeekGrid
            weekStart={weekStart}
            slots={slots}
            selectedIds={selectedIds}
            timeZone={timeZone}
            localZone={null}
            todayKey={dateKeyInZone(new Date(), timeZone)}
            onToggle={(slot) => onSelect(selected === slot.startTime ? null : slot.startTime)}
          />
        </div>
      )}
    </div>
  );
}

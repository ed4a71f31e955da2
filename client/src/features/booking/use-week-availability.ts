import { useQuery } from "@tanstack/react-query";
import { type Dispatch, type SetStateAction, useEffect, useMemo, useState } from "react";
import { TEACHER_TIMEZONE } from "../../../../shared/constants.ts";
import { useToast } from "../../components/ui/toaster.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { addDays, dateKeyInZone, learnZoneOffsets } from "../../lib/zoned-date.ts";
import { trpc } from "../../trpc.ts";
import { bookingStorage, type Slot } from "./booking-storage.ts";
import { currentWeekStart, firstDayOf, weekDays, weekStartOf } from "./week.ts";

/**
 * The schedule step's data: the open times of the week shown (in the teacher's zone, which the
 * server names), paging between weeks, and the visitor's selection kept in step with them: a
 * selected time no longer offered (booked by someone else, or now too close) leaves the
 * selection as soon as a loaded window shows it missing, and `pruned` says so.
 *
 * The step opens on the week of the first free time (on a Saturday the current week has none
 * left), found in the first two-week window, so the server's HTML opens on it too; `week`, the
 * week the visitor was looking at when they came back (a time lost to someone else), wins.
 */
export function useWeekAvailability(options: {
  enabled: boolean;
  teacherId: string | null;
  setSelected: Dispatch<SetStateAction<Slot[]>>;
  week?: string | null;
}) {
  const { enabled, teacherId, setSelected } = options;
  const toast = useToast();
  const t = useT();
  const locale = useLocale();
  const [zone, setZone] = useState(TEACHER_TIMEZONE);
  const thisWeek = currentWeekStart(zone, new Date(), firstDayOf(locale));
  const [chosenWeek, setWeekStart] = useState(options.week ?? null);

  const availability = useQuery({
    ...trpc.booking.availability.queryOptions({ startDate: chosenWeek ?? thisWeek, teacherId }),
    enabled,
    placeholderData: (previous) => previous,
    staleTime: 15_000,
  });
  // Each window's times are written without Intl (lib/zoned-date.ts); learning one is idempotent.
  if (availability.data) learnZoneOffsets(availability.data);
  useEffect(() => {
    if (availability.data?.timezone) setZone(availability.data.timezone);
  }, [availability.data?.timezone]);
  useEffect(() => {
    if (availability.isError) {
      toast({
        title: t("booking.error.title"),
        description: t("booking-schedule.week.failed"),
        variant: "destructive",
      });
    }
  }, [availability.isError, toast, t]);

  const firstFree = availability.data?.availableSlots[0];
  const weekStart =
    chosenWeek ?? (firstFree ? weekStartOf(dateKeyInZone(firstFree.startTime, zone), firstDayOf(locale)) : thisWeek);

  const [pruned, setPruned] = useState(false);
  useEffect(() => {
    const data = availability.data;
    if (!data) return;
    const from = Date.parse(data.windowStart);
    const to = Date.parse(data.windowEnd);
    const offered = new Set(data.availableSlots.map((s) => Date.parse(s.startTime)));
    setSelected((current) => {
      const kept = current.filter((s) => {
        const at = Date.parse(s.startTime);
        return at < from || at >= to || offered.has(at);
      });
      if (kept.length === current.length) return current;
      bookingStorage.setSlots(kept);
      setPruned(true);
      return kept;
    });
  }, [availability.data, setSelected]);

  const weekSlots = useMemo(() => {
    const inWeek = new Set(weekDays(weekStart));
    return (availability.data?.availableSlots ?? []).filter((s) => inWeek.has(dateKeyInZone(s.startTime, zone)));
  }, [availability.data, zone, weekStart]);

  return {
    availability,
    zone,
    weekStart,
    weekSlots,
    pruned,
    isCurrentWeek: weekStart <= thisWeek,
    previousWeek: () => setWeekStart(addDays(weekStart, -7)),
    nextWeek: () => setWeekStart(addDays(weekStart, 7)),
  };
}

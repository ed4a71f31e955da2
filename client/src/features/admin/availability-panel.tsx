// Manage Availability (panel 2): month calendar, the selected date's slots (Weekly/One-time),
// Create Single Slot with the checks of spec §5, the standing Weekly Schedule (the server keeps
// its slots through the booking horizon by itself; the panel shows it and the date slots reach),
// and removing slots, weekly series and days (never a slot that holds a lesson); the teacher's own
// calendars, whose busy times show on the day as "busy (calendar name)".
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { ADMIN_AVAILABILITY_DAYS_AFTER, ADMIN_AVAILABILITY_DAYS_BEFORE } from "../../../../shared/constants.ts";
import { useT } from "../../lib/i18n.tsx";
import { addDays, dateKeyInZone, zonedInstant } from "../../lib/zoned-date.ts";
import { trpc } from "../../trpc.ts";
import { type AdminBusyTime, type AdminDayOff, type AdminSlot, useLoadFailure } from "./admin-api.ts";
import { useAdminPrefs } from "./admin-format.ts";
import { RemovalDialog, useAvailabilityRemoval } from "./availability-removal.tsx";
import { CalendarsCard } from "./calendars-card.tsx";
import { DaySlotsCard } from "./day-slots-card.tsx";
import { DaysOffLessons } from "./days-off-lessons.tsx";
import { MonthCalendar } from "./month-calendar.tsx";
import { SingleSlotCard } from "./single-slot-card.tsx";
import { WeeklyScheduleCard } from "./weekly-schedule-card.tsx";

export function AvailabilityPanel() {
  const prefs = useAdminPrefs();
  const tz = prefs.timezone;
  const t = useT();
  const today = dateKeyInZone(new Date(), tz);
  const [selected, setSelected] = useState(today);
  // A stopped schedule starts the template form afresh: a new card, with the emptied schedule.
  const [scheduleRound, setScheduleRound] = useState(0);
  const removal = useAvailabilityRemoval(() => setScheduleRound((n) => n + 1));

  const windowStart = zonedInstant(addDays(selected, -ADMIN_AVAILABILITY_DAYS_BEFORE), "00:00", tz).toISOString();
  const windowEnd = zonedInstant(addDays(selected, ADMIN_AVAILABILITY_DAYS_AFTER + 1), "00:00", tz).toISOString();
  const slots = useQuery(trpc.admin.availability.list.queryOptions({ start: windowStart, end: windowEnd }));
  useLoadFailure(slots.error, t("admin.availability.loadFailed"));

  const byDay = useMemo(() => {
    const map = new Map<string, AdminSlot[]>();
    for (const s of slots.data?.slots ?? []) {
      const key = dateKeyInZone(s.startTime, tz);
      map.set(key, [...(map.get(key) ?? []), s]);
    }
    return map;
  }, [slots.data, tz]);
  const slotsOn = (date: string) => byDay.get(date) ?? [];
  // A busy time of the teacher's own calendars (or a day off) shows on each day it touches.
  const touching = <T extends { startTime: string; endTime: string }>(list: T[], date: string): T[] => {
    const dayStart = zonedInstant(date, "00:00", tz).getTime();
    const dayEnd = zonedInstant(addDays(date, 1), "00:00", tz).getTime();
    return list.filter((b) => new Date(b.startTime).getTime() < dayEnd && new Date(b.endTime).getTime() > dayStart);
  };
  const busyOn = (date: string): AdminBusyTime[] => touching(slots.data?.busyTimes ?? [], date);
  const daysOffOn = (date: string): AdminDayOff[] => touching(slots.data?.daysOff ?? [], date);

  return (
    <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
      <div className="grid content-start gap-6">
        <MonthCalendar
          today={today}
          selected={selected}
          onSelect={setSelected}
          slotCount={(date) => slotsOn(date).length}
          prefs={prefs}
        />
        <SingleSlotCard today={today} selected={selected} slotsOn={slotsOn} prefs={prefs} />
      </div>

      <div className="grid content-start gap-6">
        {removal.daysOff && <DaysOffLessons outcome={removal.daysOff} onClose={removal.closeDaysOff} />}
        <DaySlotsCard
          selected={selected}
          daySlots={slotsOn(selected)}
          busyTimes={busyOn(selected)}
          offDays={daysOffOn(selected)}
          isLoading={slots.isPending}
          prefs={prefs}
          onRemove={removal.ask}
        />
        <WeeklyScheduleCard
          key={scheduleRound}
          prefs={prefs}
          keptAfterRemoval={removal.kept}
          onStop={() => removal.ask({ kind: "schedule" })}
        />
        <CalendarsCard prefs={prefs} />
      </div>

      <RemovalDialog
        pending={removal.pending}
        isBusy={removal.remove.isPending}
        onConfirm={(p) => removal.remove.mutate(p)}
        onCancel={removal.cancel}
      />
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { TEACHER_TIMEZONE } from "../../../../shared/constants.ts";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ArrowRightIcon, CalendarIcon } from "../../components/ui/icons.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useStudentStatus } from "../../features/auth/student-auth.ts";
import { bookingStorage, type Slot } from "../../features/booking/booking-storage.ts";
import { StepIndicator } from "../../features/booking/step-indicator.tsx";
import { currentWeekStart, weekDays, weekRangeLabel } from "../../features/booking/week.ts";
import { WeekGrid } from "../../features/booking/week-grid.tsx";
import { YourTime } from "../../features/booking/your-time.tsx";
import { browserTimeZone, formatDate, formatTime } from "../../lib/format.ts";
import { useLocation, useNavigate } from "../../lib/router.tsx";
import { addDays, dateKeyInZone } from "../../lib/zoned-date.ts";
import { trpc } from "../../trpc.ts";

export const REDIRECT_DELAY_MS = 1500;

// Loaded when asked for: most visitors never open it.
const CustomAvailabilityDialog = lazy(() =>
  import("../../features/booking/custom-availability-dialog.tsx").then((m) => ({
    default: m.CustomAvailabilityDialog,
  })),
);

export function SchedulePage() {
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const [pkg] = useState(() => bookingStorage.getPackage());
  const [teacher] = useState(() => bookingStorage.getTeacher());
  const [selected, setSelected] = useState<Slot[]>(() => bookingStorage.getSlots());
  const [dialogOpen, setDialogOpen] = useState(false);
  const notice = (location.state as { notice?: string } | null)?.notice ?? null;

  const [zone, setZone] = useState(TEACHER_TIMEZONE);
  const thisWeek = currentWeekStart(zone);
  const [weekStart, setWeekStart] = useState(thisWeek);
  const localZone = browserTimeZone();
  const showLocal = localZone !== zone ? localZone : null;

  useEffect(() => {
    if (pkg) return;
    const timer = setTimeout(() => navigate("/book/pricing", { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pkg, navigate]);

  const availability = useQuery({
    ...trpc.booking.availability.queryOptions({ startDate: weekStart, teacherId: teacher?.id ?? null }),
    enabled: pkg !== null,
    placeholderData: (previous) => previous,
    staleTime: 15_000,
  });
  useEffect(() => {
    if (availability.data?.timezone) setZone(availability.data.timezone);
  }, [availability.data?.timezone]);
  useEffect(() => {
    if (availability.isError) {
      toast({
        title: "Error",
        description: "Failed to load available time slots. Please try again.",
        variant: "destructive",
      });
    }
  }, [availability.isError, toast]);

  // A selected time that is no longer offered (booked by someone else, or now within 48 hours)
  // leaves the selection as soon as a loaded window shows it missing.
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
  }, [availability.data]);

  const status = useStudentStatus();
  const user = status.data?.authenticated ? status.data.user : null;

  const weekSlots = useMemo(() => {
    const inWeek = new Set(weekDays(weekStart));
    return (availability.data?.availableSlots ?? []).filter((s) => inWeek.has(dateKeyInZone(s.startTime, zone)));
  }, [availability.data, zone, weekStart]);
  const selectedIds = useMemo(() => new Set(selected.map((s) => s.id)), [selected]);

  if (!pkg) {
    return (
      <Card className="mx-auto max-w-md p-8 text-center" role="status">
        <p className="font-medium text-slate-700">No package selected. Redirecting...</p>
      </Card>
    );
  }

  const lessons = pkg.lessons;
  const update = (next: Slot[]) => {
    const sorted = [...next].sort((a, b) => a.startTime.localeCompare(b.startTime));
    bookingStorage.setSlots(sorted);
    setSelected(sorted);
  };
  const toggle = (slot: Slot) => {
    if (selectedIds.has(slot.id)) {
      update(selected.filter((s) => s.id !== slot.id));
      return;
    }
    if (selected.length >= lessons) {
      toast({
        title: "Limit Reached",
        description: `You can only select ${lessons} lesson(s) for this package.`,
        variant: "destructive",
      });
      return;
    }
    update([...selected, { id: slot.id, startTime: slot.startTime, endTime: slot.endTime, timezone: zone }]);
  };
  const onContinue = () => {
    if (selected.length !== lessons) {
      toast({
        title: "Incomplete Selection",
        description: `Please select ${lessons} lesson(s) to continue.`,
        variant: "destructive",
      });
      return;
    }
    navigate("/book/details");
  };

  const isCurrentWeek = weekStart <= thisWeek;
  const firstLoad = availability.isPending && !availability.data;

  return (
    <div>
      <StepIndicator current="schedule" />
      <div className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Choose Your Lesson Times</h1>
          <p className="mt-1 text-slate-600">
            {pkg.name}: select {lessons} {lessons === 1 ? "lesson" : "lessons"} of 60 minutes
            {teacher ? ` with ${teacher.name}` : ""}.
          </p>
        </div>
        <p
          className={`self-start rounded-full px-3 py-1 text-sm font-semibold sm:self-auto ${
            selected.length === lessons ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-700"
          }`}
          aria-live="polite"
        >
          {selected.length} of {lessons} selected
        </p>
      </div>

      {pruned && !notice && (
        <div role="status" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          Some of the times you had selected are no longer available and were removed. Please choose other times.
        </div>
      )}
      {notice && (
        <div role="alert" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          {notice}
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <Card className="p-3 sm:p-5">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <Button
              variant="outline"
              size="sm"
              disabled={isCurrentWeek}
              onClick={() => setWeekStart(addDays(weekStart, -7))}
            >
              ← Previous Week
            </Button>
            <h2
              className="order-first w-full text-center font-semibold text-slate-900 sm:order-none sm:w-auto"
              aria-live="polite"
            >
              {weekRangeLabel(weekStart)}
            </h2>
            <Button variant="outline" size="sm" onClick={() => setWeekStart(addDays(weekStart, 7))}>
              Next Week →
            </Button>
          </div>
          <p className="mb-4 text-xs text-slate-500">
            Times are in the teacher's time zone ({zone}).
            {showLocal && <> The smaller time is yours ({showLocal}).</>}
          </p>

          {firstLoad ? (
            <div className="min-h-[50vh]">
              <Spinner label="Loading available times" />
            </div>
          ) : availability.isError && !availability.data ? (
            <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-sm text-red-900">
              <p>Failed to load available time slots. Please try again.</p>
              <Button variant="outline" size="sm" className="mt-3" onClick={() => availability.refetch()}>
                Try Again
              </Button>
            </div>
          ) : (
            <div
              className={availability.isFetching ? "opacity-60 transition" : "transition"}
              aria-busy={availability.isFetching}
            >
              {weekSlots.length === 0 && !availability.isFetching && (
                <p className="mb-3 rounded-lg bg-slate-50 p-3 text-center text-sm text-slate-600">
                  No available times this week. Try the next week, or contact us below.
                </p>
              )}
              <WeekGrid
                weekStart={weekStart}
                slots={weekSlots}
                selectedIds={selectedIds}
                timeZone={zone}
                localZone={showLocal}
                todayKey={dateKeyInZone(new Date(), zone)}
                onToggle={toggle}
              />
            </div>
          )}
        </Card>

        <aside className="space-y-4 lg:sticky lg:top-4 lg:self-start">
          <Card className="p-4">
            <h2 className="flex items-center gap-2 font-semibold text-slate-900">
              <CalendarIcon className="h-5 w-5 text-blue-900" /> Selected Lessons
            </h2>
            {selected.length === 0 ? (
              <p className="mt-2 text-sm text-slate-500">
                Pick {lessons === 1 ? "a time" : `${lessons} times`} on the calendar.
              </p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-100" aria-label="Selected lessons">
                {selected.map((slot) => (
                  <li key={slot.id} className="flex items-center justify-between gap-2 py-2">
                    <div className="min-w-0 text-sm">
                      <p className="font-medium text-slate-900">
                        {formatDate(slot.startTime, { timeZone: zone, style: "short" })}
                      </p>
                      <p className="text-slate-600">
                        {formatTime(slot.startTime, { timeZone: zone })} –{" "}
                        {formatTime(slot.endTime, { timeZone: zone })}
                        {showLocal && <YourTime startTime={slot.startTime} zone={showLocal} />}
                      </p>
                    </div>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700"
                      aria-label={`Remove ${formatDate(slot.startTime, { timeZone: zone, style: "short" })} at ${formatTime(slot.startTime, { timeZone: zone })}`}
                      onClick={() => update(selected.filter((s) => s.id !== slot.id))}
                    >
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card className="p-4">
            <p className="text-sm text-slate-700">None of these times suit you?</p>
            <Button variant="outline" size="sm" className="mt-2 w-full" onClick={() => setDialogOpen(true)}>
              Can't make any times work? Contact us
            </Button>
          </Card>
        </aside>
      </div>

      <div className="sticky bottom-0 z-10 -mx-4 mt-8 flex gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:justify-between sm:border-0 sm:bg-transparent sm:p-0">
        <ButtonLink to="/book/pricing" variant="outline" className="sm:flex-none">
          Back to Pricing
        </ButtonLink>
        <Button size="lg" className="flex-1 sm:flex-none" onClick={onContinue}>
          Continue
          <span className="text-sm font-normal opacity-80 sm:hidden">
            ({selected.length}/{lessons})
          </span>
          <ArrowRightIcon className="h-5 w-5" />
        </Button>
      </div>

      {dialogOpen && (
        <Suspense fallback={null}>
          <CustomAvailabilityDialog
            open
            onClose={() => setDialogOpen(false)}
            pkg={pkg}
            teacher={teacher}
            defaults={user ? { name: user.name, email: user.email } : undefined}
          />
        </Suspense>
      )}
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import { type Dispatch, lazy, type SetStateAction, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ArrowRightIcon } from "../../components/ui/icons.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useStudentStatus } from "../../features/auth/student-auth.ts";
import {
  bookingStorage,
  type SelectedPackage,
  type SelectedTeacher,
  type Slot,
} from "../../features/booking/booking-storage.ts";
import { SameTimeEveryWeek, useSameTimeEveryWeek } from "../../features/booking/same-time-every-week.tsx";
import { choiceInAddress, scheduleAddress } from "../../features/booking/schedule-address.ts";
import { SelectedLessonsCard } from "../../features/booking/selected-lessons-card.tsx";
import { StepIndicator } from "../../features/booking/step-indicator.tsx";
import { useWeekAvailability } from "../../features/booking/use-week-availability.ts";
import { WeekPicker } from "../../features/booking/week-picker.tsx";
import { useT } from "../../lib/i18n.tsx";
import { useHydrated } from "../../lib/prerendered.tsx";
import { useLocation, useNavigate } from "../../lib/router.tsx";
import { OWN_ZONE, ownClockDiffers } from "../../lib/zoned-date.ts";
import { trpc } from "../../trpc.ts";

export const REDIRECT_DELAY_MS = 1500;

// Loaded when asked for: most visitors never open it.
const CustomAvailabilityDialog = lazy(() =>
  import("../../features/booking/custom-availability-dialog.tsx").then((m) => ({
    default: m.CustomAvailabilityDialog,
  })),
);

// Issue 31, item 3: the waitlist's dialog and its words arrive when it is opened.
const WaitlistDialog = lazy(() => import("../../features/booking/waitlist-dialog.tsx"));

export function SchedulePage() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const hydrated = useHydrated();
  const { pkg, teacher, unknown, inAddress } = useScheduleChoice(location.search, hydrated);
  const [picked, setPicked] = useState<Slot[] | null>(null);
  const selected = useMemo(() => picked ?? (hydrated ? bookingStorage.getSlots() : []), [picked, hydrated]);
  const setSelected: Dispatch<SetStateAction<Slot[]>> = useCallback(
    (next) =>
      setPicked((current) => {
        const base = current ?? bookingStorage.getSlots();
        return typeof next === "function" ? next(base) : next;
      }),
    [],
  );
  const [dialogOpen, setDialogOpen] = useState(false);
  // Back from signing in to join the waitlist: the dialog opens again.
  const [waitlistOpen, setWaitlistOpen] = useState(() => location.search.includes("waitlist=1"));
  // Back from the details step after a time was lost: why, and the week the visitor was looking at.
  const back = location.state as { notice?: string; week?: string } | null;
  const notice = back?.notice ?? null;

  // The choice in the address becomes the session's (a link, another tab).
  useEffect(() => {
    if (!pkg || !inAddress) return;
    const other = bookingStorage.getPackage()?.id !== pkg.id || bookingStorage.getTeacher()?.id !== teacher?.id;
    bookingStorage.changePackage(pkg);
    bookingStorage.setTeacher(teacher);
    // Times picked for another package or teacher are not this choice's.
    if (other) {
      bookingStorage.setSlots([]);
      setPicked([]);
    }
  }, [pkg, teacher, inAddress]);
  // The session's choice goes into the address (the details step's way back, an old link): a
  // refresh or a shared link then opens this very step.
  useEffect(() => {
    if (!hydrated || !pkg || inAddress) return;
    navigate(scheduleAddress({ packageId: pkg.id, teacherId: teacher?.id ?? null }), {
      replace: true,
      state: location.state,
    });
  }, [hydrated, pkg, teacher, inAddress, location.state, navigate]);
  useEffect(() => {
    if (!unknown) return;
    const timer = setTimeout(() => navigate("/book/pricing", { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [unknown, navigate]);

  const week = useWeekAvailability({
    enabled: pkg !== null,
    teacherId: teacher?.id ?? null,
    setSelected,
    week: back?.week,
  });
  const { zone } = week;
  // The visitor's own times too, when their clock reads otherwise than the teacher's: known once
  // hydrated (lib/prerendered.tsx), from the window's offsets and Date alone (no Intl).
  const grid = week.availability.data;
  const clockDiffers = useMemo(() => (grid ? ownClockDiffers(grid) : false), [grid]);
  const showLocal = hydrated ? (clockDiffers ? OWN_ZONE : null) : undefined;

  const status = useStudentStatus();
  const user = status.data?.authenticated ? status.data.user : null;
  const selectedIds = useMemo(() => new Set(selected.map((s) => s.id)), [selected]);
  const sameTime = useSameTimeEveryWeek({
    selected,
    lessons: pkg?.lessons ?? 0,
    teacherId: teacher?.id ?? null,
    zone,
    onAdd: (slots) => {
      const sorted = [...selected, ...slots].sort((a, b) => a.startTime.localeCompare(b.startTime));
      bookingStorage.setSlots(sorted);
      setSelected(sorted);
    },
  });

  if (unknown) {
    return (
      <Card className="mx-auto max-w-md p-8 text-center" role="status">
        <p className="font-medium text-slate-700">{t("booking-schedule.redirecting")}</p>
      </Card>
    );
  }

  const lessons = pkg?.lessons ?? 0;
  const update = (next: Slot[]) => {
    const sorted = [...next].sort((a, b) => a.startTime.localeCompare(b.startTime));
    bookingStorage.setSlots(sorted);
    setSelected(sorted);
  };
  const toggle = (slot: Slot) => {
    sameTime.clearMessage();
    if (selectedIds.has(slot.id)) {
      update(selected.filter((s) => s.id !== slot.id));
      return;
    }
    if (selected.length >= lessons) {
      toast({
        title: t("booking-schedule.limit.title"),
        description: t("booking-schedule.limit.text", { count: lessons }),
        variant: "destructive",
      });
      return;
    }
    update([...selected, { id: slot.id, startTime: slot.startTime, endTime: slot.endTime, timezone: zone }]);
  };
  const onContinue = () => {
    if (!pkg) return; // a tap kept from before hydration, replayed before the session was read
    // A package may be booked in part: the rest is booked later from the portal (issue 30).
    if (selected.length === 0 || selected.length > lessons) {
      toast({
        title: t("booking-schedule.incomplete.title"),
        description:
          lessons > 1
            ? t("booking-schedule.incomplete.atLeastOne")
            : t("booking-schedule.incomplete.text", { count: lessons }),
        variant: "destructive",
      });
      return;
    }
    navigate("/book/details");
  };

  return (
    <div>
      <StepIndicator current="schedule" />
      <div className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t("booking-schedule.title")}
          </h1>
          {/* Two lines kept on a phone, one above: the package's name arrives after the HTML. */}
          <p className="mt-1 min-h-12 text-slate-600 sm:min-h-6">
            {pkg
              ? teacher
                ? t("booking-schedule.introWithTeacher", { package: pkg.name, count: lessons, teacher: teacher.name })
                : t("booking-schedule.intro", { package: pkg.name, count: lessons })
              : t("booking-schedule.introNoPackage")}
          </p>
          {lessons > 1 && (
            <p className="mt-1 text-sm text-slate-600">{t("booking-schedule.later", { count: lessons })}</p>
          )}
        </div>
        <p
          className={`self-start rounded-full px-3 py-1 text-sm font-semibold sm:self-auto ${
            selected.length === lessons ? "bg-emerald-100 text-emerald-800" : "bg-slate-100 text-slate-700"
          } ${pkg ? "" : "invisible"}`}
          aria-live="polite"
        >
          {t("booking-schedule.count", { selected: selected.length, count: lessons })}
        </p>
      </div>

      {week.pruned && !notice && (
        <div role="status" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          {t("booking-schedule.pruned")}
        </div>
      )}
      {notice && (
        <div role="alert" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          {notice}
        </div>
      )}

      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <WeekPicker week={week} localZone={showLocal} selectedIds={selectedIds} onToggle={toggle} />

        {/* Below the wide layout the side card comes after the week: it waits for the week's first
            load, whose height it cannot know (it would be pushed or pulled: a layout shift). */}
        <aside
          className={`space-y-4 lg:sticky lg:top-4 lg:self-start ${week.availability.isPending && !week.availability.data ? "max-lg:hidden" : ""}`}
        >
          <SelectedLessonsCard
            selected={selected}
            lessons={lessons}
            zone={zone}
            localZone={showLocal ?? null}
            onRemove={(slot) => {
              sameTime.clearMessage();
              update(selected.filter((s) => s.id !== slot.id));
            }}
          >
            {(sameTime.canFill || sameTime.message) && (
              <div className="mt-3 hidden lg:block">
                <SameTimeEveryWeek state={sameTime} />
              </div>
            )}
          </SelectedLessonsCard>
          <Card className="p-4">
            <p className="text-sm text-slate-700">{t("booking-schedule.custom.text")}</p>
            <Button variant="outline" size="sm" className="mt-2 w-full" onClick={() => setDialogOpen(true)}>
              {t("booking-schedule.custom.button")}
            </Button>
            <Button variant="ghost" size="sm" className="mt-1 w-full" onClick={() => setWaitlistOpen(true)}>
              {t("booking-schedule.waitlist")}
            </Button>
          </Card>
        </aside>
      </div>

      {/* On a phone a thin strip over the page (issue 33: it took a fifth of the screen): one row of
          normal-sized buttons, and "same time every week" above them only while it can act. */}
      <div className="sticky bottom-[var(--language-offer-height,0px)] z-10 -mx-4 mt-8 flex flex-wrap gap-2 border-t border-slate-200 bg-white/95 px-4 py-2 backdrop-blur sm:static sm:mx-0 sm:justify-between sm:gap-3 sm:border-0 sm:bg-transparent sm:p-0">
        {/* Below the wide layout the side card sits under the calendar: the action stays at hand here. */}
        <div className="w-full empty:hidden lg:hidden">
          <SameTimeEveryWeek state={sameTime} compact />
        </div>
        <ButtonLink to="/book/pricing" variant="outline" className="max-sm:px-3 sm:flex-none">
          <span className="sm:hidden">{t("booking-schedule.backShort")}</span>
          <span className="max-sm:hidden">{t("booking-schedule.back")}</span>
        </ButtonLink>
        <Button className="flex-1 whitespace-nowrap sm:flex-none sm:px-6 sm:py-3 sm:text-base" onClick={onContinue}>
          {t("booking-schedule.continue")}
          <span className={`text-sm font-normal opacity-80 sm:hidden ${pkg ? "" : "invisible"}`}>
            ({selected.length}/{lessons})
          </span>
          <ArrowRightIcon className="h-5 w-5" />
        </Button>
      </div>

      {waitlistOpen && (
        <Suspense fallback={null}>
          <WaitlistDialog
            onClose={() => setWaitlistOpen(false)}
            signedIn={Boolean(user)}
            returnTo={`/book/schedule${location.search.includes("waitlist=1") ? location.search : `${location.search || "?"}${location.search ? "&" : ""}waitlist=1`}`}
            zone={zone}
          />
        </Suspense>
      )}
      {dialogOpen && pkg && (
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

type Choice = { pkg: SelectedPackage | null; teacher: SelectedTeacher | null; unknown: boolean };
const chosen = (pkg: SelectedPackage | null, teacher: SelectedTeacher | null, hydrated: boolean): Choice => ({
  pkg,
  teacher: pkg ? teacher : null,
  unknown: hydrated && pkg === null,
});

/**
 * The package and teacher the step is for: those the address names (`?package=…&teacher=…`, known
 * to the server's HTML too), else those kept in the session (known once hydrated). `unknown`: none,
 * or an address naming a package or teacher no longer offered; the visitor goes back to pricing.
 * `inAddress`: the address names a choice (else the session's goes into it).
 */
function useScheduleChoice(search: string, hydrated: boolean): Choice & { inAddress: boolean } {
  const choice = useMemo(() => choiceInAddress(search), [search]);
  const packages = useQuery({ ...trpc.booking.packages.queryOptions(), enabled: choice !== null });
  const teachers = useQuery({ ...trpc.booking.teachers.queryOptions(), enabled: choice !== null });
  const chosenNow = useMemo(() => {
    const stored = hydrated ? { pkg: bookingStorage.getPackage(), teacher: bookingStorage.getTeacher() } : null;
    if (!choice) return chosen(stored?.pkg ?? null, stored?.teacher ?? null, hydrated);
    if (packages.data && teachers.data) {
      const pkg = packages.data.find((p) => p.id === choice.packageId) ?? null;
      const teacher = teachers.data.find((t) => t.id === choice.teacherId) ?? null;
      const offered = pkg !== null && (choice.teacherId === null || teacher !== null);
      return offered ? chosen(pkg, teacher, hydrated) : chosen(null, null, hydrated);
    }
    if (packages.isPending || teachers.isPending) return { pkg: null, teacher: null, unknown: false };
    // The catalogue did not load: the session's choice stands in when it is the address's.
    const same = stored?.pkg?.id === choice.packageId;
    return chosen(same ? (stored?.pkg ?? null) : null, same ? (stored?.teacher ?? null) : null, hydrated);
  }, [choice, packages.data, packages.isPending, teachers.data, teachers.isPending, hydrated]);
  return { ...chosenNow, inAddress: choice !== null };
}

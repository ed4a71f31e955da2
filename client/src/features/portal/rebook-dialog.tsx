// Rebooking a cancelled lesson with its credit: the schedule step for one lesson at price 0. The
// slots come from the booking flow's own availability (two weeks at a time).
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { formatDate, formatEuro, formatTime } from "../../lib/format.ts";
import { trpc } from "../../trpc.ts";
import { useCancellationSummary, useInvalidatePortal, useSessionExpiry, useTeacherZone } from "./portal-api.ts";

const dayKey = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(iso),
  );

export function RebookDialog({ creditId, onClose }: { creditId: string | null; onClose: () => void }) {
  const summary = useCancellationSummary();
  const credit = summary.data?.credits.find((c) => c.id === creditId);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const onExpired = useSessionExpiry();
  const invalidate = useInvalidatePortal();
  const zone = { timeZone: useTeacherZone() };

  const start = new Date(Date.now() + page * 14 * 86_400_000);
  const startDate = dayKey(start.toISOString(), zone.timeZone);
  const slots = useQuery({
    ...trpc.booking.availability.queryOptions({ startDate, teacherId: credit?.teacher_id ?? null }),
    enabled: creditId !== null,
  });
  const rebook = useMutation(trpc.portal.rebook.mutationOptions());

  const close = () => {
    setSelected(null);
    setPage(0);
    onClose();
  };

  const confirm = async () => {
    if (!creditId || !selected) return;
    setBusy(true);
    try {
      const result = await rebook.mutateAsync({ credit_id: creditId, lesson_date: selected });
      toast({ title: "Lesson Rebooked", description: result.message, variant: "success" });
      await invalidate();
      close();
    } catch (error) {
      if (!onExpired(error))
        toast({ title: "Rebooking Failed", description: (error as Error).message, variant: "destructive" });
      void slots.refetch();
    } finally {
      setBusy(false);
    }
  };

  const byDay = new Map<string, { id: string; startTime: string }[]>();
  for (const slot of slots.data?.availableSlots ?? []) {
    const key = dayKey(slot.startTime, zone.timeZone);
    byDay.set(key, [...(byDay.get(key) ?? []), slot]);
  }

  return (
    <Modal
      open={creditId !== null}
      onClose={close}
      size="lg"
      title="Rebook your lesson"
      description={`One 60-minute lesson at no extra charge (${formatEuro(0)}). Times are in Milano time.`}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={!selected || busy}>
            {busy
              ? "Booking..."
              : selected
                ? `Book ${formatDate(selected, { style: "short", ...zone })}, ${formatTime(selected, zone)}`
                : "Choose a time"}
          </Button>
        </>
      }
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
          Previous
        </Button>
        <p className="text-sm font-medium text-slate-700">
          {slots.data
            ? `${formatDate(slots.data.windowStart, zone)} – ${formatDate(new Date(new Date(slots.data.windowEnd).getTime() - 1), zone)}`
            : " "}
        </p>
        <Button variant="outline" size="sm" onClick={() => setPage((p) => p + 1)}>
          Next
        </Button>
      </div>
      {slots.isPending ? (
        <Spinner label="Loading available times" />
      ) : slots.isError ? (
        <p className="text-sm text-red-700">Failed to load available time slots. Please try again.</p>
      ) : byDay.size === 0 ? (
        <p className="rounded-xl bg-slate-50 p-6 text-center text-sm text-slate-600">
          No free times in these two weeks. Try the next ones.
        </p>
      ) : (
        <div className="max-h-[50vh] space-y-4 overflow-y-auto pr-1">
          {[...byDay].map(([day, daySlots]) => (
            <fieldset key={day}>
              <legend className="mb-2 text-sm font-semibold text-slate-900">
                {formatDate(daySlots[0].startTime, { style: "long", ...zone })}
              </legend>
              <div className="flex flex-wrap gap-2">
                {daySlots.map((slot) => {
                  const isSelected = selected === slot.startTime;
                  return (
                    <button
                      key={slot.id}
                      type="button"
                      aria-pressed={isSelected}
                      onClick={() => setSelected(isSelected ? null : slot.startTime)}
                      className={`rounded-lg border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-700 ${isSelected ? "border-blue-900 bg-blue-900 text-white" : "border-slate-300 bg-white text-slate-800 hover:border-blue-400"}`}
                    >
                      {formatTime(slot.startTime, zone)}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          ))}
        </div>
      )}
    </Modal>
  );
}

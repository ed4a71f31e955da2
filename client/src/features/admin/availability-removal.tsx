// Removing availability: one slot, a weekly series from a slot on, days off, or the standing
// schedule, each after a confirmation. A slot that holds a lesson is never removed; days off are
// never refused for one, and list the lessons inside them to move or cancel.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate } from "../../../../shared/i18n/format.ts";
import type { Locale } from "../../../../shared/i18n/locales.ts";
import type { Translate } from "../../../../shared/i18n/messages.ts";
import { ConfirmDialog } from "../../components/ui/dialog.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { trpc, trpcClient } from "../../trpc.ts";
import { type AdminSlot, useAdminFailure } from "./admin-api.ts";
import { type SeriesRemovalOutcome, seriesRemovalText } from "./admin-results.ts";
import type { DaysOffOutcome } from "./days-off-lessons.tsx";
import type { KeptLesson } from "./weekly-schedule-parts.tsx";

/** What the confirmation dialog is about to remove. */
export type PendingRemoval =
  | { kind: "slot"; slot: AdminSlot }
  | { kind: "series"; slot: AdminSlot; seriesId: string }
  | { kind: "days"; from: string; to: string }
  | { kind: "schedule" };

/**
 * What each way of removing slots answers: a count, for series the booked lessons kept, and for
 * days off the lessons inside them.
 */
type RemovalResult = Partial<SeriesRemovalOutcome> &
  Partial<DaysOffOutcome> & { deleted: number; keptBooked?: KeptLesson[] };

const removeOnServer = (p: PendingRemoval): Promise<RemovalResult> =>
  p.kind === "slot"
    ? trpcClient.admin.availability.deleteSlot.mutate({ id: p.slot.id })
    : p.kind === "series"
      ? trpcClient.admin.availability.deleteSeries.mutate({ seriesId: p.seriesId, from: p.slot.startTime })
      : p.kind === "schedule"
        ? trpcClient.admin.availability.removeSchedule.mutate({})
        : trpcClient.admin.availability.daysOff.mutate({ startDate: p.from, endDate: p.to });

/**
 * The removal waiting for confirmation and its call. `onScheduleStopped` runs once the standing
 * schedule is gone, with the cached schedule already emptied (the template form starts afresh).
 */
export function useAvailabilityRemoval(onScheduleStopped: () => void) {
  const toast = useToast();
  const t = useT();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingRemoval | null>(null);
  const [kept, setKept] = useState<KeptLesson[]>([]);
  const [daysOff, setDaysOff] = useState<DaysOffOutcome | null>(null);
  const remove = useMutation({
    mutationFn: removeOnServer,
    onSuccess: (r, p) => {
      if (p.kind === "days") {
        toast({
          title: t("admin.daysOff.marked"),
          description: t("admin.daysOff.markedText", { removed: r.deleted, lessons: r.lessonCount ?? 0 }),
          variant: "success",
        });
      } else {
        toast({
          title: t("admin.removal.success"),
          description: r.scope
            ? seriesRemovalText(t, { scope: r.scope, deleted: r.deleted, keptBookedCount: r.keptBookedCount ?? 0 })
            : t("admin.removal.removed", { count: r.deleted }),
          variant: "success",
        });
      }
      setKept(r.keptBooked ?? []);
      // The lessons inside days off stay listed until the teacher closes them.
      if (p.kind === "days")
        setDaysOff(r.lessons && r.lessons.length > 0 ? { lessons: r.lessons, lessonCount: r.lessonCount ?? 0 } : null);
      if (p.kind === "schedule") {
        queryClient.setQueryData(
          trpc.admin.availability.schedule.queryKey(),
          (old) => old && { ...old, schedule: null },
        );
        onScheduleStopped();
      }
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: trpc.admin.availability.pathKey() });
    },
    onError: (e) => {
      setPending(null);
      fail(e, t("admin.removal.failed"));
    },
  });
  return {
    pending,
    ask: setPending,
    cancel: () => setPending(null),
    remove,
    kept,
    daysOff,
    closeDaysOff: () => setDaysOff(null),
  };
}

/** A calendar day of the date inputs (2026-12-08) as the teacher reads it: "Tuesday, December 8, 2026". */
const calendarDay = (day: string, locale: Locale) =>
  formatDate(locale, `${day}T12:00:00Z`, { style: "long", timeZone: "UTC" });

/** The confirmation's texts for each removal; with none pending (the dialog closing), a slot's. */
function confirmationTexts(p: PendingRemoval | null, t: Translate, locale: Locale) {
  switch (p?.kind) {
    case "schedule":
      return {
        title: t("admin.removal.schedule.title"),
        message: t("admin.removal.schedule.message"),
        confirmLabel: t("admin.removal.schedule.confirm"),
      };
    case "series":
      return {
        title: t("admin.removal.series.title"),
        message: t("admin.removal.series.message"),
        confirmLabel: t("admin.removal.delete"),
      };
    case "days":
      return {
        title: t("admin.removal.days.title"),
        message:
          p.from === p.to
            ? t("admin.removal.day.message", { day: calendarDay(p.from, locale) })
            : t("admin.removal.days.message", { from: calendarDay(p.from, locale), to: calendarDay(p.to, locale) }),
        confirmLabel: t("admin.removal.days.title"),
      };
    default:
      return {
        title: t("admin.removal.slot.title"),
        message: t("admin.removal.slot.message"),
        confirmLabel: t("admin.removal.delete"),
      };
  }
}

export function RemovalDialog({
  pending,
  isBusy,
  onConfirm,
  onCancel,
}: {
  pending: PendingRemoval | null;
  isBusy: boolean;
  onConfirm: (p: PendingRemoval) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <ConfirmDialog
      open={pending !== null}
      {...confirmationTexts(pending, t, locale)}
      destructive
      busy={isBusy}
      onConfirm={() => pending && onConfirm(pending)}
      onCancel={onCancel}
    />
  );
}

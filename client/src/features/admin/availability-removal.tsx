// Removing availability: one slot, a weekly series from a slot on, days off, or the standing
// schedule, each after a confirmation. A slot that holds a lesson is never removed.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ui/dialog.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { trpc, trpcClient } from "../../trpc.ts";
import { type AdminSlot, useAdminFailure } from "./admin-api.ts";
import type { KeptLesson } from "./weekly-schedule-parts.tsx";

/** What the confirmation dialog is about to remove. */
export type PendingRemoval =
  | { kind: "slot"; slot: AdminSlot }
  | { kind: "series"; slot: AdminSlot; seriesId: string }
  | { kind: "days"; from: string; to: string }
  | { kind: "schedule" };

/** What each way of removing slots answers: a count, and for series the booked lessons kept. */
type RemovalResult = { deleted: number; keptBooked?: KeptLesson[]; message?: string };

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
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingRemoval | null>(null);
  const [kept, setKept] = useState<KeptLesson[]>([]);
  const remove = useMutation({
    mutationFn: removeOnServer,
    onSuccess: (r, p) => {
      toast({
        title: "Success",
        description:
          r.message ?? (r.deleted === 1 ? "1 availability slot removed." : `${r.deleted} availability slots removed.`),
        variant: "success",
      });
      setKept(r.keptBooked ?? []);
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
      fail(e, "Failed to remove availability.");
    },
  });
  return { pending, ask: setPending, cancel: () => setPending(null), remove, kept };
}

/** The confirmation's texts for each removal; with none pending (the dialog closing), a slot's. */
function confirmationTexts(p: PendingRemoval | null) {
  switch (p?.kind) {
    case "schedule":
      return {
        title: "Stop weekly schedule",
        message:
          "Stop the weekly schedule? Its free future slots are removed and no new ones are added. Booked lessons keep their slots.",
        confirmLabel: "Stop schedule",
      };
    case "series":
      return {
        title: "Delete weekly series",
        message: "Delete this slot and every later one of its weekly series? Slots holding a booked lesson stay.",
        confirmLabel: "Delete",
      };
    case "days":
      return {
        title: "Mark days off",
        message: `Remove all availability from ${p.from} to ${p.to}? Days with a booked lesson are refused.`,
        confirmLabel: "Mark days off",
      };
    default:
      return {
        title: "Delete slot",
        message: "Are you sure you want to delete this availability slot?",
        confirmLabel: "Delete",
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
  return (
    <ConfirmDialog
      open={pending !== null}
      {...confirmationTexts(pending)}
      destructive
      busy={isBusy}
      onConfirm={() => pending && onConfirm(pending)}
      onCancel={onCancel}
    />
  );
}

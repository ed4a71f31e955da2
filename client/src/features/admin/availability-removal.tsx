// Removing availability: one slot, a weekly series from a slot on, days off, or the standing
// schedule, each after a confirmation. A slot that holds a lesson is never removed.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../components/ui/dialog.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { trpc, trpcClient } from "../../trpc.ts";
import { type AdminSlot, serverMessage, useAdminFailure } from "./admin-api.ts";
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
      const message = serverMessage(e);
      fail(e, message && /booked lesson/.test(message) ? message : "Failed to remove availability.");
    },
  });
  return { pending, ask: setPending, cancel: () => setPending(null), remove, kept };
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
      title={
        pending?.kind === "schedule"
          ? "Stop weekly schedule"
          : pending?.kind === "series"
            ? "Delete weekly series"
            : pending?.kind === "days"
              ? "Mark days off"
              : "Delete slot"
      }
      message={
        pending?.kind === "schedule"
          ? "Stop the weekly schedule? Its free future slots are removed and no new ones are added. Booked lessons keep their slots."
          : pending?.kind === "series"
            ? "Delete this slot and every later one of its weekly series? Slots holding a booked lesson stay."
            : pending?.kind === "days"
              ? `Remove all availability from ${pending.from} to ${pending.to}? Days with a booked lesson are refused.`
              : "Are you sure you want to delete this availability slot?"
      }
      confirmLabel={
        pending?.kind === "days" ? "Mark days off" : pending?.kind === "schedule" ? "Stop schedule" : "Delete"
      }
      destructive
      busy={isBusy}
      onConfirm={() => pending && onConfirm(pending)}
      onCancel={onCancel}
    />
  );
}

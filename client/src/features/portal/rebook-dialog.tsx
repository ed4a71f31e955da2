// Rebooking a cancelled lesson with its credit: the schedule step for one lesson at price 0. The
// slots come from the booking flow's own availability (two weeks at a time).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { formatDate, formatEuro, formatTime } from "../../lib/format.ts";
import { trpc } from "../../trpc.ts";
import { useCancellationSummary, useInvalidatePortal, useSessionExpiry, useTeacherZone } from "./portal-api.ts";
import { SlotPicker } from "./slot-picker.tsx";

export function RebookDialog({ creditId, onClose }: { creditId: string | null; onClose: () => void }) {
  const summary = useCancellationSummary();
  const credit = summary.data?.credits.find((c) => c.id === creditId);
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const onExpired = useSessionExpiry();
  const invalidate = useInvalidatePortal();
  const queryClient = useQueryClient();
  const zone = { timeZone: useTeacherZone() };
  const rebook = useMutation(trpc.portal.rebook.mutationOptions());

  const close = () => {
    setSelected(null);
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
      void queryClient.invalidateQueries({ queryKey: trpc.booking.availability.pathKey() });
    } finally {
      setBusy(false);
    }
  };

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
      <SlotPicker teacherId={credit?.teacher_id ?? null} selected={selected} onSelect={setSelected} />
    </Modal>
  );
}

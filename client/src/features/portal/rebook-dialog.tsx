// Rebooking a cancelled lesson with its credit, or booking one of the lessons left in a package
// (issue 30): the schedule step for one lesson at price 0. The slots come from the booking flow's
// own availability (two weeks at a time).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatDate, formatEuro, formatTime } from "../../../../shared/i18n/format.ts";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { newIdempotencyKey, useSingleFlight } from "../../lib/single-flight.ts";
import { trpc } from "../../trpc.ts";
import { useCancellationSummary, useInvalidatePortal, useSessionExpiry, useTeacherZone } from "./portal-api.ts";
import { SlotPicker } from "./slot-picker.tsx";

export function RebookDialog({
  creditId,
  fromPackage = false,
  onClose,
}: {
  creditId: string | null;
  /** A lesson left in the family's ledger rather than a make-up credit (POST /api/student/rebook without credit_id). */
  fromPackage?: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const summary = useCancellationSummary();
  const credit = summary.data?.credits.find((c) => c.id === creditId);
  const [selected, setSelected] = useState<string | null>(null);
  // One key per chosen time: a repeat of the same choice is the same request, answered once.
  const [attempt, setAttempt] = useState(newIdempotencyKey);
  const { run, busy } = useSingleFlight();
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

  const select = (time: string | null) => {
    setSelected(time);
    setAttempt(newIdempotencyKey());
  };

  const confirm = () => run(book);
  const book = async () => {
    if (!(creditId || fromPackage) || !selected) return;
    try {
      const result = await rebook.mutateAsync({
        ...(fromPackage ? {} : { credit_id: creditId ?? undefined }),
        lesson_date: selected,
        idempotency_key: attempt,
      });
      toast({
        title: t(fromPackage ? "portal.bookLater.done" : "portal.rebook.done"),
        description: result.message,
        variant: "success",
      });
      await invalidate();
      close();
    } catch (error) {
      if (!onExpired(error))
        toast({
          title: t(fromPackage ? "portal.bookLater.failed" : "portal.rebook.failed"),
          description: (error as Error).message,
          variant: "destructive",
        });
      void queryClient.invalidateQueries({ queryKey: trpc.booking.availability.pathKey() });
    }
  };

  return (
    <Modal
      open={creditId !== null || fromPackage}
      onClose={close}
      size="lg"
      title={t(fromPackage ? "portal.bookLater.title" : "portal.rebook.title")}
      description={
        fromPackage
          ? t("portal.bookLater.description")
          : t("portal.rebook.description", { price: formatEuro(locale, 0) })
      }
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {t("common.cancel")}
          </Button>
          <Button onClick={confirm} disabled={!selected || busy}>
            {busy
              ? t("portal.rebook.booking")
              : selected
                ? t("portal.rebook.book", {
                    date: formatDate(locale, selected, { style: "short", ...zone }),
                    time: formatTime(locale, selected, zone),
                  })
                : t("portal.rebook.choose")}
          </Button>
        </>
      }
    >
      <SlotPicker teacherId={credit?.teacher_id ?? null} selected={selected} onSelect={select} />
    </Modal>
  );
}

// The lessons inside days off the teacher has just marked (issue 32, item 5): marking is never
// refused for them; they are listed right after saving, each with Move (the move dialog every
// booking view uses) and Cancel (the cancellation of the bookings page: the family gets an email).
// A lesson leaves the list once moved or cancelled.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ConfirmDialog } from "../../components/ui/dialog.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import { type DaysOffLesson, useAdminFailure } from "./admin-api.ts";
import { formatAdminDateTime, useAdminPrefs } from "./admin-format.ts";
import { MoveBookingDialog } from "./move-booking-dialog.tsx";

/** What marking days off answered: the lessons listed, and how many there are in all. */
export type DaysOffOutcome = { lessons: DaysOffLesson[]; lessonCount: number };

export function DaysOffLessons({ outcome, onClose }: { outcome: DaysOffOutcome; onClose: () => void }) {
  const t = useT();
  const prefs = useAdminPrefs();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const [handled, setHandled] = useState<string[]>([]);
  const [moving, setMoving] = useState<DaysOffLesson | null>(null);
  const [cancelling, setCancelling] = useState<DaysOffLesson | null>(null);
  const done = (id: string) => setHandled((ids) => [...ids, id]);

  const cancel = useMutation(
    trpc.admin.bookings.update.mutationOptions({
      onSuccess: (_answer, { id }) => {
        toast({
          title: t("admin.daysOff.cancelled"),
          description: t("admin.daysOff.cancelledText"),
          variant: "success",
        });
        done(id);
        setCancelling(null);
        void queryClient.invalidateQueries({ queryKey: trpc.admin.bookings.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.availability.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.admin.dashboardStats.queryKey() });
      },
      onError: (e) => {
        setCancelling(null);
        fail(e, t("admin.daysOff.cancelFailed"));
      },
    }),
  );

  const left = outcome.lessons.filter((l) => !handled.includes(l.id));
  const unlisted = outcome.lessonCount - outcome.lessons.length;
  const when = (l: DaysOffLesson) => formatAdminDateTime(l.lesson_date, prefs, true);

  return (
    <Card
      className="border-amber-300 bg-amber-50 p-4 sm:p-5"
      role="region"
      aria-label={t("admin.daysOff.lessonsTitle")}
    >
      <div className="mb-2 flex flex-wrap items-start justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{t("admin.daysOff.lessonsTitle")}</h2>
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t("admin.daysOff.close")}
        </Button>
      </div>
      {left.length === 0 && unlisted === 0 ? (
        <p role="status" className="text-sm text-slate-700">
          {t("admin.daysOff.allHandled")}
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">{t("admin.daysOff.lessonsText")}</p>
          <p className="mt-2 text-sm font-medium text-slate-900">
            {t("admin.daysOff.lessonsCount", { count: left.length + unlisted })}
          </p>
          <ul className="mt-2 divide-y divide-amber-200">
            {left.map((l) => (
              <li key={l.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <span className="min-w-0 text-sm">
                  <span className="block font-medium text-slate-900">{l.student.name}</span>
                  <span className="block text-slate-700">{when(l)}</span>
                </span>
                <span className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setMoving(l)}
                    aria-label={t("admin.daysOff.moveOf", { name: l.student.name, date: when(l) })}
                  >
                    {t("admin.daysOff.move")}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-700"
                    onClick={() => setCancelling(l)}
                    aria-label={t("admin.daysOff.cancelOf", { name: l.student.name, date: when(l) })}
                  >
                    {t("admin.daysOff.cancel")}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
          {unlisted > 0 && (
            <p className="mt-2 text-sm text-slate-700">{t("admin.daysOff.more", { count: unlisted })}</p>
          )}
        </>
      )}
      <MoveBookingDialog
        booking={moving}
        onClose={() => setMoving(null)}
        onMoved={(moved) => {
          done(moved.id);
          void queryClient.invalidateQueries({ queryKey: trpc.admin.availability.pathKey() });
        }}
      />
      <ConfirmDialog
        open={cancelling !== null}
        title={t("admin.daysOff.cancelTitle")}
        message={
          cancelling ? t("admin.daysOff.cancelMessage", { name: cancelling.student.name, date: when(cancelling) }) : ""
        }
        confirmLabel={t("admin.daysOff.cancelTitle")}
        cancelLabel={t("admin.daysOff.keepLesson")}
        destructive
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate({ id: cancelling.id, data: { status: "cancelled" } })}
        onCancel={() => setCancelling(null)}
      />
    </Card>
  );
}

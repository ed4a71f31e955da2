// Attendance in one tap (issue 31, item 1): once a lesson has started, its agenda card offers
// Attended, No-show and Cancelled late; the mark in force is pressed, and another tap corrects it.
import { useMutation } from "@tanstack/react-query";
import { ATTENDANCE_STATUSES, type AttendanceStatus } from "../../../../shared/constants.ts";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import type { AdminBooking } from "./admin-api.ts";
import { useAdminFailure } from "./admin-api.ts";

const LABELS = {
  attended: "admin.attendance.attended",
  no_show: "admin.attendance.no_show",
  late_cancellation: "admin.attendance.late_cancellation",
} as const satisfies Record<AttendanceStatus, string>;

const PRESSED = {
  attended: "border-emerald-700 bg-emerald-700 text-white",
  no_show: "border-red-700 bg-red-700 text-white",
  late_cancellation: "border-amber-600 bg-amber-500 text-slate-900",
} as const satisfies Record<AttendanceStatus, string>;

/** Whether the card offers the buttons: a held lesson (confirmed or completed) whose start has come. */
export const canMarkAttendance = (b: AdminBooking, now = Date.now()) =>
  (b.status === "confirmed" || b.status === "completed") && Date.parse(b.lesson_date) <= now;

export function AttendanceButtons({ b, onMarked }: { b: AdminBooking; onMarked: () => void }) {
  const t = useT();
  const toast = useToast();
  const fail = useAdminFailure();
  const mark = useMutation(
    trpc.admin.bookings.attendance.mutationOptions({
      onSuccess: () => {
        toast({ title: t("admin.attendance.saved"), variant: "success" });
        onMarked();
      },
      onError: (e) => fail(e, t("admin.attendance.failed")),
    }),
  );
  // While a tap is on its way, the tapped mark shows pressed.
  const current = mark.isPending ? mark.variables?.data.status : b.attendance;
  return (
    <div className="mt-3 border-t border-slate-100 pt-3">
      <fieldset>
        <legend className="sr-only">{t("admin.attendance.group", { name: b.student.name })}</legend>
        <div className="grid grid-cols-3 gap-2">
          {ATTENDANCE_STATUSES.map((status) => {
            const pressed = current === status;
            return (
              <button
                key={status}
                type="button"
                aria-pressed={pressed}
                disabled={mark.isPending}
                onClick={() => {
                  if (!pressed) mark.mutate({ id: b.id, data: { status } });
                }}
                className={`min-h-11 rounded-lg border px-2 text-sm leading-tight font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-wait ${
                  pressed ? PRESSED[status] : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
                }`}
              >
                {t(LABELS[status])}
              </button>
            );
          })}
        </div>
      </fieldset>
      {b.attendance_auto && b.attendance === "attended" && !mark.isPending && (
        <p className="mt-2 text-xs font-medium text-slate-700">{t("admin.attendance.auto")}</p>
      )}
      <p className="mt-1 text-xs text-slate-500">{t("admin.attendance.policy")}</p>
    </div>
  );
}

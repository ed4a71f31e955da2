// A family's "I can't come" past the free changes (issue 31, item 6), on the lesson's card: what
// they wrote, the policy (forfeited unless waived), and her answer in one tap. Each button says
// what it will do: waive (cancel and give the lesson back) or keep it forfeited (cancel, spent).
import { useMutation } from "@tanstack/react-query";
import { Button } from "../../components/ui/button.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import { type AdminBooking, useAdminFailure } from "./admin-api.ts";
import { formatAdminDateTime, useAdminPrefs } from "./admin-format.ts";

export function CantComeAnswer({ b, onAnswered }: { b: AdminBooking; onAnswered: () => void }) {
  const t = useT();
  const prefs = useAdminPrefs();
  const toast = useToast();
  const fail = useAdminFailure();
  const answer = useMutation(
    trpc.admin.bookings.answerCantCome.mutationOptions({
      onSuccess: (result) => {
        toast({
          title: t(result.request.status === "waived" ? "admin.cantCome.waivedDone" : "admin.cantCome.forfeitedDone"),
          variant: "success",
        });
        onAnswered();
      },
      onError: (e) => fail(e, t("admin.cantCome.failed")),
    }),
  );
  const request = b.cant_come;
  if (!request) return null;
  if (request.status !== "awaiting_teacher") {
    return (
      <p className="mt-1 text-xs text-slate-700">
        {t(request.status === "waived" ? "admin.cantCome.waived" : "admin.cantCome.forfeited")}
      </p>
    );
  }
  return (
    <div className="mt-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">
        {t("admin.cantCome.title", { name: b.student.name, date: formatAdminDateTime(request.created_at, prefs) })}
      </p>
      <p className="mt-1">{t("admin.cantCome.reason", { reason: request.reason })}</p>
      <p className="mt-1 text-xs">{t("admin.cantCome.policy")}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ requestId: request.id, answer: "waive" })}
        >
          {t("admin.cantCome.waive")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={answer.isPending}
          onClick={() => answer.mutate({ requestId: request.id, answer: "forfeit" })}
        >
          {t("admin.cantCome.forfeit")}
        </Button>
      </div>
    </div>
  );
}

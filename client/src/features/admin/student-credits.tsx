// A student's prepaid lessons in their profile (issue 30): the balance and its validity, every
// entry of the ledger newest first, and the teacher's adjustment with its reason (an entry added,
// nothing edited).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { newIdempotencyKey, useSingleFlight } from "../../lib/single-flight.ts";
import { trpc } from "../../trpc.ts";
import { useAdminFailure, useLoadFailure } from "./admin-api.ts";
import { type AdminPrefs, formatAdminDate } from "./admin-format.ts";

export function StudentCredits({ studentId, prefs }: { studentId: string; prefs: AdminPrefs }) {
  const t = useT();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const options = trpc.admin.credits.get.queryOptions({ id: studentId });
  const ledger = useQuery(options);
  useLoadFailure(ledger.error, t("admin.credits.loadFailed"));
  const [lessons, setLessons] = useState("");
  const [reason, setReason] = useState("");
  // One key per adjustment: a repeat after a lost answer is the same entry, not a second one.
  const [attempt, setAttempt] = useState(newIdempotencyKey);
  const flight = useSingleFlight();
  const adjust = useMutation(
    trpc.admin.credits.adjust.mutationOptions({
      onSuccess: (result) => {
        queryClient.setQueryData(options.queryKey, result);
        setAttempt(newIdempotencyKey());
        setLessons("");
        setReason("");
        toast({ title: t("admin.credits.adjusted"), variant: "success" });
      },
      onError: (e) => {
        setAttempt(newIdempotencyKey());
        fail(e, t("admin.credits.adjustFailed"));
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = { lessons: Number(lessons), reason, idempotency_key: attempt };
    void flight.run(() => adjust.mutateAsync({ id: studentId, data }));
  };
  const data = ledger.data;
  return (
    <section className="mt-5" aria-labelledby="student-credits">
      <h3 id="student-credits" className="mb-2 text-sm font-semibold text-slate-900">
        {t("admin.credits.title")}
      </h3>
      {data && (
        <p className="text-sm text-slate-700">
          {data.expiresAt
            ? t("admin.credits.balance", { count: data.balance, date: formatAdminDate(data.expiresAt, prefs) })
            : t("admin.credits.none")}
        </p>
      )}
      {data && data.entries.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
          {[...data.entries].reverse().map((entry) => (
            <li
              key={`${entry.date}:${entry.kind}:${entry.bookingId ?? entry.orderId ?? ""}:${entry.lessons}:${entry.reason ?? ""}`}
              className="flex flex-wrap items-baseline justify-between gap-x-4 px-4 py-2"
            >
              <span>
                <span className="text-slate-500">{formatAdminDate(entry.date, prefs)}</span>{" "}
                {t("admin.credits.kind", { kind: entry.kind })}
                {entry.reason ? <span className="block text-slate-500">{entry.reason}</span> : null}
              </span>
              <span className="font-semibold tabular-nums">
                {t("admin.credits.lessons", { count: entry.lessons, sign: entry.lessons > 0 ? "plus" : "other" })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="mt-3 grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end">
        <TextField
          label={t("admin.credits.adjustLessons")}
          type="number"
          inputMode="numeric"
          min={-100}
          max={100}
          step={1}
          required
          value={lessons}
          onChange={(e) => setLessons(e.target.value)}
        />
        <TextField
          label={t("admin.credits.adjustReason")}
          required
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <Button type="submit" variant="outline" disabled={flight.busy}>
          {t("admin.credits.adjust")}
        </Button>
      </form>
    </section>
  );
}

// A weekly limit on a learner or a whole family (issue 31, item 7), set from the learner's profile:
// at most N lessons a week, empty for none. The family's bookings and moves are refused past it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { TextField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import { useAdminFailure } from "./admin-api.ts";

type CapProps = { label: string; value: number | null; save: (weeklyCap: number | null) => Promise<unknown> };

function CapField({ label, value, save }: CapProps) {
  const t = useT();
  const [draft, setDraft] = useState(value === null ? "" : String(value));
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await save(draft.trim() === "" ? null : Number(draft));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="grid grid-cols-[1fr_auto] items-end gap-3">
      <TextField
        label={label}
        type="number"
        inputMode="numeric"
        min={1}
        max={50}
        step={1}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
      />
      <Button type="submit" variant="outline" disabled={busy}>
        {t("admin.weeklyCap.save")}
      </Button>
    </form>
  );
}

export function WeeklyCapForm(props: {
  studentId: string;
  learner: { id: string; name: string; weekly_cap: number | null } | null;
  familyCap: number | null;
  showFamily: boolean;
}) {
  const t = useT();
  const toast = useToast();
  const fail = useAdminFailure();
  const queryClient = useQueryClient();
  const titleId = useId();
  const done = {
    onSuccess: () => {
      toast({ title: t("admin.weeklyCap.saved"), variant: "success" });
      void queryClient.invalidateQueries({ queryKey: trpc.admin.students.queryKey() });
    },
    onError: (e: unknown) => fail(e, t("admin.weeklyCap.failed")),
  } as const;
  const forLearner = useMutation(trpc.admin.weeklyCap.learner.mutationOptions(done));
  const forFamily = useMutation(trpc.admin.weeklyCap.family.mutationOptions(done));
  const { learner } = props;
  return (
    <section className="mt-5" aria-labelledby={titleId}>
      <h3 id={titleId} className="mb-1 text-sm font-semibold text-slate-900">
        {t("admin.weeklyCap.title")}
      </h3>
      <p className="mb-3 text-sm text-slate-600">{t("admin.weeklyCap.text")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {learner && (
          <CapField
            label={t("admin.weeklyCap.learner", { name: learner.name })}
            value={learner.weekly_cap}
            save={(weeklyCap) => forLearner.mutateAsync({ id: learner.id, data: { weeklyCap } }).catch(() => undefined)}
          />
        )}
        {props.showFamily && (
          <CapField
            label={t("admin.weeklyCap.family")}
            value={props.familyCap}
            save={(weeklyCap) =>
              forFamily.mutateAsync({ id: props.studentId, data: { weeklyCap } }).catch(() => undefined)
            }
          />
        )}
      </div>
    </section>
  );
}

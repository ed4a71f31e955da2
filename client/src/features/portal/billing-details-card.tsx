// The payer's fiscal data on the profile (issue 30, item 3): given once, kept on the account,
// printed on the receipts and invoices the teacher issues. The server checks every code and says
// what is wrong.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ErrorAlert } from "../../components/ui/error-alert.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { type RouterInputs, trpc } from "../../trpc.ts";
import { PayerBillingFields, toPayerBillingForm, toPayerBillingInput } from "../billing/payer-billing-fields.tsx";
import { type Profile, useSessionExpiry } from "./portal-api.ts";

type ProfileInput = RouterInputs["portal"]["saveProfile"];

/**
 * `profileFields` are the saved profile's own fields, sent along unchanged: the update replaces
 * the whole profile, and this card changes only its billing part.
 */
export function BillingDetailsCard({
  profile,
  profileFields,
}: {
  profile: Profile;
  profileFields: Omit<ProfileInput, "billing">;
}) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const onExpired = useSessionExpiry();
  const [form, setForm] = useState(() => toPayerBillingForm(profile.billing, profile.name));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(trpc.portal.saveProfile.mutationOptions());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const saved = await save.mutateAsync({ ...profileFields, billing: toPayerBillingInput(form) });
      queryClient.setQueryData(trpc.portal.profile.queryKey(), saved);
      setForm(toPayerBillingForm(saved.profile.billing, saved.profile.name));
      toast({ title: t("billing.payer.saved"), variant: "success" });
    } catch (e) {
      if (!onExpired(e)) setError((e as Error).message);
    }
  };

  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t("billing.payer.title")}</h2>
      <p className="mb-5 text-sm text-slate-600">{t("billing.payer.text")}</p>
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        aria-label={t("billing.payer.title")}
      >
        <PayerBillingFields form={form} onChange={setForm} />
        <ErrorAlert className="sm:col-span-2" message={error} />
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t("portal.profile.saving") : t("billing.payer.save")}
          </Button>
        </div>
      </form>
    </Card>
  );
}

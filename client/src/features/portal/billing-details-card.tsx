// The payer's fiscal data (issue 30, item 3): given once, kept on the account, printed on the
// receipts and invoices the teacher issues. A person gives a tax code, a company its VAT number and
// an SdI recipient code or PEC. The server checks every code and says what is wrong.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { bindFields } from "../../components/ui/bind-fields.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ErrorAlert } from "../../components/ui/error-alert.tsx";
import { SelectField, TextField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useT } from "../../lib/i18n.tsx";
import { type RouterInputs, trpc } from "../../trpc.ts";
import { type Profile, useSessionExpiry } from "./portal-api.ts";

type ProfileInput = RouterInputs["portal"]["saveProfile"];
type BillingForm = {
  kind: "person" | "company";
  name: string;
  taxCode: string;
  vatNumber: string;
  sdiCode: string;
  pec: string;
  street: string;
  zip: string;
  city: string;
  province: string;
  country: string;
};

function toBillingForm(profile: Profile): BillingForm {
  const b = profile.billing;
  return {
    kind: b?.kind ?? "person",
    name: b?.name ?? profile.name,
    taxCode: b?.taxCode ?? "",
    vatNumber: b?.vatNumber ?? "",
    sdiCode: b?.sdiCode ?? "",
    pec: b?.pec ?? "",
    street: b?.address.street ?? "",
    zip: b?.address.zip ?? "",
    city: b?.address.city ?? "",
    province: b?.address.province ?? "",
    country: b?.address.country ?? "IT",
  };
}

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
  const [form, setForm] = useState<BillingForm>(() => toBillingForm(profile));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(trpc.portal.saveProfile.mutationOptions());
  const field = bindFields(form, (patch) => setForm({ ...form, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const { street, zip, city, province, country, ...payer } = form;
    const isPerson = form.kind === "person";
    try {
      const saved = await save.mutateAsync({
        ...profileFields,
        billing: {
          ...payer,
          vatNumber: isPerson ? "" : payer.vatNumber,
          sdiCode: isPerson ? "" : payer.sdiCode,
          pec: isPerson ? "" : payer.pec,
          address: { street, zip, city, province, country },
        },
      });
      queryClient.setQueryData(trpc.portal.profile.queryKey(), saved);
      setForm(toBillingForm(saved.profile));
      toast({ title: t("portal.profile.billing.saved"), variant: "success" });
    } catch (e) {
      if (!onExpired(e)) setError((e as Error).message);
    }
  };

  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t("portal.profile.billing.title")}</h2>
      <p className="mb-5 text-sm text-slate-600">{t("portal.profile.billing.text")}</p>
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        aria-label={t("portal.profile.billing.title")}
      >
        <SelectField
          label={t("portal.profile.billing.kind")}
          value={form.kind}
          onChange={(e) => setForm({ ...form, kind: e.target.value === "company" ? "company" : "person" })}
          options={[
            { value: "person", label: t("portal.profile.billing.person") },
            { value: "company", label: t("portal.profile.billing.company") },
          ]}
        />
        <TextField
          label={t(form.kind === "person" ? "portal.profile.billing.personName" : "portal.profile.billing.companyName")}
          maxLength={70}
          {...field.text("name")}
        />
        <TextField
          label={t("portal.profile.billing.taxCode")}
          hint={form.kind === "company" ? t("portal.profile.billing.optional") : undefined}
          autoCapitalize="characters"
          maxLength={30}
          {...field.text("taxCode")}
        />
        {form.kind === "company" && (
          <>
            <TextField
              label={t("portal.profile.billing.vatNumber")}
              inputMode="numeric"
              maxLength={20}
              {...field.text("vatNumber")}
            />
            <TextField
              label={t("portal.profile.billing.sdiCode")}
              hint={t("portal.profile.billing.sdiOrPec")}
              autoCapitalize="characters"
              maxLength={7}
              {...field.text("sdiCode")}
            />
            <TextField label={t("portal.profile.billing.pec")} type="email" maxLength={254} {...field.text("pec")} />
          </>
        )}
        <TextField
          className="sm:col-span-2"
          label={t("portal.profile.billing.street")}
          autoComplete="street-address"
          {...field.text("street")}
        />
        <TextField
          label={t("portal.profile.billing.zip")}
          autoComplete="postal-code"
          maxLength={10}
          {...field.text("zip")}
        />
        <TextField label={t("portal.profile.billing.city")} autoComplete="address-level2" {...field.text("city")} />
        <TextField
          label={t("portal.profile.billing.province")}
          autoCapitalize="characters"
          maxLength={2}
          {...field.text("province")}
        />
        <TextField
          label={t("portal.profile.billing.country")}
          autoCapitalize="characters"
          maxLength={2}
          {...field.text("country")}
        />
        <ErrorAlert className="sm:col-span-2" message={error} />
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t("portal.profile.saving") : t("portal.profile.billing.save")}
          </Button>
        </div>
      </form>
    </Card>
  );
}

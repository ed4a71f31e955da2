// The payer's fiscal data as a form (issue 30, item 3): who pays, their name, tax code, a company's
// VAT number and SdI code or PEC, the address. The portal's profile edits them; the booking's
// details step asks for them when the teacher's regime needs them. The server checks every code
// (billing.schemas.ts) and says what is wrong; the form only keeps what a person typed.
import { bindFields } from "../../components/ui/bind-fields.ts";
import { SelectField, TextField } from "../../components/ui/field.tsx";
import { useT } from "../../lib/i18n.tsx";
import type { RouterInputs, RouterOutputs } from "../../trpc.ts";

/** What `PUT /api/student/profile` and the booking accept as `billing`. */
export type PayerBillingInput = NonNullable<RouterInputs["portal"]["saveProfile"]["billing"]>;
type PayerBilling = RouterOutputs["booking"]["payerDetails"]["billing"];

export type PayerBillingForm = {
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

/** The saved details as the form shows them; `name` when nothing is saved yet (the account's). */
export function toPayerBillingForm(billing: PayerBilling, name: string): PayerBillingForm {
  return {
    kind: billing?.kind ?? "person",
    name: billing?.name ?? name,
    taxCode: billing?.taxCode ?? "",
    vatNumber: billing?.vatNumber ?? "",
    sdiCode: billing?.sdiCode ?? "",
    pec: billing?.pec ?? "",
    street: billing?.address.street ?? "",
    zip: billing?.address.zip ?? "",
    city: billing?.address.city ?? "",
    province: billing?.address.province ?? "",
    country: billing?.address.country ?? "IT",
  };
}

/** What the server is sent: a person has no VAT number or SdI channel, whatever was typed before. */
export function toPayerBillingInput(form: PayerBillingForm): PayerBillingInput {
  const { street, zip, city, province, country, ...payer } = form;
  const isPerson = form.kind === "person";
  return {
    ...payer,
    vatNumber: isPerson ? "" : payer.vatNumber,
    sdiCode: isPerson ? "" : payer.sdiCode,
    pec: isPerson ? "" : payer.pec,
    address: { street, zip, city, province, country },
  };
}

/** The fields, for a two-column grid (`sm:grid-cols-2`) of the caller's form. */
export function PayerBillingFields({
  form,
  onChange,
}: {
  form: PayerBillingForm;
  onChange: (form: PayerBillingForm) => void;
}) {
  const t = useT();
  const field = bindFields(form, (patch) => onChange({ ...form, ...patch }));
  return (
    <>
      <SelectField
        label={t("billing.payer.kind")}
        value={form.kind}
        onChange={(e) => onChange({ ...form, kind: e.target.value === "company" ? "company" : "person" })}
        options={[
          { value: "person", label: t("billing.payer.person") },
          { value: "company", label: t("billing.payer.company") },
        ]}
      />
      <TextField
        label={t(form.kind === "person" ? "billing.payer.personName" : "billing.payer.companyName")}
        autoComplete={form.kind === "person" ? "name" : "organization"}
        required
        maxLength={70}
        {...field.text("name")}
      />
      <TextField
        label={t("billing.payer.taxCode")}
        hint={form.kind === "company" ? t("billing.payer.optional") : undefined}
        required={form.kind === "person"}
        autoCapitalize="characters"
        maxLength={30}
        {...field.text("taxCode")}
      />
      {form.kind === "company" && (
        <>
          <TextField
            label={t("billing.payer.vatNumber")}
            inputMode="numeric"
            required
            maxLength={20}
            {...field.text("vatNumber")}
          />
          <TextField
            label={t("billing.payer.sdiCode")}
            hint={t("billing.payer.sdiOrPec")}
            autoCapitalize="characters"
            maxLength={7}
            {...field.text("sdiCode")}
          />
          <TextField label={t("billing.payer.pec")} type="email" maxLength={254} {...field.text("pec")} />
        </>
      )}
      <TextField
        className="sm:col-span-2"
        label={t("billing.payer.street")}
        autoComplete="street-address"
        required
        {...field.text("street")}
      />
      <TextField
        label={t("billing.payer.zip")}
        autoComplete="postal-code"
        maxLength={10}
        required
        {...field.text("zip")}
      />
      <TextField label={t("billing.payer.city")} autoComplete="address-level2" required {...field.text("city")} />
      <TextField
        label={t("billing.payer.province")}
        autoCapitalize="characters"
        maxLength={2}
        {...field.text("province")}
      />
      <TextField
        label={t("billing.payer.country")}
        autoCapitalize="characters"
        maxLength={2}
        {...field.text("country")}
      />
    </>
  );
}

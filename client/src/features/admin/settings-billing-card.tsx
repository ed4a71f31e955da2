// Settings' Billing card (issue 30, item 2): who the families pay, under which fiscal regime, and
// how (IBAN for the bank transfer and its QR code, the Satispay, PayPal and card links).
import { bindFields } from "../../components/ui/bind-fields.ts";
import { SelectField, TextField } from "../../components/ui/field.tsx";
import { useT } from "../../lib/i18n.tsx";
import type { AdminSettings } from "./admin-api.ts";
import { type SetSettings, SettingsCard } from "./settings-cards.tsx";

type Billing = AdminSettings["billing"];
const REGIMES = ["none", "occasionale", "forfettario"] as const satisfies readonly Billing["regime"][];

export function BillingCard({ billing, set }: { billing: Billing; set: SetSettings }) {
  const t = useT();
  const field = bindFields(billing, (patch) => set("billing", patch));
  const address = bindFields(billing.address, (patch) => set("billing", { address: { ...billing.address, ...patch } }));
  return (
    <SettingsCard title={t("admin.settings.billing.title")} description={t("admin.settings.billing.text")}>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("admin.settings.billing.regime")}
          hint={t("admin.settings.billing.regimeHint")}
          value={billing.regime}
          onChange={(e) => {
            const regime = REGIMES.find((r) => r === e.target.value);
            if (regime) set("billing", { regime });
          }}
          options={REGIMES.map((r) => ({ value: r, label: t("admin.settings.billing.regimeOption", { regime: r }) }))}
        />
        <SelectField
          label={t("admin.settings.billing.issueDocuments")}
          value={billing.issueDocuments}
          onChange={(e) => set("billing", { issueDocuments: e.target.value === "manual" ? "manual" : "on_payment" })}
          options={[
            { value: "on_payment", label: t("admin.settings.billing.issueOnPayment") },
            { value: "manual", label: t("admin.settings.billing.issueManual") },
          ]}
        />
        <TextField label={t("admin.settings.billing.legalName")} maxLength={70} {...field.text("legalName")} />
        <TextField
          label={t("admin.settings.billing.taxCode")}
          autoCapitalize="characters"
          maxLength={30}
          {...field.text("taxCode")}
        />
        <TextField
          label={t("admin.settings.billing.vatNumber")}
          hint={t("admin.settings.billing.vatNumberHint")}
          inputMode="numeric"
          maxLength={20}
          {...field.text("vatNumber")}
        />
        <TextField
          className="sm:col-span-2"
          label={t("admin.settings.billing.street")}
          autoComplete="street-address"
          {...address.text("street")}
        />
        <TextField
          label={t("admin.settings.billing.zip")}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={10}
          {...address.text("zip")}
        />
        <TextField label={t("admin.settings.billing.city")} autoComplete="address-level2" {...address.text("city")} />
        <TextField
          label={t("admin.settings.billing.province")}
          autoCapitalize="characters"
          maxLength={2}
          {...address.text("province")}
        />
        <TextField
          label={t("admin.settings.billing.country")}
          autoCapitalize="characters"
          maxLength={2}
          {...address.text("country")}
        />
        <TextField
          label={t("admin.settings.billing.iban")}
          hint={t("admin.settings.billing.ibanHint")}
          autoCapitalize="characters"
          maxLength={42}
          {...field.text("iban")}
        />
        <TextField
          label={t("admin.settings.billing.bic")}
          autoCapitalize="characters"
          maxLength={15}
          {...field.text("bic")}
        />
        <TextField
          label={t("admin.settings.billing.satispay")}
          type="url"
          inputMode="url"
          placeholder="https://"
          {...field.text("satispayLink")}
        />
        <TextField
          label={t("admin.settings.billing.paypal")}
          type="url"
          inputMode="url"
          placeholder="https://paypal.me/..."
          {...field.text("paypalLink")}
        />
        <TextField
          className="sm:col-span-2"
          label={t("admin.settings.billing.card")}
          hint={t("admin.settings.billing.cardHint")}
          type="url"
          inputMode="url"
          placeholder="https://"
          {...field.text("cardLink")}
        />
      </div>
    </SettingsCard>
  );
}

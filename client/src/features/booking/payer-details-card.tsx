// The payer's fiscal data on the booking's details step (issue 30, item 3), shown only when the
// teacher's regime needs them for the invoice and the account has not given them yet. It arrives on
// its own with its words (the step's 130 KB, tests/e2e/bundle.spec.ts), and tells the step what to
// send with the booking, which keeps them on the account.
import { useEffect, useId, useState } from "react";
import { useT } from "../../lib/i18n.tsx";
import { useMessageAreas } from "../../lib/lazy-messages.ts";
import {
  PayerBillingFields,
  type PayerBillingInput,
  toPayerBillingForm,
  toPayerBillingInput,
} from "../billing/payer-billing-fields.tsx";

export default function PayerDetailsCard({
  name,
  onChange,
}: {
  /** The account's name, the payer's until they say otherwise. */
  name: string;
  onChange: (billing: PayerBillingInput) => void;
}) {
  useMessageAreas(["billing"]);
  const t = useT();
  const id = useId();
  const [form, setForm] = useState(() => toPayerBillingForm(null, name));
  useEffect(() => onChange(toPayerBillingInput(form)), [form, onChange]);
  return (
    <fieldset
      aria-labelledby={id}
      className="grid min-w-0 gap-5 border-t border-slate-100 pt-5 sm:col-span-2 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <h2 id={id} className="font-semibold text-slate-900">
          {t("billing.payer.bookingTitle")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("billing.payer.bookingText")}</p>
      </div>
      <PayerBillingFields form={form} onChange={setForm} />
    </fieldset>
  );
}

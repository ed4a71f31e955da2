// Records an order's payment: paid, partly paid, refunded (or back to unpaid), the amount in euro
// and the day. The server checks the amount against the status and the order's total.
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { PAYMENT_STATUSES, type PaymentStatus } from "../../../../shared/constants.ts";
import { formatEuro } from "../../../../shared/i18n/format.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { SelectField, TextField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useLocale, useRichT, useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import { useAdminFailure } from "./admin-api.ts";
import type { AdminOrder } from "./orders-panel.tsx";

/** A payment status as the teacher reads it; the stored value stays the API's. */
export const PAYMENT_STATUS_KEYS: Record<PaymentStatus, MessageKey> = {
  unpaid: "admin.payment.unpaid",
  partly_paid: "admin.payment.partly_paid",
  paid: "admin.payment.paid",
  refunded: "admin.payment.refunded",
};

const today = () => new Date().toLocaleDateString("en-CA");

function PaymentForm(props: { order: AdminOrder; onClose: () => void; onSaved: () => void }) {
  const { order } = props;
  const t = useT();
  const rich = useRichT();
  const locale = useLocale();
  const toast = useToast();
  const fail = useAdminFailure();
  const [status, setStatus] = useState<PaymentStatus>(
    order.payment_status === "unpaid" ? "paid" : order.payment_status,
  );
  const [amount, setAmount] = useState(
    String(order.payment_status === "unpaid" ? order.total_price : order.paid_amount),
  );
  const [date, setDate] = useState(order.paid_on ?? today());
  const save = useMutation(
    trpc.admin.orders.recordPayment.mutationOptions({
      onSuccess: () => {
        toast({ title: t("admin.payment.success"), description: t("admin.payment.recorded"), variant: "success" });
        props.onSaved();
        props.onClose();
      },
      onError: (e) => fail(e, t("admin.payment.failed")),
    }),
  );
  const choose = (next: PaymentStatus) => {
    setStatus(next);
    if (next === "paid" || next === "refunded") setAmount(String(order.total_price));
    if (next === "unpaid") setAmount("0");
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: order.id, data: { payment_status: status, amount: Number(amount), date } });
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      <p className="text-sm text-slate-700">
        {rich("admin.payment.total", {
          name: order.package_name,
          amount: <strong>{formatEuro(locale, order.total_price)}</strong>,
        })}
      </p>
      <SelectField
        label={t("admin.payment.status")}
        value={status}
        onChange={(e) => choose(e.target.value as PaymentStatus)}
        options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(PAYMENT_STATUS_KEYS[s]) }))}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t(status === "refunded" ? "admin.payment.amountRefunded" : "admin.payment.amountReceived")}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          max={order.total_price}
          required
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <TextField
          label={t("admin.payment.date")}
          type="date"
          required
          max={today()}
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={props.onClose}>
          {t("admin.payment.cancel")}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {t("admin.payment.save")}
        </Button>
      </div>
    </form>
  );
}

export function PaymentDialog(props: { order: AdminOrder | null; onClose: () => void; onSaved: () => void }) {
  const { order } = props;
  const t = useT();
  return (
    <Modal
      open={order !== null}
      onClose={props.onClose}
      title={t("admin.payment.title")}
      description={
        order
          ? t("admin.payment.description", {
              name: order.student.name ?? t("admin.payment.deletedAccount"),
              id: order.id.slice(0, 8),
            })
          : undefined
      }
    >
      {order && <PaymentForm key={order.id} order={order} onClose={props.onClose} onSaved={props.onSaved} />}
    </Modal>
  );
}

// Records an order's payment: paid, partly paid, refunded (or back to unpaid), the amount in euro
// and the day. The server checks the amount against the status and the order's total.
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, type PaymentStatus } from "../../../../shared/constants.ts";
import { Button } from "../../components/ui/button.tsx";
import { Modal } from "../../components/ui/dialog.tsx";
import { SelectField, TextField } from "../../components/ui/field.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { formatEuro } from "../../lib/format.ts";
import { trpc } from "../../trpc.ts";
import { useAdminFailure } from "./admin-api.ts";
import type { AdminOrder } from "./orders-panel.tsx";

const today = () => new Date().toLocaleDateString("en-CA");

function PaymentForm(props: { order: AdminOrder; onClose: () => void; onSaved: () => void }) {
  const { order } = props;
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
        toast({ title: "Success", description: "Payment recorded.", variant: "success" });
        props.onSaved();
        props.onClose();
      },
      onError: (e) => fail(e, "Failed to record the payment."),
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
        {order.package_name}, total <strong>{formatEuro(order.total_price)}</strong>
      </p>
      <SelectField
        label="Payment status"
        value={status}
        onChange={(e) => choose(e.target.value as PaymentStatus)}
        options={PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] }))}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={status === "refunded" ? "Amount refunded (€)" : "Amount received (€)"}
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
          label="Date"
          type="date"
          required
          max={today()}
          value={date}
          onChange={(e) => setDate(e.target.value)}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={props.onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          Save payment
        </Button>
      </div>
    </form>
  );
}

export function PaymentDialog(props: { order: AdminOrder | null; onClose: () => void; onSaved: () => void }) {
  const { order } = props;
  return (
    <Modal
      open={order !== null}
      onClose={props.onClose}
      title="Record payment"
      description={order ? `${order.student.name ?? "Deleted account"} · order ${order.id.slice(0, 8)}` : undefined}
    >
      {order && <PaymentForm key={order.id} order={order} onClose={props.onClose} onSaved={props.onSaved} />}
    </Modal>
  );
}

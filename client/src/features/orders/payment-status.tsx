// An order's payment as the teacher recorded it, shown the same way to her and to its student.
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from "../../../../shared/constants.ts";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { formatDate, formatEuro } from "../../lib/format.ts";

const TONES: Record<PaymentStatus, BadgeTone> = {
  unpaid: "amber",
  partly_paid: "blue",
  paid: "green",
  refunded: "purple",
};

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return <Badge tone={TONES[status]}>{PAYMENT_STATUS_LABELS[status]}</Badge>;
}

/** Total, paid and due of one order, as a small definition list. */
export function OrderAmounts(props: {
  order: {
    total_price: number;
    paid_amount: number;
    amount_due: number;
    payment_status: PaymentStatus;
    paid_on: string | null;
  };
}) {
  const { order } = props;
  return (
    <dl className="grid grid-cols-3 gap-2 text-sm">
      <div>
        <dt className="text-xs text-slate-500">Total</dt>
        <dd className="font-semibold text-slate-900">{formatEuro(order.total_price)}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">{order.payment_status === "refunded" ? "Refunded" : "Paid"}</dt>
        <dd className="font-semibold text-slate-900">
          {formatEuro(order.paid_amount)}
          {order.paid_on && (
            <span className="block text-xs font-normal text-slate-500">
              on {formatDate(order.paid_on, { timeZone: "UTC" })}
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">Amount due</dt>
        <dd className={`font-semibold ${order.amount_due > 0 ? "text-amber-800" : "text-emerald-700"}`}>
          {formatEuro(order.amount_due)}
        </dd>
      </div>
    </dl>
  );
}

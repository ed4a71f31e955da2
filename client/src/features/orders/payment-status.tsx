// An order's payment as the teacher recorded it, shown the same way to her and to its student.
// Its words are the portal's (the admin area loads that catalogue too for this and the calendar card).
import type { PaymentStatus } from "../../../../shared/constants.ts";
import { formatDate, formatEuro } from "../../../../shared/i18n/format.ts";
import { Badge, type BadgeTone } from "../../components/ui/badge.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";

const TONES: Record<PaymentStatus, BadgeTone> = {
  unpaid: "amber",
  partly_paid: "blue",
  paid: "green",
  refunded: "purple",
};

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  const t = useT();
  return <Badge tone={TONES[status]}>{t("portal.payment.status", { status })}</Badge>;
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
  const t = useT();
  const locale = useLocale();
  return (
    <dl className="grid grid-cols-3 gap-2 text-sm">
      <div>
        <dt className="text-xs text-slate-500">{t("portal.payment.total")}</dt>
        <dd className="font-semibold text-slate-900">{formatEuro(locale, order.total_price)}</dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">{t("portal.payment.paidLabel", { status: order.payment_status })}</dt>
        <dd className="font-semibold text-slate-900">
          {formatEuro(locale, order.paid_amount)}
          {order.paid_on && (
            <span className="block text-xs font-normal text-slate-500">
              {t("portal.payment.paidOn", { date: formatDate(locale, order.paid_on, { timeZone: "UTC" }) })}
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-slate-500">{t("portal.payment.due")}</dt>
        <dd className={`font-semibold ${order.amount_due > 0 ? "text-amber-800" : "text-emerald-700"}`}>
          {formatEuro(locale, order.amount_due)}
        </dd>
      </div>
    </dl>
  );
}

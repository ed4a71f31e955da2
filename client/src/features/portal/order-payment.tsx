// How to pay one order in the portal (issue 30, item 2): a disclosure under an order that still
// owes money, loaded the first time it opens; its content is the confirmation's too (how-to-pay.tsx).
import { useEffect, useRef, useState } from "react";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import { HowToPay, type HowToPayLabels } from "../orders/how-to-pay.tsx";
import { usePortalQuery } from "./portal-api.ts";

function usePortalPaymentLabels(): HowToPayLabels {
  const t = useT();
  return {
    amountDue: t("portal.orders.payment.amountDue"),
    reference: t("portal.orders.payment.reference"),
    referenceHint: t("portal.orders.payment.referenceHint"),
    bankTransfer: t("portal.orders.payment.bankTransfer"),
    beneficiary: t("portal.orders.payment.beneficiary"),
    iban: t("portal.orders.payment.iban"),
    bic: t("portal.orders.payment.bic"),
    amount: t("portal.orders.payment.amount"),
    qrAlt: (values) => t("portal.orders.payment.qrAlt", values),
    qrHint: t("portal.orders.payment.qrHint"),
    satispay: t("portal.orders.payment.satispay"),
    paypal: t("portal.orders.payment.paypal"),
    card: t("portal.orders.payment.card"),
    cash: t("portal.orders.payment.cash"),
  };
}

function PaymentDetails({ orderId }: { orderId: string }) {
  const labels = usePortalPaymentLabels();
  const query = usePortalQuery(trpc.portal.order.queryOptions({ id: orderId }));
  const payment = query.data?.payment;
  if (!payment) return <Spinner />;
  return (
    <div className="mt-3">
      <HowToPay payment={payment} labels={labels} idPrefix={`order-${orderId}`} />
    </div>
  );
}

/**
 * A disclosure under an order that still owes money; its details load the first time it opens.
 * `initiallyOpen` (the emails' link, `?pay=<order>`) opens it and brings it into view.
 */
export function OrderPayment({ orderId, initiallyOpen = false }: { orderId: string; initiallyOpen?: boolean }) {
  const t = useT();
  const [opened, setOpened] = useState(initiallyOpen);
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (initiallyOpen) ref.current?.scrollIntoView({ block: "start" });
  }, [initiallyOpen]);
  return (
    <details
      ref={ref}
      open={initiallyOpen || undefined}
      className="mt-3 scroll-mt-4 rounded-lg border border-slate-200 p-3"
      onToggle={(e) => e.currentTarget.open && setOpened(true)}
    >
      <summary className="cursor-pointer font-semibold text-blue-800">{t("portal.orders.payment.show")}</summary>
      {opened && <PaymentDetails orderId={orderId} />}
    </details>
  );
}

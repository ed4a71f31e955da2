// How to pay one order in the portal (issue 30, item 2): a disclosure under an order that still
// owes money, loaded the first time it opens; its content is the confirmation's too (how-to-pay.tsx).
import { useCallback, useEffect, useRef, useState } from "react";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import { HowToPay, type HowToPayLabels } from "../booking/how-to-pay.tsx";
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

function PaymentDetails({ orderId, onShown }: { orderId: string; onShown?: () => void }) {
  const labels = usePortalPaymentLabels();
  const query = usePortalQuery(trpc.portal.order.queryOptions({ id: orderId }));
  const payment = query.data?.payment;
  const shown = Boolean(payment);
  useEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);
  if (!payment) return <Spinner />;
  return (
    <div className="mt-3">
      <HowToPay payment={payment} labels={labels} idPrefix={`order-${orderId}`} />
    </div>
  );
}

/**
 * A disclosure under an order that still owes money; its details load the first time it opens.
 * `initiallyOpen` (the emails' link, `?pay=<order>`) opens it and brings it into view once its
 * details are shown: by then the lessons above it have loaded, so it stays in view.
 */
export function OrderPayment({ orderId, initiallyOpen = false }: { orderId: string; initiallyOpen?: boolean }) {
  const t = useT();
  const [opened, setOpened] = useState(initiallyOpen);
  const ref = useRef<HTMLDetailsElement>(null);
  const bringIntoView = useCallback(() => {
    if (initiallyOpen) ref.current?.scrollIntoView({ block: "start" });
  }, [initiallyOpen]);
  return (
    <details
      ref={ref}
      open={initiallyOpen || undefined}
      className="mt-3 rounded-lg border border-slate-200 p-3"
      onToggle={(e) => e.currentTarget.open && setOpened(true)}
    >
      <summary className="cursor-pointer font-semibold text-blue-800">{t("portal.orders.payment.show")}</summary>
      {opened && <PaymentDetails orderId={orderId} onShown={bringIntoView} />}
    </details>
  );
}

// How to pay one order (issue 30, item 2): the amount due, the reference to write on the payment,
// the bank transfer with its EPC QR code, the teacher's links and cash. Loaded when opened.
import { useState } from "react";
import { formatEuro } from "../../../../shared/i18n/format.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import { usePortalQuery } from "./portal-api.ts";

/**
 * The server's SVG as an image address: an <img> never runs what an SVG document might carry,
 * which inlining it into the page would.
 */
function svgDataUrl(svg: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(svg)) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

const ibanGroups = (iban: string) => iban.replace(/(.{4})(?=.)/g, "$1 ");

function Row(props: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex flex-col sm:flex-row sm:gap-2">
      <dt className="text-slate-500 sm:w-28 sm:shrink-0">{props.label}</dt>
      <dd className={`break-all font-semibold text-slate-900 ${props.mono ? "font-mono" : ""}`}>{props.value}</dd>
    </div>
  );
}

function PaymentDetails({ orderId }: { orderId: string }) {
  const t = useT();
  const locale = useLocale();
  const query = usePortalQuery(trpc.portal.order.queryOptions({ id: orderId }));
  const payment = query.data?.payment;
  if (!payment) return <Spinner />;
  const { bankTransfer, satispay, paypal, card } = payment.methods;
  const amount = formatEuro(locale, payment.amountDue);
  const links = [
    { href: satispay, label: t("portal.orders.payment.satispay") },
    { href: paypal, label: t("portal.orders.payment.paypal") },
    { href: card, label: t("portal.orders.payment.card") },
  ].filter((l): l is { href: string; label: string } => Boolean(l.href));
  return (
    <div className="mt-3 space-y-4 text-sm">
      <dl className="space-y-1">
        <Row label={t("portal.orders.payment.amountDue")} value={amount} />
        <Row label={t("portal.orders.payment.reference")} value={payment.reference} mono />
      </dl>
      <p className="text-slate-600">{t("portal.orders.payment.referenceHint")}</p>
      {bankTransfer && (
        <section aria-labelledby={`transfer-${orderId}`} className="rounded-lg bg-slate-50 p-3">
          <h4 id={`transfer-${orderId}`} className="font-semibold text-slate-900">
            {t("portal.orders.payment.bankTransfer")}
          </h4>
          <div className="mt-2 flex flex-col gap-4 sm:flex-row sm:items-start">
            <img
              src={svgDataUrl(bankTransfer.qrSvg)}
              alt={t("portal.orders.payment.qrAlt", { amount, reference: bankTransfer.reference })}
              className="h-44 w-44 shrink-0 self-center rounded bg-white sm:self-start"
              width={176}
              height={176}
            />
            <div className="min-w-0 space-y-2">
              <dl className="space-y-1">
                <Row label={t("portal.orders.payment.beneficiary")} value={bankTransfer.name} />
                <Row label={t("portal.orders.payment.iban")} value={ibanGroups(bankTransfer.iban)} mono />
                {bankTransfer.bic && <Row label={t("portal.orders.payment.bic")} value={bankTransfer.bic} mono />}
                <Row label={t("portal.orders.payment.amount")} value={formatEuro(locale, bankTransfer.amount)} />
                <Row label={t("portal.orders.payment.reference")} value={bankTransfer.reference} mono />
              </dl>
              <p className="text-slate-600">{t("portal.orders.payment.qrHint")}</p>
            </div>
          </div>
        </section>
      )}
      {links.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {links.map((l) => (
            <li key={l.label}>
              <a
                href={l.href}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses({ variant: "outline", size: "sm" })}
              >
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="text-slate-600">{t("portal.orders.payment.cash")}</p>
    </div>
  );
}

/** A disclosure under an order that still owes money; its details load the first time it opens. */
export function OrderPayment({ orderId }: { orderId: string }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="mt-3 rounded-lg border border-slate-200 p-3"
      onToggle={(e) => e.currentTarget.open && setOpened(true)}
    >
      <summary className="cursor-pointer font-semibold text-blue-800">{t("portal.orders.payment.show")}</summary>
      {opened && <PaymentDetails orderId={orderId} />}
    </details>
  );
}

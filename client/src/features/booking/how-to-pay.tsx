// How to pay one order (issue 30, item 2): the amount due, the reference to write on the payment,
// the bank transfer with its EPC QR code, the teacher's links and cash. Shown by the booking's
// confirmation and by the portal's orders, each in its own catalogue's words (`labels`): the
// confirmation loads no portal code or words. The QR code is the server's SVG; no QR library here.
// Here, not under features/orders: the public pages' stylesheet reads its classes (styles.css), and
// it uses only classes the public pages already have, so their CSS does not grow.
import { formatEuro } from "../../../../shared/i18n/format.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { useLocale } from "../../lib/i18n.tsx";

/** `payment` of GET /api/student/orders/{id} and of the booking's answer: what the block shows. */
export type OrderPayment = {
  amountDue: number;
  reference: string;
  methods: {
    bankTransfer: {
      iban: string;
      bic: string | null;
      name: string;
      reference: string;
      amount: number;
      qrSvg: string;
    } | null;
    satispay: string | null;
    paypal: string | null;
    card: string | null;
  };
};

/**
 * The check of a payment read back from session storage (the booking's answer, kept for the
 * confirmation): a plain function, as the flow's other pages need none of it.
 */
export function isOrderPayment(value: unknown): value is OrderPayment {
  if (typeof value !== "object" || value === null) return false;
  const { amountDue, reference, methods } = value as Record<string, unknown>;
  if (typeof amountDue !== "number" || typeof reference !== "string") return false;
  if (typeof methods !== "object" || methods === null) return false;
  const transfer = (methods as Record<string, unknown>).bankTransfer;
  return (
    transfer === null ||
    (typeof transfer === "object" && typeof (transfer as Record<string, unknown>).qrSvg === "string")
  );
}

export type HowToPayLabels = {
  amountDue: string;
  reference: string;
  referenceHint: string;
  bankTransfer: string;
  beneficiary: string;
  iban: string;
  bic: string;
  amount: string;
  qrAlt: (values: { amount: string; reference: string }) => string;
  qrHint: string;
  satispay: string;
  paypal: string;
  card: string;
  cash: string;
};

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
    <div className="grid sm:grid-cols-3 sm:gap-3">
      <dt className="text-slate-500">{props.label}</dt>
      <dd className={`break-all font-semibold text-slate-900 sm:col-span-2 ${props.mono ? "font-mono" : ""}`}>
        {props.value}
      </dd>
    </div>
  );
}

export function HowToPay(props: { payment: OrderPayment; labels: HowToPayLabels; idPrefix: string }) {
  const { payment, labels, idPrefix } = props;
  const locale = useLocale();
  const { bankTransfer, satispay, paypal, card } = payment.methods;
  const amount = formatEuro(locale, payment.amountDue);
  const links = [
    { href: satispay, label: labels.satispay },
    { href: paypal, label: labels.paypal },
    { href: card, label: labels.card },
  ].filter((l): l is { href: string; label: string } => Boolean(l.href));
  return (
    <div className="space-y-4 text-sm">
      <dl className="space-y-1">
        <Row label={labels.amountDue} value={amount} />
        <Row label={labels.reference} value={payment.reference} mono />
      </dl>
      <p className="text-slate-600">{labels.referenceHint}</p>
      {bankTransfer && (
        <section aria-labelledby={`${idPrefix}-transfer`} className="rounded-lg bg-slate-50 p-3">
          <h4 id={`${idPrefix}-transfer`} className="font-semibold text-slate-900">
            {labels.bankTransfer}
          </h4>
          <div className="mt-2 flex flex-col gap-4 sm:flex-row">
            <img
              src={svgDataUrl(bankTransfer.qrSvg)}
              alt={labels.qrAlt({ amount, reference: bankTransfer.reference })}
              className="mx-auto h-40 w-40 shrink-0 self-start rounded bg-white sm:mx-0"
              width={160}
              height={160}
            />
            <div className="min-w-0 flex-1 space-y-2">
              <dl className="space-y-1">
                <Row label={labels.beneficiary} value={bankTransfer.name} />
                <Row label={labels.iban} value={ibanGroups(bankTransfer.iban)} mono />
                {bankTransfer.bic && <Row label={labels.bic} value={bankTransfer.bic} mono />}
                <Row label={labels.amount} value={formatEuro(locale, bankTransfer.amount)} />
                <Row label={labels.reference} value={bankTransfer.reference} mono />
              </dl>
              <p className="text-slate-600">{labels.qrHint}</p>
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
      <p className="text-slate-600">{labels.cash}</p>
    </div>
  );
}

// The student's orders (issue 16): each purchase with its amount and what the teacher recorded
// of its payment, how to pay what is still due, and one calendar file per order.

import { formatDate, formatEuro } from "../../../../shared/i18n/format.ts";
import { StatusBadge } from "../../components/ui/badge.tsx";
import { Card } from "../../components/ui/card.tsx";
import { CalendarIcon } from "../../components/ui/icons.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import { OrderAmounts, PaymentBadge } from "../orders/payment-status.tsx";
import { OrderPayment } from "./order-payment.tsx";
import { PageSection } from "./page-section.tsx";
import { usePortalQuery } from "./portal-api.ts";

export function OrdersSection({ timeZone, payOrderId = null }: { timeZone: string; payOrderId?: string | null }) {
  const t = useT();
  const locale = useLocale();
  const orders = usePortalQuery(trpc.portal.orders.queryOptions({ limit: 50 }));
  const list = orders.data?.orders ?? [];
  if (list.length === 0) return null;
  const due = list.reduce((sum, o) => sum + o.amount_due, 0);
  const instructions = orders.data?.payment_instructions ?? "";
  return (
    <PageSection titleId="orders-title" title={t("portal.orders.title")} count={orders.data?.total}>
      {due > 0 && (
        <Card className="mt-3 border-amber-200 bg-amber-50 p-4 text-sm text-slate-800">
          <p>
            {t("portal.orders.due")} <strong>{formatEuro(locale, due)}</strong>. {t("portal.orders.dueBefore")}
          </p>
          {instructions && (
            <p className="mt-1 whitespace-pre-line break-words">
              <span className="font-semibold">{t("portal.orders.howToPay")}</span> {instructions}
            </p>
          )}
        </Card>
      )}
      <ul className="mt-3 space-y-3">
        {list.map((o) => (
          <li key={o.id}>
            <Card className="p-4">
              <article aria-label={t("portal.orders.label", { name: o.package_name })}>
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                      {o.package_name} <StatusBadge status={o.status} of="order" />{" "}
                      <PaymentBadge status={o.payment_status} />
                    </h3>
                    <p className="mt-1 text-sm text-slate-600">
                      {t("portal.orders.summary", {
                        count: o.bookings.length,
                        date: formatDate(locale, o.created_at, { timeZone }),
                      })}
                    </p>
                    <a
                      className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-blue-800 underline"
                      href={`/api/calendar/order/${encodeURIComponent(o.id)}/ics`}
                      download
                    >
                      <CalendarIcon className="h-4 w-4" /> {t("portal.orders.calendarFile")}
                    </a>
                  </div>
                  <div className="sm:w-72">
                    <OrderAmounts order={o} />
                  </div>
                </div>
                {o.amount_due > 0 && <OrderPayment orderId={o.id} initiallyOpen={o.id === payOrderId} />}
              </article>
            </Card>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

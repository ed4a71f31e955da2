// The booking summary beside the student details: package, lessons, teacher, group add-on, the
// lesson times (also in the visitor's zone when it differs) and the server's price quote.

import { formatDate, formatEuro, formatTime } from "../../../../shared/i18n/format.ts";
import { Card } from "../../components/ui/card.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import type { RouterOutputs } from "../../trpc.ts";
import type { bookingStorage, Slot } from "./booking-storage.ts";
import type { GroupChoice } from "./group-conversation-card.tsx";
import { SummaryRow } from "./summary-row.tsx";
import { YourTime } from "./your-time.tsx";

export function BookingSummary({
  pkg,
  teacher,
  slots,
  group,
  zone,
  localZone,
  quote,
}: {
  pkg: NonNullable<ReturnType<typeof bookingStorage.getPackage>>;
  teacher: ReturnType<typeof bookingStorage.getTeacher>;
  slots: Slot[];
  group: GroupChoice | null;
  zone: string;
  localZone: string | null;
  quote: { data?: RouterOutputs["booking"]["quote"]; isError: boolean };
}) {
  const t = useT();
  const locale = useLocale();
  const euro = (amount: number) => formatEuro(locale, amount);
  return (
    <aside className="order-first lg:order-none">
      <Card className="p-5 lg:sticky lg:top-4">
        <h2 className="font-semibold text-slate-900">{t("booking-details.summary.title")}</h2>
        <dl className="mt-3 space-y-2 text-sm">
          <SummaryRow label={t("booking-details.summary.package")}>{pkg.name}</SummaryRow>
          <SummaryRow label={t("booking-details.summary.lessons")}>
            {t("booking-details.summary.lessonsValue", { count: slots.length })}
          </SummaryRow>
          {teacher && <SummaryRow label={t("booking-details.summary.teacher")}>{teacher.name}</SummaryRow>}
          {group && (
            <SummaryRow label={t("booking-details.summary.group")}>
              {group.pkg.name}
              <span className="block text-xs font-normal text-slate-500">
                {t("booking-details.summary.groupWhen", {
                  day: t("booking.groupNight", { day: group.event.day_of_week }),
                  time: group.event.time,
                  location: group.event.location,
                })}
              </span>
            </SummaryRow>
          )}
        </dl>
        <ul
          className="mt-4 space-y-1 border-t border-slate-100 pt-3 text-sm text-slate-700"
          aria-label={t("booking-details.summary.times")}
        >
          {slots.map((s) => (
            <li key={s.id}>
              {formatDate(locale, s.startTime, { timeZone: zone, style: "short" })},{" "}
              {formatTime(locale, s.startTime, { timeZone: zone })}
              {localZone && <YourTime startTime={s.startTime} zone={localZone} />}
            </li>
          ))}
        </ul>
        <div className="mt-4 space-y-1 border-t border-slate-100 pt-3 text-sm" aria-live="polite">
          {quote.data ? (
            <>
              <div className="flex justify-between">
                <span className="text-slate-500">{pkg.name}</span>
                <span>{euro(quote.data.basePrice)}</span>
              </div>
              {quote.data.groupPrice > 0 && (
                <div className="flex justify-between">
                  <span className="text-slate-500">{t("booking-details.summary.groupPrice")}</span>
                  <span>{euro(quote.data.groupPrice)}</span>
                </div>
              )}
              {quote.data.discount > 0 && (
                <div className="flex justify-between text-emerald-700">
                  <span>{quote.data.discountLabel ?? t("booking-details.summary.discount")}</span>
                  <span>−{euro(quote.data.discount)}</span>
                </div>
              )}
              <div className="flex justify-between pt-1 text-base font-bold text-slate-900">
                <span>{t("booking-details.summary.total")}</span>
                <span data-testid="quote-total">{euro(quote.data.totalPrice)}</span>
              </div>
              {quote.data.referralNotice && <p className="pt-1 text-amber-800">{quote.data.referralNotice}</p>}
            </>
          ) : quote.isError ? (
            <p className="text-slate-500">{t("booking-details.summary.priceLater")}</p>
          ) : (
            <p className="text-slate-500">{t("booking-details.summary.calculating")}</p>
          )}
          <p className="pt-2 text-xs text-slate-500">{t("booking.paymentFirst")}</p>
        </div>
      </Card>
    </aside>
  );
}

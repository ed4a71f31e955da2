// The booking summary beside the student details: package, lessons, teacher, group add-on, the
// lesson times (also in the visitor's zone when it differs) and the server's price quote.
import { Card } from "../../components/ui/card.tsx";
import { formatDate, formatEuro, formatTime } from "../../lib/format.ts";
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
  return (
    <aside className="order-first lg:order-none">
      <Card className="p-5 lg:sticky lg:top-4">
        <h2 className="font-semibold text-slate-900">Booking Summary</h2>
        <dl className="mt-3 space-y-2 text-sm">
          <SummaryRow label="Package">{pkg.name}</SummaryRow>
          <SummaryRow label="Lessons">{slots.length} × 60 minutes</SummaryRow>
          {teacher && <SummaryRow label="Teacher">{teacher.name}</SummaryRow>}
          {group && (
            <SummaryRow label="Group add-on">
              {group.pkg.name}
              <span className="block text-xs font-normal text-slate-500">
                {group.event.day_of_week}s, {group.event.time}, {group.event.location}
              </span>
            </SummaryRow>
          )}
        </dl>
        <ul
          className="mt-4 space-y-1 border-t border-slate-100 pt-3 text-sm text-slate-700"
          aria-label="Your lesson times"
        >
          {slots.map((s) => (
            <li key={s.id}>
              {formatDate(s.startTime, { timeZone: zone, style: "short" })},{" "}
              {formatTime(s.startTime, { timeZone: zone })}
              {localZone && <YourTime startTime={s.startTime} zone={localZone} />}
            </li>
          ))}
        </ul>
        <div className="mt-4 space-y-1 border-t border-slate-100 pt-3 text-sm" aria-live="polite">
          {quote.data ? (
            <>
              <div className="flex justify-between">
                <span className="text-slate-500">{pkg.name}</span>
                <span>{formatEuro(quote.data.basePrice)}</span>
              </div>
              {quote.data.groupPrice > 0 && (
                <div className="flex justify-between">
                  <span className="text-slate-500">Group conversation</span>
                  <span>{formatEuro(quote.data.groupPrice)}</span>
                </div>
              )}
              {quote.data.discount > 0 && (
                <div className="flex justify-between text-emerald-700">
                  <span>{quote.data.discountLabel ?? "Discount"}</span>
                  <span>−{formatEuro(quote.data.discount)}</span>
                </div>
              )}
              <div className="flex justify-between pt-1 text-base font-bold text-slate-900">
                <span>Total</span>
                <span data-testid="quote-total">{formatEuro(quote.data.totalPrice)}</span>
              </div>
              {quote.data.referralNotice && <p className="pt-1 text-amber-800">{quote.data.referralNotice}</p>}
            </>
          ) : quote.isError ? (
            <p className="text-slate-500">The final price is confirmed when you book.</p>
          ) : (
            <p className="text-slate-500">Calculating price...</p>
          )}
          <p className="pt-2 text-xs text-slate-500">Payment is required before the first lesson.</p>
        </div>
      </Card>
    </aside>
  );
}

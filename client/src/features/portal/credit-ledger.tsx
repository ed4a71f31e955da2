// The family's prepaid lessons on the dashboard: "4 of 6 lessons left, valid until …", and, opened,
// every entry of the ledger with its date, what happened and the lessons it added or took.

import { useState } from "react";
import { TEACHER_TIMEZONE } from "../../../../shared/constants.ts";
import { creditSummary } from "../../../../shared/credit-summary.ts";
import { formatDate } from "../../../../shared/i18n/format.ts";
import { Button } from "../../components/ui/button.tsx";
import { useLocale, useT } from "../../lib/i18n.tsx";
import type { useCredits } from "./portal-api.ts";
import { RebookDialog } from "./rebook-dialog.tsx";

type Ledger = NonNullable<ReturnType<typeof useCredits>["data"]>;

export function CreditLedger({ ledger }: { ledger: Ledger }) {
  const t = useT();
  const locale = useLocale();
  const [booking, setBooking] = useState(false);
  const line = creditSummary(ledger, new Date());
  if (!line) return null;
  // Newest first, as a statement reads; the ledger answers oldest first.
  const entries = [...ledger.entries].reverse();
  return (
    <div className="relative mt-4">
      {/* Lessons left within their validity: one can be booked here (issue 30). The button sits
          beside the summary, not inside it: a control within <summary> would toggle the list. */}
      {line.left > 0 && (
        <Button size="sm" className="absolute top-2 right-2" onClick={() => setBooking(true)}>
          {t("portal.credits.book")}
        </Button>
      )}
      <details className="group rounded-xl bg-blue-50 text-sm text-blue-900">
        <summary className={`cursor-pointer list-inside px-4 py-3 font-medium ${line.left > 0 ? "pr-40" : ""}`}>
          {t("portal.dashboard.credits", {
            left: line.left,
            total: line.total,
            date: formatDate(locale, line.validUntil, { timeZone: TEACHER_TIMEZONE }),
          })}
        </summary>
        <ul className="divide-y divide-blue-100 border-t border-blue-100 px-4" aria-label={t("portal.credits.entries")}>
          {entries.map((entry) => (
            <li
              key={`${entry.date}:${entry.kind}:${entry.bookingId ?? entry.orderId ?? ""}:${entry.lessons}:${entry.reason ?? ""}`}
              className="flex flex-wrap items-baseline justify-between gap-x-4 py-2"
            >
              <span>
                <span className="text-blue-800/80">
                  {formatDate(locale, entry.date, { timeZone: TEACHER_TIMEZONE })}
                </span>{" "}
                <span className="font-medium">{t("portal.credits.kind", { kind: entry.kind })}</span>
                {entry.reason ? <span className="block text-blue-800/80">{entry.reason}</span> : null}
              </span>
              <span className="tabular-nums font-semibold">
                {t("portal.credits.lessons", { count: entry.lessons, sign: entry.lessons > 0 ? "plus" : "other" })}
              </span>
            </li>
          ))}
        </ul>
      </details>
      {booking && <RebookDialog creditId={null} fromPackage onClose={() => setBooking(false)} />}
    </div>
  );
}

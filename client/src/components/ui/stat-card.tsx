import type { ReactNode } from "react";
import { Card } from "./card.tsx";

/** A labelled figure: dashboards, hubs and progress pages. */
export function StatCard({
  label,
  value,
  hint,
  icon,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    // In a narrow card (two to a row on a phone) the icon sits above the label, which then has the
    // card's whole width: "Completati" and "guadagnato" stay whole words (issue 33).
    <Card className="@container p-4 sm:p-5">
      <div className="flex flex-col items-start gap-2 @[13rem]:flex-row @[13rem]:gap-3 sm:@[13rem]:gap-4">
        {icon && (
          <div
            className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-blue-50 text-blue-900"
            aria-hidden="true"
          >
            {icon}
          </div>
        )}
        <div className="min-w-0 max-w-full">
          {/* A word longer than the card ("dell'insegnante" in a narrow one) breaks rather than leave it. */}
          <p className="break-words text-sm font-medium text-slate-500">{label}</p>
          <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</p>
          {hint && <p className="mt-0.5 text-xs text-slate-500">{hint}</p>}
        </div>
      </div>
    </Card>
  );
}

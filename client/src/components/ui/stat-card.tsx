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
    <Card className="flex items-start gap-3 p-4 sm:gap-4 sm:p-5">
      {icon && (
        <div
          className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-blue-50 text-blue-900"
          aria-hidden="true"
        >
          {icon}
        </div>
      )}
      <div className="min-w-0">
        {/* A long word ("dell'insegnante") breaks rather than leave a narrow phone's card (issue 33). */}
        <p className="hyphens-auto break-words text-sm font-medium text-slate-500">{label}</p>
        <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</p>
        {hint && <p className="mt-0.5 text-xs text-slate-500">{hint}</p>}
      </div>
    </Card>
  );
}

import type { ReactNode } from "react";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { useT } from "../../lib/i18n.tsx";

const TONES = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-200",
  blue: "bg-blue-50 text-blue-800 ring-blue-200",
  green: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  amber: "bg-amber-50 text-amber-800 ring-amber-200",
  red: "bg-red-50 text-red-800 ring-red-200",
  purple: "bg-violet-50 text-violet-800 ring-violet-200",
} as const;
export type BadgeTone = keyof typeof TONES;

export function Badge({
  tone = "neutral",
  children,
  className = "",
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[tone]} ${className}`}
    >
      {children}
    </span>
  );
}

/** Booking status colours of both specs: pending amber (yellow), confirmed green, completed blue, cancelled red, others neutral. */
export const STATUS_TONES: Record<string, BadgeTone> = {
  pending: "amber",
  confirmed: "green",
  completed: "blue",
  cancelled: "red",
};

const STATUS_LABELS: Record<string, MessageKey> = {
  pending: "common.status.pending",
  confirmed: "common.status.confirmed",
  completed: "common.status.completed",
  cancelled: "common.status.cancelled",
};

/**
 * A lesson's status, or an order's (`of="order"`: Italian agrees the adjective with "ordine", a
 * lesson's with "lezione"). A status this client does not know yet shows as the server spells it.
 */
export function StatusBadge({ status, of = "lesson" }: { status: string; of?: "lesson" | "order" }) {
  const t = useT();
  const key = STATUS_LABELS[status];
  const label = key ? t(key, { of }) : status || t("common.status.unknown");
  return <Badge tone={STATUS_TONES[status] ?? "neutral"}>{label}</Badge>;
}

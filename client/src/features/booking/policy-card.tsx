import { useQuery } from "@tanstack/react-query";
import { Card } from "../../components/ui/card.tsx";
import { useT } from "../../lib/i18n.tsx";
import { trpc } from "../../trpc.ts";
import type { SelectedPackage } from "./booking-storage.ts";
import { policyLines } from "./policy.ts";

const usePublicRules = () =>
  useQuery({ ...trpc.booking.publicContact.queryOptions(), staleTime: 5 * 60_000, retry: false });

/** The notice a move or cancellation needs: the teacher's setting; until it loads (or if it fails) the policy's default. */
export function useCancellationNotice(): string | undefined {
  return usePublicRules().data?.cancellationNotice;
}

export function PolicyCard({ pkg }: { pkg: SelectedPackage | null }) {
  const t = useT();
  const rules = usePublicRules().data;
  return (
    <Card className="p-5" aria-live="polite">
      <h2 className="text-base font-semibold text-slate-900">{t("booking-packages.policy.title")}</h2>
      {pkg && <p className="mt-1 text-sm font-medium text-blue-900">{pkg.name}</p>}
      <ul className="mt-3 space-y-2 text-sm text-slate-700">
        {policyLines(t, pkg, rules?.cancellationNotice, rules?.creditExpiryMonths).map((line) => (
          <li key={line} className="flex gap-2">
            <span className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-slate-400" aria-hidden="true" />
            <span>{line}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

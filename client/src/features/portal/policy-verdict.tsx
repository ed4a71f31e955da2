import type { ReactNode } from "react";
import type { Translate } from "../../../../shared/i18n/messages.ts";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useT } from "../../lib/i18n.tsx";

/** The policy's notice in the page's language: "24 hours", "1 week" (the teacher's settings offer these). */
export function noticeText(t: Translate, hours: number): string {
  const weeks = hours % 168 === 0;
  return t("portal.policy.notice", { unit: weeks ? "week" : "hour", count: weeks ? hours / 168 : hours });
}

/**
 * The body of a dialog that asks the cancellation policy first (a cancellation, a move): a spinner
 * while it is asked, the load error, then the policy (`policy`) and either what the student may
 * do (`granted`) or the policy's reason why not (or `refused`, which shows it with what follows).
 */
export function PolicyVerdict<T extends { reason: string | null }>({
  check,
  allowed,
  loadError,
  policy,
  granted,
  refused,
}: {
  check: T | null;
  allowed: boolean;
  loadError: string | null;
  policy: (check: T) => ReactNode;
  granted: (check: T) => ReactNode;
  /** What a refusal shows instead of the bare reason (the cancellation's "I can't come" path). */
  refused?: (check: T) => ReactNode;
}) {
  const t = useT();
  if (loadError) return <p className="text-sm text-red-700">{loadError}</p>;
  if (!check) return <Spinner label={t("portal.policy.checking")} />;
  return (
    <div className="space-y-4 text-sm text-slate-700">
      {policy(check)}
      {allowed ? (
        granted(check)
      ) : refused ? (
        refused(check)
      ) : (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-red-900">
          {check.reason}
        </p>
      )}
    </div>
  );
}

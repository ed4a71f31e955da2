import type { ReactNode } from "react";
import { Spinner } from "../../components/ui/spinner.tsx";

/**
 * The body of a dialog that asks the cancellation policy first (a cancellation, a move): a spinner
 * while it is asked, the load error, then the policy (`policy`) and either what the student may
 * do (`granted`) or the policy's reason why not.
 */
export function PolicyVerdict<T extends { reason: string | null }>({
  check,
  allowed,
  loadError,
  policy,
  granted,
}: {
  check: T | null;
  allowed: boolean;
  loadError: string | null;
  policy: (check: T) => ReactNode;
  granted: (check: T) => ReactNode;
}) {
  if (loadError) return <p className="text-sm text-red-700">{loadError}</p>;
  if (!check) return <Spinner label="Checking the cancellation policy" />;
  return (
    <div className="space-y-4 text-sm text-slate-700">
      {policy(check)}
      {allowed ? (
        granted(check)
      ) : (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-red-900">
          {check.reason}
        </p>
      )}
    </div>
  );
}

import { useT } from "../../lib/i18n.tsx";

export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div role="status" className="flex items-center justify-center p-8">
      <span
        className="h-8 w-8 animate-spin rounded-full border-4 border-blue-200 border-t-blue-900"
        aria-hidden="true"
      />
      <span className="sr-only">{label ?? t("common.loading")}</span>
    </div>
  );
}

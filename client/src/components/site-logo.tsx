import { useT } from "../lib/i18n.tsx";
import { Link } from "../lib/router.tsx";

export function SiteLogo({ to = "/" }: { to?: string }) {
  const t = useT();
  return (
    <Link
      to={to}
      className="flex items-center gap-2 rounded-lg font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-700"
    >
      <span
        className="grid h-9 w-9 shrink-0 place-items-center rounded-xl bg-blue-900 font-display text-lg font-bold text-amber-300"
        aria-hidden="true"
      >
        G
      </span>
      <span className="leading-tight">
        {t("common.siteName")}
        <span className="block text-xs font-normal text-slate-500">{t("common.siteTagline")}</span>
      </span>
    </Link>
  );
}

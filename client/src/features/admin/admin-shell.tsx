import type { ReactNode } from "react";
import { LanguageSwitch } from "../../components/language-switch.tsx";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { useT } from "../../lib/i18n.tsx";
import { Link } from "../../lib/router.tsx";

/** The header of every admin view: its title, the way back (or Settings) and Logout. */
export function AdminHeader({
  title,
  subtitle,
  onLogout,
  isDashboard,
}: {
  title: string;
  subtitle?: ReactNode;
  onLogout: () => void;
  isDashboard?: boolean;
}) {
  const t = useT();
  return (
    // On a phone the header scrolls away (its links take three rows there); above, it stays in view.
    <header className="z-30 border-b border-slate-200 bg-white/95 backdrop-blur sm:sticky sm:top-0">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <Link
            to="/admin"
            className="grid h-9 w-9 shrink-0 place-items-center rounded-xl bg-blue-900 font-display text-lg font-bold text-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
            aria-label={t("admin.shell.home")}
          >
            G
          </Link>
          <div className="min-w-0">
            <h1 className="text-lg font-bold text-slate-900 sm:truncate sm:text-xl">{title}</h1>
            {subtitle && <p className="text-xs text-slate-500 sm:truncate sm:text-sm">{subtitle}</p>}
          </div>
        </div>
        <nav aria-label={t("admin.shell.nav")} className="flex flex-wrap items-center gap-2 whitespace-nowrap">
          {isDashboard ? (
            <ButtonLink to="/admin/settings" variant="outline" size="sm">
              {t("admin.shell.settings")}
            </ButtonLink>
          ) : (
            <ButtonLink to="/admin" variant="outline" size="sm">
              <span aria-hidden="true">←</span> {t("admin.shell.back")}
            </ButtonLink>
          )}
          {/* The page's language only: the teacher's emails keep the language chosen in Settings. */}
          <LanguageSwitch className="inline-flex items-center rounded-xl px-3 py-1.5 text-sm font-semibold text-blue-900 underline underline-offset-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700" />
          <Button variant="ghost" size="sm" onClick={onLogout}>
            {t("admin.shell.logout")}
          </Button>
        </nav>
      </div>
    </header>
  );
}

export function AdminMain({ children }: { children: ReactNode }) {
  return <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">{children}</main>;
}

/** A row of filters that wraps on a phone. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <div className="mb-5 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
      {children}
    </div>
  );
}

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

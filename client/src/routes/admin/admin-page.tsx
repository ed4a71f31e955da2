import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { localePath } from "../../../../shared/i18n/locales.ts";
import { GoogleMark } from "../../components/google-button.tsx";
import { LanguageSwitch } from "../../components/language-switch.tsx";
import { LogoCardPage } from "../../components/logo-card-page.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { AdminHeader, AdminMain } from "../../features/admin/admin-shell.tsx";
import { AgendaPanel } from "../../features/admin/agenda-panel.tsx";
import { AvailabilityPanel } from "../../features/admin/availability-panel.tsx";
import { BookingsPanel } from "../../features/admin/bookings-panel.tsx";
import { AdminDashboard } from "../../features/admin/dashboard.tsx";
import { DocumentsPanel } from "../../features/admin/documents-panel.tsx";
import { EmailsPanel } from "../../features/admin/emails-panel.tsx";
import { FilesPanel } from "../../features/admin/files-panel.tsx";
import { InboxPanel } from "../../features/admin/inbox-panel.tsx";
import { MoneyPanel } from "../../features/admin/money-panel.tsx";
import { NotesPanel } from "../../features/admin/notes-panel.tsx";
import { OrdersPanel } from "../../features/admin/orders-panel.tsx";
import { QuestionBankPanel } from "../../features/admin/question-bank-panel.tsx";
import { SettingsPanel } from "../../features/admin/settings-panel.tsx";
import { StudentsPanel } from "../../features/admin/students-panel.tsx";
import { adminStatusKey, useAdminStatus } from "../../features/auth/admin-auth.ts";
import { useAuthErrorToast } from "../../features/auth/auth-error-toast.ts";
import { isNetworkError } from "../../features/auth/student-auth.ts";
import { useLogoutWithToast } from "../../features/auth/use-logout-toast.ts";
import { api } from "../../lib/api.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { Link, useNavigate, useParams } from "../../lib/router.tsx";
import { trpc } from "../../trpc.ts";
import "../../private.css";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";

// View states of the spec, as sub-paths so the browser's Back button works.
const VIEWS = {
  "": { title: "admin.view.dashboard.title", subtitle: "admin.view.dashboard.subtitle" },
  agenda: { title: "admin.view.agenda.title", subtitle: "admin.view.agenda.subtitle" },
  availability: { title: "admin.view.availability.title", subtitle: "admin.view.availability.subtitle" },
  bookings: { title: "admin.view.bookings.title", subtitle: "admin.view.bookings.subtitle" },
  orders: { title: "admin.view.orders.title", subtitle: "admin.view.orders.subtitle" },
  documents: { title: "admin.view.documents.title", subtitle: "admin.view.documents.subtitle" },
  students: { title: "admin.view.students.title", subtitle: "admin.view.students.subtitle" },
  notes: { title: "admin.view.notes.title", subtitle: "admin.view.notes.subtitle" },
  files: { title: "admin.view.files.title", subtitle: "admin.view.files.subtitle" },
  settings: { title: "admin.view.settings.title", subtitle: "admin.view.settings.subtitle" },
  inbox: { title: "admin.view.inbox.title", subtitle: "admin.view.inbox.subtitle" },
  email: { title: "admin.view.email.title", subtitle: "admin.view.email.subtitle" },
  "question-bank": { title: "admin.view.questionBank.title", subtitle: "admin.view.questionBank.subtitle" },
  money: { title: "admin.view.money.title", subtitle: "admin.view.money.subtitle" },
} as const satisfies Record<string, { title: MessageKey; subtitle: MessageKey }>;
type View = keyof typeof VIEWS;

export function AdminPage() {
  useAuthErrorToast("/admin");
  const status = useAdminStatus();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const params = useParams();
  const toast = useToast();
  const t = useT();
  // Signed in, the teacher comes back to the dashboard in the language she signed in from.
  const home = localePath(useLocale(), "/admin");
  const googleSignIn = home === "/admin" ? "/api/auth/google" : `/api/auth/google?next=${encodeURIComponent(home)}`;
  // A failed status check leaves the teacher signed out; only non-network failures are reported.
  useEffect(() => {
    if (status.error && !isNetworkError(status.error)) {
      console.error("Auth check failed", status.error);
      toast({ title: t("admin.error.title"), description: t("admin.page.authFailed"), variant: "destructive" });
    }
  }, [status.error, toast, t]);
  const logout = useLogoutWithToast(
    async () => {
      await api("/auth/logout", { method: "POST" });
      queryClient.setQueryData(adminStatusKey, { authenticated: false, user: null });
      queryClient.removeQueries({ queryKey: trpc.admin.pathKey() });
    },
    () => navigate("/admin"),
  );

  if (status.isPending) return <Spinner label={t("admin.page.checkingAuth")} />;
  if (!status.data?.authenticated) {
    return (
      <LogoCardPage background="plain">
        <h1 className="mt-6 text-2xl font-bold">{t("admin.page.loginTitle")}</h1>
        <p className="mt-2 text-slate-600">{t("admin.page.loginText")}</p>
        <Button size="lg" className="mt-6 w-full" onClick={() => window.location.assign(googleSignIn)}>
          <span className="rounded-full bg-white p-0.5">
            <GoogleMark />
          </span>
          {t("admin.page.signInGoogle")}
        </Button>
        <div className="mt-6 flex items-center justify-center gap-4 text-xs text-slate-500">
          <Link className="font-semibold text-blue-900 underline" to="/privacy">
            {t("common.privacyNotice")}
          </Link>
          <LanguageSwitch className="font-semibold text-blue-900 underline" />
        </div>
      </LogoCardPage>
    );
  }

  const segment = (params["*"] ?? "").split("/")[0];
  const view: View = segment in VIEWS ? (segment as View) : "";
  const meta = VIEWS[view];
  return (
    <div className="min-h-screen bg-slate-50">
      <AdminHeader
        title={t(meta.title)}
        subtitle={view === "" ? t("admin.page.signedInAs", { name: status.data.user?.name ?? "" }) : t(meta.subtitle)}
        onLogout={logout}
        isDashboard={view === ""}
      />
      <AdminMain>
        {view === "" && <AdminDashboard />}
        {view === "agenda" && <AgendaPanel />}
        {view === "availability" && <AvailabilityPanel />}
        {view === "bookings" && <BookingsPanel />}
        {view === "orders" && <OrdersPanel />}
        {view === "documents" && <DocumentsPanel />}
        {view === "students" && <StudentsPanel />}
        {view === "notes" && <NotesPanel />}
        {view === "files" && <FilesPanel />}
        {view === "settings" && <SettingsPanel onClose={() => navigate("/admin")} />}
        {view === "inbox" && <InboxPanel />}
        {view === "email" && <EmailsPanel />}
        {view === "question-bank" && <QuestionBankPanel />}
        {view === "money" && <MoneyPanel />}
      </AdminMain>
    </div>
  );
}

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { GoogleMark } from "../../components/google-button.tsx";
import { LogoCardPage } from "../../components/logo-card-page.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { AdminHeader, AdminMain } from "../../features/admin/admin-shell.tsx";
import { AgendaPanel } from "../../features/admin/agenda-panel.tsx";
import { AvailabilityPanel } from "../../features/admin/availability-panel.tsx";
import { BookingsPanel } from "../../features/admin/bookings-panel.tsx";
import { AdminDashboard } from "../../features/admin/dashboard.tsx";
import { EmailsPanel } from "../../features/admin/emails-panel.tsx";
import { FilesPanel } from "../../features/admin/files-panel.tsx";
import { InboxPanel } from "../../features/admin/inbox-panel.tsx";
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
import { useNavigate, useParams } from "../../lib/router.tsx";
import { trpc } from "../../trpc.ts";
import "../../private.css";

// View states of the spec, as sub-paths so the browser's Back button works.
const VIEWS = {
  "": { title: "Admin Dashboard", subtitle: "Your lessons, students and resources at a glance" },
  agenda: { title: "Agenda", subtitle: "Your lessons today and this week, in time order" },
  availability: { title: "Manage Availability", subtitle: "When students can book you" },
  bookings: { title: "All Bookings", subtitle: "Every lesson, its student and its status" },
  orders: { title: "Orders and Payments", subtitle: "Whole orders confirmed at once, payments and what is owed" },
  students: { title: "Student Profiles", subtitle: "Levels, contacts and lesson history" },
  notes: { title: "Student Notes", subtitle: "What you noticed, lesson by lesson" },
  files: { title: "Shared Files and Resources", subtitle: "Material you share with your students" },
  settings: { title: "Settings", subtitle: "Profile, business and system preferences" },
  inbox: { title: "Inbox", subtitle: "Custom availability requests and group sign-ups" },
  email: { title: "Email", subtitle: "What was sent to your students and you, and what was not" },
  "question-bank": { title: "Question Bank", subtitle: "How each quiz question works for your students" },
} as const;
type View = keyof typeof VIEWS;

export function AdminPage() {
  useAuthErrorToast("/admin");
  const status = useAdminStatus();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const params = useParams();
  const toast = useToast();
  // A failed status check leaves the teacher signed out; only non-network failures are reported.
  useEffect(() => {
    if (status.error && !isNetworkError(status.error)) {
      console.error("Auth check failed", status.error);
      toast({ title: "Error", description: "Failed to check authentication status.", variant: "destructive" });
    }
  }, [status.error, toast]);
  const logout = useLogoutWithToast(
    async () => {
      await api("/auth/logout", { method: "POST" });
      queryClient.setQueryData(adminStatusKey, { authenticated: false, user: null });
      queryClient.removeQueries({ queryKey: trpc.admin.pathKey() });
    },
    () => navigate("/admin"),
  );

  if (status.isPending) return <Spinner label="Checking authentication" />;
  if (!status.data?.authenticated) {
    return (
      <LogoCardPage background="plain">
        <h1 className="mt-6 text-2xl font-bold">Admin Login Required</h1>
        <p className="mt-2 text-slate-600">Please sign in to access the admin dashboard</p>
        <Button size="lg" className="mt-6 w-full" onClick={() => window.location.assign("/api/auth/google")}>
          <span className="rounded-full bg-white p-0.5">
            <GoogleMark />
          </span>
          Sign in with Google
        </Button>
        <p className="mt-6 text-xs text-slate-500">
          <a className="font-semibold text-blue-900 underline" href="/privacy">
            Privacy notice
          </a>
        </p>
      </LogoCardPage>
    );
  }

  const segment = (params["*"] ?? "").split("/")[0];
  const view: View = segment in VIEWS ? (segment as View) : "";
  const meta = VIEWS[view];
  return (
    <div className="min-h-screen bg-slate-50">
      <AdminHeader
        title={meta.title}
        subtitle={view === "" ? `Signed in as ${status.data.user?.name ?? ""}` : meta.subtitle}
        onLogout={logout}
        isDashboard={view === ""}
      />
      <AdminMain>
        {view === "" && <AdminDashboard />}
        {view === "agenda" && <AgendaPanel />}
        {view === "availability" && <AvailabilityPanel />}
        {view === "bookings" && <BookingsPanel />}
        {view === "orders" && <OrdersPanel />}
        {view === "students" && <StudentsPanel />}
        {view === "notes" && <NotesPanel />}
        {view === "files" && <FilesPanel />}
        {view === "settings" && <SettingsPanel onClose={() => navigate("/admin")} />}
        {view === "inbox" && <InboxPanel />}
        {view === "email" && <EmailsPanel />}
        {view === "question-bank" && <QuestionBankPanel />}
      </AdminMain>
    </div>
  );
}

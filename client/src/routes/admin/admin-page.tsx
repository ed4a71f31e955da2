import { useQuery, useQueryClient } from "@tanstack/react-query";
import { GoogleMark } from "../../components/google-button.tsx";
import { SiteLogo } from "../../components/site-logo.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useAuthErrorToast } from "../../features/auth/auth-error-toast.ts";
import { useLogoutWithToast } from "../../features/auth/use-logout-toast.ts";
import { adminStatusKey, useAdminStatus } from "../../features/auth/student-auth.ts";
import { api } from "../../lib/api.ts";

type Stats = { totalBookings: number; pendingBookings: number; totalStudents: number };

export function AdminPage() {
  useAuthErrorToast("/admin");
  const status = useAdminStatus();
  const queryClient = useQueryClient();
  const logout = useLogoutWithToast(async () => {
    await api("/auth/logout", { method: "POST" });
    queryClient.setQueryData(adminStatusKey, { authenticated: false, user: null });
  });

  if (status.isPending) return <Spinner label="Checking authentication" />;
  if (!status.data?.authenticated) {
    return (
      <main className="grid min-h-screen place-items-center bg-slate-50 p-4">
        <Card className="w-full max-w-md p-8 text-center">
          <div className="flex justify-center">
            <SiteLogo />
          </div>
          <h1 className="mt-6 text-2xl font-bold">Admin Login Required</h1>
          <p className="mt-2 text-slate-600">Please sign in to access the admin dashboard</p>
          <Button size="lg" className="mt-6 w-full" onClick={() => window.location.assign("/api/auth/google")}>
            <span className="rounded-full bg-white p-0.5">
              <GoogleMark />
            </span>
            Sign in with Google
          </Button>
        </Card>
      </main>
    );
  }


  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 p-4">
          <h1 className="text-xl font-bold">Admin Dashboard</h1>
          <div className="flex gap-2">
            <Button variant="outline" size="sm">Settings</Button>
            <Button variant="ghost" size="sm" onClick={logout}>Logout</Button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl p-4 sm:p-6">
        <p className="text-slate-600">Signed in as {status.data.user?.name}</p>
        <AdminStats />
      </main>
    </div>
  );
}

function AdminStats() {
  const stats = useQuery({ queryKey: ["admin-dashboard"], queryFn: () => api<{ stats: Stats }>("/admin/dashboard") });
  if (stats.isPending) return <Spinner />;
  if (stats.isError) return <p className="mt-6 text-red-700">Failed to load dashboard data.</p>;
  const cards = [
    ["Total Bookings", stats.data.stats.totalBookings],
    ["Pending Bookings", stats.data.stats.pendingBookings],
    ["Total Students", stats.data.stats.totalStudents],
  ] as const;
  return (
    <div className="mt-6 grid gap-4 sm:grid-cols-3">
      {cards.map(([label, value]) => (
        <Card key={label} className="p-6">
          <p className="text-sm text-slate-500">{label}</p>
          <p className="mt-2 text-3xl font-bold">{value}</p>
        </Card>
      ))}
    </div>
  );
}

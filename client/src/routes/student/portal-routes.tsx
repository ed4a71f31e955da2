import { Navigate, NavLink, Outlet, useLocation, useNavigate, useSearchParams } from "react-router";
import { useEffect } from "react";
import { GoogleMark } from "../../components/google-button.tsx";
import { SiteLogo } from "../../components/site-logo.tsx";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useAuthErrorToast } from "../../features/auth/auth-error-toast.ts";
import { useLogoutWithToast } from "../../features/auth/use-logout-toast.ts";
import {
  isNetworkError,
  studentSignInUrl,
  useStudentLogout,
  useStudentStatus,
} from "../../features/auth/student-auth.ts";
import { AreaPlaceholder } from "../area-placeholder.tsx";

const ATTEMPT_FLAG = "studentAuthAttempt";

export function StudentSignIn() {
  const status = useStudentStatus();
  const [params] = useSearchParams();
  const error = useAuthErrorToast("/student");
  const next = params.get("next") ?? undefined;
  const authenticated = status.data?.authenticated;

  // The spec: signed out with no attempt flag -> set it and go to Google; with the flag -> clear
  // it and show the card. An error coming back from a failed sign-in never loops.
  const shouldRedirect = status.isSuccess && !authenticated && !error && !sessionStorage.getItem(ATTEMPT_FLAG);
  useEffect(() => {
    if (!status.isSuccess || authenticated) return;
    if (shouldRedirect) {
      sessionStorage.setItem(ATTEMPT_FLAG, "1");
      window.location.assign(studentSignInUrl(next));
    } else {
      sessionStorage.removeItem(ATTEMPT_FLAG);
    }
  }, [status.isSuccess, authenticated, shouldRedirect, next]);

  if (authenticated) return <Navigate to={next ?? "/student/dashboard"} replace />;
  if (status.isPending || shouldRedirect) return <Spinner label="Checking your session" />;

  return (
    <main className="grid min-h-screen place-items-center bg-gradient-to-b from-blue-50 to-slate-50 p-4">
      <Card className="w-full max-w-md p-8 text-center">
        <div className="flex justify-center">
          <SiteLogo />
        </div>
        <h1 className="mt-6 text-2xl font-bold">Student Portal</h1>
        <p className="mt-2 text-slate-600">Sign in to see your lessons, progress, activities and the files your teacher shares with you.</p>
        <Button
          size="lg"
          variant="outline"
          className="mt-6 w-full"
          onClick={() => {
            sessionStorage.removeItem(ATTEMPT_FLAG);
            window.location.assign(studentSignInUrl(next));
          }}
        >
          <GoogleMark /> Continue with Google
        </Button>
        <p className="mt-6 text-sm text-slate-500">
          New here? <a className="font-semibold text-blue-900 underline" href="/book">Book your first lesson</a>
        </p>
      </Card>
    </main>
  );
}

const NAV = [
  { to: "/student/dashboard", label: "Dashboard", exact: true },
  { to: "/student/lessons", label: "My Lessons" },
  { to: "/student/progress", label: "My Progress" },
  { to: "/student/quizzes", label: "Activities" },
  { to: "/resources/files", label: "Resources" },
  { to: "/referrals", label: "Referrals" },
  { to: "/student/contact", label: "Contact Us" },
];

export function StudentLayout() {
  const status = useStudentStatus();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const onLogout = useLogoutWithToast(useStudentLogout(), () => navigate("/"));

  useEffect(() => {
    if (status.isError && !isNetworkError(status.error)) {
      toast({ title: "Error", description: "Failed to check authentication status.", variant: "destructive" });
    }
  }, [status.isError, status.error, toast]);

  if (status.isPending) return <Spinner label="Checking your session" />;
  if (status.isError || !status.data.authenticated) {
    return <Navigate to="/student" replace state={{ from: location.pathname }} />;
  }
  const firstName = status.data.user?.name.split(" ")[0] ?? "there";

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <aside className="border-b border-slate-200 bg-white lg:sticky lg:top-0 lg:h-screen lg:w-64 lg:shrink-0 lg:border-r lg:border-b-0">
        <div className="flex items-center justify-between gap-4 p-4 lg:block">
          <SiteLogo to="/student/dashboard" />
          <div className="lg:mt-6">
            <NavLink to="/student/profile" className="text-sm text-slate-600 hover:text-blue-900">
              Hi, <span className="font-semibold text-slate-900">{firstName}</span>
            </NavLink>
          </div>
        </div>
        <nav aria-label="Student area" className="flex gap-1 overflow-x-auto px-2 pb-2 lg:flex-col lg:px-3">
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.exact}
              className={({ isActive }) =>
                `whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-blue-900 text-white" : "text-slate-700 hover:bg-slate-100"}`
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden gap-2 p-3 lg:absolute lg:bottom-0 lg:flex lg:w-full lg:flex-col">
          <ButtonLink to="/book" variant="accent">Book a Lesson</ButtonLink>
          <Button variant="ghost" onClick={onLogout}>Logout</Button>
        </div>
        <div className="flex gap-2 px-3 pb-3 lg:hidden">
          <ButtonLink to="/book" variant="accent" size="sm">Book a Lesson</ButtonLink>
          <Button variant="ghost" size="sm" onClick={onLogout}>Logout</Button>
        </div>
      </aside>
      <main className="flex-1 p-4 sm:p-6 lg:p-8">
        <Outlet />
      </main>
    </div>
  );
}

export function Dashboard() {
  const status = useStudentStatus();
  return (
    <AreaPlaceholder title={`Welcome back, ${status.data?.user?.name.split(" ")[0] ?? ""}`}>
      <ButtonLink to="/book" className="mt-6">Book a New Lesson</ButtonLink>
    </AreaPlaceholder>
  );
}

const TITLES: Record<string, string> = {
  "/student/lessons": "My Lessons",
  "/student/progress": "My Progress",
  "/student/contact": "Contact",
  "/student/profile": "My Profile",
  "/resources/files": "Resources",
  "/referrals": "Referrals",
};

export function PortalPage() {
  const { pathname } = useLocation();
  return <AreaPlaceholder title={TITLES[pathname] ?? "Student Portal"} />;
}

export function ReferralLanding() {
  return (
    <main className="mx-auto max-w-xl p-6">
      <AreaPlaceholder title="Referral">
        <ButtonLink to="/book" className="mt-6">Book a lesson</ButtonLink>
      </AreaPlaceholder>
    </main>
  );
}

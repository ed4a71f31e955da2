import { useEffect, useRef, useState } from "react";
import { GoogleMark } from "../../components/google-button.tsx";
import { LogoCardPage } from "../../components/logo-card-page.tsx";
import { SiteLogo } from "../../components/site-logo.tsx";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { CalendarIcon } from "../../components/ui/icons.tsx";
import {
  ChartIcon,
  ChatIcon,
  FolderIcon,
  GiftIcon,
  HomeIcon,
  LogoutIcon,
  PuzzleIcon,
  UserIcon,
} from "../../components/ui/private-icons.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useToast } from "../../components/ui/toaster.tsx";
import { useAuthErrorToast } from "../../features/auth/auth-error-toast.ts";
import {
  ATTEMPT_FLAG,
  isNetworkError,
  studentNextPath,
  studentSignInUrl,
  useStudentLogout,
  useStudentStatus,
} from "../../features/auth/student-auth.ts";
import { useLogoutWithToast } from "../../features/auth/use-logout-toast.ts";
import {
  Navigate,
  NavLink,
  Outlet,
  useBasename,
  useLocation,
  useNavigate,
  useSearchParams,
} from "../../lib/router.tsx";
import "../../private.css";

/** Router state of a guard that found the session over: show the card, never the provider. */
type SignInState = { sessionEnded?: boolean } | null;

export function StudentSignIn() {
  const status = useStudentStatus();
  const [params] = useSearchParams();
  const location = useLocation();
  const basename = useBasename();
  const error = useAuthErrorToast("/student");
  // The toast cleans `error` from the address at once: remember that this visit came back from a
  // failed sign-in, so it shows the card instead of going to Google again. Likewise a session that
  // ended while the student was using the portal (expired, signed out in another tab).
  const [cameBackWithError] = useState(() => Boolean(error));
  const [sessionEnded] = useState(() => (location.state as SignInState)?.sessionEnded === true);
  // The spec's rule is decided once per visit, when the status first arrives: signed out with no
  // attempt flag -> set it and go to Google; with the flag -> clear it and show the card. Deciding
  // on every render would send a later re-render (flag now cleared) to Google after all.
  const [decision, setDecision] = useState<"redirect" | "card" | null>(null);
  const toast = useToast();
  // Checked by the same rule as the server's: a crafted `next` never leaves the site.
  const rawNext = params.get("next");
  const next = studentNextPath(rawNext);
  const authenticated = status.data?.authenticated;

  useEffect(() => {
    if (status.isError && !isNetworkError(status.error)) {
      toast({ title: "Error", description: "Failed to check authentication status.", variant: "destructive" });
    }
  }, [status.isError, status.error, toast]);

  useEffect(() => {
    if (!status.isSuccess || authenticated || decision) return;
    if (!cameBackWithError && !sessionEnded && !sessionStorage.getItem(ATTEMPT_FLAG)) {
      sessionStorage.setItem(ATTEMPT_FLAG, "1");
      setDecision("redirect");
      window.location.assign(studentSignInUrl(rawNext, basename));
    } else {
      sessionStorage.removeItem(ATTEMPT_FLAG);
      setDecision("card");
    }
  }, [status.isSuccess, authenticated, decision, cameBackWithError, sessionEnded, rawNext, basename]);

  // Back from the provider's page (a cancelled sign-in), the browser may restore this page as it
  // was left, waiting for the redirect: show the card, `next` still in the address.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      sessionStorage.removeItem(ATTEMPT_FLAG);
      setDecision("card");
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  if (authenticated) return <Navigate to={next} replace />;
  if (status.isPending || (status.isSuccess && decision !== "card")) return <Spinner label="Checking your session" />;

  return (
    <LogoCardPage>
      <h1 className="mt-6 text-2xl font-bold">Student Portal</h1>
      <p className="mt-2 text-slate-600">
        Sign in to see your lessons, progress, activities and the files your teacher shares with you.
      </p>
      <Button
        size="lg"
        variant="outline"
        className="mt-6 w-full"
        onClick={() => {
          sessionStorage.removeItem(ATTEMPT_FLAG);
          window.location.assign(studentSignInUrl(rawNext, basename));
        }}
      >
        <GoogleMark /> Continue with Google
      </Button>
      <p className="mt-6 text-sm text-slate-500">
        New here?{" "}
        <a className="font-semibold text-blue-900 underline" href="/book">
          Book your first lesson
        </a>
      </p>
      <p className="mt-3 text-xs text-slate-500">
        How we handle your data:{" "}
        <a className="font-semibold text-blue-900 underline" href="/privacy">
          Privacy notice
        </a>
      </p>
    </LogoCardPage>
  );
}

// Dashboard highlights on an exact match only; the others on their path prefix (§2).
const NAV = [
  { to: "/student/dashboard", label: "Dashboard", exact: true, icon: HomeIcon },
  { to: "/student/lessons", label: "My Lessons", icon: CalendarIcon },
  { to: "/student/progress", label: "My Progress", icon: ChartIcon },
  { to: "/student/quizzes", label: "Activities", icon: PuzzleIcon },
  { to: "/resources/files", label: "Resources", icon: FolderIcon },
  { to: "/referrals", label: "Referrals", icon: GiftIcon },
  { to: "/student/contact", label: "Contact Us", icon: ChatIcon },
];

export function StudentLayout() {
  const status = useStudentStatus();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const onLogout = useLogoutWithToast(useStudentLogout(), () => navigate("/", { replace: true }));
  const nav = useRef<HTMLElement>(null);
  // A session seen in this page that is now gone ended while the student was here.
  const wasSignedIn = useRef(false);
  if (status.data?.authenticated) wasSignedIn.current = true;
  const ended = status.data?.authenticated
    ? undefined
    : (status.data?.ended ?? (wasSignedIn.current ? "expired" : undefined));

  // On a phone the menu is one scrolling row: keep the current page's item in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the page or the session changes
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [location.pathname, status.isSuccess]);

  useEffect(() => {
    if (status.isError && !isNetworkError(status.error)) {
      toast({ title: "Error", description: "Failed to check authentication status.", variant: "destructive" });
    }
  }, [status.isError, status.error, toast]);

  // A re-check that found the session gone (a 401 while loading data says so itself, with `ended`).
  useEffect(() => {
    if (status.data && !status.data.authenticated && !status.data.ended && wasSignedIn.current) {
      toast({ title: "Session Expired", description: "Please sign in again.", variant: "destructive" });
    }
  }, [status.data, toast]);

  if (status.isPending) return <Spinner label="Checking your session" />;
  if (status.isError || !status.data.authenticated) {
    // Signed out here: home, with the 'Logged Out' toast; never a new sign-in.
    if (ended === "logout") return <Navigate to="/" replace />;
    // Not signed in, or the session ended: the sign-in page, which comes back here afterwards. A
    // first visit starts sign-in as the spec says; an ended session shows the card, not the provider.
    const here = `/student?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
    return <Navigate to={here} replace state={ended ? ({ sessionEnded: true } satisfies SignInState) : null} />;
  }
  const firstName = status.data.user?.name.split(" ")[0] ?? "there";
  const avatar = status.data.user?.image_url ?? null;

  return (
    <div className="min-h-screen bg-slate-50 lg:flex">
      <aside className="border-b border-slate-200 bg-white lg:min-h-screen lg:w-64 lg:shrink-0 lg:border-r lg:border-b-0">
        <div className="lg:sticky lg:top-0 lg:flex lg:h-screen lg:flex-col">
          <div className="flex items-center justify-between gap-4 p-4 lg:block lg:px-5 lg:pt-6">
            <SiteLogo to="/student/dashboard" />
            <NavLink
              to="/student/profile"
              className={({ isActive }) =>
                `flex items-center gap-2 rounded-xl p-1.5 text-sm focus-visible:outline-2 focus-visible:outline-blue-700 lg:mt-6 lg:w-full lg:p-2 ${isActive ? "bg-blue-50" : "hover:bg-slate-100"}`
              }
            >
              <span
                className="grid h-9 w-9 shrink-0 place-items-center overflow-hidden rounded-full bg-blue-100 text-blue-900"
                aria-hidden="true"
              >
                {avatar ? (
                  <img src={avatar} alt="" className="h-full w-full object-cover" />
                ) : (
                  <UserIcon className="h-5 w-5" />
                )}
              </span>
              <span className="text-slate-600">
                Hi, <span className="font-semibold text-slate-900">{firstName}</span>
                <span className="hidden text-xs text-slate-600 lg:block">View profile</span>
              </span>
            </NavLink>
          </div>
          <nav
            aria-label="Student area"
            className="flex gap-1 overflow-x-auto px-3 pb-2 lg:flex-1 lg:flex-col lg:overflow-y-auto lg:px-3"
          >
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.exact}
                className={({ isActive }) =>
                  `flex items-center gap-3 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-700 ${isActive ? "bg-blue-900 text-white" : "text-slate-700 hover:bg-slate-100"}`
                }
              >
                <item.icon className="hidden h-5 w-5 lg:block" />
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="hidden gap-2 border-t border-slate-100 p-3 lg:flex lg:flex-col">
            <ButtonLink to="/book" variant="accent">
              Book a Lesson
            </ButtonLink>
            <Button variant="ghost" onClick={onLogout}>
              <LogoutIcon className="h-4 w-4" /> Logout
            </Button>
          </div>
          <div className="flex gap-2 px-3 pb-3 lg:hidden">
            <ButtonLink to="/book" variant="accent" size="sm" className="flex-1">
              Book a Lesson
            </ButtonLink>
            <Button variant="outline" size="sm" onClick={onLogout}>
              <LogoutIcon className="h-4 w-4" /> Logout
            </Button>
          </div>
        </div>
      </aside>
      <main className="flex-1 p-4 sm:p-6 lg:p-8">
        <Outlet />
      </main>
    </div>
  );
}

export { ContactPage } from "./contact.tsx";
export { Dashboard } from "./dashboard.tsx";
export { MyLessons } from "./lessons.tsx";
export { ProfilePage } from "./profile.tsx";
export { MyProgress } from "./progress.tsx";
export { ReferralLanding } from "./referral-landing.tsx";
export { Referrals } from "./referrals.tsx";
export { Resources } from "./resources.tsx";

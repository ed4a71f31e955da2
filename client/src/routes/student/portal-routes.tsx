import { useEffect, useRef, useState } from "react";
import { localePath } from "../../../../shared/i18n/locales.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { GoogleMark } from "../../components/google-button.tsx";
import { LanguageSwitch } from "../../components/language-switch.tsx";
import { LogoCardPage } from "../../components/logo-card-page.tsx";
import { SiteLogo } from "../../components/site-logo.tsx";
import { Button, ButtonLink } from "../../components/ui/button.tsx";
import { CalendarIcon, UsersIcon } from "../../components/ui/icons.tsx";
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
import { HeaderJoinButton } from "../../features/portal/join-next-lesson.tsx";
import { noteLocaleSwitch, useFollowPageLocale } from "../../features/portal/use-follow-page-locale.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
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
  const t = useT();
  const locale = useLocale();
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
      toast({ title: t("portal.toast.error"), description: t("portal.auth.checkFailed"), variant: "destructive" });
    }
  }, [status.isError, status.error, toast, t]);

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
  if (status.isPending || (status.isSuccess && decision !== "card"))
    return <Spinner label={t("portal.auth.checking")} />;

  return (
    <LogoCardPage>
      <h1 className="mt-6 text-2xl font-bold">{t("common.studentPortal")}</h1>
      <p className="mt-2 text-slate-600">{t("portal.signIn.intro")}</p>
      <Button
        size="lg"
        variant="outline"
        className="mt-6 w-full"
        onClick={() => {
          sessionStorage.removeItem(ATTEMPT_FLAG);
          window.location.assign(studentSignInUrl(rawNext, basename));
        }}
      >
        <GoogleMark /> {t("portal.signIn.google")}
      </Button>
      <p className="mt-6 text-sm text-slate-500">
        {t("portal.signIn.newHere")}{" "}
        <a className="font-semibold text-blue-900 underline" href={localePath(locale, "/book")}>
          {t("portal.signIn.bookFirst")}
        </a>
      </p>
      <p className="mt-3 text-xs text-slate-500">
        {t("portal.signIn.dataHandling")}{" "}
        <a className="font-semibold text-blue-900 underline" href={localePath(locale, "/privacy")}>
          {t("common.privacyNotice")}
        </a>
      </p>
      <div className="mt-6 flex justify-center text-sm">
        <LanguageSwitch className="font-semibold text-blue-900 underline" />
      </div>
    </LogoCardPage>
  );
}

// Dashboard highlights on an exact match only; the others on their path prefix (§2).
const NAV: { to: string; label: MessageKey; exact?: boolean; icon: typeof HomeIcon }[] = [
  { to: "/student/dashboard", label: "portal.nav.dashboard", exact: true, icon: HomeIcon },
  { to: "/student/lessons", label: "portal.nav.lessons", icon: CalendarIcon },
  { to: "/student/waitlist", label: "portal.nav.waitlist", icon: CalendarIcon },
  { to: "/student/progress", label: "portal.nav.progress", icon: ChartIcon },
  { to: "/student/quizzes", label: "portal.nav.activities", icon: PuzzleIcon },
  { to: "/student/family", label: "portal.nav.family", icon: UsersIcon },
  { to: "/resources/files", label: "portal.nav.resources", icon: FolderIcon },
  { to: "/referrals", label: "portal.nav.referrals", icon: GiftIcon },
  { to: "/student/contact", label: "portal.nav.contact", icon: ChatIcon },
];

export function StudentLayout() {
  const t = useT();
  const status = useStudentStatus();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const onLogout = useLogoutWithToast(useStudentLogout(), () => navigate("/", { replace: true }), {
    title: t("portal.logout.title"),
    description: t("portal.logout.description"),
    failed: t("portal.logout.failed"),
    error: t("portal.toast.error"),
  });
  useFollowPageLocale(status.data?.authenticated === true);
  // A session seen in this page that is now gone ended while the student was here.
  const wasSignedIn = useRef(false);
  if (status.data?.authenticated) wasSignedIn.current = true;
  const ended = status.data?.authenticated
    ? undefined
    : (status.data?.ended ?? (wasSignedIn.current ? "expired" : undefined));

  useEffect(() => {
    if (status.isError && !isNetworkError(status.error)) {
      toast({ title: t("portal.toast.error"), description: t("portal.auth.checkFailed"), variant: "destructive" });
    }
  }, [status.isError, status.error, toast, t]);

  // A re-check that found the session gone (a 401 while loading data says so itself, with `ended`).
  useEffect(() => {
    if (status.data && !status.data.authenticated && !status.data.ended && wasSignedIn.current) {
      toast({
        title: t("portal.session.expired"),
        description: t("portal.session.signInAgain"),
        variant: "destructive",
      });
    }
  }, [status.data, toast, t]);

  if (status.isPending) return <Spinner label={t("portal.auth.checking")} />;
  if (status.isError || !status.data.authenticated) {
    // Signed out here: home, with the 'Logged Out' toast; never a new sign-in.
    if (ended === "logout") return <Navigate to="/" replace />;
    // Not signed in, or the session ended: the sign-in page, which comes back here afterwards. A
    // first visit starts sign-in as the spec says; an ended session shows the card, not the provider.
    const here = `/student?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
    return <Navigate to={here} replace state={ended ? ({ sessionEnded: true } satisfies SignInState) : null} />;
  }
  const firstName = status.data.user?.name.split(" ")[0] ?? "";
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
                {firstName ? (
                  <>
                    {t("portal.layout.hi")} <span className="font-semibold text-slate-900">{firstName}</span>
                  </>
                ) : (
                  t("portal.layout.hiThere")
                )}
                <span className="hidden text-xs text-slate-600 lg:block">{t("portal.layout.viewProfile")}</span>
              </span>
            </NavLink>
          </div>
          <nav
            aria-label={t("portal.nav.label")}
            className="flex flex-wrap gap-1 px-3 pb-2 lg:flex-1 lg:flex-col lg:flex-nowrap lg:overflow-y-auto lg:px-3"
          >
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                end={item.exact}
                className={({ isActive }) =>
                  `flex items-center gap-3 whitespace-nowrap rounded-lg px-2.5 py-1.5 text-sm font-medium lg:px-3 lg:py-2 focus-visible:outline-2 focus-visible:outline-blue-700 ${isActive ? "bg-blue-900 text-white" : "text-slate-700 hover:bg-slate-100"}`
                }
              >
                <item.icon className="hidden h-5 w-5 lg:block" />
                {t(item.label)}
              </NavLink>
            ))}
          </nav>
          <div className="hidden gap-2 border-t border-slate-100 p-3 lg:flex lg:flex-col">
            <HeaderJoinButton className="flex flex-col" />
            <ButtonLink to="/book" variant="accent">
              {t("portal.layout.book")}
            </ButtonLink>
            <Button variant="ghost" onClick={onLogout}>
              <LogoutIcon className="h-4 w-4" /> {t("portal.layout.logout")}
            </Button>
            <div className="flex justify-center pt-1 text-sm">
              <LanguageSwitch
                onSwitch={noteLocaleSwitch}
                className="rounded px-2 py-1 font-medium text-blue-900 underline underline-offset-2 hover:bg-slate-100"
              />
            </div>
          </div>
          <HeaderJoinButton className="px-3 pb-2 lg:hidden" />
          <div className="flex gap-2 px-3 pb-3 lg:hidden">
            <ButtonLink to="/book" variant="accent" size="sm" className="flex-1">
              {t("portal.layout.book")}
            </ButtonLink>
            <LanguageSwitch
              onSwitch={noteLocaleSwitch}
              className="inline-flex h-9 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-blue-900"
            />
            <Button variant="outline" size="sm" onClick={onLogout}>
              <LogoutIcon className="h-4 w-4" /> {t("portal.layout.logout")}
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
export { FamilyPage } from "./family.tsx";
export { MyLessons } from "./lessons.tsx";
export { ProfilePage } from "./profile.tsx";
export { MyProgress } from "./progress.tsx";
export { ReferralLanding } from "./referral-landing.tsx";
export { Referrals } from "./referrals.tsx";
export { Resources } from "./resources.tsx";
export { MyWaitlist, WaitlistOfferPage } from "./waitlist.tsx";

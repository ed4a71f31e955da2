import { useEffect } from "react";
import { SiteLogo } from "../../components/site-logo.tsx";
import { ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ArrowRightIcon, CalendarIcon, CheckIcon, UsersIcon } from "../../components/ui/icons.tsx";
import { referralCode } from "../../features/booking/referral-code.ts";
import { useHydrated } from "../../lib/prerendered.tsx";
import { Navigate, Outlet, useSearchParams } from "../../lib/router.tsx";

/** The frame of every /book page; `?ref=CODE` on any of them is kept for the booking call. */
export function BookingLayout() {
  const [params] = useSearchParams();
  const ref = params.get("ref");
  useEffect(() => {
    if (ref) referralCode.set(ref);
  }, [ref]);

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <SiteLogo />
          <a
            href="/student"
            className="shrink-0 whitespace-nowrap rounded-lg px-2 py-1 text-sm font-semibold text-blue-900 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            Student Portal
          </a>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        <Outlet />
      </main>
    </div>
  );
}

const HOW = [
  { icon: UsersIcon, title: "Choose a package", text: "A single lesson or a package, and your teacher." },
  { icon: CalendarIcon, title: "Pick your times", text: "60-minute lessons on the weekly calendar." },
  { icon: CheckIcon, title: "Confirm your details", text: "Sign in, tell us your goals, and you're booked." },
];

export function BookIntro() {
  const [params] = useSearchParams();
  // The layout stores ?ref in an effect, which runs after this render: read the address too. A
  // code kept from an earlier visit is in session storage, which the server's HTML cannot know.
  const hydrated = useHydrated();
  const hasReferral = Boolean(params.get("ref")) || (hydrated && referralCode.get() !== null);
  return (
    <Card className="mx-auto max-w-3xl overflow-hidden">
      <div className="bg-gradient-to-br from-blue-900 to-blue-800 px-6 py-10 text-center text-white sm:px-10">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">Book your English lessons</h1>
        <p className="mx-auto mt-3 max-w-xl text-blue-100">
          Choose a package and a teacher, pick your 60-minute lessons on the weekly calendar, and confirm your details.
          It takes about two minutes.
        </p>
        {hasReferral && (
          <p className="mx-auto mt-4 max-w-md rounded-xl bg-amber-300 px-4 py-2 text-sm font-semibold text-slate-900">
            Referral code saved: a valid code gives 10% off your first lesson package, shown in your booking summary.
          </p>
        )}
      </div>
      <div className="px-6 py-8 sm:px-10">
        <ol className="grid gap-4 sm:grid-cols-3">
          {HOW.map((step, i) => (
            <li key={step.title} className="rounded-xl border border-slate-200 p-4">
              <span className="flex items-center gap-2 text-sm font-semibold text-blue-900">
                <step.icon className="h-5 w-5" /> Step {i + 1}
              </span>
              <p className="mt-2 font-semibold text-slate-900">{step.title}</p>
              <p className="mt-1 text-sm text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-8 flex justify-center">
          <ButtonLink to="/book/pricing" size="lg" className="w-full sm:w-auto">
            Schedule Your Lesson <ArrowRightIcon className="h-5 w-5" />
          </ButtonLink>
        </div>
      </div>
    </Card>
  );
}

/** An unknown /book/... address: back to the start of the flow. */
export function BookingNotFound() {
  return <Navigate to="/book" replace />;
}

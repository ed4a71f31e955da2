import { Outlet, useLocation } from "react-router";
import { SiteLogo } from "../../components/site-logo.tsx";
import { ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { AreaPlaceholder } from "../area-placeholder.tsx";

export function BookingLayout() {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between p-4">
          <SiteLogo />
          <a href="/student" className="text-sm font-semibold text-blue-900 hover:underline">Student Portal</a>
        </div>
      </header>
      <main className="mx-auto max-w-6xl p-4 sm:p-6">
        <Outlet />
      </main>
    </div>
  );
}

export function BookIntro() {
  return (
    <Card className="mx-auto max-w-2xl p-8 text-center">
      <h1 className="font-display text-3xl font-bold text-slate-900">Book your English lessons</h1>
      <p className="mt-3 text-slate-600">
        Choose a package and a teacher, pick your 60-minute lessons on the weekly calendar, and confirm your details.
        It takes about two minutes.
      </p>
      <ButtonLink to="/book/pricing" size="lg" className="mt-6">Schedule Your Lesson</ButtonLink>
    </Card>
  );
}

export function BookingStep() {
  const { pathname } = useLocation();
  const step = pathname.split("/")[2] ?? "";
  return <AreaPlaceholder title={`Booking: ${step}`} />;
}

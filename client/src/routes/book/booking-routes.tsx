import { useEffect } from "react";
import { localePath } from "../../../../shared/i18n/locales.ts";
import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { LanguageSwitch } from "../../components/language-switch.tsx";
import { SiteLogo } from "../../components/site-logo.tsx";
import { ButtonLink } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ArrowRightIcon, CalendarIcon, CheckIcon, UsersIcon } from "../../components/ui/icons.tsx";
import { referralCode } from "../../features/booking/referral-code.ts";
import { useLocale, useT } from "../../lib/i18n.tsx";
import { useHydrated } from "../../lib/prerendered.tsx";
import { Navigate, Outlet, useSearchParams } from "../../lib/router.tsx";

const LINK_CLASSES =
  "shrink-0 whitespace-nowrap rounded-lg px-2 py-1 text-sm font-semibold text-blue-900 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700";

/** The frame of every /book page; `?ref=CODE` on any of them is kept for the booking call. */
export function BookingLayout() {
  const t = useT();
  const locale = useLocale();
  const [params] = useSearchParams();
  const ref = params.get("ref");
  useEffect(() => {
    if (ref) referralCode.set(ref);
  }, [ref]);

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-3 sm:gap-4 sm:px-6">
          <SiteLogo />
          <div className="flex items-center gap-1 sm:gap-3">
            <LanguageSwitch className={LINK_CLASSES} />
            <a href={localePath(locale, "/student")} className={LINK_CLASSES}>
              {t("common.studentPortal")}
            </a>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        <Outlet />
      </main>
    </div>
  );
}

const HOW: { icon: typeof UsersIcon; title: MessageKey; text: MessageKey }[] = [
  { icon: UsersIcon, title: "booking-packages.intro.package.title", text: "booking-packages.intro.package.text" },
  { icon: CalendarIcon, title: "booking-packages.intro.times.title", text: "booking-packages.intro.times.text" },
  { icon: CheckIcon, title: "booking-packages.intro.details.title", text: "booking-packages.intro.details.text" },
];

export function BookIntro() {
  const t = useT();
  const [params] = useSearchParams();
  // The layout stores ?ref in an effect, which runs after this render: read the address too. A
  // code kept from an earlier visit is in session storage, which the server's HTML cannot know.
  const hydrated = useHydrated();
  const hasReferral = Boolean(params.get("ref")) || (hydrated && referralCode.get() !== null);
  return (
    <Card className="mx-auto max-w-3xl overflow-hidden">
      <div className="bg-gradient-to-br from-blue-900 to-blue-800 px-6 py-10 text-center text-white sm:px-10">
        <h1 className="font-display text-3xl font-bold sm:text-4xl">{t("booking-packages.intro.title")}</h1>
        <p className="mx-auto mt-3 max-w-xl text-blue-100">{t("booking-packages.intro.text")}</p>
        {hasReferral && (
          <p className="mx-auto mt-4 max-w-md rounded-xl bg-amber-300 px-4 py-2 text-sm font-semibold text-slate-900">
            {t("booking-packages.intro.referral")}
          </p>
        )}
      </div>
      <div className="px-6 py-8 sm:px-10">
        <ol className="grid gap-4 sm:grid-cols-3">
          {HOW.map((step, i) => (
            <li key={step.title} className="rounded-xl border border-slate-200 p-4">
              <span className="flex items-center gap-2 text-sm font-semibold text-blue-900">
                <step.icon className="h-5 w-5" /> {t("booking-packages.intro.step", { number: i + 1 })}
              </span>
              <p className="mt-2 font-semibold text-slate-900">{t(step.title)}</p>
              <p className="mt-1 text-sm text-slate-600">{t(step.text)}</p>
            </li>
          ))}
        </ol>
        <div className="mt-8 flex justify-center">
          <ButtonLink to="/book/pricing" size="lg" className="w-full sm:w-auto">
            {t("booking-packages.intro.start")} <ArrowRightIcon className="h-5 w-5" />
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

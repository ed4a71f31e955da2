import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { ButtonLink, buttonClasses } from "../../components/ui/button.tsx";
import { ArrowRightIcon, CalendarIcon, CheckIcon, MapPinIcon, VideoIcon } from "../../components/ui/icons.tsx";
import { useT } from "../../lib/i18n.tsx";
import { Link } from "../../lib/router.tsx";
import { COUNTERS } from "./content.ts";
import { LandingSection } from "./landing-section.tsx";

const STEPS = [
  { title: "landing.steps.choose.title", text: "landing.steps.choose.text" },
  { title: "landing.steps.pick.title", text: "landing.steps.pick.text" },
  { title: "landing.steps.speak.title", text: "landing.steps.speak.text" },
] as const satisfies readonly { title: MessageKey; text: MessageKey }[];

/** The lessons' facts under the steps. */
const FACTS = [
  { icon: VideoIcon, text: "landing.facts.online" },
  { icon: MapPinIcon, text: "landing.facts.inPerson" },
  { icon: CalendarIcon, text: "landing.facts.length" },
  { icon: CheckIcon, text: "landing.facts.portal" },
] as const satisfies readonly { icon: unknown; text: MessageKey }[];

export function HeroSection() {
  const t = useT();
  return (
    <LandingSection
      id="home"
      className="relative overflow-hidden bg-gradient-to-b from-blue-50 via-white to-white pt-28 pb-16 sm:pt-32 lg:pt-40 lg:pb-24"
    >
      <DecorativeBackdrop />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-12 lg:gap-10 lg:px-8">
        <div className="lg:col-span-7">
          <p className="inline-flex items-center gap-2 rounded-full border border-blue-200 bg-white px-3 py-1 text-sm font-medium text-blue-900 shadow-sm">
            <MapPinIcon className="h-4 w-4 text-amber-600" />
            <span>
              {t("landing.hero.badge")}
              <span className="hidden sm:inline">{t("landing.hero.badgeMore")}</span>
            </span>
          </p>
          <h1
            id="home-title"
            className="mt-6 font-display text-4xl leading-[1.1] font-bold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl"
          >
            {t("landing.hero.title")} <span className="text-blue-900">{t("landing.hero.titleHighlight")}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-600">{t("landing.hero.intro")}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <ButtonLink to="/book" variant="accent" size="lg" className="px-7">
              {t("landing.hero.book")}
              <ArrowRightIcon className="h-5 w-5" />
            </ButtonLink>
            <Link to="/student" className={`${buttonClasses({ variant: "outline", size: "lg" })} px-7`}>
              {t("common.studentPortal")}
            </Link>
          </div>

          <ul
            aria-label={t("landing.hero.glance")}
            className="mt-12 grid grid-cols-2 gap-4 sm:grid-cols-[1fr_1fr_1.3fr]"
          >
            {COUNTERS.map((counter, index) => {
              const { numeric } = counter;
              return (
                <li
                  key={counter.label}
                  className={`rounded-2xl border border-slate-200 bg-white/80 p-4 shadow-sm ${index === 2 ? "col-span-2 sm:col-span-1" : ""}`}
                >
                  <span
                    className={`block font-display font-bold text-blue-900 ${numeric ? "text-3xl sm:text-4xl" : "text-xl leading-tight"}`}
                  >
                    {t(counter.value)}
                  </span>{" "}
                  <span className="mt-1 block text-sm font-medium text-slate-600">{t(counter.label)}</span>
                </li>
              );
            })}
          </ul>
        </div>

        <div className="lg:col-span-5">
          <HowItWorksCard />
        </div>
      </div>
    </LandingSection>
  );
}

function HowItWorksCard() {
  const t = useT();
  return (
    <div className="relative mx-auto max-w-md lg:max-w-none">
      <div aria-hidden="true" className="absolute -top-6 -right-4 h-32 w-32 rounded-full bg-amber-300/70 blur-2xl" />
      <div aria-hidden="true" className="absolute -bottom-8 -left-6 h-40 w-40 rounded-full bg-blue-300/40 blur-3xl" />
      <div className="relative overflow-hidden rounded-3xl bg-blue-900 p-6 text-white shadow-2xl shadow-blue-900/25 sm:p-8">
        <div
          aria-hidden="true"
          className="absolute -top-16 -right-16 h-48 w-48 rounded-full border-[28px] border-white/5"
        />
        <h2 className="relative font-display text-2xl font-bold">{t("landing.steps.title")}</h2>
        <ol className="relative mt-6 space-y-5">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-amber-400 font-display text-lg font-bold text-slate-900"
              >
                {index + 1}
              </span>
              <div>
                <p className="font-semibold">{t(step.title)}</p>
                <p className="mt-0.5 text-sm leading-relaxed text-blue-100">{t(step.text)}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="relative mt-7 grid gap-2 border-t border-white/15 pt-5 text-sm text-blue-50 sm:grid-cols-2">
          {FACTS.map(({ icon: Icon, text }) => (
            <p key={text} className="flex items-center gap-2">
              <Icon className="h-5 w-5 text-amber-300" /> {t(text)}
            </p>
          ))}
        </div>
      </div>
    </div>
  );
}

function DecorativeBackdrop() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className="pointer-events-none absolute inset-0 h-full w-full text-blue-900/[0.06]"
    >
      <defs>
        <pattern id="hero-dots" width="24" height="24" patternUnits="userSpaceOnUse">
          <circle cx="2" cy="2" r="1.5" fill="currentColor" />
        </pattern>
        <linearGradient id="hero-fade" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="white" stopOpacity="1" />
          <stop offset="1" stopColor="white" stopOpacity="0" />
        </linearGradient>
        <mask id="hero-mask">
          <rect width="100%" height="100%" fill="url(#hero-fade)" />
        </mask>
      </defs>
      <rect width="100%" height="100%" fill="url(#hero-dots)" mask="url(#hero-mask)" />
    </svg>
  );
}

import type { MessageKey } from "../../../../shared/i18n/messages.ts";
import { buttonClasses } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { ArrowRightIcon, CalendarIcon, CheckIcon, UsersIcon, VideoIcon } from "../../components/ui/icons.tsx";
import { useT } from "../../lib/i18n.tsx";
import { Link } from "../../lib/router.tsx";
import { FOCUS_AREAS } from "./content.ts";
import { LandingSection } from "./landing-section.tsx";
import { SectionHeading } from "./section-heading.tsx";

const OFFERS = [
  {
    icon: VideoIcon,
    title: "landing.offers.private.title",
    text: "landing.offers.private.text",
  },
  {
    icon: CalendarIcon,
    title: "landing.offers.packages.title",
    text: "landing.offers.packages.text",
  },
  {
    icon: UsersIcon,
    title: "landing.offers.group.title",
    text: "landing.offers.group.text",
  },
] as const satisfies readonly { icon: unknown; title: MessageKey; text: MessageKey }[];

const PRINCIPLES = [
  "landing.about.principle.speak",
  "landing.about.principle.feedback",
  "landing.about.principle.portal",
] as const satisfies readonly MessageKey[];

export function AboutSection() {
  const t = useT();
  return (
    <LandingSection id="about" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="grid gap-12 lg:grid-cols-12 lg:gap-16">
          <div className="lg:col-span-7">
            <SectionHeading id="about-title" eyebrow={t("landing.about.eyebrow")} title={t("landing.about.title")}>
              <p>{t("landing.about.intro")}</p>
            </SectionHeading>
            <ul className="mt-8 space-y-4">
              {PRINCIPLES.map((item) => (
                <li key={item} className="flex gap-3 text-slate-700">
                  <span className="mt-0.5 grid h-6 w-6 shrink-0 place-items-center rounded-full bg-blue-100 text-blue-900">
                    <CheckIcon className="h-4 w-4" />
                  </span>
                  <span className="leading-relaxed">{t(item)}</span>
                </li>
              ))}
            </ul>
          </div>

          <div className="lg:col-span-5">
            <figure className="relative overflow-hidden rounded-3xl bg-amber-50 p-8 ring-1 ring-amber-200 sm:p-10">
              <div
                aria-hidden="true"
                className="absolute -right-10 -bottom-10 h-40 w-40 rounded-full bg-amber-200/60"
              />
              <span aria-hidden="true" className="block font-display text-7xl leading-none text-amber-500">
                “
              </span>
              <blockquote className="relative -mt-4 font-display text-2xl leading-snug text-slate-900">
                {t("landing.about.quote")}
              </blockquote>
              <figcaption className="relative mt-6 flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="grid h-11 w-11 place-items-center rounded-full bg-blue-900 font-display text-lg font-bold text-amber-300"
                >
                  G
                </span>
                <span className="text-sm">
                  <span className="block font-semibold text-slate-900">{t("landing.about.quoteAuthor")}</span>
                  <span className="text-slate-600">{t("landing.about.quoteRole")}</span>
                </span>
              </figcaption>
            </figure>
            <h3 className="mt-8 text-sm font-semibold uppercase tracking-[0.16em] text-slate-600">
              {t("landing.about.focusTitle")}
            </h3>
            <ul className="mt-3 flex flex-wrap gap-2">
              {FOCUS_AREAS.map((area) => (
                <li
                  key={area}
                  className="rounded-full border border-slate-200 bg-slate-50 px-3 py-1.5 text-sm font-medium text-slate-700"
                >
                  {t(area)}
                </li>
              ))}
            </ul>
          </div>
        </div>

        <OffersPanel />
      </div>
    </LandingSection>
  );
}

/** Lessons & packages: the three offers and the way to the prices. */
function OffersPanel() {
  const t = useT();
  return (
    <div className="mt-20 rounded-3xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:p-10">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="max-w-xl">
          <h3 className="font-display text-2xl font-bold text-slate-900 sm:text-3xl">{t("landing.offers.title")}</h3>
          <p className="mt-2 text-slate-600">{t("landing.offers.intro")}</p>
        </div>
        <Link
          to="/book/pricing"
          className={`${buttonClasses({ variant: "primary", size: "md" })} self-start md:self-auto`}
        >
          {t("landing.offers.prices")}
          <ArrowRightIcon className="h-4 w-4" />
        </Link>
      </div>
      <ul className="mt-8 grid gap-4 md:grid-cols-3">
        {OFFERS.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full p-6">
              <span className="grid h-11 w-11 place-items-center rounded-xl bg-blue-900 text-amber-300">
                <Icon className="h-6 w-6" />
              </span>
              <h4 className="mt-4 text-lg font-semibold text-slate-900">{t(title)}</h4>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{t(text)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
